-- The property search's change counter (ADR 008, ADR 021). PostgreSQL has no
-- counterpart of SQLite's data_version, so every table a search answer reads
-- bumps this one row in the writing transaction: readers see it move when
-- that transaction commits, in any process or instance, and the search cache
-- (server/features/properties/search-cache.ts) starts over.
--
-- The triggers are deferred constraint triggers: the bump happens at COMMIT,
-- once per transaction, after every other lock the transaction takes, so the
-- counter row is always the last lock taken and two writers cannot deadlock
-- over it (bumped at each statement, it was taken between other row locks).
CREATE TABLE "search_version" ("version" bigint NOT NULL);
--> statement-breakpoint
INSERT INTO "search_version" ("version") VALUES (0);
--> statement-breakpoint
CREATE FUNCTION "search_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Once per transaction: the first deferred trigger to fire bumps, the others see the mark.
  IF current_setting('homeward.search_version_bumped', true) = txid_current()::text THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('homeward.search_version_bumped', txid_current()::text, true);
  UPDATE "search_version" SET "version" = "version" + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "properties_search_version" AFTER INSERT OR UPDATE OR DELETE ON "properties" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "search_version_bump"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "property_media_search_version" AFTER INSERT OR UPDATE OR DELETE ON "property_media" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "search_version_bump"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "profiles_search_version" AFTER INSERT OR UPDATE OR DELETE ON "profiles" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "search_version_bump"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "users_search_version" AFTER INSERT OR UPDATE OR DELETE ON "users" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "search_version_bump"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "user_roles_search_version" AFTER INSERT OR UPDATE OR DELETE ON "user_roles" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "search_version_bump"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "operator_subscriptions_search_version" AFTER INSERT OR UPDATE OR DELETE ON "operator_subscriptions" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "search_version_bump"();
