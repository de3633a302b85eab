-- Issue 15 (part B): review categories and license verification. Hand-written.
-- Review categories: four 1-5 ratings beside the overall one. Null only on reviews written before they existed.
ALTER TABLE `reviews` ADD `communication_rating` integer CONSTRAINT `reviews_communication_rating_check` CHECK (`communication_rating` IS NULL OR `communication_rating` BETWEEN 1 AND 5);
--> statement-breakpoint
ALTER TABLE `reviews` ADD `professionalism_rating` integer CONSTRAINT `reviews_professionalism_rating_check` CHECK (`professionalism_rating` IS NULL OR `professionalism_rating` BETWEEN 1 AND 5);
--> statement-breakpoint
ALTER TABLE `reviews` ADD `facility_quality_rating` integer CONSTRAINT `reviews_facility_quality_rating_check` CHECK (`facility_quality_rating` IS NULL OR `facility_quality_rating` BETWEEN 1 AND 5);
--> statement-breakpoint
ALTER TABLE `reviews` ADD `overall_experience_rating` integer CONSTRAINT `reviews_overall_experience_rating_check` CHECK (`overall_experience_rating` IS NULL OR `overall_experience_rating` BETWEEN 1 AND 5);
--> statement-breakpoint
-- License proof an operator uploads for an admin to check. The file is sealed on disk (AES-256-GCM) like referral documents.
-- `licensing_type` is the type the proof is for (the profile's at upload). A rejection always carries its reason.
-- A proof is superseded when a newer upload replaces it while it waits, or when the operator changes their licensing type.
CREATE TABLE `license_proofs` (
	`id` text PRIMARY KEY NOT NULL,
	`operator_id` text NOT NULL,
	`storage_key` text NOT NULL,
	`file_name` text NOT NULL,
	`file_type` text NOT NULL,
	`file_size` integer NOT NULL,
	`licensing_type` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`reason` text,
	`reviewed_by` text,
	`reviewed_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`operator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reviewed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "license_proofs_status_check" CHECK(status IN ('pending', 'verified', 'rejected', 'superseded')),
	CONSTRAINT "license_proofs_reason_check" CHECK(status <> 'rejected' OR length(trim(COALESCE(reason, ''))) > 0),
	CONSTRAINT "license_proofs_size_check" CHECK(file_size > 0),
	CONSTRAINT "license_proofs_licensing_check" CHECK(licensing_type IN ('licensed', 'in_progress', 'unlicensed'))
);
--> statement-breakpoint
CREATE INDEX `license_proofs_operator_idx` ON `license_proofs` (`operator_id`,`created_at`);
--> statement-breakpoint
CREATE INDEX `license_proofs_reviewed_by_idx` ON `license_proofs` (`reviewed_by`);
--> statement-breakpoint
-- At most one proof waits for review per operator: a new upload supersedes the waiting one.
CREATE UNIQUE INDEX `license_proofs_one_pending` ON `license_proofs` (`operator_id`) WHERE status = 'pending';
--> statement-breakpoint
-- profiles.verification_status becomes a closed list. A table CHECK would need a rebuild of `profiles`
-- (which other migrations alter too), so two triggers enforce it; values from before are normalised first.
UPDATE `profiles` SET `verification_status` = 'unverified' WHERE `verification_status` NOT IN ('unverified', 'pending', 'verified', 'rejected');
--> statement-breakpoint
CREATE TRIGGER `profiles_verification_status_insert` BEFORE INSERT ON `profiles`
WHEN NEW.`verification_status` NOT IN ('unverified', 'pending', 'verified', 'rejected')
BEGIN SELECT RAISE(ABORT, 'CHECK constraint failed: profiles_verification_status_check'); END;
--> statement-breakpoint
CREATE TRIGGER `profiles_verification_status_update` BEFORE UPDATE OF `verification_status` ON `profiles`
WHEN NEW.`verification_status` NOT IN ('unverified', 'pending', 'verified', 'rejected')
BEGIN SELECT RAISE(ABORT, 'CHECK constraint failed: profiles_verification_status_check'); END;
