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
CREATE TABLE `fhir_subscription_notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`subscription_id` text NOT NULL,
	`event_number` integer NOT NULL,
	`referral_id` text NOT NULL,
	`task_id` text NOT NULL,
	`version_id` text NOT NULL,
	`changed_at` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`next_attempt_at` integer NOT NULL,
	`sent_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`subscription_id`) REFERENCES `fhir_subscriptions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`referral_id`) REFERENCES `referrals`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "fhir_subscription_notifications_status_check" CHECK(status IN ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fhir_subscription_notifications_number_idx` ON `fhir_subscription_notifications` (`subscription_id`,`event_number`);--> statement-breakpoint
CREATE INDEX `fhir_subscription_notifications_due_idx` ON `fhir_subscription_notifications` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `fhir_subscription_notifications_referral_id_idx` ON `fhir_subscription_notifications` (`referral_id`);--> statement-breakpoint
CREATE TABLE `fhir_subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`client_id` text NOT NULL,
	`topic` text NOT NULL,
	`filter` text NOT NULL,
	`endpoint` text NOT NULL,
	`payload` text NOT NULL,
	`headers` text NOT NULL,
	`status` text DEFAULT 'requested' NOT NULL,
	`events_since_start` integer DEFAULT 0 NOT NULL,
	`error_count` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`delivering_until` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`client_id`) REFERENCES `fhir_clients`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "fhir_subscriptions_status_check" CHECK(status IN ('requested', 'active', 'error', 'off')),
	CONSTRAINT "fhir_subscriptions_payload_check" CHECK(payload IN ('id-only', 'full-resource'))
);
--> statement-breakpoint
CREATE INDEX `fhir_subscriptions_client_idx` ON `fhir_subscriptions` (`client_id`);--> statement-breakpoint
CREATE INDEX `fhir_subscriptions_status_idx` ON `fhir_subscriptions` (`status`);--> statement-breakpoint
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