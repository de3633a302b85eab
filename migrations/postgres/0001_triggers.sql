-- The triggers of the SQLite schema, in PL/pgSQL: same names, same behaviour, same error texts
-- (SQLite's RAISE(ABORT, '…') is RAISE EXCEPTION '…' here). drizzle-kit does not describe triggers,
-- so this migration is written by hand (drizzle-kit generate --custom); a new SQLite trigger needs
-- its twin here, and server/db/schema-parity.test.ts compares the two lists.
--
-- properties.care_levels_mask and funding_mask: bit i is value i of CARE_LEVELS and FUNDING_SOURCES
-- (server/db/enums.ts), as in SQLite's triggers (instr there, strpos here), so properties_geo_idx
-- covers the /browse care-level and funding filters. Only the triggers write them.
-- Each term is parenthesised: PostgreSQL gives << and | the same precedence (SQLite binds << tighter).
CREATE FUNCTION properties_care_levels_mask(care_levels text) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT (((strpos(care_levels, '"independent"') > 0)::int << 0)
        | ((strpos(care_levels, '"supervised"') > 0)::int << 1)
        | ((strpos(care_levels, '"assisted"') > 0)::int << 2)
        | ((strpos(care_levels, '"skilled"') > 0)::int << 3))::bigint
$$;
--> statement-breakpoint
CREATE FUNCTION properties_funding_mask(funding_accepted text) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT (((strpos(funding_accepted, '"private_pay"') > 0)::int << 0)
        | ((strpos(funding_accepted, '"medicaid_waiver"') > 0)::int << 1)
        | ((strpos(funding_accepted, '"medicare"') > 0)::int << 2)
        | ((strpos(funding_accepted, '"ssi_ssdi"') > 0)::int << 3)
        | ((strpos(funding_accepted, '"va"') > 0)::int << 4)
        | ((strpos(funding_accepted, '"other"') > 0)::int << 5))::bigint
$$;
--> statement-breakpoint
-- SQLite recomputes the masks AFTER the write (an UPDATE of the new row); here a BEFORE trigger sets them
-- on the row being written: the same stored values, and RETURNING sees them too.
CREATE FUNCTION properties_care_masks_set() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.care_levels_mask := properties_care_levels_mask(NEW.care_levels);
  NEW.funding_mask := properties_funding_mask(NEW.funding_accepted);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER properties_care_masks_insert BEFORE INSERT ON properties
FOR EACH ROW EXECUTE FUNCTION properties_care_masks_set();
--> statement-breakpoint
CREATE TRIGGER properties_care_masks_update BEFORE UPDATE OF care_levels, funding_accepted ON properties
FOR EACH ROW EXECUTE FUNCTION properties_care_masks_set();
--> statement-breakpoint
-- Only those triggers write the masks: any other value is refused. Triggers of one event fire in name
-- order, so the guard sees the masks the statement wrote before properties_care_masks_update recomputes them.
CREATE FUNCTION properties_care_masks_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'care_levels_mask and funding_mask follow care_levels and funding_accepted' USING ERRCODE = 'integrity_constraint_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER properties_care_masks_guard BEFORE UPDATE OF care_levels_mask, funding_mask ON properties
FOR EACH ROW
WHEN (NEW.care_levels_mask <> properties_care_levels_mask(NEW.care_levels) OR NEW.funding_mask <> properties_funding_mask(NEW.funding_accepted))
EXECUTE FUNCTION properties_care_masks_refuse();
--> statement-breakpoint
-- profiles.verification_status holds to its list (set only by an admin's review of a license proof).
-- SQLite checks it with triggers (adding a CHECK there rebuilds the table); the same here, same text.
CREATE FUNCTION profiles_verification_status_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'CHECK constraint failed: profiles_verification_status_check'
    USING ERRCODE = 'check_violation', CONSTRAINT = 'profiles_verification_status_check', TABLE = 'profiles';
END
$$;
--> statement-breakpoint
CREATE TRIGGER profiles_verification_status_insert BEFORE INSERT ON profiles
FOR EACH ROW WHEN (NEW.verification_status NOT IN ('unverified', 'pending', 'verified', 'rejected'))
EXECUTE FUNCTION profiles_verification_status_refuse();
--> statement-breakpoint
CREATE TRIGGER profiles_verification_status_update BEFORE UPDATE OF verification_status ON profiles
FOR EACH ROW WHEN (NEW.verification_status NOT IN ('unverified', 'pending', 'verified', 'rejected'))
EXECUTE FUNCTION profiles_verification_status_refuse();
