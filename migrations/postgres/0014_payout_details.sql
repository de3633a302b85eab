CREATE TABLE "payout_details" (
	"user_id" text PRIMARY KEY NOT NULL,
	"method" text NOT NULL,
	"payee_name" text NOT NULL,
	"details" text NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "payout_details_method_check" CHECK (method IN ('check', 'ach', 'other'))
);
--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "paid_on" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "method" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "recorded_by" text;--> statement-breakpoint
ALTER TABLE "payout_details" ADD CONSTRAINT "payout_details_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payouts_recorded_by_idx" ON "payouts" USING btree ("recorded_by");--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_method_check" CHECK (method IN ('check', 'ach', 'other'));