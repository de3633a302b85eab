CREATE TABLE `fhir_resource_ids` (
	`id` text PRIMARY KEY NOT NULL,
	`resource_type` text NOT NULL,
	`referral_id` text NOT NULL,
	`document_id` text,
	FOREIGN KEY (`referral_id`) REFERENCES `referrals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`document_id`) REFERENCES `referral_documents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `fhir_resource_ids_referral_idx` ON `fhir_resource_ids` (`referral_id`);--> statement-breakpoint
CREATE INDEX `fhir_resource_ids_document_idx` ON `fhir_resource_ids` (`document_id`);--> statement-breakpoint
CREATE TABLE `fhir_tasks` (
	`referral_id` text PRIMARY KEY NOT NULL,
	`version_id` integer NOT NULL,
	`last_updated` integer NOT NULL,
	`status` text NOT NULL,
	`projection_hash` text,
	FOREIGN KEY (`referral_id`) REFERENCES `referrals`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `fhir_tasks_last_updated_idx` ON `fhir_tasks` (`last_updated`,`referral_id`);