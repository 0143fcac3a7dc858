import type { AttendanceStatus, Currency } from '@ritim/shared';
import { sql } from 'drizzle-orm';
import { attendance, eventOccurrences, events, users } from '../../platform/db/schema.js';
import { guestsAmong, personNameSql } from '../event-occurrences/index.js';
import type { Executor } from '../../platform/db/client.js';

/** One guest at one priced session, with their mark (null: not marked yet), as billing reads it. */
export interface PricedPair {
  occurrenceId: number;
  eventId: number;
  guestId: number;
  guestName: string;
  startsAt: Date;
  title: string;
  status: AttendanceStatus | null;
  /** The event's price now (minor units). */
  amount: number;
  currency: Currency;
}

/**
 * The (session, guest) pairs billing charges from (docs/domain.md#billing), in one query: the
 * sessions that start in [from, to), are not cancelled and whose event has a price; their guests
 * being the active guests on their list (its own, else its event's) and anyone marked at them (a
 * mark is what happened, even for a guest who has left since); each with their mark or none. By
 * start, session and guest.
 */
export async function pricedPairs(db: Executor, range: { from: Date; to: Date }): Promise<PricedPair[]> {
  const result = await db.execute(sql`with sessions as (
      select o.id, o.event_id, o.has_guest_override, o.starts_at, e.title, e.price_amount, e.price_currency
      from ${eventOccurrences} o join ${events} e on e.id = o.event_id
      where o.starts_at >= ${range.from.toISOString()}::timestamptz and o.starts_at < ${range.to.toISOString()}::timestamptz
        and o.status <> 'cancelled' and e.price_amount is not null
    ), pairs as (
      select listed.occurrence_id, listed.user_id from ${guestsAmong(sql`sessions`)} listed
        join ${users} u on u.id = listed.user_id and u.status = 'active'
      union
      select a.occurrence_id, a.guest_id from ${attendance} a where a.occurrence_id in (select id from sessions)
    )
    select p.occurrence_id as "occurrenceId", s.event_id as "eventId", p.user_id as "guestId",
      ${personNameSql(sql`g`)} as "guestName", to_json(s.starts_at) #>> '{}' as "startsAt", s.title, a.status,
      s.price_amount as amount, s.price_currency as currency
    from pairs p join sessions s on s.id = p.occurrence_id join ${users} g on g.id = p.user_id
    left join ${attendance} a on a.occurrence_id = p.occurrence_id and a.guest_id = p.user_id
    order by s.starts_at, s.id, p.user_id`);
  type Row = Omit<PricedPair, 'startsAt'> & { startsAt: string };
  return (result as { rows: Row[] }).rows.map((row) => ({
    ...row,
    occurrenceId: Number(row.occurrenceId),
    eventId: Number(row.eventId),
    guestId: Number(row.guestId),
    amount: Number(row.amount),
    startsAt: new Date(row.startsAt),
  }));
}
