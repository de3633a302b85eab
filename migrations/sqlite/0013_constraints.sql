-- Issue 18: the database's last line of defence for what the API already validates, one source of truth for a
-- review's approval, and the dead referrals.key_id (every sealed value names its own key: lib/crypto.ts). Hand-written.
--
-- Adding a CHECK to an SQLite table means rebuilding it: create the new table, copy the rows (rowid too, the
-- tie-break of some orderings), drop the old one, rename, then recreate its indexes and triggers. Dropping a table
-- with foreign_keys on deletes its rows first and cascades into child tables (tour_schedules, property_media,
-- reviews, ... of properties), and PRAGMA foreign_keys cannot change inside the migrator's transaction: so
-- db/client.ts migrateDatabase turns it off around the migrator, this migration refuses to run with it on, and its
-- last statements refuse to commit if any reference no longer resolves.
CREATE TEMP TABLE `migration_0013_guard` (
	`foreign_keys` integer NOT NULL CONSTRAINT "foreign_keys_must_be_off_while_tables_are_rebuilt" CHECK(`foreign_keys` = 0)
);
--> statement-breakpoint
INSERT INTO temp.`migration_0013_guard` SELECT `foreign_keys` FROM pragma_foreign_keys;
--> statement-breakpoint
DROP TABLE temp.`migration_0013_guard`;
--> statement-breakpoint
-- properties: never more free beds than beds (was two triggers of 0005, now a CHECK); the monthly fee is never negative.
CREATE TABLE `__new_properties` (
	`id` text PRIMARY KEY NOT NULL,
	`operator_id` text NOT NULL,
	`name` text NOT NULL,
	`address` text NOT NULL,
	`city` text NOT NULL,
	`state` text NOT NULL,
	`zip_code` text NOT NULL,
	`description` text,
	`total_beds` integer NOT NULL,
	`available_beds` integer NOT NULL,
	`monthly_fee_cents` integer,
	`license_number` text,
	`is_active` integer DEFAULT true NOT NULL,
	`licensing_type` text DEFAULT 'unlicensed' NOT NULL,
	`pets_allowed` integer DEFAULT false NOT NULL,
	`sex_offender_friendly` integer DEFAULT false NOT NULL,
	`wheelchair_accessible` integer DEFAULT false NOT NULL,
	`private_rooms` integer DEFAULT false NOT NULL,
	`medical_care_24_7` integer DEFAULT false NOT NULL,
	`amenities` text DEFAULT '[]' NOT NULL,
	`demographics_served` text DEFAULT '[]' NOT NULL,
	`latitude` real,
	`longitude` real,
	`geocoding_accuracy` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`beds_confirmed_at` integer,
	`care_levels` text DEFAULT '[]' NOT NULL,
	`funding_accepted` text DEFAULT '[]' NOT NULL,
	`room_types` text DEFAULT '[]' NOT NULL,
	`nearby_services` text DEFAULT '[]' NOT NULL,
	`house_rules` text,
	`care_levels_mask` integer DEFAULT 0 NOT NULL,
	`funding_mask` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`operator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "properties_beds_check" CHECK(total_beds >= 1 AND available_beds >= 0),
	CONSTRAINT "properties_available_beds_check" CHECK(available_beds <= total_beds),
	CONSTRAINT "properties_monthly_fee_check" CHECK(monthly_fee_cents IS NULL OR monthly_fee_cents >= 0),
	CONSTRAINT "properties_licensing_check" CHECK(licensing_type IN ('licensed', 'in_progress', 'unlicensed')),
	CONSTRAINT "properties_care_levels_check" CHECK(json_valid(care_levels) AND replace(replace(replace(replace(replace(care_levels, '"independent"', ''), '"supervised"', ''), '"assisted"', ''), '"skilled"', ''), ',', '') = '[]'),
	CONSTRAINT "properties_funding_accepted_check" CHECK(json_valid(funding_accepted) AND replace(replace(replace(replace(replace(replace(replace(funding_accepted, '"private_pay"', ''), '"medicaid_waiver"', ''), '"medicare"', ''), '"ssi_ssdi"', ''), '"va"', ''), '"other"', ''), ',', '') = '[]'),
	CONSTRAINT "properties_room_types_check" CHECK(json_valid(room_types) AND replace(replace(replace(replace(replace(replace(room_types, '"private"', ''), '"semi_private"', ''), '"shared"', ''), '"private_bath"', ''), '"accessible"', ''), ',', '') = '[]'),
	CONSTRAINT "properties_nearby_services_check" CHECK(json_valid(nearby_services) AND replace(replace(replace(replace(replace(replace(replace(replace(replace(nearby_services, '"hospital"', ''), '"clinic"', ''), '"pharmacy"', ''), '"transit"', ''), '"grocery"', ''), '"day_program"', ''), '"park"', ''), '"place_of_worship"', ''), ',', '') = '[]'),
	CONSTRAINT "properties_house_rules_check" CHECK(house_rules IS NULL OR length(house_rules) <= 2000)
);
--> statement-breakpoint
INSERT INTO `__new_properties` (rowid, `id`, `operator_id`, `name`, `address`, `city`, `state`, `zip_code`, `description`, `total_beds`, `available_beds`, `monthly_fee_cents`, `license_number`, `is_active`, `licensing_type`, `pets_allowed`, `sex_offender_friendly`, `wheelchair_accessible`, `private_rooms`, `medical_care_24_7`, `amenities`, `demographics_served`, `latitude`, `longitude`, `geocoding_accuracy`, `created_at`, `updated_at`, `beds_confirmed_at`, `care_levels`, `funding_accepted`, `room_types`, `nearby_services`, `house_rules`, `care_levels_mask`, `funding_mask`) SELECT rowid, `id`, `operator_id`, `name`, `address`, `city`, `state`, `zip_code`, `description`, `total_beds`, `available_beds`, `monthly_fee_cents`, `license_number`, `is_active`, `licensing_type`, `pets_allowed`, `sex_offender_friendly`, `wheelchair_accessible`, `private_rooms`, `medical_care_24_7`, `amenities`, `demographics_served`, `latitude`, `longitude`, `geocoding_accuracy`, `created_at`, `updated_at`, `beds_confirmed_at`, `care_levels`, `funding_accepted`, `room_types`, `nearby_services`, `house_rules`, `care_levels_mask`, `funding_mask` FROM `properties`;
--> statement-breakpoint
DROP TABLE `properties`;
--> statement-breakpoint
ALTER TABLE `__new_properties` RENAME TO `properties`;
--> statement-breakpoint
CREATE INDEX `properties_operator_idx` ON `properties` (`operator_id`);
--> statement-breakpoint
CREATE INDEX `properties_browse_idx` ON `properties` (`is_active`,`available_beds`,`created_at`);
--> statement-breakpoint
CREATE INDEX `properties_state_idx` ON `properties` (`state`);
--> statement-breakpoint
CREATE INDEX `properties_newest_idx` ON `properties` (`is_active`,`created_at`);
--> statement-breakpoint
CREATE INDEX `properties_beds_confirmed_idx` ON `properties` (`beds_confirmed_at`);
--> statement-breakpoint
CREATE INDEX `properties_geo_idx` ON `properties` (CAST("latitude" AS INTEGER),`longitude`,`latitude`,`is_active`,`available_beds`,`created_at`,`operator_id`,`id`,`beds_confirmed_at`,`care_levels_mask`,`funding_mask`);
--> statement-breakpoint
-- The bit-mask triggers of 0010, as they were.
CREATE TRIGGER `properties_care_masks_insert` AFTER INSERT ON `properties`
BEGIN UPDATE `properties` SET `care_levels_mask` = ((instr(NEW.care_levels, '"independent"') > 0) << 0) | ((instr(NEW.care_levels, '"supervised"') > 0) << 1) | ((instr(NEW.care_levels, '"assisted"') > 0) << 2) | ((instr(NEW.care_levels, '"skilled"') > 0) << 3), `funding_mask` = ((instr(NEW.funding_accepted, '"private_pay"') > 0) << 0) | ((instr(NEW.funding_accepted, '"medicaid_waiver"') > 0) << 1) | ((instr(NEW.funding_accepted, '"medicare"') > 0) << 2) | ((instr(NEW.funding_accepted, '"ssi_ssdi"') > 0) << 3) | ((instr(NEW.funding_accepted, '"va"') > 0) << 4) | ((instr(NEW.funding_accepted, '"other"') > 0) << 5) WHERE rowid = NEW.rowid; END;
--> statement-breakpoint
CREATE TRIGGER `properties_care_masks_update` AFTER UPDATE OF `care_levels`, `funding_accepted` ON `properties`
BEGIN UPDATE `properties` SET `care_levels_mask` = ((instr(NEW.care_levels, '"independent"') > 0) << 0) | ((instr(NEW.care_levels, '"supervised"') > 0) << 1) | ((instr(NEW.care_levels, '"assisted"') > 0) << 2) | ((instr(NEW.care_levels, '"skilled"') > 0) << 3), `funding_mask` = ((instr(NEW.funding_accepted, '"private_pay"') > 0) << 0) | ((instr(NEW.funding_accepted, '"medicaid_waiver"') > 0) << 1) | ((instr(NEW.funding_accepted, '"medicare"') > 0) << 2) | ((instr(NEW.funding_accepted, '"ssi_ssdi"') > 0) << 3) | ((instr(NEW.funding_accepted, '"va"') > 0) << 4) | ((instr(NEW.funding_accepted, '"other"') > 0) << 5) WHERE rowid = NEW.rowid; END;
--> statement-breakpoint
CREATE TRIGGER `properties_care_masks_guard` BEFORE UPDATE OF `care_levels_mask`, `funding_mask` ON `properties`
WHEN NEW.`care_levels_mask` <> (((instr(NEW.care_levels, '"independent"') > 0) << 0) | ((instr(NEW.care_levels, '"supervised"') > 0) << 1) | ((instr(NEW.care_levels, '"assisted"') > 0) << 2) | ((instr(NEW.care_levels, '"skilled"') > 0) << 3)) OR NEW.`funding_mask` <> (((instr(NEW.funding_accepted, '"private_pay"') > 0) << 0) | ((instr(NEW.funding_accepted, '"medicaid_waiver"') > 0) << 1) | ((instr(NEW.funding_accepted, '"medicare"') > 0) << 2) | ((instr(NEW.funding_accepted, '"ssi_ssdi"') > 0) << 3) | ((instr(NEW.funding_accepted, '"va"') > 0) << 4) | ((instr(NEW.funding_accepted, '"other"') > 0) << 5))
BEGIN SELECT RAISE(ABORT, 'care_levels_mask and funding_mask follow care_levels and funding_accepted'); END;
--> statement-breakpoint
-- reviews: `status` is the one source of truth (ADR 019); `operator_approved` (the public filter, in
-- reviews_property_idx) is generated from it, so the two can no longer disagree. Where they did, status wins:
-- it is the operator's recorded decision and what their dashboard shows.
CREATE TABLE `__new_reviews` (
	`id` text PRIMARY KEY NOT NULL,
	`property_id` text NOT NULL,
	`referral_id` text,
	`reviewer_name` text NOT NULL,
	`reviewer_email` text NOT NULL,
	`rating` integer NOT NULL,
	`review_text` text NOT NULL,
	`operator_approved` integer GENERATED ALWAYS AS (status = 'approved') STORED NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` integer NOT NULL,
	`communication_rating` integer,
	`professionalism_rating` integer,
	`facility_quality_rating` integer,
	`overall_experience_rating` integer,
	FOREIGN KEY (`property_id`) REFERENCES `properties`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`referral_id`) REFERENCES `referrals`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "reviews_rating_check" CHECK(rating BETWEEN 1 AND 5),
	CONSTRAINT "reviews_status_check" CHECK(status IN ('pending', 'approved', 'rejected')),
	CONSTRAINT "reviews_communication_rating_check" CHECK(communication_rating IS NULL OR communication_rating BETWEEN 1 AND 5),
	CONSTRAINT "reviews_professionalism_rating_check" CHECK(professionalism_rating IS NULL OR professionalism_rating BETWEEN 1 AND 5),
	CONSTRAINT "reviews_facility_quality_rating_check" CHECK(facility_quality_rating IS NULL OR facility_quality_rating BETWEEN 1 AND 5),
	CONSTRAINT "reviews_overall_experience_rating_check" CHECK(overall_experience_rating IS NULL OR overall_experience_rating BETWEEN 1 AND 5)
);
--> statement-breakpoint
-- A status outside the list (only raw SQL could write one) becomes what operator_approved said.
INSERT INTO `__new_reviews` (rowid, `id`, `property_id`, `referral_id`, `reviewer_name`, `reviewer_email`, `rating`, `review_text`, `created_at`, `communication_rating`, `professionalism_rating`, `facility_quality_rating`, `overall_experience_rating`, `status`)
SELECT rowid, `id`, `property_id`, `referral_id`, `reviewer_name`, `reviewer_email`, `rating`, `review_text`, `created_at`, `communication_rating`, `professionalism_rating`, `facility_quality_rating`, `overall_experience_rating`, CASE WHEN `status` IN ('pending', 'approved', 'rejected') THEN `status` WHEN `operator_approved` THEN 'approved' ELSE 'pending' END FROM `reviews`;
--> statement-breakpoint
DROP TABLE `reviews`;
--> statement-breakpoint
ALTER TABLE `__new_reviews` RENAME TO `reviews`;
--> statement-breakpoint
CREATE INDEX `reviews_property_idx` ON `reviews` (`property_id`,`operator_approved`,`created_at`);
--> statement-breakpoint
CREATE UNIQUE INDEX `reviews_referral_unique` ON `reviews` (`referral_id`);
--> statement-breakpoint
-- referral_interests: the one status the app writes ('interested' counts as pending in the specification).
CREATE TABLE `__new_referral_interests` (
	`id` text PRIMARY KEY NOT NULL,
	`referral_id` text NOT NULL,
	`operator_id` text NOT NULL,
	`status` text DEFAULT 'interested' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`referral_id`) REFERENCES `referrals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`operator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "referral_interests_status_check" CHECK(status IN ('interested'))
);
--> statement-breakpoint
INSERT INTO `__new_referral_interests` (rowid, `id`, `referral_id`, `operator_id`, `status`, `created_at`) SELECT rowid, `id`, `referral_id`, `operator_id`, `status`, `created_at` FROM `referral_interests`;
--> statement-breakpoint
DROP TABLE `referral_interests`;
--> statement-breakpoint
ALTER TABLE `__new_referral_interests` RENAME TO `referral_interests`;
--> statement-breakpoint
CREATE INDEX `referral_interests_operator_idx` ON `referral_interests` (`operator_id`,`status`);
--> statement-breakpoint
CREATE UNIQUE INDEX `referral_interests_unique` ON `referral_interests` (`referral_id`,`operator_id`);
--> statement-breakpoint
-- payouts: an amount owed is never negative (referral_payments.amount_cents has had this CHECK since 0000).
CREATE TABLE `__new_payouts` (
	`id` text PRIMARY KEY NOT NULL,
	`payment_id` text NOT NULL,
	`referral_id` text NOT NULL,
	`referrer_user_id` text,
	`amount_cents` integer NOT NULL,
	`status` text DEFAULT 'owed' NOT NULL,
	`paid_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`payment_id`) REFERENCES `referral_payments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`referral_id`) REFERENCES `referrals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`referrer_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "payouts_status_check" CHECK(status IN ('owed', 'paid')),
	CONSTRAINT "payouts_amount_check" CHECK(amount_cents >= 0)
);
--> statement-breakpoint
INSERT INTO `__new_payouts` (rowid, `id`, `payment_id`, `referral_id`, `referrer_user_id`, `amount_cents`, `status`, `paid_at`, `created_at`) SELECT rowid, `id`, `payment_id`, `referral_id`, `referrer_user_id`, `amount_cents`, `status`, `paid_at`, `created_at` FROM `payouts`;
--> statement-breakpoint
DROP TABLE `payouts`;
--> statement-breakpoint
ALTER TABLE `__new_payouts` RENAME TO `payouts`;
--> statement-breakpoint
CREATE UNIQUE INDEX `payouts_payment_id_unique` ON `payouts` (`payment_id`);
--> statement-breakpoint
CREATE INDEX `payouts_referral_id_idx` ON `payouts` (`referral_id`);
--> statement-breakpoint
CREATE INDEX `payouts_referrer_user_id_idx` ON `payouts` (`referrer_user_id`);
--> statement-breakpoint
-- referral_documents: the side that uploaded a document decides who may sign it.
CREATE TABLE `__new_referral_documents` (
	`id` text PRIMARY KEY NOT NULL,
	`referral_id` text NOT NULL,
	`operator_id` text,
	`uploaded_by` text,
	`uploader_role` text NOT NULL,
	`file_name` text NOT NULL,
	`storage_key` text NOT NULL,
	`file_size` integer NOT NULL,
	`file_type` text NOT NULL,
	`description` text,
	`requires_signature` integer DEFAULT false NOT NULL,
	`is_signed` integer DEFAULT false NOT NULL,
	`signed_at` integer,
	`signed_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`referral_id`) REFERENCES `referrals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`operator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`uploaded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`signed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "referral_documents_uploader_role_check" CHECK(uploader_role IN ('operator', 'referrer'))
);
--> statement-breakpoint
INSERT INTO `__new_referral_documents` (rowid, `id`, `referral_id`, `operator_id`, `uploaded_by`, `uploader_role`, `file_name`, `storage_key`, `file_size`, `file_type`, `description`, `requires_signature`, `is_signed`, `signed_at`, `signed_by`, `created_at`) SELECT rowid, `id`, `referral_id`, `operator_id`, `uploaded_by`, `uploader_role`, `file_name`, `storage_key`, `file_size`, `file_type`, `description`, `requires_signature`, `is_signed`, `signed_at`, `signed_by`, `created_at` FROM `referral_documents`;
--> statement-breakpoint
DROP TABLE `referral_documents`;
--> statement-breakpoint
ALTER TABLE `__new_referral_documents` RENAME TO `referral_documents`;
--> statement-breakpoint
CREATE INDEX `referral_documents_operator_id_idx` ON `referral_documents` (`operator_id`);
--> statement-breakpoint
CREATE INDEX `referral_documents_referral_idx` ON `referral_documents` (`referral_id`,`created_at`);
--> statement-breakpoint
CREATE INDEX `referral_documents_signed_by_idx` ON `referral_documents` (`signed_by`);
--> statement-breakpoint
CREATE INDEX `referral_documents_uploaded_by_idx` ON `referral_documents` (`uploaded_by`);
--> statement-breakpoint
-- Never read or written: every sealed value carries the id of its own key (`hw1:<keyId>:...`, lib/crypto.ts).
ALTER TABLE `referrals` DROP COLUMN `key_id`;
--> statement-breakpoint
-- Every reference still resolves (with foreign_keys off nothing else checks it): otherwise nothing of this commits.
CREATE TEMP TABLE `migration_0013_check` (
	`broken_references` integer NOT NULL CONSTRAINT "every_foreign_key_resolves_after_the_rebuilds" CHECK(`broken_references` = 0)
);
--> statement-breakpoint
INSERT INTO temp.`migration_0013_check` SELECT count(*) FROM pragma_foreign_key_check;
--> statement-breakpoint
DROP TABLE temp.`migration_0013_check`;
