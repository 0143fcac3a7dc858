import type { AttendanceStatus, OccurrenceStatus } from '@ritim/shared';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import {
  attendance,
  eventOccurrences,
  events,
  occurrenceCancellations,
  occurrenceGuests,
  occurrenceMakeups,
  users,
} from '../../platform/db/schema.js';
import { dayStatus, guestListOf, occurrenceOrganiserId } from '../event-occurrences/index.js';
import type { Executor, Tx } from '../../platform/db/client.js';

/** The advisory lock spaces of make-up bookings (organiser, location, guest: three in a row). */
const MAKEUP_LOCK = 0x6d6b00;

/** The marks that make a guest eligible for a make-up (docs/domain.md#make-ups). */
export const MAKEUP_MARKS: readonly AttendanceStatus[] = ['absent', 'cancelled', 'lateCancelled', 'excused'];

/** The original session as a make-up search or booking needs it. */
export interface MakeupOriginal {
  id: number;
  eventId: number;
  startsAt: Date;
  endsAt: Date;
  status: OccurrenceStatus;
  organiserId: number;
  organiserZone: string;
  locationId: number;
}

/** The guest's standing at the original session. */
export interface MakeupGuest {
  active: boolean;
  onList: boolean;
  mark: AttendanceStatus | null;
}

/** The reads and writes of make-up sessions (`occurrence_makeups`, docs/domain.md#make-ups). */
export class OccurrenceMakeups {
  /** The session, its organiser (and their zone) and location; undefined when it does not exist. */
  async original(db: Executor, id: number): Promise<MakeupOriginal | undefined> {
    const [row] = await db
      .select({
        id: eventOccurrences.id,
        eventId: eventOccurrences.eventId,
        startsAt: eventOccurrences.startsAt,
        endsAt: eventOccurrences.endsAt,
        status: eventOccurrences.status,
        organiserId: occurrenceOrganiserId,
        organiserZone: users.timezone,
        locationId: events.locationId,
      })
      .from(eventOccurrences)
      .innerJoin(events, eq(events.id, eventOccurrences.eventId))
      .innerJoin(users, eq(users.id, occurrenceOrganiserId))
      .where(eq(eventOccurrences.id, id));
    return row;
  }

  /** Whether the guest is an active user, on the session's list (its own, else its event's), and their mark there. */
  async guest(db: Executor, occurrenceId: number, guestId: number): Promise<MakeupGuest> {
    const result = await db.execute<{ active: boolean; onList: boolean; mark: AttendanceStatus | null }>(sql`select
        exists (select 1 from ${users} u where u.id = ${guestId} and u.status = 'active') as active,
        exists (select 1 from ${eventOccurrences} o join lateral ${guestListOf(sql`o`)} guest_list on true
          where o.id = ${occurrenceId} and guest_list.user_id = ${guestId}) as "onList",
        (select a.status from ${attendance} a where a.occurrence_id = ${occurrenceId} and a.guest_id = ${guestId}) as mark`);
    const row = (result as { rows: MakeupGuest[] }).rows[0]!;
    return { active: !!row.active, onList: !!row.onList, mark: row.mark ?? null };
  }

  /** The guest's make-up for the session that is not cancelled, if any. */
  async liveMakeup(db: Executor, ofOccurrenceId: number, guestId: number): Promise<number | undefined> {
    const [row] = await db
      .select({ id: occurrenceMakeups.occurrenceId })
      .from(occurrenceMakeups)
      .innerJoin(eventOccurrences, eq(eventOccurrences.id, occurrenceMakeups.occurrenceId))
      .where(
        and(
          eq(occurrenceMakeups.ofOccurrenceId, ofOccurrenceId),
          eq(occurrenceMakeups.guestId, guestId),
          sql`${eventOccurrences.id} not in (select c.occurrence_id from ${occurrenceCancellations} c)`,
        ),
      )
      .limit(1);
    return row?.id;
  }

  /** Whether any make-up was booked for the session (it then cannot be deleted). */
  async hasMakeups(db: Executor, ofOccurrenceId: number): Promise<boolean> {
    const [row] = await db
      .select({ id: occurrenceMakeups.occurrenceId })
      .from(occurrenceMakeups)
      .where(eq(occurrenceMakeups.ofOccurrenceId, ofOccurrenceId))
      .limit(1);
    return !!row;
  }

  /** The starts of the event's sessions in [from, to), cancelled ones too (one start per event: a unique index). */
  async eventStarts(db: Executor, eventId: number, from: Date, to: Date): Promise<Set<number>> {
    const rows = await db
      .select({ startsAt: eventOccurrences.startsAt })
      .from(eventOccurrences)
      .where(
        and(
          eq(eventOccurrences.eventId, eventId),
          gte(eventOccurrences.startsAt, from),
          lt(eventOccurrences.startsAt, to),
        ),
      );
    return new Set(rows.map((row) => row.startsAt.getTime()));
  }

  /**
   * Serialises bookings that share the organiser, the location or the guest (transaction-wide
   * advisory locks, always taken in the same order), so two bookings of one free time cannot both
   * see it free.
   */
  async lockPeople(tx: Tx, keys: { organiserId: number; locationId: number; guestId: number }): Promise<void> {
    const held: [number, number][] = [
      [MAKEUP_LOCK, keys.organiserId],
      [MAKEUP_LOCK + 1, keys.locationId],
      [MAKEUP_LOCK + 2, keys.guestId],
    ];
    for (const [space, id] of held)
      await tx.execute(sql`select pg_advisory_xact_lock(${space}::integer, ${id}::integer)`);
  }

  /**
   * Stores the make-up: a session of the original's event at [start, end), `moved` (it is not one of
   * the rule's slots, so regenerating the series keeps it), with its day's status (approved on an
   * approved day, approved-days.ts), the guest alone on its own list, and its link to the
   * original. Its id.
   */
  async book(
    tx: Tx,
    input: { eventId: number; start: Date; end: Date; ofOccurrenceId: number; guestId: number; by: number },
  ): Promise<number> {
    const [created] = await tx
      .insert(eventOccurrences)
      .values({
        eventId: input.eventId,
        startsAt: input.start,
        endsAt: input.end,
        status: dayStatus(sql`${input.start.toISOString()}::timestamptz`),
        hasGuestOverride: true,
        moved: true,
      })
      .returning({ id: eventOccurrences.id });
    const id = created!.id;
    await tx.insert(occurrenceGuests).values({ occurrenceId: id, userId: input.guestId });
    await tx.insert(occurrenceMakeups).values({
      occurrenceId: id,
      ofOccurrenceId: input.ofOccurrenceId,
      guestId: input.guestId,
      bookedBy: input.by,
    });
    return id;
  }
}
