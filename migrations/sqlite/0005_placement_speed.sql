ALTER TABLE `properties` ADD `beds_confirmed_at` integer;--> statement-breakpoint
-- A home created before this migration states its count at creation or last edit: start from there.
UPDATE `properties` SET `beds_confirmed_at` = `updated_at`;--> statement-breakpoint
DROP INDEX `properties_geo_idx`;--> statement-breakpoint
CREATE INDEX `properties_geo_idx` ON `properties` (CAST("latitude" AS INTEGER),`longitude`,`latitude`,`is_active`,`available_beds`,`created_at`,`operator_id`,`id`,`beds_confirmed_at`);--> statement-breakpoint
CREATE INDEX `properties_beds_confirmed_idx` ON `properties` (`beds_confirmed_at`);--> statement-breakpoint
CREATE TABLE `bed_confirmation_links` (
	`id` text PRIMARY KEY NOT NULL,
	`property_id` text NOT NULL,
	`operator_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`property_id`) REFERENCES `properties`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`operator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
CREATE UNIQUE INDEX `bed_confirmation_links_token_hash_unique` ON `bed_confirmation_links` (`token_hash`);--> statement-breakpoint
CREATE INDEX `bed_confirmation_links_operator_idx` ON `bed_confirmation_links` (`operator_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `referral_declines` (
	`id` text PRIMARY KEY NOT NULL,
	`referral_id` text NOT NULL,
	`operator_id` text NOT NULL,
	`source` text NOT NULL,
	`reason` text NOT NULL,
	`note` text,
	`anonymous` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`referral_id`) REFERENCES `referrals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`operator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "referral_declines_reason_check" CHECK(reason IN ('no_bed', 'level_of_care', 'funding', 'location', 'gender_age', 'behavioural', 'other')),
	CONSTRAINT "referral_declines_source_check" CHECK(source IN ('match', 'invitation'))
);--> statement-breakpoint
CREATE UNIQUE INDEX `referral_declines_unique` ON `referral_declines` (`referral_id`,`operator_id`);--> statement-breakpoint
CREATE INDEX `referral_declines_created_idx` ON `referral_declines` (`created_at`);--> statement-breakpoint
ALTER TABLE `invitations` ADD `responded_at` integer;--> statement-breakpoint
ALTER TABLE `referrals` ADD `closed_at` integer;--> statement-breakpoint
ALTER TABLE `referrals` ADD `close_outcome` text CONSTRAINT "referrals_close_outcome_check" CHECK(close_outcome IS NULL OR close_outcome IN ('placed_homeward', 'placed_elsewhere', 'no_longer_needed', 'other'));--> statement-breakpoint
ALTER TABLE `referrals` ADD `close_note` text;--> statement-breakpoint
CREATE INDEX `referrals_created_idx` ON `referrals` (`created_at`);
--> statement-breakpoint
-- Never more free beds than beds (the CHECK on the table covers >= 0; a CHECK cannot be added without rebuilding it).
CREATE TRIGGER `properties_available_beds_max_insert` BEFORE INSERT ON `properties`
WHEN NEW.`available_beds` > NEW.`total_beds`
BEGIN SELECT RAISE(ABORT, 'available_beds cannot exceed total_beds'); END;--> statement-breakpoint
CREATE TRIGGER `properties_available_beds_max_update` BEFORE UPDATE OF `available_beds`, `total_beds` ON `properties`
WHEN NEW.`available_beds` > NEW.`total_beds`
BEGIN SELECT RAISE(ABORT, 'available_beds cannot exceed total_beds'); END;
