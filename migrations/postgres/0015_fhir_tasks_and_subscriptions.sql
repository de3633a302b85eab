CREATE TABLE "fhir_resource_ids" (
	"id" text PRIMARY KEY NOT NULL,
	"resource_type" text NOT NULL,
	"referral_id" text NOT NULL,
	"document_id" text
);
--> statement-breakpoint
CREATE TABLE "fhir_subscription_notifications" (
	"id" text PRIMARY KEY NOT NULL,
	"subscription_id" text NOT NULL,
	"event_number" bigint NOT NULL,
	"referral_id" text NOT NULL,
	"task_id" text NOT NULL,
	"version_id" text NOT NULL,
	"changed_at" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" bigint DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" bigint NOT NULL,
	"sent_at" bigint,
	"created_at" bigint NOT NULL,
	CONSTRAINT "fhir_subscription_notifications_status_check" CHECK (status IN ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "fhir_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"topic" text NOT NULL,
	"filter" text NOT NULL,
	"endpoint" text NOT NULL,
	"payload" text NOT NULL,
	"headers" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"events_since_start" bigint DEFAULT 0 NOT NULL,
	"error_count" bigint DEFAULT 0 NOT NULL,
	"last_error" text,
	"delivering_until" bigint,
	"created_at" bigint NOT NULL,
	CONSTRAINT "fhir_subscriptions_status_check" CHECK (status IN ('requested', 'active', 'error', 'off')),
	CONSTRAINT "fhir_subscriptions_payload_check" CHECK (payload IN ('id-only', 'full-resource'))
);
--> statement-breakpoint
CREATE TABLE "fhir_tasks" (
	"referral_id" text PRIMARY KEY NOT NULL,
	"version_id" bigint NOT NULL,
	"last_updated" bigint NOT NULL,
	"status" text NOT NULL,
	"projection_hash" text
);
--> statement-breakpoint
ALTER TABLE "fhir_resource_ids" ADD CONSTRAINT "fhir_resource_ids_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fhir_resource_ids" ADD CONSTRAINT "fhir_resource_ids_document_id_referral_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."referral_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fhir_subscription_notifications" ADD CONSTRAINT "fhir_subscription_notifications_subscription_id_fhir_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."fhir_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fhir_subscription_notifications" ADD CONSTRAINT "fhir_subscription_notifications_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fhir_subscriptions" ADD CONSTRAINT "fhir_subscriptions_client_id_fhir_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."fhir_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fhir_tasks" ADD CONSTRAINT "fhir_tasks_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fhir_resource_ids_referral_idx" ON "fhir_resource_ids" USING btree ("referral_id");--> statement-breakpoint
CREATE INDEX "fhir_resource_ids_document_idx" ON "fhir_resource_ids" USING btree ("document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fhir_subscription_notifications_number_idx" ON "fhir_subscription_notifications" USING btree ("subscription_id","event_number");--> statement-breakpoint
CREATE INDEX "fhir_subscription_notifications_due_idx" ON "fhir_subscription_notifications" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "fhir_subscription_notifications_referral_id_idx" ON "fhir_subscription_notifications" USING btree ("referral_id");--> statement-breakpoint
CREATE INDEX "fhir_subscriptions_client_idx" ON "fhir_subscriptions" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "fhir_subscriptions_status_idx" ON "fhir_subscriptions" USING btree ("status");--> statement-breakpoint
CREATE INDEX "fhir_tasks_last_updated_idx" ON "fhir_tasks" USING btree ("last_updated","referral_id");