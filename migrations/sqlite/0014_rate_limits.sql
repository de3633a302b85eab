-- Issue 26: rate-limit windows in the database, shared by every instance on PostgreSQL (server/lib/rate-limit.ts).
-- A single SQLite process counts in memory; the table exists on both engines so their schemas stay the same. Hand-written.
CREATE TABLE `rate_limits` (
	`name` text NOT NULL,
	`key` text NOT NULL,
	`count` integer NOT NULL,
	`reset_at` integer NOT NULL,
	PRIMARY KEY(`name`, `key`)
);
--> statement-breakpoint
CREATE INDEX `rate_limits_reset_idx` ON `rate_limits` (`reset_at`);
