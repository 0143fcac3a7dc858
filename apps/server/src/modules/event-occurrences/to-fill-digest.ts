import { SESSION_NOTES_FORM_ID } from '@ritim/shared';
import { sql } from 'drizzle-orm';
import { attendance, eventOccurrences, events, formSubmissions, users } from '../../db/schema.js';
import { idArray } from '../users/active-guests.js';
import type { Executor } from './columns.js';
import { guestsAmong } from './rules.js';

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
export interface ToFillSession {
  id: number;
  organiserId: number;
  title: string;
  startsAt: Date;
}

/** The active users who organise at least one event, with their zone, language and addresses. */
export async function digestOrganisers(db: Executor): Promise<DigestOrganiser[]> {
  const result = await db.execute(sql`select u.id, u.username, u.name, u.surname, u.email, u.phone, u.timezone,
      u.language
    from ${users} u
    where u.status = 'active' and exists (select 1 from ${events} e where e.organiser_id = u.id)
    order by u.id`);
  return (result as { rows: DigestOrganiser[] }).rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/**
 * The sessions of `organiserIds`' events starting in [from, to) that are still to fill: started by
 * `now` and not cancelled, with a guest that counts (the session's own list, else its event's;
 * active users: docs/domain.md#guests) who has no attendance mark or no Session notes about them,
 * or, for a session without guests, no Session notes at all. One query, by organiser then start.
 */
export async function toFillSessionsOf(
  db: Executor,
  organiserIds: readonly number[],
  from: Date,
  to: Date,
  now: Date,
): Promise<ToFillSession[]> {
  if (organiserIds.length === 0) return [];
  const result = await db.execute(sql`with s as materialized (
      select o.id, o.event_id, o.has_guest_override, o.starts_at, e.organiser_id, e.title
      from ${eventOccurrences} o join ${events} e on e.id = o.event_id
      where e.organiser_id = any(${idArray(organiserIds)}::integer[])
        and o.starts_at >= ${from.toISOString()}::timestamptz and o.starts_at < ${to.toISOString()}::timestamptz
        and o.starts_at <= ${now.toISOString()}::timestamptz and o.status <> 'cancelled'),
    g as (
      select guest.occurrence_id, guest.user_id
      from ${guestsAmong(sql`s`)} guest join ${users} u on u.id = guest.user_id and u.status = 'active')
    select s.id, s.organiser_id as "organiserId", s.title, s.starts_at as "startsAt"
    from s
    where exists (select 1 from g where g.occurrence_id = s.id
        and (not exists (select 1 from ${attendance} a where a.occurrence_id = s.id and a.guest_id = g.user_id)
          or not exists (select 1 from ${formSubmissions} f
            where f.occurrence_id = s.id and f.form_id = ${SESSION_NOTES_FORM_ID} and f.guest_id = g.user_id)))
      or (not exists (select 1 from g where g.occurrence_id = s.id)
        and not exists (select 1 from ${formSubmissions} f
          where f.occurrence_id = s.id and f.form_id = ${SESSION_NOTES_FORM_ID}))
    order by s.organiser_id, s.starts_at, s.id`);
  return (result as { rows: (Omit<ToFillSession, 'startsAt'> & { startsAt: Date | string })[] }).rows.map((row) => ({
    id: Number(row.id),
    organiserId: Number(row.organiserId),
    title: row.title,
    startsAt: new Date(row.startsAt),
  }));
}
