import type { OccurrenceCancellation, OccurrenceStatus } from '@ritim/shared';
import { eq, type SQL, sql } from 'drizzle-orm';
import { eventOccurrences, occurrenceCancellations, users } from '../../../platform/db/schema.js';
import { personNameSql } from '../attendance/marks.js';
import { isoInstant } from '../../../lib/json-column.js';
import type { Tx } from '../../../platform/db/client.js';

/**
 * The cancellation of the session `occurrenceId` (an SQL expression: a parameter, or the row in
 * scope of a list) as one JSON object in the API's shape, or null (docs/domain.md#cancellation).
 */
export function cancellationJson(occurrenceId: SQL): SQL<OccurrenceCancellation | string | null> {
  return sql<OccurrenceCancellation | string | null>`(select json_build_object('reason', c.reason,
      'at', ${isoInstant(sql`c.cancelled_at`)},
      'by', case when u.id is null then null else json_build_object('id', u.id, 'name', ${personNameSql(sql`u`)}) end)
    from ${occurrenceCancellations} c left join ${users} u on u.id = c.cancelled_by
    where c.occurrence_id = ${occurrenceId})`;
}

/** The writes of cancelling and restoring one session; the caller holds its row FOR UPDATE. */
export class OccurrenceCancellations {
  /** The session becomes cancelled, keeping the status it had; the new cancellation's id. */
  async cancel(
    tx: Tx,
    occurrenceId: number,
    input: { reason: string; previousStatus: OccurrenceStatus; by: number },
  ): Promise<number> {
    const [row] = await tx
      .insert(occurrenceCancellations)
      .values({ occurrenceId, reason: input.reason, previousStatus: input.previousStatus, cancelledBy: input.by })
      .returning({ id: occurrenceCancellations.id });
    await tx
      .update(eventOccurrences)
      .set({ status: 'cancelled', updatedAt: sql`now()` })
      .where(eq(eventOccurrences.id, occurrenceId));
    return row!.id;
  }

  /** The session takes back the status it had before it was cancelled, and the cancellation goes. */
  async restore(tx: Tx, occurrenceId: number): Promise<OccurrenceStatus> {
    const [removed] = await tx
      .delete(occurrenceCancellations)
      .where(eq(occurrenceCancellations.occurrenceId, occurrenceId))
      .returning({ previousStatus: occurrenceCancellations.previousStatus });
    // A cancelled session without its row (none is written any other way): back to scheduled.
    const status = removed?.previousStatus ?? 'scheduled';
    await tx
      .update(eventOccurrences)
      .set({ status, updatedAt: sql`now()` })
      .where(eq(eventOccurrences.id, occurrenceId));
    return status;
  }
}
