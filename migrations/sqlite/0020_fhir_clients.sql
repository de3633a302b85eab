CREATE TABLE `fhir_access_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`client_id` text NOT NULL,
	`scopes` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`client_id`) REFERENCES `fhir_clients`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `fhir_access_tokens_client_idx` ON `fhir_access_tokens` (`client_id`);--> statement-breakpoint
CREATE INDEX `fhir_access_tokens_expires_idx` ON `fhir_access_tokens` (`expires_at`);--> statement-breakpoint
CREATE TABLE `fhir_client_assertions` (
	`client_id` text NOT NULL,
	`jti` text NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`client_id`) REFERENCES `fhir_clients`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fhir_client_assertions_jti_idx` ON `fhir_client_assertions` (`client_id`,`jti`);--> statement-breakpoint
CREATE INDEX `fhir_client_assertions_expires_idx` ON `fhir_client_assertions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `fhir_clients` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`user_id` text NOT NULL,
	`jwks_url` text,
	`jwks` text,
	`scopes` text NOT NULL,
	`last_used_at` integer,
	`revoked_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "fhir_clients_keys_check" CHECK((jwks_url IS NULL) <> (jwks IS NULL))
);
--> statement-breakpoint
CREATE INDEX `fhir_clients_user_idx` ON `fhir_clients` (`user_id`);