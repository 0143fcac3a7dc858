import {
  type BookMakeup,
  makeupMessages,
  type MakeupOccurrence,
  type MakeupSlots,
  type MakeupSlotsQuery,
} from '@ritim/shared';
import { recordAudit } from '../../platform/audit/record.js';
import type { SessionUser } from '../../platform/access/tokens.js';
import type { Db, Executor } from '../../platform/db/client.js';
import { AppError, pgErrorCode } from '../../platform/errors.js';
import { OrganiserTime } from '../cover/planning.js';
import {
  holdApprovedDays,
  ClashRepository,
  closedSpans,
  closureOfStart,
  organisesOrAdmin,
  OccurrenceChanges,
} from '../event-occurrences/index.js';
import { MAKEUP_MARKS, type MakeupOriginal, OccurrenceMakeups } from './makeups.js';
import { gridSlots, onGrid, overlaps, type Slot, spread } from './slots.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Enough for every busy session of an organiser, a room and a guest over the longest search. */
const BUSY_LIMIT = 100_000;

/**
 * What a make-up search needs to know is taken: the people's and the room's sessions, closures, the
 * event's starts, and when the organiser is away (time off) or not working (working hours).
 */
interface Taken {
  busy: Slot[];
  closed: Slot[];
  starts: Set<number>;
  organiser: OrganiserTime | undefined;
}

/**
 * Make-up sessions (docs/domain.md#make-ups): free times for a guest who missed a session (or whose
 * session was cancelled), and booking one as a session of the same event with that guest alone.
 * Admins, and the session's organiser; another editor's session does not exist for them (404).
 */
