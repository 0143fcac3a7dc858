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
import { and, asc, desc, eq, isNotNull, lt, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DateTime } from 'luxon';
import type { Db } from '../../db/client.js';
import { eventGuests, events, locations, users } from '../../db/schema.js';
import { activeGuestIds, assertAllActive, idArray } from '../users/active-guests.js';
import { AppError } from '../../lib/errors.js';
import { defineList, type PageTable } from '../../lib/list.js';
import { statisticsOf } from '../../lib/statistics.js';
import { rruleByDayText } from '../../recurrence/by-day-text.js';
import { RecurrenceError } from '../../recurrence/errors.js';
import { horizonEnd, isNeverEnding, seriesOccurrences, startInstant } from '../../recurrence/expand.js';
import { buildRuleText, ruleToOptions } from '../../recurrence/repeat-options.js';
import { formatRule, parseRule, type RecurrenceRule, validateRule } from '../../recurrence/rule.js';
import { splitRule } from '../../recurrence/split.js';
import { OccurrenceRepository, nextStartOf, seriesInsert, seriesStarts } from '../event-occurrences/repository.js';
import { engine, storedExdates, withExdates } from '../event-occurrences/rules.js';
import { ConflictChecker } from '../event-occurrences/conflicts.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const organisers = alias(users, 'organisers');
const creators = alias(users, 'creators');

/** Guests as one JSON array in name order; `from` yields the users as `g`. */
const guestsJson = (from: SQL) =>
  sql<Event['guests']>`(select coalesce(json_agg(json_build_object('id', g.id, 'name', g.name,
    'surname', g.surname, 'status', g.status) order by g.name, g.surname, g.id), '[]'::json) ${from})`;

/** The guests as one JSON array per row, so a page costs one query whatever its size. */
const guestList = guestsJson(
  sql`from ${eventGuests} eg join ${users} g on g.id = eg.user_id where eg.event_id = ${events.id}`,
).as('guests');

type Value = SQL | Placeholder;
/** The zone of `organiserId` if that is an active editor, else null. */
const activeEditorZone = (organiserId: Value) =>
  sql<string | null>`(select ${users.timezone} from ${users} where ${users.id} = ${organiserId}::integer
    and ${users.role} = 'editor' and ${users.status} = 'active')`;
/** Whether `locationId` is an active location. */
const activeLocation = (locationId: Value) =>
  sql<boolean>`exists (select 1 from ${locations} where ${locations.id} = ${locationId}::integer
    and ${locations.status} = 'active')`;

/** The event's columns that come from its timing (the rule and the first occurrence's span). */
function timingColumns(timing: Timing, now: Date) {
  return {
    rrule: timing.rrule,
    timezone: timing.rule.zone,
    startsAt: timing.startsAt,
    endDate: timing.endDate,
    doesNotRepeat: timing.rule.count === 1,
    generatedUntil: isNeverEnding(timing.rule) ? new Date(horizonEnd(timing.rule, now)) : null,
  };
}

const columns = {
  id: events.id,
  title: events.title,
  description: events.description,
  conferenceLink: events.conferenceLink,
  rrule: events.rrule,
  timezone: events.timezone,
  doesNotRepeat: events.doesNotRepeat,
  endDate: events.endDate,
  status: events.status,
  createdAt: events.createdAt,
  locationId: locations.id,
  locationName: locations.name,
  organiserId: organisers.id,
  organiserName: organisers.name,
  organiserSurname: organisers.surname,
  organiserTimezone: organisers.timezone,
  username: creators.username,
  /** One probe of the (event_id, starts_at) unique index per row. */
  nextOccurrence: nextStartOf(events.id).as('next_occurrence'),
  guests: guestList,
};

interface Row {
  id: number;
  title: string;
  description: string | null;
  conferenceLink: string | null;
  rrule: string;
  timezone: string;
  doesNotRepeat: boolean;
  endDate: Date;
  status: Event['status'];
  createdAt: Date;
  locationId: number;
  locationName: string;
  organiserId: number;
  organiserName: string | null;
  organiserSurname: string | null;
  organiserTimezone: string;
  username: string | null;
  nextOccurrence: string | null;
  guests: Event['guests'] | string;
}

