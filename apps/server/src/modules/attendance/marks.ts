import type { AttendanceEntry, AttendanceStatus, EventOccurrence } from '@ritim/shared';
import { eq, type SQL, sql } from 'drizzle-orm';
import { attendance, eventOccurrences, events, users } from '../../platform/db/schema.js';
import { jsonColumn } from '../../lib/json-column.js';
import { guestListOf, occurrenceOrganiserId, attendanceJson } from '../event-occurrences/index.js';
import type { Executor, Tx } from '../../platform/db/client.js';

/** One guest's mark as PUT sets it. */
export interface Mark {
  guestId: number;
  status: AttendanceStatus;
  /** Undefined keeps the stored note; null or blank clears it. */
  note?: string | null | undefined;
}

/** The session a mark is about, as marking needs it. */
export interface MarkedOccurrence {
  status: EventOccurrence['status'];
  startsAt: Date;
  organiserId: number;
  /** Its event's title (the audit log's name of the session). */
  title: string;
  /** The guests that count: its own list when it has one, else its event's; active users only. */
  guestIds: number[];
}

/** The attendance table's writes and reads of one session (docs/domain.md#attendance). */
export class AttendanceMarks {
  /**
   * The session, its organiser and the guests that count, in one query. The row is held FOR SHARE
   * until the transaction ends, so it is neither deleted nor changed (cancelled, say) meanwhile.
   */
  async lockOccurrence(tx: Tx, id: number): Promise<MarkedOccurrence | undefined> {
    const [row] = await tx
      .select({
        status: eventOccurrences.status,
        startsAt: eventOccurrences.startsAt,
        organiserId: occurrenceOrganiserId,
        title: events.title,
        guestIds: sql<number[]>`array(select g.id from ${guestListOf(sql`${eventOccurrences}`)} guest_list
          join ${users} g on g.id = guest_list.user_id and g.status = 'active')`,
      })
      .from(eventOccurrences)
      .innerJoin(events, eq(events.id, eventOccurrences.eventId))
      .where(eq(eventOccurrences.id, id))
      .for('share', { of: eventOccurrences });
    return row && { ...row, guestIds: row.guestIds.map(Number) };
  }

  /**
   * Sets each guest's mark (one statement, whatever their number): status, marker and time always;
   * the note only when the entry has one (blank clears it). Other guests' marks stay.
   */
  async upsert(tx: Tx, occurrenceId: number, marks: readonly Mark[], markedBy: number | null): Promise<void> {
    const rows = (keep: boolean) =>
      JSON.stringify(
        marks
          .filter((mark) => (mark.note === undefined) === keep)
          .map((mark) => ({ guest_id: mark.guestId, status: mark.status, note: mark.note?.trim() || null })),
      );
    const upsert = (entries: string, note: SQL) => sql`insert into ${attendance}
        (occurrence_id, guest_id, status, note, marked_by, marked_at)
      select ${occurrenceId}, e.guest_id, e.status, e.note, cast(${markedBy} as integer), now()
        from json_to_recordset(cast(${entries} as json)) as e(guest_id integer, status text, note text)
      on conflict (occurrence_id, guest_id) do update set status = excluded.status${note},
        marked_by = excluded.marked_by, marked_at = excluded.marked_at
      returning 1`;
    // Two inserts on disjoint guests (a body names each guest once), in one round trip.
    await tx.execute(sql`with noted as (${upsert(rows(false), sql`, note = excluded.note`)}),
      kept as (${upsert(rows(true), sql``)})
      select (select count(*) from noted) + (select count(*) from kept) as marked`);
  }

  /**
   * A guest's "no" through their link (docs/domain.md#rsvp): their mark becomes `status`, marked by
   * no one, unless staff marked them (`marked_by` set): staff's mark stays, whatever it is.
   */
  async answerNo(tx: Tx, occurrenceId: number, guestId: number, status: AttendanceStatus): Promise<void> {
    await tx.execute(sql`insert into ${attendance} (occurrence_id, guest_id, status, marked_by, marked_at)
      values (${occurrenceId}, ${guestId}, ${status}, null, now())
      on conflict (occurrence_id, guest_id) do update set status = excluded.status, marked_at = excluded.marked_at
        where ${attendance}.marked_by is null`);
  }

  /**
   * Removes a guest's own `cancelled` or `lateCancelled` mark (their "no" taken back through their
   * link, docs/domain.md#rsvp); any mark staff set (`marked_by`), before or since, stays.
   */
  async removeCancellation(tx: Tx, occurrenceId: number, guestId: number): Promise<void> {
    await tx.execute(sql`delete from ${attendance} where occurrence_id = ${occurrenceId} and guest_id = ${guestId}
      and status in ('cancelled', 'lateCancelled') and marked_by is null`);
  }

  /** The session's whole list, as GET .../{id} carries it. */
  async list(db: Executor, occurrenceId: number): Promise<AttendanceEntry[]> {
    const result = await db.execute<{ attendance: AttendanceEntry[] | string }>(
      sql`select ${attendanceJson(sql`${occurrenceId}`)} as attendance`,
    );
    return jsonColumn((result as { rows: { attendance: AttendanceEntry[] | string }[] }).rows[0]!.attendance);
  }
}
