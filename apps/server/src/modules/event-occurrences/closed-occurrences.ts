import { type SQL, sql } from 'drizzle-orm';
import {
  closures,
  eventOccurrences,
  events,
  formSubmissions,
  occurrenceCancellations,
} from '../../platform/db/schema.js';
import { dayStatus } from './approved-days.js';
import type { Executor, Tx } from '../../platform/db/client.js';

/*
 * Sessions made or moved inside a closure are cancelled too (docs/domain.md#closures): in the
 * statement or transaction that makes them, set-based, never a query per session.
 */

/**
 * The closure a session starting at `start`, organised by `organiserId` at `locationId`, falls in
 * (the oldest when several do), or null: an SQL expression over the caller's row.
 */
export const closureAt = (start: SQL, organiserId: SQL, locationId: SQL): SQL<number | null> =>
  sql<number | null>`(select c.id from ${closures} c
    where c.starts_from <= ${start} and ${start} < c.ends_before
      and (c.scope_kind = 'all' or c.location_id = ${locationId} or c.organiser_id = ${organiserId})
    order by c.id limit 1)`;

/**
 * The status a new session starting at `start` is stored with: cancelled inside a closure, else
 * its day's (approved on an approved day, approved-days.ts).
 */
export const newOccurrenceStatus = (start: SQL, organiserId: SQL, locationId: SQL): SQL =>
  sql`case when ${closureAt(start, organiserId, locationId)} is null then ${dayStatus(start)} else 'cancelled' end`;

/**
 * The body of a data-modifying CTE that writes the cancellations of the sessions a `seriesInsert`
 * CTE (`created`: id, event_id, starts_at, status) stored cancelled because they fall in a closure
 * (what Restore gives back is their day's status);
 * `source` is the from-item of their events (id, organiser_id, location_id) aliased `source`.
 */
export const closedCancellationsInsert = (created: SQL, source: SQL): SQL =>
  sql`insert into ${occurrenceCancellations} (occurrence_id, reason, previous_status, cancelled_by, closure_id)
    select created.id, c.title, ${dayStatus(sql`created.starts_at`)}, c.created_by, c.id
    from ${created} join ${source} on source.id = created.event_id
      join ${closures} c on c.id = ${closureAt(sql`created.starts_at`, sql`source.organiser_id`, sql`source.location_id`)}
    where created.status = 'cancelled'`;

/**
 * Cancels those of the sessions `ids` that now fall in a closure (after a move, or when another
 * closure is deleted), unless completed, cancelled already or with answers; the ids it cancelled.
 */
export function cancelClosedOccurrences(tx: Tx, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return cancelClosedWhere(tx, sql`o.id = any(${`{${ids.join(',')}}`}::integer[])`);
}

/**
 * As cancelClosedOccurrences, for an event's sessions starting at `from` or later: after an edit gives
 * them another organiser or location, or a split gives them another event.
 */
export async function cancelClosedOccurrencesOf(tx: Tx, eventId: number, from: Date): Promise<number> {
  const cancelled = await cancelClosedWhere(
    tx,
    sql`o.event_id = ${eventId} and o.starts_at >= ${from.toISOString()}::timestamptz`,
  );
  return cancelled.length;
}

async function cancelClosedWhere(tx: Tx, where: SQL): Promise<number[]> {
  const result = await tx.execute<{ id: number }>(sql`with target as (
      select o.id, o.status, c.id as closure_id, c.title, c.created_by
      from ${eventOccurrences} o join ${events} e on e.id = o.event_id
        join ${closures} c on c.id = ${closureAt(sql`o.starts_at`, sql`e.organiser_id`, sql`e.location_id`)}
      where ${where} and o.status in ('scheduled', 'approved')
        and not exists (select 1 from ${formSubmissions} s where s.occurrence_id = o.id)
      for update of o),
    written as (insert into ${occurrenceCancellations} (occurrence_id, reason, previous_status, cancelled_by, closure_id)
      select id, title, status, created_by, closure_id from target)
    update ${eventOccurrences} o set status = 'cancelled', updated_at = now() from target where o.id = target.id
    returning o.id`);
  return (result as { rows: { id: number }[] }).rows.map((row) => Number(row.id));
}

/**
 * The closed instants, [start, end), that apply to sessions of `organiserId` at `locationId` and
 * overlap [from, to): a session starting in one would be cancelled (the make-up proposals skip them).
 */
export async function closedSpans(
  db: Executor,
  from: Date,
  to: Date,
  organiserId: number,
  locationId: number,
): Promise<{ start: number; end: number }[]> {
  const rows = await db
    .select({ start: closures.startsFrom, end: closures.endsBefore })
    .from(closures)
    .where(
      sql`${closures.startsFrom} < ${to.toISOString()}::timestamptz and ${closures.endsBefore} > ${from.toISOString()}::timestamptz
        and (${closures.scopeKind} = 'all' or ${closures.locationId} = ${locationId} or ${closures.organiserId} = ${organiserId})`,
    );
  return rows.map((row) => ({ start: row.start.getTime(), end: row.end.getTime() }));
}

/** The closure a session of `organiserId` at `locationId` starting at `start` would fall in, or null. */
export async function closureOfStart(db: Executor, start: Date, organiserId: number, locationId: number) {
  const result = await db.execute<{ id: number | null }>(
    sql`select ${closureAt(sql`${start.toISOString()}::timestamptz`, sql`${organiserId}::integer`, sql`${locationId}::integer`)} as id`,
  );
  const id = (result as { rows: { id: number | null }[] }).rows[0]?.id;
  return id === null || id === undefined ? null : Number(id);
}
