import type { Closure, ClosureKeptReason, ClosureListQuery, ClosureScope } from '@ritim/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../platform/db/client.js';
import {
  closures,
  eventOccurrences,
  events,
  formSubmissions,
  locations,
  occurrenceCancellations,
  users,
} from '../../platform/db/schema.js';
import { isoInstant } from '../../lib/json-column.js';
import { personNameSql } from '../event-occurrences/index.js';

/** A closure's days as stored: the chosen days in their zone and the instants they cover, [startsFrom, endsBefore). */
export interface ClosureDays {
  title: string;
  from: string;
  to: string;
  timezone: string;
  startsFrom: Date;
  endsBefore: Date;
  scope: ClosureScope;
}

/** A session inside a closure's days and scope that is not cancelled yet. */
export interface ClosedOccurrence {
  occurrenceId: number;
  eventId: number;
  title: string;
  startsAt: string;
  /** Why it stays as it is (completed, or with answers), else undefined: it is cancelled. */
  kept: ClosureKeptReason | undefined;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A session's event matches the scope (an SQL condition on `e`, the events row). */
const inScope = (scope: ClosureScope): SQL =>
  scope.kind === 'all'
    ? sql`true`
    : scope.kind === 'location'
      ? sql`e.location_id = ${scope.id}`
      : sql`e.organiser_id = ${scope.id}`;

const closureRow = sql`c.id, c.title, to_char(c.from_day, 'YYYY-MM-DD') as "from", to_char(c.to_day, 'YYYY-MM-DD') as "to",
  c.timezone, c.scope_kind as "scopeKind", coalesce(c.location_id, c.organiser_id) as "scopeId",
  coalesce(l.name, ${personNameSql(sql`u`)}) as "scopeName",
  (select cast(count(*) as integer) from ${occurrenceCancellations} x where x.closure_id = c.id) as "cancelledCount"`;
const closureJoins = sql`${closures} c left join ${locations} l on l.id = c.location_id left join ${users} u on u.id = c.organiser_id`;

interface ClosureRow {
  id: number;
  title: string;
  from: string;
  to: string;
  timezone: string;
  scopeKind: ClosureScope['kind'];
  scopeId: number | null;
  scopeName: string | null;
  cancelledCount: number;
}

const toClosure = (row: ClosureRow): Closure => ({
  id: row.id,
  title: row.title,
  from: row.from,
  to: row.to,
  timezone: row.timezone,
  scope:
    row.scopeKind === 'all'
      ? { kind: 'all' }
      : { kind: row.scopeKind, id: row.scopeId!, ...(row.scopeName === null ? {} : { name: row.scopeName }) },
  cancelledCount: Number(row.cancelledCount),
});

/**
 * Closures' rows and what they do to sessions (docs/domain.md#closures): the sessions in a range
 * and scope, cancelling them with the closure's title, and restoring what a closure cancelled.
 */
export class ClosureRepository {
  constructor(private readonly db: Db) {}

  /** Whether the scope's location or organiser (an editor or admin) exists. */
  async scopeExists(db: Executor, scope: ClosureScope): Promise<boolean> {
    if (scope.kind === 'all') return true;
    const found =
      scope.kind === 'location'
        ? sql`exists (select 1 from ${locations} where id = ${scope.id})`
        : sql`exists (select 1 from ${users} where id = ${scope.id} and role in ('admin', 'editor'))`;
    const [row] = rowsOf<{ found: boolean }>(await db.execute(sql`select ${found} as found`));
    return !!row?.found;
  }

  async insert(tx: Tx, days: ClosureDays, createdBy: number): Promise<number> {
    const [row] = await tx
      .insert(closures)
      .values({
        title: days.title,
        fromDay: days.from,
        toDay: days.to,
        timezone: days.timezone,
        startsFrom: days.startsFrom,
        endsBefore: days.endsBefore,
        scopeKind: days.scope.kind,
        locationId: days.scope.kind === 'location' ? days.scope.id : null,
        organiserId: days.scope.kind === 'organiser' ? days.scope.id : null,
        createdBy,
      })
      .returning({ id: closures.id });
    return row!.id;
  }

