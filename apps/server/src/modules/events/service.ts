import {
  type CreateEvent,
  type Event,
  type EventPreviewRequest,
  type EventContinuation,
  type EventListQuery,
  eventMessages,
  notFound,
  type UpdateEvent,
} from '@ritim/shared';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../platform/db/client.js';
import { auditStamp, type AuditStamp, createdAuditInsert } from '../../platform/audit/record.js';
import { eventGuests, events, users } from '../../platform/db/schema.js';
import { AppError } from '../../platform/errors.js';
import { defineList, type PageTable } from '../../platform/list.js';
import { statisticsOf } from '../../platform/db/statistics.js';
import { rruleByDayText } from '../../recurrence/by-day-text.js';
import { seriesOccurrences } from '../../recurrence/expand.js';
import { engine, ruleInZone } from '../../recurrence/rule-text.js';
import {
  holdApprovedDays,
  ConflictChecker,
  closedCancellationsInsert,
  SeriesRepository,
  seriesInsert,
  seriesStarts,
} from '../event-occurrences/index.js';
import { activeGuestIds, idArray } from '../users/active-guests.js';
import { peopleJson } from '../users/people-json.js';
import { createdEventFields, eventColumns, joinEventRefs, selectEvents, toEvent } from './rows.js';
import { SeriesSplit } from './split.js';
import { durationOf, eventTiming, type PreviousTiming, timingColumns } from './timing.js';
import {
  activeEditorZone,
  activeLocation,
  EventReferences,
  eventInsert,
  guestsInsert,
  replaceGuests,
} from './writes.js';

/**
 * Events (docs/product.md §3, docs/domain.md): the rule lives in the organiser's zone, the occurrences are stored
 * rows (unique per (event, start), so every generation is idempotent), and never-ending series are
 * kept twelve months ahead by `extendHorizons`.
 */
