CREATE TABLE "data_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "data_version" ("id", "version") VALUES (1, 0);
--> statement-breakpoint
-- Bumps the data version once per writing transaction. It runs as a deferred trigger, at commit:
-- the version's row lock is taken last and held only while the transaction commits, so it adds no
-- lock-order deadlock to the transactions' own row locks.
CREATE FUNCTION ritim_bump_data_version() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('ritim.data_version_bumped', true) IS DISTINCT FROM pg_current_xact_id()::text THEN
    UPDATE data_version SET version = version + 1 WHERE id = 1;
    PERFORM set_config('ritim.data_version_bumped', pg_current_xact_id()::text, true);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Every table the app's answers are built from bumps the version: a new table does this in its
-- own migration (answer-cache.test.ts checks that none is left out).
CREATE FUNCTION ritim_track_changes(target regclass) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('CREATE CONSTRAINT TRIGGER ritim_data_version AFTER INSERT OR UPDATE OR DELETE ON %s '
    'DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ritim_bump_data_version()', target);
END $$;
--> statement-breakpoint
SELECT ritim_track_changes(t) FROM unnest(ARRAY['users', 'locations', 'groups', 'user_groups', 'message_groups',
  'forms', 'form_groups', 'lookups', 'events', 'event_guests', 'event_occurrences', 'occurrence_guests',
  'form_submissions', 'message_logs']::regclass[]) AS t;
