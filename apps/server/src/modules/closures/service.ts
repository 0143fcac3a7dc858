import {
  type Closure,
  type ClosureList,
  type ClosureListQuery,
  closureMessages,
  type ClosureResult,
  type CreateClosure,
  type DeleteClosureQuery,
} from '@ritim/shared';
import type { SessionUser } from '../../platform/access/tokens.js';
import { auditChanges, recordAudit, occurrenceStartChange } from '../../platform/audit/record.js';
import type { Db, Executor, Tx } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { personName } from '../../lib/names.js';
import { dayRange, zoneOf } from '../../lib/time.js';
import { OccurrenceReads, cancelClosedOccurrences } from '../event-occurrences/index.js';
import type { CancellationNotifier } from '../cancellation/index.js';
import { type ClosureDays, ClosureRepository } from './closures.js';

/** Tells the guests of the sessions a closure cancels, or that deleting it puts back on (the messaging module). */
export interface ClosureNotifier extends CancellationNotifier {
  queueRestorationNotices(
    tx: Tx,
    restorations: readonly { occurrenceId: number; cancellationId: number; reason: string }[],
    viewer: SessionUser,
  ): Promise<unknown>;
}

/**
 * Closures (docs/domain.md#closures): closing days cancels the sessions starting on them in its
 * scope, with its title as the reason (completed sessions and those with answers are kept);
 * deleting it restores those it cancelled. Sessions made or moved there later are cancelled too
 * (event-occurrences/closed-occurrences.ts). With `notify`, the guests of the sessions it cancels are told, as a
 * single cancellation tells them; deleting it with `notify` tells those of the sessions that come back.
 */
export class ClosureService {
  constructor(
    private readonly db: Db,
    private readonly notifier: ClosureNotifier,
    private readonly repository = new ClosureRepository(db),
    private readonly reads = new OccurrenceReads(db),
  ) {}

  /** POST /api/closures: stores the closure and cancels its sessions, or with `dryRun` only says what it would do. */
  async create(input: CreateClosure, viewer: SessionUser): Promise<ClosureResult> {
    const timezone = zoneOf(input.timezone ?? viewer.timezone);
    const days: ClosureDays = {
      title: input.title,
      from: input.from,
      to: input.to,
      timezone,
      startsFrom: new Date(dayRange(input.from, timezone)[0]),
      endsBefore: new Date(dayRange(input.to, timezone)[1]),
      scope: input.scope,
    };
    if (!(await this.repository.scopeExists(this.db, input.scope))) {
      throw new AppError(
        400,
        input.scope.kind === 'location' ? closureMessages.unknownLocation : closureMessages.unknownOrganiser,
      );
    }
    const closed = async (
      db: Executor,
      id: number | null,
      sessions: Awaited<ReturnType<ClosureRepository['sessionsIn']>>,
    ): Promise<ClosureResult> => {
      const cancelled = sessions.filter((session) => !session.kept);
      const closure: Closure = {
        id,
        title: days.title,
        from: days.from,
        to: days.to,
        timezone,
        scope: input.scope,
        cancelledCount: cancelled.length,
      };
      return {
        closure,
        cancelled: cancelled.map(({ occurrenceId, eventId, title, startsAt }) => ({
          occurrenceId,
          eventId,
          title,
          startsAt,
        })),
        kept: sessions.flatMap(({ kept, ...session }) => (kept ? [{ ...session, reason: kept }] : [])),
        guests: await this.guestsOf(
          db,
          cancelled.map((session) => session.occurrenceId),
        ),
      };
    };
    if (input.dryRun) return closed(this.db, null, await this.repository.sessionsIn(this.db, days));
    return this.db.transaction(async (tx) => {
      // The closure first: a session made from now on in its days sees it (event-occurrences/closed-occurrences.ts).
      const id = await this.repository.insert(tx, days, viewer.id);
      const sessions = await this.repository.sessionsIn(tx, days, true);
      const result = await closed(tx, id, sessions);
      const cancellations = await this.repository.cancel(
        tx,
        id,
        result.cancelled.map((session) => session.occurrenceId),
        viewer.id,
      );
      if (input.notify && cancellations.length > 0) {
        await this.notifier.queueCancellationNotices(
          tx,
          cancellations.map((cancellation) => ({ ...cancellation, reason: days.title })),
          viewer,
        );
      }
      // The closure, and each session it cancelled (docs/domain.md#audit-log).
      await recordAudit(
        tx,
        {
          action: 'create',
          entityType: 'closures',
          entityId: id,
          entityName: days.title,
          changes: auditChanges(null, { ...result.closure, notify: input.notify ?? false }),
        },
        ...result.cancelled.map((session) => ({
          action: 'cancel' as const,
          entityType: 'event-occurrences' as const,
          entityId: session.occurrenceId,
          entityName: session.title,
          changes: {
            ...occurrenceStartChange(session.startsAt),
            status: { from: null, to: 'cancelled' },
            closureId: { from: null, to: id },
          },
        })),
      );
      return result;
    });
  }

  /** The active guests of the sessions, by name, each with how many of them they attend. */
  private async guestsOf(db: Executor, occurrenceIds: readonly number[]): Promise<ClosureResult['guests']> {
    const guests = new Map<number, ClosureResult['guests'][number]>();
    for (const row of await this.reads.guestContacts(db, occurrenceIds)) {
      const known = guests.get(row.id);
      if (known) known.sessionCount += 1;
      else guests.set(row.id, { id: row.id, name: personName(row.name, row.surname, row.username), sessionCount: 1 });
    }
    return [...guests.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  }

  list(query: ClosureListQuery): Promise<ClosureList> {
    return this.repository.list(query);
  }

  /**
   * DELETE /api/closures/:id: the sessions it cancelled (and that are still cancelled by it) take
   * back the status they had, unless another closure covers them. With `notify`, the guests of
   * those that come back are told, in the same transaction. False when it does not exist.
   */
  async remove(id: number, query: DeleteClosureQuery, viewer: SessionUser): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const closure = await this.repository.find(tx, id);
      const restored = await this.repository.remove(tx, id);
      if (!restored) return false;
      const closedAgain = new Set(
        await cancelClosedOccurrences(
          tx,
          restored.map((session) => session.occurrenceId),
        ),
      );
      const back = restored.filter((session) => !closedAgain.has(session.occurrenceId));
      if (query.notify && back.length > 0) {
        await this.notifier.queueRestorationNotices(
          tx,
          back.map((session) => ({ ...session, reason: closure?.title ?? '' })),
          viewer,
        );
      }
      await recordAudit(tx, {
        action: 'delete',
        entityType: 'closures',
        entityId: id,
        entityName: closure?.title ?? null,
        changes: { ...auditChanges(closure, null), ...(query.notify ? { notify: { from: null, to: true } } : {}) },
      });
      return true;
    });
  }
}
