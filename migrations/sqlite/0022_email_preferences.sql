CREATE TABLE `email_preferences` (
	`user_id` text NOT NULL,
	`topic` text NOT NULL,
	`enabled` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `topic`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "email_preferences_topic_check" CHECK(topic IN ('messages', 'placement', 'hold_reminder'))
);
--> statement-breakpoint
CREATE TABLE `email_unsubscribe_links` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`topic` text NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "email_unsubscribe_links_topic_check" CHECK(topic IN ('messages', 'placement', 'hold_reminder'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_unsubscribe_links_token_hash_unique` ON `email_unsubscribe_links` (`token_hash`);--> statement-breakpoint
CREATE INDEX `email_unsubscribe_links_user_idx` ON `email_unsubscribe_links` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `placement_answer_links` (
	`id` text PRIMARY KEY NOT NULL,
	`payment_id` text NOT NULL,
	`user_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`payment_id`) REFERENCES `referral_payments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `placement_answer_links_token_hash_unique` ON `placement_answer_links` (`token_hash`);--> statement-breakpoint
CREATE INDEX `placement_answer_links_payment_idx` ON `placement_answer_links` (`payment_id`);--> statement-breakpoint
CREATE INDEX `placement_answer_links_user_idx` ON `placement_answer_links` (`user_id`);--> statement-breakpoint
ALTER TABLE `outbox` ADD `headers` text;