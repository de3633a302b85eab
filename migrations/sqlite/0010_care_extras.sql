-- Care extras (issue 15). Lists are JSON arrays of known values, like amenities; the CHECKs
-- refuse any other value even from raw SQL (removing every known quoted value and the commas must leave '[]').
ALTER TABLE `referrals` ADD `level_of_care` text CONSTRAINT "referrals_level_of_care_check" CHECK(level_of_care IS NULL OR level_of_care IN ('independent', 'supervised', 'assisted', 'skilled'));
--> statement-breakpoint
ALTER TABLE `referrals` ADD `funding_source` text CONSTRAINT "referrals_funding_source_check" CHECK(funding_source IS NULL OR funding_source IN ('private_pay', 'medicaid_waiver', 'medicare', 'ssi_ssdi', 'va', 'other'));
--> statement-breakpoint
ALTER TABLE `referrals` ADD `timeline` text CONSTRAINT "referrals_timeline_check" CHECK(timeline IS NULL OR timeline IN ('immediately', 'within_2_weeks', 'within_30_days', 'flexible'));
--> statement-breakpoint
ALTER TABLE `referrals` ADD `is_urgent` integer DEFAULT false NOT NULL;
--> statement-breakpoint
-- /browse-referrals: pending, urgent first, then newest.
CREATE INDEX `referrals_urgent_idx` ON `referrals` (`status`,`is_urgent`,`created_at`);
--> statement-breakpoint
ALTER TABLE `properties` ADD `care_levels` text DEFAULT '[]' NOT NULL CONSTRAINT "properties_care_levels_check" CHECK(json_valid(care_levels) AND replace(replace(replace(replace(replace(care_levels, '"independent"', ''), '"supervised"', ''), '"assisted"', ''), '"skilled"', ''), ',', '') = '[]');
--> statement-breakpoint
ALTER TABLE `properties` ADD `funding_accepted` text DEFAULT '[]' NOT NULL CONSTRAINT "properties_funding_accepted_check" CHECK(json_valid(funding_accepted) AND replace(replace(replace(replace(replace(replace(replace(funding_accepted, '"private_pay"', ''), '"medicaid_waiver"', ''), '"medicare"', ''), '"ssi_ssdi"', ''), '"va"', ''), '"other"', ''), ',', '') = '[]');
--> statement-breakpoint
ALTER TABLE `properties` ADD `room_types` text DEFAULT '[]' NOT NULL CONSTRAINT "properties_room_types_check" CHECK(json_valid(room_types) AND replace(replace(replace(replace(replace(replace(room_types, '"private"', ''), '"semi_private"', ''), '"shared"', ''), '"private_bath"', ''), '"accessible"', ''), ',', '') = '[]');
--> statement-breakpoint
ALTER TABLE `properties` ADD `nearby_services` text DEFAULT '[]' NOT NULL CONSTRAINT "properties_nearby_services_check" CHECK(json_valid(nearby_services) AND replace(replace(replace(replace(replace(replace(replace(replace(replace(nearby_services, '"hospital"', ''), '"clinic"', ''), '"pharmacy"', ''), '"transit"', ''), '"grocery"', ''), '"day_program"', ''), '"park"', ''), '"place_of_worship"', ''), ',', '') = '[]');
--> statement-breakpoint
ALTER TABLE `properties` ADD `house_rules` text CONSTRAINT "properties_house_rules_check" CHECK(house_rules IS NULL OR length(house_rules) <= 2000);
--> statement-breakpoint
-- The /browse care-level and funding filters run inside the radius prefilter, which reads only the
-- covering properties_geo_idx (ADR 008). Each filtered list is also kept as a bit mask (bit i = value i
-- of its list in db/enums.ts): a small integer in the index instead of the JSON text. (A virtual generated
-- column would not be read from a covering index; a stored one cannot be added without rebuilding the
-- table.) Triggers keep the masks in step with the lists, whoever writes them.
ALTER TABLE `properties` ADD `care_levels_mask` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE `properties` ADD `funding_mask` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE TRIGGER `properties_care_masks_insert` AFTER INSERT ON `properties`
BEGIN UPDATE `properties` SET `care_levels_mask` = ((instr(NEW.care_levels, '"independent"') > 0) << 0) | ((instr(NEW.care_levels, '"supervised"') > 0) << 1) | ((instr(NEW.care_levels, '"assisted"') > 0) << 2) | ((instr(NEW.care_levels, '"skilled"') > 0) << 3), `funding_mask` = ((instr(NEW.funding_accepted, '"private_pay"') > 0) << 0) | ((instr(NEW.funding_accepted, '"medicaid_waiver"') > 0) << 1) | ((instr(NEW.funding_accepted, '"medicare"') > 0) << 2) | ((instr(NEW.funding_accepted, '"ssi_ssdi"') > 0) << 3) | ((instr(NEW.funding_accepted, '"va"') > 0) << 4) | ((instr(NEW.funding_accepted, '"other"') > 0) << 5) WHERE rowid = NEW.rowid; END;
--> statement-breakpoint
CREATE TRIGGER `properties_care_masks_update` AFTER UPDATE OF `care_levels`, `funding_accepted` ON `properties`
BEGIN UPDATE `properties` SET `care_levels_mask` = ((instr(NEW.care_levels, '"independent"') > 0) << 0) | ((instr(NEW.care_levels, '"supervised"') > 0) << 1) | ((instr(NEW.care_levels, '"assisted"') > 0) << 2) | ((instr(NEW.care_levels, '"skilled"') > 0) << 3), `funding_mask` = ((instr(NEW.funding_accepted, '"private_pay"') > 0) << 0) | ((instr(NEW.funding_accepted, '"medicaid_waiver"') > 0) << 1) | ((instr(NEW.funding_accepted, '"medicare"') > 0) << 2) | ((instr(NEW.funding_accepted, '"ssi_ssdi"') > 0) << 3) | ((instr(NEW.funding_accepted, '"va"') > 0) << 4) | ((instr(NEW.funding_accepted, '"other"') > 0) << 5) WHERE rowid = NEW.rowid; END;
--> statement-breakpoint
-- Only those triggers write the masks: any other value is refused.
CREATE TRIGGER `properties_care_masks_guard` BEFORE UPDATE OF `care_levels_mask`, `funding_mask` ON `properties`
WHEN NEW.`care_levels_mask` <> (((instr(NEW.care_levels, '"independent"') > 0) << 0) | ((instr(NEW.care_levels, '"supervised"') > 0) << 1) | ((instr(NEW.care_levels, '"assisted"') > 0) << 2) | ((instr(NEW.care_levels, '"skilled"') > 0) << 3)) OR NEW.`funding_mask` <> (((instr(NEW.funding_accepted, '"private_pay"') > 0) << 0) | ((instr(NEW.funding_accepted, '"medicaid_waiver"') > 0) << 1) | ((instr(NEW.funding_accepted, '"medicare"') > 0) << 2) | ((instr(NEW.funding_accepted, '"ssi_ssdi"') > 0) << 3) | ((instr(NEW.funding_accepted, '"va"') > 0) << 4) | ((instr(NEW.funding_accepted, '"other"') > 0) << 5))
BEGIN SELECT RAISE(ABORT, 'care_levels_mask and funding_mask follow care_levels and funding_accepted'); END;
--> statement-breakpoint
DROP INDEX `properties_geo_idx`;
--> statement-breakpoint
CREATE INDEX `properties_geo_idx` ON `properties` (CAST("latitude" AS INTEGER),`longitude`,`latitude`,`is_active`,`available_beds`,`created_at`,`operator_id`,`id`,`beds_confirmed_at`,`care_levels_mask`,`funding_mask`);
--> statement-breakpoint
ALTER TABLE `profiles` ADD `specializations` text DEFAULT '[]' NOT NULL CONSTRAINT "profiles_specializations_check" CHECK(json_valid(specializations) AND replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(specializations, '"dementia_care"', ''), '"developmental_disabilities"', ''), '"mental_health"', ''), '"substance_use_recovery"', ''), '"physical_disabilities"', ''), '"traumatic_brain_injury"', ''), '"medically_complex"', ''), '"hospice_palliative"', ''), '"veterans"', ''), ',', '') = '[]');
--> statement-breakpoint
-- Storage key of the operator's video introduction (Premium; hidden publicly, not deleted, after a downgrade).
ALTER TABLE `profiles` ADD `intro_video_key` text;
