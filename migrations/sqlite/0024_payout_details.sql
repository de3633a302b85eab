CREATE TABLE `payout_details` (
	`user_id` text PRIMARY KEY NOT NULL,
	`method` text NOT NULL,
	`payee_name` text NOT NULL,
	`details` text NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "payout_details_method_check" CHECK(method IN ('check', 'ach', 'other'))
);
--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_payouts` (
	`id` text PRIMARY KEY NOT NULL,
	`payment_id` text NOT NULL,
	`referral_id` text NOT NULL,
	`referrer_user_id` text,
	`amount_cents` integer NOT NULL,
	`status` text DEFAULT 'owed' NOT NULL,
	`paid_at` integer,
	`paid_on` text,
	`method` text,
	`reference` text,
	`recorded_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`payment_id`) REFERENCES `referral_payments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`referral_id`) REFERENCES `referrals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`referrer_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`recorded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "payouts_status_check" CHECK(status IN ('owed', 'paid')),
	CONSTRAINT "payouts_method_check" CHECK(method IN ('check', 'ach', 'other')),
	CONSTRAINT "payouts_amount_check" CHECK(amount_cents >= 0)
);
--> statement-breakpoint
-- Only the columns the old table has (drizzle-kit listed the new ones too, and SQLite reads an unknown "name" as the string 'name').
INSERT INTO `__new_payouts`("id", "payment_id", "referral_id", "referrer_user_id", "amount_cents", "status", "paid_at", "created_at") SELECT "id", "payment_id", "referral_id", "referrer_user_id", "amount_cents", "status", "paid_at", "created_at" FROM `payouts`;--> statement-breakpoint
DROP TABLE `payouts`;--> statement-breakpoint
ALTER TABLE `__new_payouts` RENAME TO `payouts`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `payouts_payment_id_unique` ON `payouts` (`payment_id`);--> statement-breakpoint
CREATE INDEX `payouts_recorded_by_idx` ON `payouts` (`recorded_by`);--> statement-breakpoint
CREATE INDEX `payouts_referrer_user_id_idx` ON `payouts` (`referrer_user_id`);--> statement-breakpoint
CREATE INDEX `payouts_referral_id_idx` ON `payouts` (`referral_id`);