-- Live events in commit order, announced to every instance (issue 26, ADR 022).
--
-- A stream resumes from one number (Last-Event-ID) and skips what it already
-- has, so events must become visible in the order of their ids. With several
-- writers at once, an id taken at INSERT does not give that order: a later id
-- can commit first, and the earlier one would then be skipped by a stream
-- that already moved past it. So each event is renumbered at COMMIT, under a
-- lock held until the commit completes: ids are issued in commit order. The
-- lock is taken last in the transaction and held only for its commit.
--
-- The same trigger announces the final id with NOTIFY (delivered when the
-- transaction commits, in commit order); every instance LISTENs and hands the
-- event to its own open streams (server/realtime/hub.ts). The notification
-- carries only the id: the row stays the one source for replay.
CREATE FUNCTION "realtime_events_in_commit_order"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  final_id bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(72710026);
  final_id := nextval(pg_get_serial_sequence('realtime_events', 'id'));
  UPDATE "realtime_events" SET "id" = final_id WHERE "id" = NEW."id";
  PERFORM pg_notify('homeward_events', final_id::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "realtime_events_commit_order" AFTER INSERT ON "realtime_events" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "realtime_events_in_commit_order"();
