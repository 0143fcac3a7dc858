import { and, asc, eq, gte, inArray, lt, ne, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../platform/db/client.js';
import { eventOccurrences, events } from '../../platform/db/schema.js';
import { statisticsOf } from '../../platform/db/statistics.js';
import { excludeStart } from '../../recurrence/rule-text.js';
import { cancelClosedOccurrencesOf, closedCancellationsInsert, newOccurrenceStatus } from './closed-occurrences.js';
import { hasHistory } from './rules.js';

/**
 * An event's series of stored occurrences: generating it (again), the slots that leave it for good
 * (EXDATE), and a split's "this and following".
 */
export class SeriesRepository {
  constructor(private readonly db: Db) {}

  /**
   * Adds an EXDATE for the slot an occurrence leaves (deleted or moved away) to its event's rule,
   * so neither regeneration nor the horizon job brings it back.
   */
  async excludeSlot(tx: Tx, event: { id: number; rrule: string; timezone: string }, start: Date): Promise<void> {
    await tx
      .update(events)
      .set({ rrule: excludeStart(event.rrule, event.timezone, start), updatedAt: sql`now()` })
      .where(eq(events.id, event.id));
  }

  /**
   * Inserts a series' occurrences in one statement whatever their number (the starts travel as
   * one array parameter), skipping those that exist (unique (event_id, starts_at)); how many were new.
   */
  async insertSeries(db: Executor, eventId: number, starts: readonly Date[], durationMs: number): Promise<number> {
    if (starts.length === 0) return 0;
    const result = await db.execute<{
      created: number;
    }>(sql`with source as (select id, organiser_id, location_id from ${events} where id = ${eventId}),
      created as (${seriesInsert(sql`source`, starts, durationMs)}),
      closed as (${closedCancellationsInsert(sql`created`, sql`source`)})
      select cast(count(*) as integer) as created from created`);
    const created = Number((result as { rows: { created: number }[] }).rows[0]?.created ?? 0);
    this.noteSeries(created);
    return created;
  }

  /** After a statement with `seriesInsert` stored `created` occurrences. */
  noteSeries(created: number): void {
    // Thousands of new rows leave the planner's statistics behind: ANALYZE soon (platform/db/statistics.ts).
    statisticsOf(this.db).noteWrites(eventOccurrences, created);
  }

  /**
   * Before a series is generated again: drops what the old rule made and nobody touched since
   * (from `now` on, not moved by hand, not cancelled, without history). Everything else is kept: a
   * cancelled session stays cancelled where it was (docs/domain.md#cancellation).
   */
  async dropRegenerable(tx: Tx, eventId: number, now: Date): Promise<void> {
    await tx
      .delete(eventOccurrences)
      .where(
        and(
          eq(eventOccurrences.eventId, eventId),
          gte(eventOccurrences.startsAt, now),
          eq(eventOccurrences.moved, false),
          ne(eventOccurrences.status, 'cancelled'),
          sql`not ${hasHistory}`,
        ),
      );
  }

  /** An archived event keeps its past and its history; its future without history goes. */
  async dropFutureWithoutHistory(tx: Tx, eventId: number, now: Date): Promise<void> {
    await tx
      .delete(eventOccurrences)
      .where(and(eq(eventOccurrences.eventId, eventId), gte(eventOccurrences.startsAt, now), sql`not ${hasHistory}`));
  }

  /** Which of `starts` are those of the event's cancelled sessions (the edit form's preview marks them). */
  async cancelledAmong(db: Executor, eventId: number, starts: readonly Date[]): Promise<Set<number>> {
    if (starts.length === 0) return new Set();
    const rows = await db
      .select({ startsAt: eventOccurrences.startsAt })
      .from(eventOccurrences)
      .where(
        and(
          eq(eventOccurrences.eventId, eventId),
          eq(eventOccurrences.status, 'cancelled'),
          inArray(eventOccurrences.startsAt, [...starts]),
        ),
      );
    return new Set(rows.map((row) => row.startsAt.getTime()));
  }

  /** Whether an event has anything to keep: an occurrence in the past, or one with history. */
  async eventHasHistory(tx: Tx, eventId: number, now: Date): Promise<boolean> {
    const [history] = await tx
      .select({ id: eventOccurrences.id })
      .from(eventOccurrences)
      .where(and(eq(eventOccurrences.eventId, eventId), sql`(${eventOccurrences.startsAt} < ${now} or ${hasHistory})`))
      .limit(1);
    return !!history;
  }

  /** An occurrence's event and start (where a series is split), or undefined when it does not exist. */
  async startOf(db: Executor, id: number): Promise<{ id: number; eventId: number; startsAt: Date } | undefined> {
    const [row] = await db
      .select({ id: eventOccurrences.id, eventId: eventOccurrences.eventId, startsAt: eventOccurrences.startsAt })
      .from(eventOccurrences)
      .where(eq(eventOccurrences.id, id));
    return row;
  }

  /** The event's first occurrence from `start` on that has history (what blocks a split there). */
  async firstWithHistoryFrom(db: Executor, eventId: number, start: Date) {
    const [row] = await db
      .select({ id: eventOccurrences.id, startsAt: eventOccurrences.startsAt })
      .from(eventOccurrences)
      .where(and(eq(eventOccurrences.eventId, eventId), gte(eventOccurrences.startsAt, start), sql`${hasHistory}`))
      .orderBy(asc(eventOccurrences.startsAt), asc(eventOccurrences.id))
      .limit(1);
    return row;
  }

  /** Whether the event has an occurrence starting before `start`. */
  async anyBefore(db: Executor, eventId: number, start: Date): Promise<boolean> {
    const [row] = await db
      .select({ id: eventOccurrences.id })
      .from(eventOccurrences)
      .where(and(eq(eventOccurrences.eventId, eventId), lt(eventOccurrences.startsAt, start)))
      .limit(1);
    return !!row;
  }

  /**
   * A series split: the event's occurrences from `start` on go to `toEventId` as they are (ids,
   * status, own guest lists, moved marks); how many moved.
   */
  /**
   * The event's sessions from `from` on that now fall in a closure are cancelled
   * (docs/domain.md#closures): after their event's organiser or location changed, or a split gave
   * them another event. How many it cancelled.
   */
  cancelClosedFrom(tx: Tx, eventId: number, from: Date): Promise<number> {
    return cancelClosedOccurrencesOf(tx, eventId, from);
  }

  async moveFrom(tx: Tx, fromEventId: number, toEventId: number, start: Date): Promise<number> {
    const moved = await tx
      .update(eventOccurrences)
      .set({ eventId: toEventId, updatedAt: sql`now()` })
      .where(and(eq(eventOccurrences.eventId, fromEventId), gte(eventOccurrences.startsAt, start)))
      .returning({ id: eventOccurrences.id });
    return moved.length;
  }

  /**
   * Fits an event's occurrences from `from` on to its series `starts`: those the rule made and
   * nobody touched (not moved, not cancelled, without history) go unless their start is still a slot, and the
   * ones that stay take the series' duration. insertSeries then adds the missing slots.
   */
  async fitToSeries(tx: Tx, eventId: number, from: Date, starts: readonly Date[], durationMs: number): Promise<void> {
    const array = seriesStarts(starts);
    const untouched = and(
      eq(eventOccurrences.eventId, eventId),
      gte(eventOccurrences.startsAt, from),
      eq(eventOccurrences.moved, false),
      ne(eventOccurrences.status, 'cancelled'),
      sql`not ${hasHistory}`,
    );
    await tx
      .delete(eventOccurrences)
      .where(and(untouched, sql`${eventOccurrences.startsAt} <> all(${array}::timestamptz[])`));
    await tx
      .update(eventOccurrences)
      .set({ endsAt: sql`${eventOccurrences.startsAt} + ${durationMs} * interval '1 millisecond'` })
      .where(
        and(
          untouched,
          sql`${eventOccurrences.endsAt} <> ${eventOccurrences.startsAt} + ${durationMs} * interval '1 millisecond'`,
        ),
      );
  }
}

/**
 * insertSeries's insert, for a statement that creates its event too (events/service.ts, create): a
 * data-modifying CTE body that stores `starts` for each event `source` yields (a from-item aliased
 * `source` with `id`, `organiser_id` and `location_id` columns, e.g. the CTE that inserted the
 * event), one row (`id`, `event_id`, `starts_at`, `status`) per new occurrence. A session inside a
 * closure is stored cancelled: the statement must also write its cancellation with
 * `closedCancellationsInsert` (docs/domain.md#closures). The caller then calls `noteSeries` with
 * their number.
 */
export function seriesInsert(
  source: SQL,
  starts: readonly Date[] | Placeholder,
  durationMs: number | Placeholder,
): SQL {
  const array = Array.isArray(starts) ? seriesStarts(starts) : starts;
  return sql`insert into ${eventOccurrences} (event_id, starts_at, ends_at, status)
    select source.id, s, s + ${durationMs}::float8 * interval '1 millisecond',
      ${newOccurrenceStatus(sql`s`, sql`source.organiser_id`, sql`source.location_id`)}
    from ${source}, unnest(${array}::timestamptz[]) as s
    on conflict (event_id, starts_at) do nothing
    returning id, event_id, starts_at, status`;
}

/** The starts as the text of one `timestamptz[]` parameter of `seriesInsert`. */
export const seriesStarts = (starts: readonly Date[]): string =>
  `{${starts.map((start) => start.toISOString()).join(',')}}`;
