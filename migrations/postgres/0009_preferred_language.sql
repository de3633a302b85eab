-- The language each person reads (ADR 039): existing accounts read English.

ALTER TABLE "users" ADD COLUMN "preferred_language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_preferred_language_check" CHECK (preferred_language IN ('en', 'es'));