function toEvent(row: Row): Event {
  const guests = (typeof row.guests === 'string' ? JSON.parse(row.guests) : row.guests) as Event['guests'];
  let repeat: Event['repeat'] = null;
  let byDay = '';
  try {
    const rule = parseRule(row.rrule);
    const options = ruleToOptions(rule);
    if (options) {
      const { zone: _zone, ...rest } = options;
      repeat = rest;
    }
    byDay = rruleByDayText(rule);
  } catch {
    // A stored rule always parsed when saved; an engine change must not break reading the list.
  }
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    conferenceLink: row.conferenceLink,
    rrule: row.rrule,
    timezone: row.timezone,
    repeat,
    doesNotRepeat: row.doesNotRepeat,
    endDate: row.endDate.toISOString(),
    nextOccurrence: row.nextOccurrence === null ? null : new Date(row.nextOccurrence).toISOString(),
    rruleByDayText: byDay,
    status: row.status,
    location: { id: row.locationId, name: row.locationName },
    organiser: {
      id: row.organiserId,
      name: row.organiserName,
      surname: row.organiserSurname,
      timezone: row.organiserTimezone,
    },
    guests,
    guestIds: guests.map((g) => g.id),
    user: row.username === null ? null : { username: row.username },
    createdAt: row.createdAt.toISOString(),
  };
}

const HOUR_MS = 3_600_000;

interface Timing {
  rrule: string;
  rule: RecurrenceRule;
  startsAt: Date;
  endDate: Date;
}

/**
 * Events (spec §3, DESIGN §4): the rule lives in the organiser's zone, the occurrences are stored
 * rows (unique per (event, start), so every generation is idempotent), and never-ending series are
 * kept twelve months ahead by `extendHorizons`.
 */
