CREATE TABLE `account_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`purpose` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "account_tokens_purpose_check" CHECK(purpose IN ('password_reset', 'email_verification'))
);
--> statement-breakpoint
CREATE INDEX `account_tokens_user_idx` ON `account_tokens` (`user_id`);--> statement-breakpoint
CREATE TABLE `audit_logs` (
	`id` text PRIMARY KEY NOT NULL,
	`actor_id` text,
	`actor_label` text NOT NULL,
	`action` text NOT NULL,
	`resource_type` text NOT NULL,
	`resource_id` text,
	`details` text,
	`ip_address` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_logs_created_idx` ON `audit_logs` (`created_at`);--> statement-breakpoint
CREATE TABLE `conversations` (
	`id` text PRIMARY KEY NOT NULL,
	`referral_id` text NOT NULL,
	`operator_id` text NOT NULL,
	`opened_by` text NOT NULL,
	`last_message_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`referral_id`) REFERENCES `referrals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`operator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `conversations_unique` ON `conversations` (`referral_id`,`operator_id`);--> statement-breakpoint
CREATE INDEX `conversations_operator_idx` ON `conversations` (`operator_id`);--> statement-breakpoint
CREATE TABLE `disclosures` (
	`id` text PRIMARY KEY NOT NULL,
	`referral_id` text NOT NULL,
	`viewer_id` text,
	`viewer_label` text NOT NULL,
	`viewer_role` text NOT NULL,
	`what` text NOT NULL,
	`ip_address` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`referral_id`) REFERENCES `referrals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`viewer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `disclosures_referral_idx` ON `disclosures` (`referral_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `invitations` (
	`id` text PRIMARY KEY NOT NULL,
	`referral_id` text NOT NULL,
	`operator_id` text NOT NULL,
	`invited_by` text,
	`message` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`referral_id`) REFERENCES `referrals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`operator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invited_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invitations_unique` ON `invitations` (`referral_id`,`operator_id`);--> statement-breakpoint
CREATE INDEX `invitations_operator_idx` ON `invitations` (`operator_id`);--> statement-breakpoint
CREATE TABLE `jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`key` text NOT NULL,
	`payload` text DEFAULT '{}' NOT NULL,
	`run_at` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`locked_until` integer,
	`last_error` text,
	`finished_at` integer,
	`created_at` integer NOT NULL,
	CONSTRAINT "jobs_status_check" CHECK(status IN ('pending', 'running', 'done', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `jobs_key_unique` ON `jobs` (`key`);--> statement-breakpoint
CREATE INDEX `jobs_due_idx` ON `jobs` (`status`,`run_at`);--> statement-breakpoint
CREATE TABLE `messages` (
	`id` text PRIMARY KEY NOT NULL,
	`conversation_id` text NOT NULL,
	`referral_id` text NOT NULL,
	`sender_id` text,
	`message_text` text NOT NULL,
	`is_read` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`referral_id`) REFERENCES `referrals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sender_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `messages_conversation_idx` ON `messages` (`conversation_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `messages_sender_idx` ON `messages` (`sender_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`type` text NOT NULL,
	`title` text NOT NULL,
	`body` text,
	`link` text,
	`read_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notifications_user_idx` ON `notifications` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `operator_certifications` (
	`id` text PRIMARY KEY NOT NULL,
	`profile_id` text NOT NULL,
	`certification_name` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`profile_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `operator_certifications_profile_idx` ON `operator_certifications` (`profile_id`);--> statement-breakpoint
CREATE TABLE `operator_subscriptions` (
	`user_id` text PRIMARY KEY NOT NULL,
	`tier` text DEFAULT 'free' NOT NULL,
	`status` text DEFAULT 'none' NOT NULL,
	`provider` text,
	`stripe_customer_id` text,
	`stripe_subscription_id` text,
	`product_id` text,
	`current_period_end` integer,
	`trial_ends_at` integer,
	`cancel_at_period_end` integer DEFAULT false NOT NULL,
	`provider_updated_at` integer,
	`is_complimentary` integer DEFAULT false NOT NULL,
	`granted_at` integer,
	`granted_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "operator_subscriptions_tier_check" CHECK(tier IN ('free', 'premium')),
	CONSTRAINT "operator_subscriptions_status_check" CHECK(status IN ('none', 'trialing', 'active', 'past_due', 'canceled', 'incomplete'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `operator_subscriptions_stripe_subscription_id_unique` ON `operator_subscriptions` (`stripe_subscription_id`);--> statement-breakpoint
CREATE INDEX `operator_subscriptions_customer_idx` ON `operator_subscriptions` (`stripe_customer_id`);--> statement-breakpoint
CREATE TABLE `outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`to_email` text NOT NULL,
	`type` text NOT NULL,
	`subject` text NOT NULL,
	`text_body` text NOT NULL,
	`html_body` text,
	`referral_id` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`next_attempt_at` integer NOT NULL,
	`sent_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`referral_id`) REFERENCES `referrals`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "outbox_status_check" CHECK(status IN ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE INDEX `outbox_status_idx` ON `outbox` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `outbox_created_idx` ON `outbox` (`created_at`);--> statement-breakpoint
CREATE TABLE `payouts` (
	`id` text PRIMARY KEY NOT NULL,
	`payment_id` text NOT NULL,
	`referral_id` text NOT NULL,
	`referrer_user_id` text,
	`amount_cents` integer NOT NULL,
	`status` text DEFAULT 'owed' NOT NULL,
	`paid_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`payment_id`) REFERENCES `referral_payments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`referral_id`) REFERENCES `referrals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`referrer_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "payouts_status_check" CHECK(status IN ('owed', 'paid'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payouts_payment_id_unique` ON `payouts` (`payment_id`);--> statement-breakpoint
CREATE TABLE `profile_views` (
	`id` text PRIMARY KEY NOT NULL,
	`profile_id` text NOT NULL,
	`referrer_url` text,
	`user_agent` text,
	`ip_address` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`profile_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `profile_views_profile_idx` ON `profile_views` (`profile_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `profiles` (
	`id` text PRIMARY KEY NOT NULL,
	`username` text,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`organization_name` text,
	`bio` text,
	`social_links` text DEFAULT '{}' NOT NULL,
	`profile_photo` text,
	`profile_published` integer DEFAULT false NOT NULL,
	`email` text NOT NULL,
	`phone` text,
	`years_of_experience` integer DEFAULT 0 NOT NULL,
	`licensing_type` text DEFAULT 'unlicensed' NOT NULL,
	`verification_status` text DEFAULT 'unverified' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "profiles_licensing_check" CHECK(licensing_type IN ('licensed', 'in_progress', 'unlicensed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `profiles_username_unique` ON `profiles` (`username`);--> statement-breakpoint
CREATE TABLE `properties` (
	`id` text PRIMARY KEY NOT NULL,
	`operator_id` text NOT NULL,
	`name` text NOT NULL,
	`address` text NOT NULL,
	`city` text NOT NULL,
	`state` text NOT NULL,
	`zip_code` text NOT NULL,
	`description` text,
	`total_beds` integer NOT NULL,
	`available_beds` integer NOT NULL,
	`monthly_fee_cents` integer,
	`license_number` text,
	`is_active` integer DEFAULT true NOT NULL,
	`licensing_type` text DEFAULT 'unlicensed' NOT NULL,
	`pets_allowed` integer DEFAULT false NOT NULL,
	`sex_offender_friendly` integer DEFAULT false NOT NULL,
	`wheelchair_accessible` integer DEFAULT false NOT NULL,
	`private_rooms` integer DEFAULT false NOT NULL,
	`medical_care_24_7` integer DEFAULT false NOT NULL,
	`amenities` text DEFAULT '[]' NOT NULL,
	`demographics_served` text DEFAULT '[]' NOT NULL,
	`latitude` real,
	`longitude` real,
	`geocoding_accuracy` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`operator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "properties_beds_check" CHECK(total_beds >= 1 AND available_beds >= 0),
	CONSTRAINT "properties_licensing_check" CHECK(licensing_type IN ('licensed', 'in_progress', 'unlicensed'))
);
--> statement-breakpoint
CREATE INDEX `properties_operator_idx` ON `properties` (`operator_id`);--> statement-breakpoint
CREATE INDEX `properties_browse_idx` ON `properties` (`is_active`,`available_beds`,`created_at`);--> statement-breakpoint
CREATE INDEX `properties_geo_idx` ON `properties` (`latitude`,`longitude`);--> statement-breakpoint
CREATE INDEX `properties_state_idx` ON `properties` (`state`);--> statement-breakpoint
CREATE TABLE `property_media` (
	`id` text PRIMARY KEY NOT NULL,
	`property_id` text NOT NULL,
	`kind` text NOT NULL,
	`storage_key` text NOT NULL,
	`thumb_key` text,
	`mime_type` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`property_id`) REFERENCES `properties`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "property_media_kind_check" CHECK(kind IN ('image', 'video'))
);
--> statement-breakpoint
CREATE INDEX `property_media_property_idx` ON `property_media` (`property_id`,`kind`,`position`);--> statement-breakpoint
CREATE TABLE `realtime_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`audience` text NOT NULL,
	`type` text NOT NULL,
	`data` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `realtime_events_created_idx` ON `realtime_events` (`created_at`);--> statement-breakpoint
CREATE TABLE `recovery_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`code_hash` text NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `recovery_codes_user_idx` ON `recovery_codes` (`user_id`);--> statement-breakpoint
CREATE TABLE `referral_documents` (
	`id` text PRIMARY KEY NOT NULL,
	`referral_id` text NOT NULL,
	`operator_id` text,
	`uploaded_by` text,
	`uploader_role` text NOT NULL,
	`file_name` text NOT NULL,
	`storage_key` text NOT NULL,
	`file_size` integer NOT NULL,
	`file_type` text NOT NULL,
	`description` text,
	`requires_signature` integer DEFAULT false NOT NULL,
	`is_signed` integer DEFAULT false NOT NULL,
	`signed_at` integer,
	`signed_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`referral_id`) REFERENCES `referrals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`operator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`uploaded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`signed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `referral_documents_referral_idx` ON `referral_documents` (`referral_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `referral_interests` (
	`id` text PRIMARY KEY NOT NULL,
	`referral_id` text NOT NULL,
	`operator_id` text NOT NULL,
	`status` text DEFAULT 'interested' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`referral_id`) REFERENCES `referrals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`operator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `referral_interests_unique` ON `referral_interests` (`referral_id`,`operator_id`);--> statement-breakpoint
CREATE INDEX `referral_interests_operator_idx` ON `referral_interests` (`operator_id`,`status`);--> statement-breakpoint
CREATE TABLE `referral_matches` (
	`id` text PRIMARY KEY NOT NULL,
	`referral_id` text NOT NULL,
	`operator_id` text NOT NULL,
	`property_id` text,
	`score` real NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`referral_id`) REFERENCES `referrals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`operator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`property_id`) REFERENCES `properties`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `referral_matches_unique` ON `referral_matches` (`referral_id`,`operator_id`);--> statement-breakpoint
CREATE TABLE `referral_payments` (
	`id` text PRIMARY KEY NOT NULL,
	`referral_id` text NOT NULL,
	`operator_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`provider` text NOT NULL,
	`checkout_session_id` text,
	`payment_intent_id` text,
	`checkout_expires_at` integer,
	`paid_at` integer,
	`escrow_hold_until` integer,
	`escrow_expired_at` integer,
	`referrer_confirmation` text,
	`operator_confirmation` text,
	`resolved_at` integer,
	`resolved_by` text,
	`resolution_reason` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`referral_id`) REFERENCES `referrals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`operator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "referral_payments_status_check" CHECK(status IN ('pending', 'held_in_escrow', 'released_to_referrer', 'refunded', 'expired')),
	CONSTRAINT "referral_payments_amount_check" CHECK(amount_cents >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `referral_payments_checkout_session_id_unique` ON `referral_payments` (`checkout_session_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `referral_payments_one_slot` ON `referral_payments` (`referral_id`) WHERE status IN ('pending', 'held_in_escrow');--> statement-breakpoint
CREATE INDEX `referral_payments_operator_idx` ON `referral_payments` (`operator_id`);--> statement-breakpoint
CREATE INDEX `referral_payments_escrow_idx` ON `referral_payments` (`status`,`escrow_hold_until`);--> statement-breakpoint
CREATE TABLE `referral_waitlist` (
	`id` text PRIMARY KEY NOT NULL,
	`referral_id` text NOT NULL,
	`operator_id` text NOT NULL,
	`position` integer NOT NULL,
	`status` text DEFAULT 'waiting' NOT NULL,
	`notified_at` integer,
	`notification_expires_at` integer,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`referral_id`) REFERENCES `referrals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`operator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "referral_waitlist_status_check" CHECK(status IN ('waiting', 'notified', 'left', 'expired', 'converted'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `referral_waitlist_active_unique` ON `referral_waitlist` (`referral_id`,`operator_id`) WHERE status IN ('waiting', 'notified');--> statement-breakpoint
CREATE INDEX `referral_waitlist_referral_idx` ON `referral_waitlist` (`referral_id`,`status`,`position`);--> statement-breakpoint
CREATE INDEX `referral_waitlist_operator_idx` ON `referral_waitlist` (`operator_id`);--> statement-breakpoint
CREATE TABLE `referrals` (
	`id` text PRIMARY KEY NOT NULL,
	`referrer_user_id` text,
	`referrer_name` text NOT NULL,
	`referrer_relationship` text NOT NULL,
	`referrer_email` text NOT NULL,
	`referrer_phone` text NOT NULL,
	`client_first_name` text NOT NULL,
	`client_last_name` text NOT NULL,
	`client_dob` text NOT NULL,
	`client_age` integer,
	`client_gender` text NOT NULL,
	`client_phone` text,
	`client_previous_address` text,
	`client_city` text,
	`client_zip` text,
	`client_marital_status` text,
	`client_race` text,
	`client_ethnicity` text,
	`client_primary_language` text,
	`emergency_contact_name` text,
	`emergency_contact_phone` text,
	`emergency_contact_relationship` text,
	`emergency_contact_address` text,
	`legal_pending_cases` integer,
	`legal_current_probation` integer,
	`legal_previous_cj_involvement` integer,
	`legal_cj_contact_name` text,
	`legal_cj_contact_phone` text,
	`client_medical_conditions` text,
	`health_psychiatric_conditions` text,
	`health_current_medications` text,
	`health_allergies` text,
	`health_current_provider` text,
	`health_current_doctor` text,
	`health_doctor_phone` text,
	`substance_attends_aa_na` integer,
	`substance_aa_na_frequency` integer,
	`substance_last_use_date` text,
	`substance_sobriety_length` text,
	`income_source` text,
	`income_people_dependent` integer,
	`income_minors_dependent` integer,
	`benefits_types` text,
	`medicaid_status` text,
	`case_manager_name` text,
	`case_manager_phone` text,
	`case_manager_agency` text,
	`referral_source` text,
	`preferred_state` text NOT NULL,
	`preferred_cities` text DEFAULT '[]' NOT NULL,
	`client_mobility_needs` text,
	`client_dietary_restrictions` text,
	`client_behavioral_notes` text,
	`budget_range` text NOT NULL,
	`budget_max_cents` integer,
	`additional_notes` text,
	`requires_wheelchair_accessible` integer DEFAULT false NOT NULL,
	`requires_pet_friendly` integer DEFAULT false NOT NULL,
	`requires_private_room` integer DEFAULT false NOT NULL,
	`requires_medical_care_24_7` integer DEFAULT false NOT NULL,
	`requires_sex_offender_friendly` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`visibility_level` text DEFAULT 'masked' NOT NULL,
	`referral_fee_paid` integer DEFAULT false NOT NULL,
	`interested_operators_count` integer DEFAULT 0 NOT NULL,
	`matched_operator_id` text,
	`matched_property_id` text,
	`placed_at` integer,
	`key_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`referrer_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`matched_operator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`matched_property_id`) REFERENCES `properties`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "referrals_status_check" CHECK(status IN ('pending', 'reviewing', 'matched', 'placed', 'rejected', 'cancelled'))
);
--> statement-breakpoint
CREATE INDEX `referrals_status_idx` ON `referrals` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `referrals_referrer_idx` ON `referrals` (`referrer_user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `review_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`referral_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`sent_to` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`referral_id`) REFERENCES `referrals`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `review_requests_token_hash_unique` ON `review_requests` (`token_hash`);--> statement-breakpoint
CREATE INDEX `review_requests_referral_idx` ON `review_requests` (`referral_id`);--> statement-breakpoint
CREATE TABLE `reviews` (
	`id` text PRIMARY KEY NOT NULL,
	`property_id` text NOT NULL,
	`referral_id` text,
	`reviewer_name` text NOT NULL,
	`reviewer_email` text NOT NULL,
	`rating` integer NOT NULL,
	`review_text` text NOT NULL,
	`operator_approved` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`property_id`) REFERENCES `properties`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`referral_id`) REFERENCES `referrals`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "reviews_rating_check" CHECK(rating BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE INDEX `reviews_property_idx` ON `reviews` (`property_id`,`operator_approved`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `reviews_referral_unique` ON `reviews` (`referral_id`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`max_expires_at` integer NOT NULL,
	`two_factor_verified` integer DEFAULT false NOT NULL,
	`user_agent` text,
	`ip_address` text,
	`last_seen_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `tour_schedules` (
	`id` text PRIMARY KEY NOT NULL,
	`property_id` text NOT NULL,
	`visitor_name` text NOT NULL,
	`visitor_email` text NOT NULL,
	`visitor_phone` text NOT NULL,
	`scheduled_date` text NOT NULL,
	`scheduled_time` text NOT NULL,
	`notes` text DEFAULT '' NOT NULL,
	`is_confirmed` integer DEFAULT false NOT NULL,
	`requested_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`property_id`) REFERENCES `properties`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`requested_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `tour_schedules_property_idx` ON `tour_schedules` (`property_id`,`scheduled_date`,`scheduled_time`);--> statement-breakpoint
CREATE TABLE `user_roles` (
	`user_id` text NOT NULL,
	`role` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `role`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "user_roles_role_check" CHECK(role IN ('admin', 'referrer', 'operator'))
);
--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`email_verified_at` integer,
	`totp_secret` text,
	`totp_enabled_at` integer,
	`deleted_at` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE TABLE `webhook_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`processed_at` integer NOT NULL
);
