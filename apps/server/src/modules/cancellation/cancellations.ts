import type { OccurrenceStatus } from '@ritim/shared';
import { eq, sql } from 'drizzle-orm';
import { eventOccurrences, occurrenceCancellations } from '../../platform/db/schema.js';
import type { Tx } from '../../platform/db/client.js';

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
