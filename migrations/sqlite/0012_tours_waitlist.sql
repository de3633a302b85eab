-- Issue 15, part C: tour statuses and reschedule links, waitlist needs, e-mail attachments.
-- A tour's status replaces is_confirmed; `completed` is computed from the slot and never stored.
ALTER TABLE `tour_schedules` ADD `status` text DEFAULT 'pending' NOT NULL CONSTRAINT "tour_schedules_status_check" CHECK(status IN ('pending', 'confirmed', 'cancelled', 'rescheduling'));--> statement-breakpoint
UPDATE `tour_schedules` SET `status` = 'confirmed' WHERE `is_confirmed` = 1;--> statement-breakpoint
ALTER TABLE `tour_schedules` DROP COLUMN `is_confirmed`;--> statement-breakpoint
ALTER TABLE `tour_schedules` ADD `proposed_date` text;--> statement-breakpoint
ALTER TABLE `tour_schedules` ADD `proposed_time` text;--> statement-breakpoint
CREATE TABLE `tour_reschedule_links` (
	`id` text PRIMARY KEY NOT NULL,
	`tour_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`proposed_date` text NOT NULL,
	`proposed_time` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`tour_id`) REFERENCES `tour_schedules`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
CREATE UNIQUE INDEX `tour_reschedule_links_token_hash_unique` ON `tour_reschedule_links` (`token_hash`);--> statement-breakpoint
CREATE INDEX `tour_reschedule_links_tour_idx` ON `tour_reschedule_links` (`tour_id`);--> statement-breakpoint
-- What the client would need from the home (sealed: AES-256-GCM text written by the server).
ALTER TABLE `referral_waitlist` ADD `needs` text;--> statement-breakpoint
-- JSON list of {filename, content_type, content}.
ALTER TABLE `outbox` ADD `attachments` text;