export class EventService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
    private readonly occurrences = new OccurrenceRepository(db),
    private readonly conflicts = new ConflictChecker(db),
  ) {}

  private select(db: Db | Tx = this.db) {
    return db
      .select(columns)
      .from(events)
      .innerJoin(locations, eq(locations.id, events.locationId))
      .innerJoin(organisers, eq(organisers.id, events.organiserId))
      .leftJoin(creators, eq(creators.id, events.createdBy))
      .$dynamic();
  }

  /**
   * A deferred join (lib/list.ts): the page's ids and total come from `events` alone (search,
   * filters and sorts are all on it), and only the page's rows get their next occurrence, guests,
   * location and organiser, however deep the offset.
   */
  readonly list = defineList({
    name: 'events',
    page: (pageColumns) => this.db.select(pageColumns).from(events).$dynamic(),
    rows: (page: PageTable) =>
      this.db
        .with(page)
        .select({ ...columns, totalCount: page.totalCount })
        .from(page)
        .innerJoin(events, eq(events.id, page.id))
        .innerJoin(locations, eq(locations.id, events.locationId))
        .innerJoin(organisers, eq(organisers.id, events.organiserId))
        .leftJoin(creators, eq(creators.id, events.createdBy))
        .$dynamic(),
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
        : await this.select(db).where(eq(events.id, id));
    return row && toEvent(row);
  }

  /**
   * `find` outside a transaction, as a prepared statement: drizzle takes about 2 ms of CPU to build
   * this select's SQL, more than the database takes to run it (issue 17).
   */
  private byId: ReturnType<EventService['prepareById']> | undefined;
  private prepareById() {
    return this.select()
      .where(eq(events.id, sql.placeholder('id')))
      .prepare('event_by_id');
  }

  /** The organiser's zone; 400 unless an active editor. */
  private async organiserZone(db: Db | Tx, organiserId: number): Promise<string> {
    return this.checkReferences(db, { organiserId });
  }

  /**
   * The organiser's zone, once it is known in one round trip that the organiser is an active
   * editor, the location (when given) an active location and every guest (when given) an active
   * guest; the first that is not, in that order, answers 400.
   */
  private async checkReferences(
    db: Db | Tx,
    refs: { organiserId: number; locationId?: number; guestIds?: number[] },
  ): Promise<string> {
    const { organiserId, locationId, guestIds } = refs;
    const values = { organiserId, locationId: locationId ?? null, guestIds: guestIds ? idArray(guestIds) : null };
    const [row] =
      db === this.db
        ? await (this.referencesStatement ??= this.references(this.db).prepare('event_references')).execute(values)
        : await this.references(db, values);
    if (!row || row.zone === null) throw new AppError(400, eventMessages.organiserInvalid);
    if (!row.location) throw new AppError(400, eventMessages.locationInvalid({ id: locationId! }));
    if (guestIds?.length) assertAllActive(guestIds, row.guests ?? [], eventMessages.guestInvalid);
    return row.zone;
  }

  /** checkReferences's select, with placeholders (prepared) or the values themselves (in a transaction). */
  private references(db: Db | Tx, values?: Record<string, unknown>) {
    const v = (name: string) => (values ? sql`${values[name]}` : sql.placeholder(name));
    return db
      .select({
        zone: activeEditorZone(v('organiserId')),
        location: sql<boolean>`(${v('locationId')}::integer is null or ${activeLocation(v('locationId'))})`,
        guests: sql<number[] | null>`${activeGuestIds(v('guestIds'))}`,
      })
      .from(sql`(values (1)) as one (x)`);
  }
  private referencesStatement: ReturnType<ReturnType<EventService['references']>['prepare']> | undefined;

  /**
   * The rule text (from `repeat` in the organiser's zone, or as sent) checked against the caps, and
   * the first occurrence's span. When editing, the EXDATEs of the `previous` rule are carried over.
   */
  private timing(
    input: Pick<CreateEvent, 'rrule' | 'repeat' | 'endTime' | 'endDate'>,
    zone: string,
    previous?: { startsAt: Date; endDate: Date; rrule: string },
  ): Timing {
    const kept = previous ? storedExdates(previous.rrule) : [];
    const rrule = engine(() => {
      if (input.repeat) return buildRuleText({ ...input.repeat, zone }, kept);
      if (input.rrule) return withExdates(input.rrule, kept, zone);
      throw new AppError(400, eventMessages.ruleRequired);
    });
    const rule = engine(() => validateRule(rrule, { now: this.now(), defaultZone: zone }));
    const startsAt = startInstant(rule);
    let endDate: Date;
    if (input.endTime) {
      const day = new Date(rule.start).toISOString().slice(0, 10);
      endDate = DateTime.fromISO(`${day}T${input.endTime}`, { zone: rule.zone }).toJSDate();
    } else if (input.endDate) {
      endDate = new Date(input.endDate);
    } else if (previous) {
      endDate = new Date(startsAt.getTime() + (previous.endDate.getTime() - previous.startsAt.getTime()));
    } else {
      endDate = new Date(startsAt.getTime() + HOUR_MS);
    }
    if (endDate.getTime() < startsAt.getTime()) throw new AppError(400, eventMessages.startAfterEnd);
    return { rrule, rule, startsAt, endDate };
  }

  /** Inserts the event and its guests in one statement; its id. */
  private static async insertWithGuests(
    tx: Tx,
    guestIds: readonly number[],
    values: typeof events.$inferInsert,
  ): Promise<number> {
    const created = tx.insert(events).values(values).returning({ id: events.id });
    const result = await tx.execute<{ id: number }>(sql`with created as (${created.getSQL()}),
      guests as (insert into ${eventGuests} (event_id, user_id)
        select created.id, guest from created, unnest(${idArray(guestIds)}::integer[]) as guest)
      select id from created`);
    return Number((result as { rows: { id: number }[] }).rows[0]!.id);
  }

  /**
   * POST /api/events: the event, its guests and all its occurrences in one statement (so one
   * transaction), after one read of the organiser's zone, which the rule is expanded in. The
   * statement stores nothing unless the organiser, the location and the guests are still what
   * that read found (if one changed in between, the read runs again and answers 400 for it), and
   * answers the stored event itself. Two round trips in all: creation is the hot write (issue 17).
   */
  async create(input: CreateEvent, createdBy: number): Promise<Event> {
    const guestIds = [...new Set(input.guestIds)];
    for (let attempt = 0; ; attempt++) {
      const zone = await this.checkReferences(this.db, input);
      const now = this.now();
      const timing = this.timing(input, zone);
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
        guestIds: idArray(guestIds),
        guestCount: guestIds.length,
        starts: seriesStarts(starts),
        durationMs: timing.endDate.getTime() - timing.startsAt.getTime(),
      });
      if (!row) {
        // Changed since the read: the next read names what is wrong now (or sees the new zone).
        if (attempt < 2) continue;
        throw new AppError(409, eventMessages.changedWhileSaving);
      }
      statisticsOf(this.db).noteWrites(events, 1);
      statisticsOf(this.db).noteWrites(eventGuests, guestIds.length);
      this.occurrences.noteSeries(Number(row.occurrences));
      return toEvent(row);
    }
  }

  /**
   * create's statement, prepared once: the event, its guests and its occurrences, stored only if
   * the organiser (still in the zone the rule was expanded in), the location and every guest are
   * still active; one row (the stored event as `columns` reads it, and how many occurrences) when it stored them, else none.
   */
  private createStatement: ReturnType<EventService['prepareCreate']> | undefined;
  private prepareCreate() {
    const p = (name: string) => sql.placeholder(name);
    // The stored row's CTE is named `events`, like the table, so `columns` (which name
    // "events"."title" and so on) read the row this statement stores; only its next occurrence
    // and guests are read from this statement's own inserts, which `columns`' subqueries of the
    // tables cannot see yet.
    const stored = this.db.$with('events', { id: sql<number>`id`.as('id') }).as(sql`insert into ${events}
      (title, description, conference_link, rrule, timezone, starts_at, end_date, does_not_repeat, generated_until,
        organiser_id, location_id, created_by)
      select ${p('title')}, ${p('description')}, ${p('conferenceLink')}, ${p('rrule')}, ${p('timezone')},
        ${p('startsAt')}::timestamptz, ${p('endDate')}::timestamptz, ${p('doesNotRepeat')}::boolean,
        ${p('generatedUntil')}::timestamptz, ${p('organiserId')}::integer, ${p('locationId')}::integer, ${p('createdBy')}::integer
      where ${activeEditorZone(p('organiserId'))} = ${p('organiserZone')} and ${activeLocation(p('locationId'))}
        and cardinality(${activeGuestIds(p('guestIds'))}) = ${p('guestCount')}::integer
      returning *`);
    const storedGuests = this.db.$with('stored_guests', {}).as(sql`insert into ${eventGuests} (event_id, user_id)
      select events.id, guest from events, unnest(${p('guestIds')}::integer[]) as guest`);
    const series = this.db.$with('series', {}).as(seriesInsert(sql`events as source`, p('starts'), p('durationMs')));
    return this.db
      .with(stored, storedGuests, series)
      .select({
        ...columns,
        nextOccurrence: sql<
          string | null
        >`(select to_json(min(starts_at)) #>> '{}' from series where starts_at >= now())`,
        guests: guestsJson(sql`from ${users} g where g.id = any(${p('guestIds')}::integer[])`),
        occurrences: sql<number>`(select cast(count(*) as integer) from series)`,
      })
      .from(stored)
      .innerJoin(locations, eq(locations.id, events.locationId))
      .innerJoin(organisers, eq(organisers.id, events.organiserId))
      .leftJoin(creators, eq(creators.id, events.createdBy))
      .prepare('event_create');
  }

  /**
   * PATCH /api/events/:id. A change to the rule, its start or duration, or the organiser (whose
   * zone the rule is read in) regenerates the future occurrences that are not completed; the past
   * and completed ones are kept, and so are those moved by hand or with form submissions. The
   * stored rule's EXDATEs (occurrences deleted or moved away) carry over into the new rule, so a
   * deleted slot stays deleted. Title, texts, guests and location leave the occurrences alone.
   */
  async update(id: number, input: UpdateEvent, actorId?: number): Promise<Event | undefined> {
    return this.db.transaction(async (tx) => {
      const [current] = await tx.select().from(events).where(eq(events.id, id)).for('update');
      if (!current) return undefined;
      if (input.fromOccurrenceId !== undefined) {
        const later = await this.split(tx, current, input.fromOccurrenceId, input, actorId);
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
      if (input.title !== undefined) changes.title = input.title;
      if (input.description !== undefined) changes.description = input.description;
      if (input.conferenceLink !== undefined) changes.conferenceLink = input.conferenceLink;
      if (input.locationId !== undefined) changes.locationId = input.locationId;
      if (input.organiserId !== undefined) changes.organiserId = input.organiserId;

      if (ruleChanged) {
        const now = this.now();
        // Without a new rule the stored one is read again in the (new) organiser's zone, its
        // EXDATEs too: they keep their wall-clock times, like the occurrences.
        const source =
          input.rrule !== undefined || input.repeat !== undefined
            ? input
            : { ...input, rrule: current.rrule.replace(/TZID=[^:;]+/g, `TZID=${zone}`) };
        const timing = this.timing(source, zone, current);
        const starts = engine(() => seriesOccurrences(timing.rule, { now, from: now }));
        Object.assign(changes, timingColumns(timing, now));
        // What the old rule made and nobody touched since goes; the rest is kept.
        await this.occurrences.dropRegenerable(tx, id, now);
        await this.occurrences.insertSeries(tx, id, starts, timing.endDate.getTime() - timing.startsAt.getTime());
      }
      await tx.update(events).set(changes).where(eq(events.id, id));
      if (input.guestIds !== undefined) {
        await tx.delete(eventGuests).where(eq(eventGuests.eventId, id));
        const guestIds = [...new Set(input.guestIds)];
        if (guestIds.length) await tx.insert(eventGuests).values(guestIds.map((userId) => ({ eventId: id, userId })));
      }
      return this.find(id, tx);
    });
  }

  /**
   * Where a split at `fromOccurrenceId` stands: the occurrence (400 unless one of this event's),
   * the first later one with history, whether any is before it, and the rule cut in two there.
   */
  private async splitPlan(db: Db | Tx, current: typeof events.$inferSelect, fromOccurrenceId: number) {
    const from = await this.occurrences.startOf(db, fromOccurrenceId);
    if (!from || from.eventId !== current.id) {
      throw new AppError(400, eventMessages.splitOccurrenceInvalid({ id: fromOccurrenceId }));
    }
    const blockedBy = await this.occurrences.firstWithHistoryFrom(db, current.id, from.startsAt);
    const wholeSeries = !(await this.occurrences.anyBefore(db, current.id, from.startsAt));
    const rule = engine(() => parseRule(current.rrule));
    const parts = engine(() => splitRule(rule, from.startsAt));
    return { from, blockedBy, wholeSeries, parts };
  }

  /**
   * The rule text of the later part when none is sent: the series continued from the split, read
   * in the (new) organiser's zone as a whole-series edit reads it (wall-clock times kept).
   */
  private static continued(after: RecurrenceRule, zone: string): string {
    return formatRule({ ...after, zone });
  }

  /**
   * PATCH /api/events/:id with `fromOccurrenceId` ("this and following"), inside the update's
   * transaction with the event locked. Refused (409, naming it) when an occurrence from there on has
   * history. The occurrences from there on move, as they are, to a new event made of this one plus
   * the changes, with the sent rule or else this one's continued from there (DTSTART at the split,
   * COUNT less the slots kept, UNTIL kept, the EXDATEs from there on); then they are fitted to that
   * rule from the later of now and the split: the untouched ones whose slot is gone go, the missing
   * slots are made. This event keeps the earlier occurrences and its rule ends before the split, so
   * neither editing it nor the horizon job makes the later ones again. Undefined when nothing is
   * before the split: the caller edits the whole series instead.
   */
  private async split(
    tx: Tx,
    current: typeof events.$inferSelect,
    fromOccurrenceId: number,
    input: UpdateEvent,
    actorId: number | undefined,
  ): Promise<Event | undefined> {
    const { from, blockedBy, wholeSeries, parts } = await this.splitPlan(tx, current, fromOccurrenceId);
    if (blockedBy) {
      const when = DateTime.fromJSDate(blockedBy.startsAt, { zone: current.timezone }).toFormat('ccc yyyy-MM-dd HH:mm');
      throw new AppError(409, eventMessages.splitHistory({ when: `${when} (${current.timezone})` }));
    }
    if (wholeSeries) return undefined;

    const organiserId = input.organiserId ?? current.organiserId;
    const zone = await this.checkReferences(tx, { ...input, organiserId });

    const newRule = input.rrule !== undefined || input.repeat !== undefined;
    const source = newRule ? input : { ...input, rrule: EventService.continued(parts.after, zone) };
    // The EXDATEs from the split on carry over into a sent rule too, as in a whole-series edit.
    const timing = this.timing(source, zone, { ...current, rrule: formatRule(parts.after) });
    const startDay = (instant: Date) => DateTime.fromJSDate(instant, { zone: timing.rule.zone }).toISODate() ?? '';
    if (startDay(timing.startsAt) < startDay(from.startsAt)) throw new AppError(400, eventMessages.splitStartTooEarly);

    const now = this.now();
    const guestIds =
      input.guestIds ??
      (await tx.select({ id: eventGuests.userId }).from(eventGuests).where(eq(eventGuests.eventId, current.id))).map(
        (guest) => guest.id,
      );
    const laterId = await EventService.insertWithGuests(tx, [...new Set(guestIds)], {
      title: input.title ?? current.title,
      description: input.description === undefined ? current.description : input.description,
      conferenceLink: input.conferenceLink === undefined ? current.conferenceLink : input.conferenceLink,
      ...timingColumns(timing, now),
      organiserId,
      locationId: input.locationId ?? current.locationId,
      status: current.status,
      createdBy: actorId ?? current.createdBy,
    });

    await this.occurrences.moveFrom(tx, current.id, laterId, from.startsAt);
    // The past stays as it was, as in a whole-series edit; a new rule may start earlier on the split's day.
    const regenerateFrom = new Date(
      Math.max(now.getTime(), Math.min(from.startsAt.getTime(), timing.startsAt.getTime())),
    );
    const starts = engine(() => seriesOccurrences(timing.rule, { now, from: regenerateFrom }));
    const durationMs = timing.endDate.getTime() - timing.startsAt.getTime();
    await this.occurrences.fitToSeries(tx, laterId, regenerateFrom, starts, durationMs);
    await this.occurrences.insertSeries(tx, laterId, starts, durationMs);

    await tx
      .update(events)
      .set({ rrule: formatRule(parts.before), generatedUntil: null, updatedAt: sql`now()` })
      .where(eq(events.id, current.id));
    return (await this.find(laterId, tx))!;
  }

  /** GET /api/events/:id/continuation: what a split at `fromOccurrenceId` would give the later part without a new rule. */
  async continuation(id: number, fromOccurrenceId: number): Promise<EventContinuation | undefined> {
    const [current] = await this.db.select().from(events).where(eq(events.id, id));
    if (!current) return undefined;
    const { from, blockedBy, wholeSeries, parts } = await this.splitPlan(this.db, current, fromOccurrenceId);
    const zone = await this.organiserZone(this.db, current.organiserId).catch(() => current.timezone);
    const timing = wholeSeries
      ? this.timing({ rrule: current.rrule }, current.timezone, current)
      : this.timing({ rrule: EventService.continued(parts.after, zone) }, zone, current);
    let repeat: EventContinuation['repeat'] = null;
    const options = ruleToOptions(timing.rule);
    if (options) {
      const { zone: _zone, ...rest } = options;
      repeat = rest;
    }
    return {
      fromOccurrenceId: from.id,
      occurrenceDate: from.startsAt.toISOString(),
      wholeSeries,
      rrule: timing.rrule,
      timezone: timing.rule.zone,
      repeat,
      rruleByDayText: rruleByDayText(timing.rule),
      endDate: timing.endDate.toISOString(),
      blockedBy: blockedBy ? { id: blockedBy.id, occurrenceDate: blockedBy.startsAt.toISOString() } : null,
    };
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
      const history = await this.occurrences.eventHasHistory(tx, id, now);
      if (!history) {
        await tx.delete(events).where(eq(events.id, id));
        return true;
      }
      await tx
        .update(events)
        .set({ status: 'archived', generatedUntil: null, updatedAt: sql`now()` })
        .where(eq(events.id, id));
      await this.occurrences.dropFutureWithoutHistory(tx, id, now);
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
    const zone = input.organiserId === undefined ? 'UTC' : await this.organiserZone(this.db, input.organiserId);
    let previous: { startsAt: Date; endDate: Date; rrule: string } | undefined;
    if (input.eventId !== undefined) {
      [previous] = await this.db
        .select({ startsAt: events.startsAt, endDate: events.endDate, rrule: events.rrule })
        .from(events)
        .where(eq(events.id, input.eventId));
      if (!previous) throw new AppError(404, notFound('Event'));
    }
    const timing = this.timing(
      { rrule: input.rrule, repeat: input.repeat, endTime: input.endTime, endDate: input.endDate },
      zone,
      previous,
    );
    const { rrule, rule } = timing;
    const now = this.now();
    const starts = engine(() => seriesOccurrences(rule, { now }));
    // An edit regenerates only what lies ahead: the past cannot clash any more.
    const planned = previous ? starts.filter((start) => start.getTime() >= now.getTime()) : starts;
    const duration = timing.endDate.getTime() - timing.startsAt.getTime();
    const clashes = await this.conflicts.check({
      starts: planned,
      ends: planned.map((start) => new Date(start.getTime() + duration)),
      organiserId: input.organiserId,
      locationId: input.locationId,
      guestIds: input.guestIds,
      excludeEventId: input.eventId,
    });
    return {
      timezone: rule.zone,
      rrule,
      rruleByDayText: rruleByDayText(rule),
      occurrences: starts.slice(0, input.limit).map((d) => d.toISOString()),
      totalCount: starts.length,
      ...clashes,
    };
  }
}

