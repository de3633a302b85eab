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
ALTER TABLE "fhir_subscription_notifications" ADD CONSTRAINT "fhir_subscription_notifications_subscription_id_fhir_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."fhir_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fhir_subscription_notifications" ADD CONSTRAINT "fhir_subscription_notifications_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fhir_subscriptions" ADD CONSTRAINT "fhir_subscriptions_client_id_fhir_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."fhir_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fhir_subscription_notifications_number_idx" ON "fhir_subscription_notifications" USING btree ("subscription_id","event_number");--> statement-breakpoint
CREATE INDEX "fhir_subscription_notifications_due_idx" ON "fhir_subscription_notifications" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "fhir_subscription_notifications_referral_id_idx" ON "fhir_subscription_notifications" USING btree ("referral_id");--> statement-breakpoint
CREATE INDEX "fhir_subscriptions_client_idx" ON "fhir_subscriptions" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "fhir_subscriptions_status_idx" ON "fhir_subscriptions" USING btree ("status");