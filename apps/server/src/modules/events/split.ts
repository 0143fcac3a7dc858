import { type Event, type EventContinuation, eventMessages, type UpdateEvent } from '@ritim/shared';
import { eq, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Db, Tx } from '../../platform/db/client.js';
import { eventGuests, events } from '../../platform/db/schema.js';
import { AppError } from '../../platform/errors.js';
import { rruleByDayText } from '../../recurrence/by-day-text.js';
import { seriesOccurrences } from '../../recurrence/expand.js';
import { formatRule, parseRule } from '../../recurrence/rule.js';
import { continuedRule, engine } from '../../recurrence/rule-text.js';
import { splitRule } from '../../recurrence/split.js';
import type { SeriesRepository } from '../event-occurrences/index.js';
import { repeatOf, selectEvents, toEvent } from './rows.js';
import { durationOf, eventTiming, timingColumns } from './timing.js';
import { type EventReferences, insertEvent } from './writes.js';

type StoredEvent = typeof events.$inferSelect;

/**
 * "This and following": a series split at one of its occurrences (PATCH /api/events/:id with
 * `fromOccurrenceId`), and what such a split would give (GET /api/events/:id/continuation).
 */
export class SeriesSplit {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly references: EventReferences,
    private readonly series: SeriesRepository,
  ) {}

  /**
   * Where a split at `fromOccurrenceId` stands: the occurrence (400 unless one of this event's),
   * the first later one with history, whether any is before it, and the rule cut in two there.
   */
  private async plan(db: Db | Tx, current: StoredEvent, fromOccurrenceId: number) {
    const from = await this.series.startOf(db, fromOccurrenceId);
    if (!from || from.eventId !== current.id) {
      throw new AppError(400, eventMessages.splitOccurrenceInvalid({ id: fromOccurrenceId }));
    }
    const blockedBy = await this.series.firstWithHistoryFrom(db, current.id, from.startsAt);
    const wholeSeries = !(await this.series.anyBefore(db, current.id, from.startsAt));
    const rule = engine(() => parseRule(current.rrule));
    const parts = engine(() => splitRule(rule, from.startsAt));
    return { from, blockedBy, wholeSeries, parts };
  }

  /**
   * Inside the update's transaction with the event locked. Refused (409, naming it) when an
   * occurrence from there on has history. The occurrences from there on move, as they are, to a
   * new event made of this one plus the changes, with the sent rule or else this one's continued
   * from there (DTSTART at the split, COUNT less the slots kept, UNTIL kept, the EXDATEs from there
   * on), read in the (new) organiser's zone as a whole-series edit reads it (wall-clock times
   * kept); then they are fitted to that rule from the later of now and the split: the untouched
   * ones whose slot is gone go, the missing slots are made. This event keeps the earlier
   * occurrences and its rule ends before the split, so neither editing it nor the horizon job
   * makes the later ones again. Undefined when nothing is before the split: the caller edits the
   * whole series instead.
   */
  async apply(
    tx: Tx,
    current: StoredEvent,
    fromOccurrenceId: number,
    input: UpdateEvent,
    actorId: number | undefined,
  ): Promise<Event | undefined> {
    const { from, blockedBy, wholeSeries, parts } = await this.plan(tx, current, fromOccurrenceId);
    if (blockedBy) {
      const when = DateTime.fromJSDate(blockedBy.startsAt, { zone: current.timezone }).toFormat('ccc yyyy-MM-dd HH:mm');
      throw new AppError(409, eventMessages.splitHistory({ when: `${when} (${current.timezone})` }));
    }
    if (wholeSeries) return undefined;

    const organiserId = input.organiserId ?? current.organiserId;
    const zone = await this.references.check(tx, { ...input, organiserId });

    const newRule = input.rrule !== undefined || input.repeat !== undefined;
    const source = newRule ? input : { ...input, rrule: continuedRule(parts.after, zone) };
    const now = this.now();
    // The EXDATEs from the split on carry over into a sent rule too, as in a whole-series edit.
    const timing = eventTiming(source, zone, now, { ...current, rrule: formatRule(parts.after) });
    const startDay = (instant: Date) => DateTime.fromJSDate(instant, { zone: timing.rule.zone }).toISODate() ?? '';
    if (startDay(timing.startsAt) < startDay(from.startsAt)) throw new AppError(400, eventMessages.splitStartTooEarly);

    const guestIds =
      input.guestIds ??
      (await tx.select({ id: eventGuests.userId }).from(eventGuests).where(eq(eventGuests.eventId, current.id))).map(
        (guest) => guest.id,
      );
    const columns = timingColumns(timing, now);
    const laterId = await insertEvent(
      tx,
      {
        title: input.title ?? current.title,
        description: input.description === undefined ? current.description : input.description,
        conferenceLink: input.conferenceLink === undefined ? current.conferenceLink : input.conferenceLink,
        ...columns,
        startsAt: columns.startsAt.toISOString(),
        endDate: columns.endDate.toISOString(),
        generatedUntil: columns.generatedUntil?.toISOString() ?? null,
        organiserId,
        locationId: input.locationId ?? current.locationId,
        status: current.status,
        createdBy: actorId ?? current.createdBy,
        priceAmount: input.price === undefined ? current.priceAmount : (input.price?.amount ?? null),
        priceCurrency: input.price === undefined ? current.priceCurrency : (input.price?.currency ?? null),
      },
      [...new Set(guestIds)],
    );

    await this.series.moveFrom(tx, current.id, laterId, from.startsAt);
    // The past stays as it was, as in a whole-series edit; a new rule may start earlier on the split's day.
    const regenerateFrom = new Date(
      Math.max(now.getTime(), Math.min(from.startsAt.getTime(), timing.startsAt.getTime())),
    );
    const starts = engine(() => seriesOccurrences(timing.rule, { now, from: regenerateFrom }));
    await this.series.fitToSeries(tx, laterId, regenerateFrom, starts, durationOf(timing));
    await this.series.insertSeries(tx, laterId, starts, durationOf(timing));
    // The rows moved as they were may fall in a closure of the later part's organiser or location.
    await this.series.cancelClosedFrom(tx, laterId, from.startsAt);

    await tx
      .update(events)
      .set({ rrule: formatRule(parts.before), generatedUntil: null, updatedAt: sql`now()` })
      .where(eq(events.id, current.id));
    const [later] = await selectEvents(tx).where(eq(events.id, laterId));
    return toEvent(later!);
  }

  /** What a split at `fromOccurrenceId` would give the later part without a new rule. */
  async continuation(id: number, fromOccurrenceId: number): Promise<EventContinuation | undefined> {
    const [current] = await this.db.select().from(events).where(eq(events.id, id));
    if (!current) return undefined;
    const { from, blockedBy, wholeSeries, parts } = await this.plan(this.db, current, fromOccurrenceId);
    const zone = await this.references.organiserZone(this.db, current.organiserId).catch(() => current.timezone);
    const now = this.now();
    const timing = wholeSeries
      ? eventTiming({ rrule: current.rrule }, current.timezone, now, current)
      : eventTiming({ rrule: continuedRule(parts.after, zone) }, zone, now, current);
    return {
      fromOccurrenceId: from.id,
      occurrenceDate: from.startsAt.toISOString(),
      wholeSeries,
      rrule: timing.rrule,
      timezone: timing.rule.zone,
      repeat: repeatOf(timing.rule),
      rruleByDayText: rruleByDayText(timing.rule),
      endDate: timing.endDate.toISOString(),
      blockedBy: blockedBy ? { id: blockedBy.id, occurrenceDate: blockedBy.startsAt.toISOString() } : null,
    };
  }
}
