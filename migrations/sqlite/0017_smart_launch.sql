CREATE TABLE `smart_ehrs` (
	`id` text PRIMARY KEY NOT NULL,
	`iss` text NOT NULL,
	`client_id` text NOT NULL,
	`client_auth` text NOT NULL,
	`client_secret` text,
	`private_jwk` text,
	`public_jwk` text,
	`frame_origins` text NOT NULL,
	`created_at` integer NOT NULL,
	CONSTRAINT "smart_ehrs_client_auth_check" CHECK(client_auth IN ('public', 'secret', 'jwks'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `smart_ehrs_iss_idx` ON `smart_ehrs` (`iss`);--> statement-breakpoint
CREATE TABLE `smart_launches` (
	`id` text PRIMARY KEY NOT NULL,
	`ehr_id` text NOT NULL,
	`browser_hash` text NOT NULL,
	`code_verifier` text NOT NULL,
	`framed` integer DEFAULT false NOT NULL,
	`draft` text,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`ehr_id`) REFERENCES `smart_ehrs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `smart_launches_browser_idx` ON `smart_launches` (`browser_hash`);--> statement-breakpoint
CREATE INDEX `smart_launches_expires_idx` ON `smart_launches` (`expires_at`);--> statement-breakpoint
CREATE INDEX `smart_launches_ehr_idx` ON `smart_launches` (`ehr_id`);