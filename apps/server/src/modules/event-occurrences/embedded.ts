import type { AttendanceEntry, MakeupOf, OccurrenceCancellation, OccurrenceCover, RsvpResponse } from '@ritim/shared';
import { type SQL, sql } from 'drizzle-orm';
import {
  attendance,
  eventOccurrences,
  occurrenceCancellations,
  occurrenceCovers,
  occurrenceMakeups,
  rsvps,
  users,
} from '../../platform/db/schema.js';
import { isoInstant } from '../../lib/json-column.js';

/**
 * What an occurrence's reads embed from the features beside it (docs/architecture.md#layers): the
 * marks, the cancellation, the cover, the make-ups and the answers of one occurrence, each one
 * JSON value in the API's shape, computed in the read's own statement.
 */
/** A person as the attendance API names them: "Name Surname", else the username. */
export const personNameSql = (user: SQL) =>
  sql<string>`coalesce(nullif(btrim(concat_ws(' ', ${user}.name, ${user}.surname)), ''), ${user}.username)`;

/**
 * The marks of the session `occurrenceId` (an SQL expression: a parameter, or the row in scope of
 * a list) as one JSON array in guest name order, in the API's shape (docs/domain.md#attendance).
 * `onlyGuest` keeps a guest's view to their own mark, without its note: notes are staff's.
 */
export function attendanceJson(occurrenceId: SQL, onlyGuest?: unknown): SQL<AttendanceEntry[] | string> {
  const whose = onlyGuest === undefined ? sql`` : sql` and a.guest_id = ${onlyGuest}`;
  const note = onlyGuest === undefined ? sql`a.note` : sql`null`;
  return sql<AttendanceEntry[] | string>`(select coalesce(json_agg(json_build_object('guestId', a.guest_id,
      'status', a.status, 'note', ${note},
      'markedBy', case when m.id is null then null else json_build_object('id', m.id, 'name', ${personNameSql(sql`m`)}) end,
      'markedAt', ${isoInstant(sql`a.marked_at`)})
      order by g.name, g.surname, a.guest_id), '[]'::json)
    from ${attendance} a join ${users} g on g.id = a.guest_id left join ${users} m on m.id = a.marked_by
    where a.occurrence_id = ${occurrenceId}${whose})`;
}

/**
 * The cancellation of the session `occurrenceId` (an SQL expression: a parameter, or the row in
 * scope of a list) as one JSON object in the API's shape, or null (docs/domain.md#cancellation).
 */
export function cancellationJson(occurrenceId: SQL): SQL<OccurrenceCancellation | string | null> {
  return sql<OccurrenceCancellation | string | null>`(select json_build_object('reason', c.reason,
      'at', ${isoInstant(sql`c.cancelled_at`)},
      'by', case when u.id is null then null else json_build_object('id', u.id, 'name', ${personNameSql(sql`u`)}) end)
    from ${occurrenceCancellations} c left join ${users} u on u.id = c.cancelled_by
    where c.occurrence_id = ${occurrenceId})`;
}

/**
 * The cover of the session `occurrenceId` (an SQL expression: a parameter, or the row in scope of
 * a list) as one JSON object in the API's shape, or null.
 */
export function coverJson(occurrenceId: SQL): SQL<OccurrenceCover | string | null> {
  return sql<OccurrenceCover | string | null>`(select json_build_object(
      'organiser', json_build_object('id', s.id, 'name', ${personNameSql(sql`s`)}),
      'originalOrganiser', json_build_object('id', g.id, 'name', ${personNameSql(sql`g`)}),
      'by', case when b.id is null then null else json_build_object('id', b.id, 'name', ${personNameSql(sql`b`)}) end,
      'at', ${isoInstant(sql`c.covered_at`)})
    from ${occurrenceCovers} c join ${users} s on s.id = c.organiser_id join ${users} g on g.id = c.original_organiser_id
      left join ${users} b on b.id = c.covered_by
    where c.occurrence_id = ${occurrenceId})`;
}

/**
 * The make-up link of the session `occurrence` (a row or relation with `id` and `moved`) as one
 * JSON object in the API's shape, or null. A make-up is always stored `moved` (it is off the
 * rule), so the lookup runs only for the few moved sessions.
 */
export function makeupJson(occurrence: SQL): SQL<MakeupOf | string | null> {
  return sql<MakeupOf | string | null>`case when ${occurrence}.moved then
    (select json_build_object('occurrenceId', m.of_occurrence_id, 'guestId', m.guest_id)
      from ${occurrenceMakeups} m where m.occurrence_id = ${occurrence}.id) end`;
}

/** A guest's booked make-up as a read carries it. */
export interface BookedMakeupJson {
  guestId: number;
  occurrenceId: number;
  startsAt: string;
}

/**
 * The make-ups booked for the guests of the session `occurrenceId` (an SQL expression), cancelled
 * ones left out, as one JSON array; `onlyGuest` keeps a guest's view to their own.
 */
export function bookedMakeupsJson(occurrenceId: SQL, onlyGuest?: unknown): SQL<BookedMakeupJson[] | string> {
  const whose = onlyGuest === undefined ? sql`` : sql` and m.guest_id = ${onlyGuest}`;
  return sql<BookedMakeupJson[] | string>`(select coalesce(json_agg(json_build_object('guestId', m.guest_id,
      'occurrenceId', m.occurrence_id,
      'startsAt', ${isoInstant(sql`o.starts_at`)})), '[]'::json)
    from ${occurrenceMakeups} m join ${eventOccurrences} o on o.id = m.occurrence_id
    where m.of_occurrence_id = ${occurrenceId} and o.status <> 'cancelled'${whose})`;
}

/** A guest's answer as a read carries it. */
export interface RsvpAnswerJson {
  guestId: number;
  response: RsvpResponse;
}

/**
 * The answers given through the guests' links to the session `occurrenceId` (an SQL expression)
 * as one JSON array (docs/domain.md#rsvp); `onlyGuest` keeps a guest's view to their own.
 */
export function rsvpJson(occurrenceId: SQL, onlyGuest?: unknown): SQL<RsvpAnswerJson[] | string> {
  const whose = onlyGuest === undefined ? sql`` : sql` and r.guest_id = ${onlyGuest}`;
  return sql<RsvpAnswerJson[] | string>`(select coalesce(json_agg(json_build_object('guestId', r.guest_id,
      'response', r.response)), '[]'::json)
    from ${rsvps} r where r.occurrence_id = ${occurrenceId} and r.response is not null${whose})`;
}
