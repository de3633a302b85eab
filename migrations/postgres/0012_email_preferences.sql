CREATE TABLE "email_preferences" (
	"user_id" text NOT NULL,
	"topic" text NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "email_preferences_pk" PRIMARY KEY("user_id","topic"),
	CONSTRAINT "email_preferences_topic_check" CHECK (topic IN ('messages', 'placement', 'hold_reminder'))
);
--> statement-breakpoint
CREATE TABLE "email_unsubscribe_links" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"topic" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "email_unsubscribe_links_topic_check" CHECK (topic IN ('messages', 'placement', 'hold_reminder'))
);
--> statement-breakpoint
CREATE TABLE "placement_answer_links" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"user_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" bigint NOT NULL,
	"used_at" bigint,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "headers" text;--> statement-breakpoint
ALTER TABLE "email_preferences" ADD CONSTRAINT "email_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_unsubscribe_links" ADD CONSTRAINT "email_unsubscribe_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placement_answer_links" ADD CONSTRAINT "placement_answer_links_payment_id_referral_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."referral_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placement_answer_links" ADD CONSTRAINT "placement_answer_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_unsubscribe_links_token_hash_unique" ON "email_unsubscribe_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "email_unsubscribe_links_user_idx" ON "email_unsubscribe_links" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "placement_answer_links_token_hash_unique" ON "placement_answer_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "placement_answer_links_payment_idx" ON "placement_answer_links" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "placement_answer_links_user_idx" ON "placement_answer_links" USING btree ("user_id");