  /**
   * The sessions starting in [startsFrom, endsBefore) whose event is in `scope` and that are not
   * cancelled, by start, each with why it is kept (completed, answers) if it is. With `lock`, FOR
   * UPDATE (in the transaction that closes them).
   */
  async sessionsIn(db: Executor, days: ClosureDays, lock = false): Promise<ClosedOccurrence[]> {
    return rowsOf<ClosedOccurrence>(
      await db.execute(sql`select o.id as "occurrenceId", o.event_id as "eventId", e.title,
          ${isoInstant(sql`o.starts_at`)} as "startsAt",
          case when o.status = 'completed' then 'completed'
            when exists (select 1 from ${formSubmissions} s where s.occurrence_id = o.id) then 'hasAnswers' end as kept
        from ${eventOccurrences} o join ${events} e on e.id = o.event_id
        where o.starts_at >= ${days.startsFrom.toISOString()}::timestamptz and o.starts_at < ${days.endsBefore.toISOString()}::timestamptz
          and o.status <> 'cancelled' and ${inScope(days.scope)}
        order by o.starts_at, o.id
        ${lock ? sql`for update of o` : sql``}`),
    ).map((row) => ({ ...row, kept: row.kept ?? undefined }));
  }

  /**
   * The sessions `ids` (not cancelled, locked) become cancelled by the closure, with its title as
   * the reason: each one's cancellation id (what a cancellation message is keyed by).
   */
  async cancel(
    tx: Tx,
    closureId: number,
    ids: readonly number[],
    by: number,
  ): Promise<{ occurrenceId: number; cancellationId: number }[]> {
    if (ids.length === 0) return [];
    return rowsOf<{ occurrenceId: number; cancellationId: number }>(
      await tx.execute(sql`with target as (
          select o.id, o.status from ${eventOccurrences} o
          where o.id = any(${`{${ids.join(',')}}`}::integer[]) and o.status in ('scheduled', 'approved')),
        written as (insert into ${occurrenceCancellations} (occurrence_id, reason, previous_status, cancelled_by, closure_id)
          select target.id, c.title, target.status, ${by}, c.id from target, ${closures} c where c.id = ${closureId}
          returning occurrence_id, id),
        updated as (update ${eventOccurrences} o set status = 'cancelled', updated_at = now() from target where o.id = target.id)
        select occurrence_id as "occurrenceId", id as "cancellationId" from written order by occurrence_id`),
    ).map((row) => ({ occurrenceId: Number(row.occurrenceId), cancellationId: Number(row.cancellationId) }));
  }

  /**
   * Deletes the closure: the sessions it cancelled and that are still cancelled by it take back the
   * status they had; those restored, each with the cancellation removed (what a message about it is
   * keyed by), or undefined when the closure does not exist.
   */
  async remove(tx: Tx, closureId: number): Promise<{ occurrenceId: number; cancellationId: number }[] | undefined> {
    const [closure] = rowsOf<{ id: number }>(
      await tx.execute(sql`select id from ${closures} where id = ${closureId} for update`),
    );
    if (!closure) return undefined;
    const restored = rowsOf<{ occurrenceId: number; cancellationId: number }>(
      await tx.execute(sql`with removed as (
          delete from ${occurrenceCancellations} where closure_id = ${closureId}
          returning id, occurrence_id, previous_status)
        update ${eventOccurrences} o set status = removed.previous_status, updated_at = now()
        from removed where o.id = removed.occurrence_id and o.status = 'cancelled'
        returning o.id as "occurrenceId", removed.id as "cancellationId"`),
    ).map((row) => ({ occurrenceId: Number(row.occurrenceId), cancellationId: Number(row.cancellationId) }));
    await tx.execute(sql`delete from ${closures} where id = ${closureId}`);
    return restored;
  }

  async find(db: Executor, id: number): Promise<Closure | undefined> {
    const [row] = rowsOf<ClosureRow>(
      await db.execute(sql`select ${closureRow} from ${closureJoins} where c.id = ${id}`),
    );
    return row && toClosure(row);
  }

  /** GET /api/closures: a page by first day (newest first unless `sort=from`), searched by title. */
  async list(query: ClosureListQuery): Promise<{ closures: Closure[]; totalCount: number }> {
    const search = query.q ? sql`c.title ilike ${`%${query.q.replace(/[\\%_]/g, '\\$&')}%`}` : sql`true`;
    const order = query.sort === 'from' ? sql`c.from_day asc, c.id asc` : sql`c.from_day desc, c.id desc`;
    const rows = rowsOf<ClosureRow & { totalCount: number }>(
      await this.db.execute(sql`select ${closureRow}, cast(count(*) over () as integer) as "totalCount"
        from ${closureJoins} where ${search} order by ${order} limit ${query.limit} offset ${query.offset}`),
    );
    let totalCount = Number(rows[0]?.totalCount ?? 0);
    if (rows.length === 0 && query.offset > 0) {
      const [count] = rowsOf<{ n: number }>(
        await this.db.execute(sql`select cast(count(*) as integer) as n from ${closures} c where ${search}`),
      );
      totalCount = Number(count?.n ?? 0);
    }
    return { closures: rows.map(toClosure), totalCount };
  }
}
