import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { eventOccurrences, events } from '../../platform/db/schema.js';
import { isoInstant } from '../../lib/json-column.js';

/* What other modules' selects read of occurrences: an event's next one, the one a message log refers to. */

/** An event's next occurrence from now, as a column of a select on `events` (one index probe per row). */
export const nextStartOf = (eventId: AnyPgColumn) =>
  sql<string | null>`(select to_json(min(o.starts_at)) #>> '{}' from ${eventOccurrences} o
    where o.event_id = ${eventId} and o.starts_at >= now())`;

/**
 * The occurrence a row refers to by `occurrenceId`, as one JSON column: `{id, occurrenceDate,
 * event: {id, title, timezone}}`, or null.
 */
export const occurrenceRefOf = (occurrenceId: AnyPgColumn) =>
  sql<{ id: number; occurrenceDate: string; event: { id: number; title: string; timezone: string } } | null>`(
    select json_build_object('id', o.id,
      'occurrenceDate', ${isoInstant(sql`o.starts_at`)},
      'event', json_build_object('id', e.id, 'title', e.title, 'timezone', e.timezone))
    from ${eventOccurrences} o join ${events} e on e.id = o.event_id where o.id = ${occurrenceId})`;

/** The title of the event of the occurrence `occurrenceId` refers to ('' when none), for searching. */
export const eventTitleOf = (occurrenceId: AnyPgColumn) =>
  sql<string>`coalesce((select e.title from ${eventOccurrences} o join ${events} e on e.id = o.event_id
    where o.id = ${occurrenceId}), '')`;

/**
 * Whether `occurrenceId` refers to an occurrence starting within `range`, a `tstzrange` value
 * (`[from,to)`, bound once as a placeholder).
 */
export const startsWithin = (occurrenceId: AnyPgColumn, range: unknown) =>
  sql`${occurrenceId} in (select o.id from ${eventOccurrences} o
    where o.starts_at >= lower(cast(${range} as tstzrange)) and o.starts_at < upper(cast(${range} as tstzrange)))`;

/** Planned sessions to check for clashes: half-open [start, end) intervals and who/where they book. */
