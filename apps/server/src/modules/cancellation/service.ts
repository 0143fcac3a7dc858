import { type CancelOccurrence, cancellationMessages, type EventOccurrence } from '@ritim/shared';
import { recordAudit, occurrenceStartChange } from '../../platform/audit/record.js';
import type { SessionUser } from '../../platform/access/tokens.js';
import type { Db, Tx } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { OccurrenceReads, OccurrenceChanges } from '../event-occurrences/index.js';
import { OccurrenceCancellations } from './cancellations.js';

/** Tells cancelled sessions' guests, in the transaction that cancels them (the messaging module). */
export interface CancellationNotifier {
  queueCancellationNotices(
    tx: Tx,
    cancellations: readonly { occurrenceId: number; cancellationId: number; reason: string }[],
    viewer: SessionUser,
  ): Promise<unknown>;
}

/**
 * Cancelling and restoring a session (docs/domain.md#cancellation): a cancelled session stays
 * where it is, struck through with its reason, and keeps the status it had for Restore. A
 * completed one is final; cancelling twice or restoring what is not cancelled is a 409.
 */
export class CancellationService {
  constructor(
    private readonly db: Db,
    private readonly notifier: CancellationNotifier,
    private readonly reads = new OccurrenceReads(db),
    private readonly changes = new OccurrenceChanges(db),
    private readonly cancellations = new OccurrenceCancellations(),
  ) {}

  /**
   * POST /api/event-occurrences/:id/cancel (admins): the session becomes cancelled with the
   * reason; with `notify`, each guest (or their message group) is sent a cancellation in the same
   * transaction. Undefined when it does not exist.
   */
  async cancel(id: number, input: CancelOccurrence, viewer: SessionUser): Promise<EventOccurrence | undefined> {
    const found = await this.db.transaction(async (tx) => {
      const locked = await this.lock(tx, id);
      if (!locked) return false;
      const { occurrence, event } = locked;
      if (occurrence.status === 'cancelled') throw new AppError(409, cancellationMessages.alreadyCancelled);
      const cancellationId = await this.cancellations.cancel(tx, id, {
        reason: input.reason,
        previousStatus: occurrence.status,
        by: viewer.id,
      });
      if (input.notify) {
        await this.notifier.queueCancellationNotices(
          tx,
          [{ occurrenceId: id, cancellationId, reason: input.reason }],
          viewer,
        );
      }
      await recordAudit(tx, {
        action: 'cancel',
        entityType: 'event-occurrences',
        entityId: id,
        entityName: event.title,
        changes: {
          ...occurrenceStartChange(occurrence.startsAt),
          status: { from: occurrence.status, to: 'cancelled' },
          reason: { from: null, to: input.reason },
          ...(input.notify ? { notify: { from: null, to: true } } : {}),
        },
      });
      return true;
    });
    return found ? this.reads.find(id, viewer) : undefined;
  }

  /**
   * POST /api/event-occurrences/:id/restore (admins): the session takes back the status it had
   * before it was cancelled (scheduled or approved). Undefined when it does not exist.
   */
  async restore(id: number, viewer: SessionUser): Promise<EventOccurrence | undefined> {
    const found = await this.db.transaction(async (tx) => {
      const locked = await this.lock(tx, id);
      if (!locked) return false;
      if (locked.occurrence.status !== 'cancelled') throw new AppError(409, cancellationMessages.notCancelled);
      const status = await this.cancellations.restore(tx, id);
      await recordAudit(tx, {
        action: 'restore',
        entityType: 'event-occurrences',
        entityId: id,
        entityName: locked.event.title,
        changes: { ...occurrenceStartChange(locked.occurrence.startsAt), status: { from: 'cancelled', to: status } },
      });
      return true;
    });
    return found ? this.reads.find(id, viewer) : undefined;
  }

  /** The session locked for the change (its event first, as every change does); completed is final. */
  private async lock(tx: Tx, id: number) {
    const locked = await this.changes.lockWithEvent(tx, id);
    if (locked?.occurrence.status === 'completed') throw new AppError(409, cancellationMessages.completed);
    return locked;
  }
}
