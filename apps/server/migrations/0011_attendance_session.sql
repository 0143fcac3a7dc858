ALTER TABLE "attendance" ADD COLUMN "session_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "attendance" ADD COLUMN "session_event_id" integer;--> statement-breakpoint
ALTER TABLE "attendance" ADD COLUMN "session_counts" boolean;--> statement-breakpoint
ALTER TABLE "attendance" ADD COLUMN "on_list" boolean;--> statement-breakpoint
CREATE INDEX "attendance_session_start_idx" ON "attendance" USING btree ("session_starts_at");--> statement-breakpoint
CREATE INDEX "attendance_event_guest_idx" ON "attendance" USING btree ("session_event_id","guest_id");--> statement-breakpoint
-- What the attendance summary reads of a mark's session and list, kept on the mark by the
-- triggers below whatever writes the session, its list or its event's list
-- (docs/domain.md#attendance-summary). Whether `guest` is on the list of session `occurrence`:
-- its own list if it has one, else its event's.
CREATE FUNCTION ritim_on_session_list(occurrence integer, guest integer) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN o.has_guest_override
    THEN EXISTS (SELECT 1 FROM occurrence_guests og WHERE og.occurrence_id = o.id AND og.user_id = guest)
    ELSE EXISTS (SELECT 1 FROM event_guests eg WHERE eg.event_id = o.event_id AND eg.user_id = guest) END
  FROM event_occurrences o WHERE o.id = occurrence
$$;
--> statement-breakpoint
-- A mark written: its session's start, event and whether it counts (not cancelled), and its list.
CREATE FUNCTION ritim_attendance_session() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  SELECT o.starts_at, o.event_id, o.status <> 'cancelled'
    INTO NEW.session_starts_at, NEW.session_event_id, NEW.session_counts
    FROM event_occurrences o WHERE o.id = NEW.occurrence_id;
  NEW.on_list := ritim_on_session_list(NEW.occurrence_id, NEW.guest_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER ritim_attendance_session BEFORE INSERT OR UPDATE OF occurrence_id, guest_id ON attendance
  FOR EACH ROW EXECUTE FUNCTION ritim_attendance_session();
--> statement-breakpoint
-- A session moved, cancelled or restored, given to another event, or given its own list: its marks follow.
CREATE FUNCTION ritim_attendance_follow_session() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE attendance
    SET session_starts_at = NEW.starts_at, session_event_id = NEW.event_id,
      session_counts = NEW.status <> 'cancelled', on_list = ritim_on_session_list(occurrence_id, guest_id)
    WHERE occurrence_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ritim_attendance_session AFTER UPDATE OF starts_at, event_id, status, has_guest_override ON event_occurrences
  FOR EACH ROW WHEN (OLD.starts_at IS DISTINCT FROM NEW.starts_at OR OLD.event_id IS DISTINCT FROM NEW.event_id
    OR OLD.status IS DISTINCT FROM NEW.status OR OLD.has_guest_override IS DISTINCT FROM NEW.has_guest_override)
  EXECUTE FUNCTION ritim_attendance_follow_session();
--> statement-breakpoint
-- A guest added to or taken off a list: their marks at its sessions follow. TG_ARGV: the list's
-- column naming its sessions and the mark's column it matches (an event's list: event_id and
-- session_event_id; a session's own list: occurrence_id and occurrence_id).
CREATE FUNCTION ritim_attendance_follow_list() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb;
BEGIN
  FOREACH changed IN ARRAY ARRAY[to_jsonb(OLD), to_jsonb(NEW)] LOOP
    CONTINUE WHEN changed IS NULL;
    EXECUTE format('UPDATE attendance SET on_list = ritim_on_session_list(occurrence_id, guest_id) '
      'WHERE %I = $1 AND guest_id = $2', TG_ARGV[1])
      USING (changed ->> TG_ARGV[0])::integer, (changed ->> 'user_id')::integer;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ritim_attendance_list AFTER INSERT OR UPDATE OR DELETE ON event_guests
  FOR EACH ROW EXECUTE FUNCTION ritim_attendance_follow_list('event_id', 'session_event_id');
--> statement-breakpoint
CREATE TRIGGER ritim_attendance_list AFTER INSERT OR UPDATE OR DELETE ON occurrence_guests
  FOR EACH ROW EXECUTE FUNCTION ritim_attendance_follow_list('occurrence_id', 'occurrence_id');
--> statement-breakpoint
UPDATE attendance a SET session_starts_at = o.starts_at, session_event_id = o.event_id,
  session_counts = o.status <> 'cancelled', on_list = ritim_on_session_list(a.occurrence_id, a.guest_id)
  FROM event_occurrences o WHERE o.id = a.occurrence_id;
