-- Every foreign key column leads an index (issue 18): joins and ON DELETE cascades never scan a table.
CREATE INDEX `disclosures_viewer_id_idx` ON `disclosures` (`viewer_id`);
--> statement-breakpoint
CREATE INDEX `invitations_invited_by_idx` ON `invitations` (`invited_by`);
--> statement-breakpoint
CREATE INDEX `messages_referral_id_idx` ON `messages` (`referral_id`);
--> statement-breakpoint
CREATE INDEX `outbox_referral_id_idx` ON `outbox` (`referral_id`);
--> statement-breakpoint
CREATE INDEX `payouts_referrer_user_id_idx` ON `payouts` (`referrer_user_id`);
--> statement-breakpoint
CREATE INDEX `payouts_referral_id_idx` ON `payouts` (`referral_id`);
--> statement-breakpoint
CREATE INDEX `referral_documents_signed_by_idx` ON `referral_documents` (`signed_by`);
--> statement-breakpoint
CREATE INDEX `referral_documents_uploaded_by_idx` ON `referral_documents` (`uploaded_by`);
--> statement-breakpoint
CREATE INDEX `referral_documents_operator_id_idx` ON `referral_documents` (`operator_id`);
--> statement-breakpoint
CREATE INDEX `referral_matches_property_id_idx` ON `referral_matches` (`property_id`);
--> statement-breakpoint
CREATE INDEX `referral_matches_operator_id_idx` ON `referral_matches` (`operator_id`);
--> statement-breakpoint
CREATE INDEX `tour_schedules_requested_by_idx` ON `tour_schedules` (`requested_by`);
--> statement-breakpoint
CREATE INDEX `referrals_matched_property_id_idx` ON `referrals` (`matched_property_id`);
--> statement-breakpoint
CREATE INDEX `referrals_matched_operator_id_idx` ON `referrals` (`matched_operator_id`);
--> statement-breakpoint
CREATE INDEX `bed_confirmation_links_property_id_idx` ON `bed_confirmation_links` (`property_id`);
--> statement-breakpoint
CREATE INDEX `referral_declines_operator_id_idx` ON `referral_declines` (`operator_id`);
