import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { attendance, eventOccurrences, events, formSubmissions } from '../../platform/db/schema.js';
import { isOccurrenceGuest } from './rules.js';
import type { Executor } from '../../platform/db/client.js';

/**
 * One guest's sessions starting in [start, end), for their monthly report: those they were a guest
 * of (docs/domain.md#guests), each with the `notesField` answers of the submissions about them and
 * their attendance mark (null: unmarked). One query; the mark is a primary-key probe per session.
 */
export function guestOccurrencesBetween(db: Executor, guestId: number, start: Date, end: Date, notesField: string) {
  const notes = sql<string | null>`(select string_agg(s.data ->> ${notesField}, ' · ' order by s.form_id)
      from ${formSubmissions} s where s.occurrence_id = ${eventOccurrences.id} and s.guest_id = ${guestId}
        and coalesce(btrim(s.data ->> ${notesField}), '') <> '')`;
  return db
    .select({
      eventTitle: events.title,
      startsAt: eventOccurrences.startsAt,
      endsAt: eventOccurrences.endsAt,
      status: eventOccurrences.status,
      notes,
      attendance: attendance.status,
    })
    .from(eventOccurrences)
    .innerJoin(events, eq(events.id, eventOccurrences.eventId))
    .leftJoin(attendance, and(eq(attendance.occurrenceId, eventOccurrences.id), eq(attendance.guestId, guestId)))
    .where(and(gte(eventOccurrences.startsAt, start), lt(eventOccurrences.startsAt, end), isOccurrenceGuest(guestId)))
    .orderBy(asc(eventOccurrences.startsAt), asc(eventOccurrences.id));
}
