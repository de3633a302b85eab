-- The orphan-file sweep (server/storage/orphans.ts, ADR 025) asks in batches which stored files rows name: every column naming a stored file is indexed.
CREATE INDEX `license_proofs_storage_key_idx` ON `license_proofs` (`storage_key`);--> statement-breakpoint
CREATE INDEX `profiles_profile_photo_idx` ON `profiles` (`profile_photo`);--> statement-breakpoint
CREATE INDEX `profiles_intro_video_key_idx` ON `profiles` (`intro_video_key`);--> statement-breakpoint
CREATE INDEX `property_media_storage_key_idx` ON `property_media` (`storage_key`);--> statement-breakpoint
CREATE INDEX `property_media_thumb_key_idx` ON `property_media` (`thumb_key`);--> statement-breakpoint
CREATE INDEX `referral_documents_storage_key_idx` ON `referral_documents` (`storage_key`);