export class MakeupService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
    private readonly makeups = new OccurrenceMakeups(),
    private readonly changes = new OccurrenceChanges(db),
  ) {}

  /**
   * GET /api/event-occurrences/:id/makeup-slots: up to five grid times of the session's length in
   * the next `days` days where the organiser, the guest and the location are free, no closure
   * applies and the organiser is not on time off and is within their working hours, spread (slots.ts). Undefined when the session is not the viewer's.
   */
  async slots(id: number, query: MakeupSlotsQuery, viewer: SessionUser): Promise<MakeupSlots | undefined> {
    const original = await this.makeups.original(this.db, id);
    if (!original || !organisesOrAdmin(viewer, original.organiserId)) return undefined;
    await this.assertEligible(this.db, original, query.guestId);
    const now = this.now().getTime();
    const until = now + query.days * DAY_MS;
    const length = original.endsAt.getTime() - original.startsAt.getTime();
    const candidates = gridSlots(now, until, length, original.organiserZone);
    const taken = await this.taken(this.db, original, query.guestId, candidates);
    const free = candidates.filter((slot) => isFree(slot, taken));
    return {
      slots: spread(free, original.organiserZone).map((slot) => ({
        startsAt: new Date(slot.start).toISOString(),
        endsAt: new Date(slot.end).toISOString(),
      })),
    };
  }

  /**
   * POST /api/event-occurrences/:id/makeup: books the make-up at `startsAt` if that time is still a
   * free grid time in the future (409 otherwise) and the guest has no live make-up for the session
   * (409). Bookings sharing a person or the room are serialised, so of two for one time one wins.
   */
  async book(id: number, input: BookMakeup, viewer: SessionUser): Promise<MakeupOccurrence | undefined> {
    const start = new Date(input.startsAt);
    try {
      return await this.db.transaction(async (tx) => {
        // It takes its day's schedule (approved-days.ts); then the event, then the session, as every
        // change to a session locks them.
        await holdApprovedDays(tx);
        const locked = await this.changes.lockWithEvent(tx, id);
        if (!locked) return undefined;
        const original = await this.makeups.original(tx, id);
        if (!original || !organisesOrAdmin(viewer, original.organiserId)) return undefined;
        await this.assertEligible(tx, original, input.guestId);
        const length = original.endsAt.getTime() - original.startsAt.getTime();
        const slot = { start: start.getTime(), end: start.getTime() + length };
        if (slot.start <= this.now().getTime()) throw new AppError(409, makeupMessages.slotPast);
        if (!onGrid(slot.start, length, original.organiserZone)) throw new AppError(409, makeupMessages.slotOffGrid);
        await this.makeups.lockPeople(tx, { ...original, guestId: input.guestId });
        if (await this.makeups.liveMakeup(tx, id, input.guestId)) throw new AppError(409, makeupMessages.alreadyBooked);
        const taken = await this.taken(tx, original, input.guestId, [slot]);
        if (taken.busy.some((busy) => overlaps(busy, slot)) || taken.starts.has(slot.start)) {
          throw new AppError(409, makeupMessages.slotTaken);
        }
        if ((await closureOfStart(tx, start, original.organiserId, original.locationId)) !== null) {
          throw new AppError(409, makeupMessages.slotClosed);
        }
        const span = { startsAt: start, endsAt: new Date(slot.end) };
        if (taken.organiser?.onTimeOff(span)) throw new AppError(409, makeupMessages.slotTimeOff);
        if (taken.organiser && !taken.organiser.inHours(span)) throw new AppError(409, makeupMessages.slotOutsideHours);
        const makeupId = await this.makeups.book(tx, {
          eventId: original.eventId,
          start,
          end: new Date(slot.end),
          ofOccurrenceId: id,
          guestId: input.guestId,
          by: viewer.id,
        });
        // The make-up session made, of the session missed (docs/domain.md#make-ups).
        await recordAudit(tx, {
          action: 'makeup',
          entityType: 'event-occurrences',
          entityId: makeupId,
          entityName: locked.event.title,
          changes: {
            occurrenceDate: { from: null, to: start.toISOString() },
            makeupOf: { from: null, to: { occurrenceId: id, guestId: input.guestId } },
          },
        });
        return {
          id: makeupId,
          eventId: original.eventId,
          startsAt: start.toISOString(),
          endsAt: new Date(slot.end).toISOString(),
          makeupOf: { occurrenceId: id, guestId: input.guestId },
        };
      });
    } catch (error) {
      // The event's unique (event, start): a session of it took that start meanwhile.
      if (pgErrorCode(error) === '23505') throw new AppError(409, makeupMessages.slotTaken);
      throw error;
    }
  }

  /**
   * A make-up is for an active guest of the session marked absent, cancelled, late cancelled or
   * excused there, or for a guest on the list of a cancelled session; anyone else is a 400.
   */
  private async assertEligible(db: Executor, original: MakeupOriginal, guestId: number): Promise<void> {
    const guest = await this.makeups.guest(db, original.id, guestId);
    const marked = guest.mark !== null && MAKEUP_MARKS.includes(guest.mark);
    const cancelled = original.status === 'cancelled' && guest.onList;
    if (!guest.active || !(marked || cancelled)) throw new AppError(400, makeupMessages.notEligible);
  }

  /** The sessions overlapping `slots` of the organiser, the location or the guest, the closures and the event's starts. */
  private async taken(db: Executor, original: MakeupOriginal, guestId: number, slots: readonly Slot[]): Promise<Taken> {
    if (slots.length === 0) return { busy: [], closed: [], starts: new Set(), organiser: undefined };
    const from = new Date(slots[0]!.start);
    const to = new Date(slots[slots.length - 1]!.end);
    // The clash check that warns of double bookings, run in the caller's transaction.
    const { rows } = await new ClashRepository(db).clashes(
      {
        starts: slots.map((slot) => new Date(slot.start)),
        ends: slots.map((slot) => new Date(slot.end)),
        organiserId: original.organiserId,
        locationId: original.locationId,
        guestIds: [guestId],
      },
      BUSY_LIMIT,
    );
    return {
      busy: rows.map((row) => ({ start: row.startsAt.getTime(), end: row.endsAt.getTime() })),
      closed: await closedSpans(db, from, to, original.organiserId, original.locationId),
      starts: await this.makeups.eventStarts(db, original.eventId, from, to),
      organiser: await OrganiserTime.of(db, original.organiserId, from, to),
    };
  }
}

/**
 * A slot is free when nothing busy overlaps it, it does not start in a closure, its event has no
 * session starting then, and the organiser is neither on time off then nor outside their working hours.
 */
function isFree(slot: Slot, taken: Taken): boolean {
  if (taken.starts.has(slot.start)) return false;
  if (taken.closed.some((closed) => closed.start <= slot.start && slot.start < closed.end)) return false;
  if (taken.busy.some((busy) => overlaps(busy, slot))) return false;
  const span = { startsAt: new Date(slot.start), endsAt: new Date(slot.end) };
  return !taken.organiser || (!taken.organiser.onTimeOff(span) && taken.organiser.inHours(span));
}
