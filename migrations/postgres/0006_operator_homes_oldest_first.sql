DROP INDEX "properties_operator_idx";--> statement-breakpoint
CREATE INDEX "properties_operator_idx" ON "properties" USING btree ("operator_id","created_at","id");