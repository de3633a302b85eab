DROP INDEX `properties_operator_idx`;--> statement-breakpoint
CREATE INDEX `properties_operator_idx` ON `properties` (`operator_id`,`created_at`,`id`);