/**
 * The rolling horizon: every active never-ending event whose occurrences end before 12 months from
 * `now` gets the missing ones (on conflict do nothing) and a later `generated_until`. Each event is
 * handled in its own transaction holding its row with FOR UPDATE SKIP LOCKED, so two processes
 * running this at once on PostgreSQL split the events between them and create nothing twice.
 * Returns how many occurrences were created.
 */
export async function extendHorizons(db: Db, now: Date = new Date()): Promise<number> {
  // Every zone's 12 months ahead ends within a day of UTC's: the per-event check is exact.
  const cutoff = DateTime.fromJSDate(now, { zone: 'UTC' }).plus({ months: 12, days: 1 }).toJSDate();
  const due = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.status, 'active'), isNotNull(events.generatedUntil), lt(events.generatedUntil, cutoff)))
    .orderBy(asc(events.id));
  const occurrences = new OccurrenceRepository(db);
  let created = 0;
  for (const { id } of due) {
    created += await db.transaction(async (tx) => {
      const [event] = await tx
        .select()
        .from(events)
        .where(and(eq(events.id, id), eq(events.status, 'active'), isNotNull(events.generatedUntil)))
        .for('update', { skipLocked: true });
      if (!event?.generatedUntil) return 0;
      let rule: RecurrenceRule;
      let starts: Date[];
      const target = (r: RecurrenceRule) => horizonEnd(r, now);
      try {
        rule = parseRule(event.rrule);
        if (event.generatedUntil.getTime() >= target(rule)) return 0;
        starts = seriesOccurrences(rule, { now, from: event.generatedUntil });
      } catch (error) {
        // A rule the engine no longer accepts must not stop the others (nor the server's start).
        if (error instanceof RecurrenceError) return 0;
        throw error;
      }
      const count = await occurrences.insertSeries(tx, id, starts, event.endDate.getTime() - event.startsAt.getTime());
      await tx
        .update(events)
        .set({ generatedUntil: new Date(target(rule)) })
        .where(eq(events.id, id));
      return count;
    });
  }
  // A bulk write: the tables it grew are analyzed now (lib/statistics.ts), not when autovacuum gets to them.
  if (created > 0) await statisticsOf(db).analyze();
  return created;
}
