import { SESSION_NOTES_FORM_ID } from '@ritim/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { attendance, eventOccurrences, events, formSubmissions, users } from '../../../db/schema.js';
import { guestListOf } from '../rules.js';

/**
 * What is still to fill about a session (docs/domain.md#attendance), on `occurrence` (a row with
 * id, event_id and has_guest_override): a guest that counts (its own list, else its event's;
 * active) without an attendance mark or without a Session notes submission about them; a session
 * without such guests when it has no Session notes submission at all. Whether it started, and
 * that it is not cancelled, are the callers' conditions.
 */
export function toFillCondition(occurrence: SQL): SQL {
  const guests = sql`${guestListOf(occurrence)} guest_list join ${users} g on g.id = guest_list.user_id and g.status = 'active'`;
  const notes = sql`select 1 from ${formSubmissions} s
    where s.occurrence_id = ${occurrence}.id and s.form_id = ${SESSION_NOTES_FORM_ID}`;
  return sql`(exists (select 1 from ${guests}
      where not exists (select 1 from ${attendance} a where a.occurrence_id = ${occurrence}.id and a.guest_id = g.id)
        or not exists (${notes} and s.guest_id = g.id))
    or (not exists (select 1 from ${guests}) and not exists (${notes})))`;
}

/** A session still to fill, as the organiser's daily message names it. */
export interface ToFillSession {
  id: number;
  title: string;
  startsAt: Date;
  endsAt: Date;
  /** The event's zone (its organiser's), in which to show the times. */
  timezone: string;
}

/**
 * The sessions starting in [from, to) that are not cancelled and still to fill, per organiser
 * (active organisers only: nobody else is told), organisers by id and their sessions by start.
 * The daily organiser message reads it (docs/domain.md#attendance).
 */
export async function toFillByOrganiser(
  db: Pick<Db, 'execute'>,
  from: Date,
  to: Date,
): Promise<Array<{ organiserId: number; sessions: ToFillSession[] }>> {
  type Row = {
    organiserId: number;
    id: number;
    title: string;
    startsAt: string | Date;
    endsAt: string | Date;
    timezone: string;
  };
  const result =
    await db.execute<Row>(sql`select e.organiser_id as "organiserId", ${eventOccurrences.id} as id, e.title,
      ${eventOccurrences.startsAt} as "startsAt", ${eventOccurrences.endsAt} as "endsAt", e.timezone
    from ${eventOccurrences}
    join ${events} e on e.id = ${eventOccurrences.eventId}
    join ${users} organiser on organiser.id = e.organiser_id and organiser.status = 'active'
    where ${eventOccurrences.startsAt} >= ${from.toISOString()}::timestamptz
      and ${eventOccurrences.startsAt} < ${to.toISOString()}::timestamptz
      and ${eventOccurrences.status} <> 'cancelled'
      and ${toFillCondition(sql`${eventOccurrences}`)}
    order by e.organiser_id, ${eventOccurrences.startsAt}, ${eventOccurrences.id}`);
  const byOrganiser = new Map<number, ToFillSession[]>();
  for (const row of (result as { rows: Row[] }).rows) {
    const organiserId = Number(row.organiserId);
    const sessions = byOrganiser.get(organiserId) ?? [];
    sessions.push({
      id: Number(row.id),
      title: row.title,
      startsAt: new Date(row.startsAt),
      endsAt: new Date(row.endsAt),
      timezone: row.timezone,
    });
    byOrganiser.set(organiserId, sessions);
  }
  return [...byOrganiser].map(([organiserId, sessions]) => ({ organiserId, sessions }));
}
