-- The language each person reads (ADR 039): the API's answers and her e-mail use it. Hand-written from drizzle-kit's
-- draft: a column with a CHECK means rebuilding the table on SQLite (as in 0013: foreign keys are off around the
-- migrator, this refuses to run with them on, and refuses to commit if a reference no longer resolves). The rows keep
-- their rowid; existing accounts read English.
CREATE TEMP TABLE `migration_0019_guard` (
	`foreign_keys` integer NOT NULL CONSTRAINT "foreign_keys_must_be_off_while_tables_are_rebuilt" CHECK(`foreign_keys` = 0)
);
--> statement-breakpoint
INSERT INTO temp.`migration_0019_guard` SELECT `foreign_keys` FROM pragma_foreign_keys;
--> statement-breakpoint
DROP TABLE temp.`migration_0019_guard`;
--> statement-breakpoint
CREATE TABLE `__new_users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`email_verified_at` integer,
	`totp_secret` text,
	`totp_enabled_at` integer,
	`deleted_at` integer,
	`created_at` integer NOT NULL,
	`preferred_language` text DEFAULT 'en' NOT NULL,
	CONSTRAINT "users_preferred_language_check" CHECK(preferred_language IN ('en', 'es'))
);
--> statement-breakpoint
INSERT INTO `__new_users` (rowid, `id`, `email`, `password_hash`, `email_verified_at`, `totp_secret`, `totp_enabled_at`, `deleted_at`, `created_at`, `preferred_language`) SELECT rowid, `id`, `email`, `password_hash`, `email_verified_at`, `totp_secret`, `totp_enabled_at`, `deleted_at`, `created_at`, 'en' FROM `users`;
--> statement-breakpoint
DROP TABLE `users`;
--> statement-breakpoint
ALTER TABLE `__new_users` RENAME TO `users`;
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);
--> statement-breakpoint
CREATE TEMP TABLE `migration_0019_check` (
	`broken_references` integer NOT NULL CONSTRAINT "every_foreign_key_resolves_after_the_rebuilds" CHECK(`broken_references` = 0)
);
--> statement-breakpoint
INSERT INTO temp.`migration_0019_check` SELECT count(*) FROM pragma_foreign_key_check;
--> statement-breakpoint
DROP TABLE temp.`migration_0019_check`;