export class EventService {
  private readonly references: EventReferences;
  private readonly split: SeriesSplit;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
    private readonly series = new SeriesRepository(db),
    private readonly conflicts = new ConflictChecker(db),
    /** The database whose planner statistics writes count toward (platform/db/statistics.ts): never a transaction. */
    private readonly statisticsDb: Db = db,
  ) {
    this.references = new EventReferences(db);
    this.split = new SeriesSplit(db, now, this.references, series);
  }

  /**
   * One transaction with this service working in it (platform/crud-routes.ts: a write and its audit
   * row). The series and clash helpers take the transaction as an argument, so they are shared.
   */
  transaction<T>(work: (service: EventService, tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) =>
      work(new EventService(tx, this.now, this.series, this.conflicts, this.statisticsDb), tx),
    );
  }

  /**
   * A deferred join (platform/list.ts): the page's ids and total come from `events` alone (search,
   * filters and sorts are all on it), and only the page's rows get their next occurrence, guests,
   * location and organiser, however deep the offset.
   */
  readonly list = defineList({
    name: 'events',
    page: (pageColumns) => this.db.select(pageColumns).from(events).$dynamic(),
    rows: (page: PageTable) =>
      joinEventRefs(
        this.db
          .with(page)
          .select({ ...eventColumns, totalCount: page.totalCount })
          .from(page)
          .innerJoin(events, eq(events.id, page.id))
          .$dynamic(),
      ),
    search: [events.search],
    sorts: {
      name: [asc(events.title)],
      date: [desc(events.createdAt)],
      status: [asc(events.status), asc(events.title)],
    },
    id: events.id,
    filters: {
      activeOnly: {
        value: (query: EventListQuery) => (query.archived ? undefined : true),
        where: () => eq(events.status, 'active'),
      },
      recurring: {
        value: (query: EventListQuery) => (query.recurringEvents ? true : undefined),
        where: () => eq(events.doesNotRepeat, false),
      },
    },
    map: toEvent,
  });

  async find(id: number, db: Db | Tx = this.db): Promise<Event | undefined> {
    const [row] =
      db === this.db
        ? await (this.byId ??= this.prepareById()).execute({ id })
        : await selectEvents(db).where(eq(events.id, id));
    return row && toEvent(row);
  }

  /**
   * `find` outside a transaction, as a prepared statement: drizzle takes about 2 ms of CPU to build
   * this select's SQL, more than the database takes to run it (issue 17).
   */
  private byId: ReturnType<EventService['prepareById']> | undefined;
  private prepareById() {
    return selectEvents(this.db)
      .where(eq(events.id, sql.placeholder('id')))
      .prepare('event_by_id');
  }

  /** The organiser's zone once the event's references are checked (writes.ts). */
  private checkReferences(db: Db | Tx, refs: Parameters<EventReferences['check']>[1]): Promise<string> {
    return this.references.check(db, refs);
  }

  /**
   * POST /api/events: the event, its guests and all its occurrences in one statement (so one
   * transaction), after one read of the organiser's zone, which the rule is expanded in. The
   * statement stores nothing unless the organiser, the location and the guests are still what
   * that read found (if one changed in between, the read runs again and answers 400 for it), and
   * answers the stored event itself. Two round trips in all: creation is the hot write (issue 17).
   * The same statement writes the creation's audit row (who and which request: `audit`), so the
   * route runs no transaction around it (platform/crud-routes.ts, `createWritesAudit`).
   */
  readonly createWritesAudit = true;

  async create(input: CreateEvent, createdBy: number, audit: AuditStamp = auditStamp()): Promise<Event> {
    const guestIds = [...new Set(input.guestIds)];
    for (let attempt = 0; ; attempt++) {
      const zone = await this.checkReferences(this.db, input);
      const now = this.now();
      const timing = eventTiming(input, zone, now);
      const starts = engine(() => seriesOccurrences(timing.rule, { now }));
      const { startsAt, endDate, generatedUntil, ...rest } = timingColumns(timing, now);
      const [row] = await (this.createStatement ??= this.prepareCreate()).execute({
        ...rest,
        title: input.title,
        description: input.description ?? null,
        conferenceLink: input.conferenceLink ?? null,
        startsAt: startsAt.toISOString(),
        endDate: endDate.toISOString(),
        generatedUntil: generatedUntil?.toISOString() ?? null,
        organiserId: input.organiserId,
        organiserZone: zone,
        locationId: input.locationId,
        createdBy,
        status: 'active',
        priceAmount: input.price?.amount ?? null,
        priceCurrency: input.price?.currency ?? null,
        guestIds: idArray(guestIds),
        guestCount: guestIds.length,
        starts: seriesStarts(starts),
        durationMs: durationOf(timing),
        ...audit,
      });
      if (!row) {
        // Changed since the read: the next read names what is wrong now (or sees the new zone).
        if (attempt < 2) continue;
        throw new AppError(409, eventMessages.changedWhileSaving);
      }
      statisticsOf(this.statisticsDb).noteWrites(events, 1);
      statisticsOf(this.statisticsDb).noteWrites(eventGuests, guestIds.length);
      this.series.noteSeries(Number(row.occurrences));
      return toEvent(row);
    }
  }

  /**
   * create's statement, prepared once: the event, its guests and its occurrences, stored only if
   * the organiser (still in the zone the rule was expanded in), the location and every guest are
   * still active; one row (the stored event as `eventColumns` reads it, and how many occurrences)
   * when it stored them, else none.
   */
  private createStatement: ReturnType<EventService['prepareCreate']> | undefined;
  private prepareCreate() {
    const p = (name: string) => sql.placeholder(name);
    // The stored row's CTE is named `events`, like the table, so `eventColumns` (which name
    // "events"."title" and so on) read the row this statement stores; only its next occurrence
    // and guests are read from this statement's own inserts, which `eventColumns`' subqueries of
    // the tables cannot see yet.
    const guard = sql`${activeEditorZone(p('organiserId'))} = ${p('organiserZone')} and ${activeLocation(p('locationId'))}
        and cardinality(${activeGuestIds(p('guestIds'))}) = ${p('guestCount')}::integer`;
    const stored = this.db.$with('events', { id: sql<number>`id`.as('id') }).as(eventInsert(p, guard));
    const storedGuests = this.db.$with('stored_guests', {}).as(guestsInsert(sql`events as source`, p('guestIds')));
    const series = this.db.$with('series', {}).as(seriesInsert(sql`events as source`, p('starts'), p('durationMs')));
    const closed = this.db
      .$with('closed_sessions', {})
      .as(closedCancellationsInsert(sql`series as created`, sql`events as source`));
    const guests = peopleJson<Event['guests']>(sql`from ${users} p where p.id = any(${p('guestIds')}::integer[])`);
    const audited = this.db.$with('audited', {}).as(
      createdAuditInsert(sql`events as source`, {
        entityType: 'events',
        name: sql`source.title`,
        fields: createdEventFields(sql`source`, guests),
      }),
    );
    return joinEventRefs(
      this.db
        .with(stored, storedGuests, series, closed, audited)
        .select({
          ...eventColumns,
          nextOccurrence: sql<
            string | null
          >`(select to_json(min(starts_at)) #>> '{}' from series where starts_at >= now())`,
          guests,
          occurrences: sql<number>`(select cast(count(*) as integer) from series)`,
        })
        .from(stored)
        .$dynamic(),
    ).prepare('event_create');
  }

  /**
   * PATCH /api/events/:id. A change to the rule, its start or duration, or the organiser (whose
   * zone the rule is read in) regenerates the future occurrences that are not completed; the past
   * and completed ones are kept, and so are those moved by hand or with form submissions. The
   * stored rule's EXDATEs (occurrences deleted or moved away) carry over into the new rule, so a
   * deleted slot stays deleted. Title, texts, guests and location leave the occurrences alone,
   * but those ahead that a new organiser or location puts inside a closure are cancelled.
   * With `fromOccurrenceId`, "this and following" (split.ts).
   */
  async update(id: number, input: UpdateEvent, actorId?: number): Promise<Event | undefined> {
    return this.db.transaction(async (tx) => {
      // The sessions it makes take their day's schedule: before any lock, as approving takes it.
      await holdApprovedDays(tx);
      const [current] = await tx.select().from(events).where(eq(events.id, id)).for('update');
      if (!current) return undefined;
      if (input.fromOccurrenceId !== undefined) {
        const later = await this.split.apply(tx, current, input.fromOccurrenceId, input, actorId);
        // Nothing before that occurrence: the change is to the whole series.
        if (later) return later;
      }
      const organiserId = input.organiserId ?? current.organiserId;
      const zone = await this.checkReferences(tx, { ...input, organiserId });

      const ruleChanged =
        input.rrule !== undefined ||
        input.repeat !== undefined ||
        input.endTime !== undefined ||
        input.endDate !== undefined ||
        (input.organiserId !== undefined && zone !== current.timezone);
      const changes: Partial<typeof events.$inferInsert> = { updatedAt: sql`now()` as unknown as Date };
      let regenerated: { starts: Date[]; durationMs: number } | undefined;
      if (input.title !== undefined) changes.title = input.title;
      if (input.description !== undefined) changes.description = input.description;
      if (input.conferenceLink !== undefined) changes.conferenceLink = input.conferenceLink;
      if (input.locationId !== undefined) changes.locationId = input.locationId;
      if (input.organiserId !== undefined) changes.organiserId = input.organiserId;
      if (input.price !== undefined) {
        changes.priceAmount = input.price?.amount ?? null;
        changes.priceCurrency = input.price?.currency ?? null;
      }

      if (ruleChanged) {
        const now = this.now();
        // Without a new rule the stored one is read again in the (new) organiser's zone, its
        // EXDATEs too: they keep their wall-clock times, like the occurrences.
        const source =
          input.rrule !== undefined || input.repeat !== undefined
            ? input
            : { ...input, rrule: ruleInZone(current.rrule, zone) };
        const timing = eventTiming(source, zone, now, current);
        const starts = engine(() => seriesOccurrences(timing.rule, { now, from: now }));
        Object.assign(changes, timingColumns(timing, now));
        // What the old rule made and nobody touched since goes; the rest is kept.
        await this.series.dropRegenerable(tx, id, now);
        regenerated = { starts, durationMs: durationOf(timing) };
      }
      await tx.update(events).set(changes).where(eq(events.id, id));
      // After the event's row: a new session falls in a closure of its new organiser or location.
      if (regenerated) await this.series.insertSeries(tx, id, regenerated.starts, regenerated.durationMs);
      // The sessions kept ahead may now fall in a closure of the new organiser or location.
      if (input.organiserId !== undefined || input.locationId !== undefined) {
        await this.series.cancelClosedFrom(tx, id, this.now());
      }
      if (input.guestIds !== undefined) await replaceGuests(tx, id, [...new Set(input.guestIds)]);
      return this.find(id, tx);
    });
  }

  /** GET /api/events/:id/continuation: what a split at `fromOccurrenceId` would give the later part without a new rule. */
  continuation(id: number, fromOccurrenceId: number): Promise<EventContinuation | undefined> {
    return this.split.continuation(id, fromOccurrenceId);
  }

  /**
   * DELETE /api/events/:id. An event with history (completed occurrences, any in the past, or any
   * with form submissions) is archived and loses only its future occurrences that are neither
   * completed nor filled in; one without history is deleted. A lookup pointing at it makes the
   * database refuse.
   */
  async delete(id: number): Promise<boolean | 'archived'> {
    return this.db.transaction(async (tx) => {
      const [current] = await tx.select({ id: events.id }).from(events).where(eq(events.id, id)).for('update');
      if (!current) return false;
      const now = this.now();
      const history = await this.series.eventHasHistory(tx, id, now);
      if (!history) {
        await tx.delete(events).where(eq(events.id, id));
        return true;
      }
      await tx
        .update(events)
        .set({ status: 'archived', generatedUntil: null, updatedAt: sql`now()` })
        .where(eq(events.id, id));
      await this.series.dropFutureWithoutHistory(tx, id, now);
      return 'archived' as const;
    });
  }

  /**
   * POST /api/events/preview: the first occurrences the rule would store, in the organiser's zone,
   * and the clashes of all of them (organiser, guests, location; a warning, never a refusal).
   * With `eventId` (editing) the stored rule's EXDATEs carry over, only the future is checked (as
   * the edit regenerates only that) and the event's own occurrences never clash with it.
   */
  async preview(input: EventPreviewRequest) {
    const zone =
      input.organiserId === undefined ? 'UTC' : await this.references.organiserZone(this.db, input.organiserId);
    let previous: PreviousTiming | undefined;
    if (input.eventId !== undefined) {
      [previous] = await this.db
        .select({ startsAt: events.startsAt, endDate: events.endDate, rrule: events.rrule })
        .from(events)
        .where(eq(events.id, input.eventId));
      if (!previous) throw new AppError(404, notFound('Event'));
    }
    const now = this.now();
    const timing = eventTiming(
      { rrule: input.rrule, repeat: input.repeat, endTime: input.endTime, endDate: input.endDate },
      zone,
      now,
      previous,
    );
    const { rrule, rule } = timing;
    const starts = engine(() => seriesOccurrences(rule, { now }));
    // An edit regenerates only what lies ahead: the past cannot clash any more.
    const planned = previous ? starts.filter((start) => start.getTime() >= now.getTime()) : starts;
    const duration = durationOf(timing);
    const clashes = await this.conflicts.check({
      starts: planned,
      ends: planned.map((start) => new Date(start.getTime() + duration)),
      organiserId: input.organiserId,
      locationId: input.locationId,
      guestIds: input.guestIds,
      excludeEventId: input.eventId,
    });
    const shown = starts.slice(0, input.limit);
    const cancelled =
      input.eventId === undefined ? new Set<number>() : await this.series.cancelledAmong(this.db, input.eventId, shown);
    return {
      timezone: rule.zone,
      rrule,
      rruleByDayText: rruleByDayText(rule),
      occurrences: shown.map((d) => d.toISOString()),
      occurrenceStates: shown.map((d) => ({
        start: d.toISOString(),
        past: d.getTime() < now.getTime(),
        cancelled: cancelled.has(d.getTime()),
      })),
      totalCount: starts.length,
      ...clashes,
    };
  }
}
