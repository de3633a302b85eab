CREATE TABLE "fhir_access_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"scopes" text NOT NULL,
	"expires_at" bigint NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fhir_client_assertions" (
	"client_id" text NOT NULL,
	"jti" text NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fhir_clients" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"user_id" text NOT NULL,
	"jwks_url" text,
	"jwks" text,
	"scopes" text NOT NULL,
	"last_used_at" bigint,
	"revoked_at" bigint,
	"created_at" bigint NOT NULL,
	CONSTRAINT "fhir_clients_keys_check" CHECK ((jwks_url IS NULL) <> (jwks IS NULL))
);
--> statement-breakpoint
ALTER TABLE "fhir_access_tokens" ADD CONSTRAINT "fhir_access_tokens_client_id_fhir_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."fhir_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fhir_client_assertions" ADD CONSTRAINT "fhir_client_assertions_client_id_fhir_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."fhir_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fhir_clients" ADD CONSTRAINT "fhir_clients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fhir_access_tokens_client_idx" ON "fhir_access_tokens" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "fhir_access_tokens_expires_idx" ON "fhir_access_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fhir_client_assertions_jti_idx" ON "fhir_client_assertions" USING btree ("client_id","jti");--> statement-breakpoint
CREATE INDEX "fhir_client_assertions_expires_idx" ON "fhir_client_assertions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "fhir_clients_user_idx" ON "fhir_clients" USING btree ("user_id");