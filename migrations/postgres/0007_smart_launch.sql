CREATE TABLE "smart_ehrs" (
	"id" text PRIMARY KEY NOT NULL,
	"iss" text NOT NULL,
	"client_id" text NOT NULL,
	"client_auth" text NOT NULL,
	"client_secret" text,
	"private_jwk" text,
	"public_jwk" text,
	"frame_origins" text NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "smart_ehrs_client_auth_check" CHECK (client_auth IN ('public', 'secret', 'jwks'))
);
--> statement-breakpoint
CREATE TABLE "smart_launches" (
	"id" text PRIMARY KEY NOT NULL,
	"ehr_id" text NOT NULL,
	"browser_hash" text NOT NULL,
	"code_verifier" text NOT NULL,
	"framed" boolean DEFAULT false NOT NULL,
	"draft" text,
	"expires_at" bigint NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "smart_launches" ADD CONSTRAINT "smart_launches_ehr_id_smart_ehrs_id_fk" FOREIGN KEY ("ehr_id") REFERENCES "public"."smart_ehrs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "smart_ehrs_iss_idx" ON "smart_ehrs" USING btree ("iss");--> statement-breakpoint
CREATE UNIQUE INDEX "smart_launches_browser_idx" ON "smart_launches" USING btree ("browser_hash");--> statement-breakpoint
CREATE INDEX "smart_launches_expires_idx" ON "smart_launches" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "smart_launches_ehr_idx" ON "smart_launches" USING btree ("ehr_id");