import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.js';
import {
  attendance,
  eventGuests,
  eventOccurrences,
  events,
  formSubmissions,
  messageLogs,
  occurrenceCancellations,
  occurrenceGuests,
  occurrenceMakeups,
  users,
} from '../../platform/db/schema.js';
import { auditInsertFrom } from '../../platform/audit/record.js';
import { isOccurrenceGuest, occurrenceOrganiserId } from './rules.js';
import { dayStatus } from './approved-days.js';
import { isoInstant } from '../../lib/json-column.js';

/**
 * The changes to one occurrence or a day of them: its status (approve, complete), its own guest
 * list, a move or a deletion, and the locks they take first.
 */
export class OccurrenceChanges {
  constructor(private readonly db: Db) {}

  /**
   * The occurrence and its event, locked for a change. The event first: editing the event and the
   * horizon job lock it before touching its occurrences, so the order is the same everywhere.
   */
  async lockWithEvent(tx: Tx, id: number) {
    const [found] = await tx
      .select({ eventId: eventOccurrences.eventId })
      .from(eventOccurrences)
      .where(eq(eventOccurrences.id, id));
    if (!found) return undefined;
    const [event] = await tx
      .select({ id: events.id, title: events.title, rrule: events.rrule, timezone: events.timezone })
      .from(events)
      .where(eq(events.id, found.eventId))
      .for('update');
    const [occurrence] = await tx.select().from(eventOccurrences).where(eq(eventOccurrences.id, id)).for('update');
    if (!event || !occurrence) return undefined;
    return { event, occurrence };
  }

  /** The guests who count for the occurrence: its own list once it has one, else its event's. */
  async guestIdsOf(tx: Tx, occurrence: { id: number; eventId: number; hasGuestOverride: boolean }): Promise<number[]> {
    const rows = occurrence.hasGuestOverride
      ? await tx
          .select({ id: occurrenceGuests.userId })
          .from(occurrenceGuests)
          .where(eq(occurrenceGuests.occurrenceId, occurrence.id))
          .orderBy(asc(occurrenceGuests.userId))
      : await tx
          .select({ id: eventGuests.userId })
          .from(eventGuests)
          .where(eq(eventGuests.eventId, occurrence.eventId))
          .orderBy(asc(eventGuests.userId));
    return rows.map((row) => row.id);
  }

  /** The occurrence's own guest list replaces the event's from now on. */
  async setOwnGuests(tx: Tx, id: number, guestIds: readonly number[]): Promise<void> {
    await tx
      .update(eventOccurrences)
      .set({ hasGuestOverride: true, updatedAt: sql`now()` })
      .where(eq(eventOccurrences.id, id));
    await tx.delete(occurrenceGuests).where(eq(occurrenceGuests.occurrenceId, id));
    if (guestIds.length) {
      await tx.insert(occurrenceGuests).values(guestIds.map((userId) => ({ occurrenceId: id, userId })));
    }
  }

  /** Whether the event has an occurrence starting at `start` (the unique (event, start) index). */
  async startTaken(tx: Tx, eventId: number, start: Date): Promise<boolean> {
    const [clash] = await tx
      .select({ id: eventOccurrences.id })
      .from(eventOccurrences)
      .where(and(eq(eventOccurrences.eventId, eventId), eq(eventOccurrences.startsAt, start)));
    return !!clash;
  }

  /**
   * Moves it to [start, end), marked moved: regenerating the series keeps it. It takes its new
   * day's schedule: approved on an approved day, else scheduled; a cancelled one keeps that as the
   * status Restore gives back (approved-days.ts).
   */
  async move(tx: Tx, id: number, start: Date, end: Date): Promise<void> {
    const status = dayStatus(sql`${start.toISOString()}::timestamptz`);
    await tx
      .update(eventOccurrences)
      .set({
        startsAt: start,
        endsAt: end,
        moved: true,
        status: sql`case when ${eventOccurrences.status} in ('scheduled', 'approved') then ${status} else ${eventOccurrences.status} end`,
        updatedAt: sql`now()`,
      })
      .where(eq(eventOccurrences.id, id));
    await tx
      .update(occurrenceCancellations)
      .set({ previousStatus: status })
      .where(eq(occurrenceCancellations.occurrenceId, id));
  }

