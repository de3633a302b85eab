-- The property search's change counter (ADR 008, ADR 021). PostgreSQL has no
-- counterpart of SQLite's data_version, so every table a search answer reads
-- bumps this one row in the writing transaction (a statement trigger): readers
-- see it move when that transaction commits, in any process or instance, and
-- the search cache (server/features/properties/search-cache.ts) starts over.
CREATE TABLE "search_version" ("version" bigint NOT NULL);
--> statement-breakpoint
INSERT INTO "search_version" ("version") VALUES (0);
--> statement-breakpoint
CREATE FUNCTION "search_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "search_version" SET "version" = "version" + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "properties_search_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "properties" FOR EACH STATEMENT EXECUTE FUNCTION "search_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "property_media_search_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "property_media" FOR EACH STATEMENT EXECUTE FUNCTION "search_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "profiles_search_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "profiles" FOR EACH STATEMENT EXECUTE FUNCTION "search_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "users_search_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "search_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "user_roles_search_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_roles" FOR EACH STATEMENT EXECUTE FUNCTION "search_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "operator_subscriptions_search_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "operator_subscriptions" FOR EACH STATEMENT EXECUTE FUNCTION "search_version_bump"();
