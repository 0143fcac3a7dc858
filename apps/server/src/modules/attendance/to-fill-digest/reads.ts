import { sql } from 'drizzle-orm';
import { eventOccurrences, events, users } from '../../../platform/db/schema.js';
import { idArray } from '../../users/active-guests.js';
import { toFillCondition, organiserOf } from '../../event-occurrences/index.js';
import type { Executor } from '../../../platform/db/client.js';

/** Someone the daily digest of sessions still to fill may go to: an active user organising an event. */
export interface DigestOrganiser {
  id: number;
  username: string;
  name: string | null;
  surname: string | null;
  email: string | null;
  phone: string | null;
  timezone: string;
  language: string;
}

/** A session still to fill, as the digest lists it. */
export interface ToFillOccurrence {
  id: number;
  organiserId: number;
  title: string;
  startsAt: Date;
}

/** The active users who organise at least one event or cover a session, with their zone, language and addresses. */
export async function digestOrganisers(db: Executor): Promise<DigestOrganiser[]> {
  const result = await db.execute(sql`select u.id, u.username, u.name, u.surname, u.email, u.phone, u.timezone,
      u.language
    from ${users} u
    where u.status = 'active' and (exists (select 1 from ${events} e where e.organiser_id = u.id)
      or exists (select 1 from ${eventOccurrences} o where o.cover_organiser_id = u.id))
    order by u.id`);
  return (result as { rows: DigestOrganiser[] }).rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/**
 * The sessions `organiserIds` organise (`organiserOf`: their events' unless covered, and those they cover) starting in [from, to) that are still to fill
 * (`toFillCondition`, docs/domain.md#attendance): started by `now` and not cancelled. One query,
 * by organiser then start.
 */
export async function toFillOccurrencesOf(
  db: Executor,
  organiserIds: readonly number[],
  from: Date,
  to: Date,
  now: Date,
): Promise<ToFillOccurrence[]> {
  if (organiserIds.length === 0) return [];
  const organiser = organiserOf(sql`${eventOccurrences}`, sql`e`);
  const result = await db.execute(sql`select ${eventOccurrences.id} as id, ${organiser} as "organiserId", e.title,
      ${eventOccurrences.startsAt} as "startsAt"
    from ${eventOccurrences} join ${events} e on e.id = ${eventOccurrences.eventId}
    where ${organiser} = any(${idArray(organiserIds)}::integer[])
      and ${eventOccurrences.startsAt} >= ${from.toISOString()}::timestamptz
      and ${eventOccurrences.startsAt} < ${to.toISOString()}::timestamptz
      and ${eventOccurrences.startsAt} <= ${now.toISOString()}::timestamptz
      and ${eventOccurrences.status} <> 'cancelled'
      and ${toFillCondition(sql`${eventOccurrences}`)}
    order by 2, ${eventOccurrences.startsAt}, ${eventOccurrences.id}`);
  return (result as { rows: (Omit<ToFillOccurrence, 'startsAt'> & { startsAt: Date | string })[] }).rows.map((row) => ({
    id: Number(row.id),
    organiserId: Number(row.organiserId),
    title: row.title,
    startsAt: new Date(row.startsAt),
  }));
}