  /**
   * What history an occurrence has besides being completed: form submissions, logged messages,
   * attendance marks; and whether a make-up was booked for it (it refers to it).
   */
  async historyOf(
    tx: Tx,
    id: number,
  ): Promise<{ submitted: boolean; messaged: boolean; marked: boolean; madeUp: boolean }> {
    type History = { submitted: boolean; messaged: boolean; marked: boolean; madeUp: boolean };
    const [row] = await tx
      .execute<History>(
        sql`select
        exists (select 1 from ${formSubmissions} s where s.occurrence_id = ${id}) as submitted,
        exists (select 1 from ${messageLogs} m where m.occurrence_id = ${id}) as messaged,
        exists (select 1 from ${attendance} a where a.occurrence_id = ${id}) as marked,
        exists (select 1 from ${occurrenceMakeups} mk where mk.of_occurrence_id = ${id}) as "madeUp"`,
      )
      .then((result) => (result as { rows: History[] }).rows);
    return { submitted: !!row?.submitted, messaged: !!row?.messaged, marked: !!row?.marked, madeUp: !!row?.madeUp };
  }

  async remove(tx: Tx, id: number): Promise<void> {
    await tx.delete(eventOccurrences).where(eq(eventOccurrences.id, id));
  }

  /**
   * The status change of a day's schedule, [start, end): `from` becomes `to`; how many changed.
   * The day's cancelled sessions that had `from` take `to` as the status Restore gives back, so a
   * session restored later follows the day (docs/domain.md#cancellation).
   */
  async setStatusBetween(
    tx: Tx,
    start: Date,
    end: Date,
    from: 'scheduled' | 'approved',
    to: 'scheduled' | 'approved',
  ): Promise<number> {
    const result = await tx.execute<{ id: number }>(sql`with day as (
        select o.id, o.status from ${eventOccurrences} o
        where o.starts_at >= ${start.toISOString()}::timestamptz and o.starts_at < ${end.toISOString()}::timestamptz
          and o.status in (${from}, 'cancelled')),
      restored_as as (update ${occurrenceCancellations} c set previous_status = ${to}
        from day where day.status = 'cancelled' and c.occurrence_id = day.id and c.previous_status = ${from}),
      changed as (update ${eventOccurrences} o set status = ${to}, updated_at = now()
        from day where day.status = ${from} and o.id = day.id
        returning o.id, o.event_id, o.starts_at),
      -- One row of the audit log per session, in this statement (docs/domain.md#audit-log): its status
      -- from and to, and its start, unchanged, to say which session of the series it was.
      named as (select changed.id, changed.starts_at, e.title as name
        from changed join ${events} e on e.id = changed.event_id),
      audited as (${auditInsertFrom(
        sql`named`,
        { action: to === 'approved' ? 'approve' : 'unapprove', entityType: 'event-occurrences' },
        sql`jsonb_build_object('status', jsonb_build_object('from', ${from}::text, 'to', ${to}::text),
          'startsAt', jsonb_build_object('from', ${isoInstant(sql`source.starts_at`)}, 'to', ${isoInstant(sql`source.starts_at`)}))`,
      )})
      select id from changed`);
    return (result as { rows: unknown[] }).rows.length;
  }

  /** Holds the occurrences FOR UPDATE in id order (so concurrent callers queue); the ids that exist. */
  async lock(tx: Tx, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await tx
      .select({ id: eventOccurrences.id })
      .from(eventOccurrences)
      .where(inArray(eventOccurrences.id, [...ids]))
      .orderBy(asc(eventOccurrences.id))
      .for('update');
    return rows.map((row) => row.id);
  }

  /**
   * Their reports were sent: completed is final. A cancelled one stays cancelled (its cancellation
   * row exists exactly while it is; docs/domain.md#cancellation).
   */
  async complete(tx: Tx, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await tx
      .update(eventOccurrences)
      .set({ status: 'completed', updatedAt: sql`now()` })
      .where(and(inArray(eventOccurrences.id, [...ids]), ne(eventOccurrences.status, 'cancelled')));
  }

  /**
   * The occurrence a form is filled for: its status, its organiser and whether `guestId` is one
   * of its active guests, in one query. The row is held FOR SHARE until the transaction ends, so
   * it cannot become completed in between.
   */
  async lockForSubmission(tx: Tx, occurrenceId: number, guestId: number | null) {
    const isGuest =
      guestId === null
        ? sql<boolean>`true`
        : sql<boolean>`(${isOccurrenceGuest(guestId)}
            and exists (select 1 from ${users} u where u.id = ${guestId} and u.status = 'active'))`;
    const [row] = await tx
      .select({ status: eventOccurrences.status, organiserId: occurrenceOrganiserId, isGuest })
      .from(eventOccurrences)
      .innerJoin(events, eq(events.id, eventOccurrences.eventId))
      .where(eq(eventOccurrences.id, occurrenceId))
      .for('share', { of: eventOccurrences });
    return row;
  }
}
