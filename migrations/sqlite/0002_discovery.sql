DROP INDEX `properties_geo_idx`;--> statement-breakpoint
CREATE INDEX `properties_newest_idx` ON `properties` (`is_active`,`created_at`);--> statement-breakpoint
CREATE INDEX `properties_geo_idx` ON `properties` (`latitude`,`longitude`,`is_active`,`available_beds`,`created_at`,`operator_id`,`id`);