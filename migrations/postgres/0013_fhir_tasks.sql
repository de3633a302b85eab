CREATE TABLE "fhir_resource_ids" (
	"id" text PRIMARY KEY NOT NULL,
	"resource_type" text NOT NULL,
	"referral_id" text NOT NULL,
	"document_id" text
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
ALTER TABLE "fhir_tasks" ADD CONSTRAINT "fhir_tasks_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fhir_resource_ids_referral_idx" ON "fhir_resource_ids" USING btree ("referral_id");--> statement-breakpoint
CREATE INDEX "fhir_resource_ids_document_idx" ON "fhir_resource_ids" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "fhir_tasks_last_updated_idx" ON "fhir_tasks" USING btree ("last_updated","referral_id");