import {
  type BulkActionResult,
  type EventOccurrence,
  type EventOccurrenceListQuery,
  notFound,
  type OccurrencePerson,
  type OccurrenceSubmission,
  occurrenceMessages,
  type ScheduleDayRequest,
  type UpdateEventOccurrence,
} from '@ritim/shared';
import { and, asc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DateTime } from 'luxon';
import type { SessionUser } from '../../auth/tokens.js';
import type { Db } from '../../db/client.js';
import {
  eventGuests,
  eventOccurrences,
  events,
  forms,
  formSubmissions,
  locations,
  occurrenceGuests,
  userGroups,
  users,
} from '../../db/schema.js';
import { assertActiveGuests } from '../users/active-guests.js';
import { AppError, isReferencedError, pgErrorCode } from '../../lib/errors.js';
import { searchPattern } from '../../lib/list.js';
import { RecurrenceError } from '../../recurrence/errors.js';
import { addExdate, parseRule, wallClockMillis } from '../../recurrence/rule.js';
import { checkZone, zoneOffsets } from '../../recurrence/zone.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const OCCURRENCE_NOT_FOUND = notFound('Event occurrence');
/** A message log row refers to the occurrence (RESTRICT): it is history, like a submission. */
export const OCCURRENCE_HAS_MESSAGES = 'This occurrence has logged messages and cannot be deleted';
const DATE_RANGE = 'Occurrence date must be between the years 1900 and 2999';

const organisers = alias(users, 'organisers');

/** Who is asking: the list and the read show admins everything, editors and guests their own. */
type Viewer = Pick<SessionUser, 'id' | 'role'>;

/** PostgreSQL's timestamptz ends at these (and refuses the year 0 that ISO text allows). */
const EARLIEST = Date.parse('0001-01-01T00:00:00Z');
const LATEST = Date.parse('9999-12-31T00:00:00Z');
const clamp = (ms: number) => new Date(Math.min(Math.max(ms, EARLIEST), LATEST)).toISOString();

/** The IANA zone as the runtime spells it, or 400. */
export function zoneOf(name: string): string {
  try {
    return checkZone(name);
  } catch (error) {
    if (error instanceof RecurrenceError) throw new AppError(400, occurrenceMessages.timezoneInvalid);
    throw error;
  }
}

/** [start, end) of a calendar day (or its month) in `zone`: 23 or 25 hours on DST days. */
export function dayRange(day: string, zone: string, unit: 'day' | 'month' = 'day'): [number, number] {
  const start = DateTime.fromISO(day, { zone }).startOf(unit);
  return [start.toMillis(), start.plus(unit === 'day' ? { days: 1 } : { months: 1 }).toMillis()];
}

/**
 * Which occurrences a viewer may see, as a condition on `event_occurrences`: editors those of the
 * events they organise; guests those they are a guest of (the occurrence's own list when it has
 * one, else the event's).
 */
function scopeCondition(viewer: Viewer['role'], me: unknown): SQL | undefined {
  if (viewer === 'editor') {
    return sql`${eventOccurrences.eventId} in (select e.id from ${events} e where e.organiser_id = ${me})`;
  }
  if (viewer === 'guest') return isOccurrenceGuest(me);
  return undefined;
}

/**
 * Whether `userId` is a guest of the `event_occurrences` row in scope: on its own list when it
 * has one (hasGuestOverride), else on the event's (DESIGN §4).
 */
export function isOccurrenceGuest(userId: unknown): SQL {
  return sql`((${eventOccurrences.hasGuestOverride} and exists (select 1 from ${occurrenceGuests} og
      where og.occurrence_id = ${eventOccurrences.id} and og.user_id = ${userId}))
    or (not ${eventOccurrences.hasGuestOverride} and ${eventOccurrences.eventId} in
      (select eg.event_id from ${eventGuests} eg where eg.user_id = ${userId})))`;
}

/**
 * `q` (folded like every list's search): the event's title or description, the organiser, or an
 * active guest of the occurrence's guest list (its own when set, else the event's).
 */
function searchCondition(pattern: unknown): SQL {
  return sql`(${eventOccurrences.eventId} in (select e.id from ${events} e join ${users} org on org.id = e.organiser_id
        where e.search like ritim_fold(${pattern}) or org.search like ritim_fold(${pattern}))
      or (not ${eventOccurrences.hasGuestOverride} and ${eventOccurrences.eventId} in
        (select eg.event_id from ${eventGuests} eg join ${users} g on g.id = eg.user_id
          where g.status = 'active' and g.search like ritim_fold(${pattern})))
      or (${eventOccurrences.hasGuestOverride} and exists (select 1 from ${occurrenceGuests} og
        join ${users} g on g.id = og.user_id
        where og.occurrence_id = ${eventOccurrences.id} and g.status = 'active' and g.search like ritim_fold(${pattern}))))`;
}

const personList = (table: typeof eventGuests | typeof occurrenceGuests, key: SQL, owner: SQL) =>
  sql<OccurrencePerson[]>`(select coalesce(json_agg(json_build_object('id', p.id, 'name', p.name,
    'surname', p.surname, 'status', p.status) order by p.name, p.surname, p.id), '[]'::json)
    from ${table} link join ${users} p on p.id = link.user_id where ${key} = ${owner})`;

type SubmissionJson = Omit<OccurrenceSubmission, 'submissionData'> & { submissionData?: Record<string, unknown> };

/**
 * The columns of a full row: every list (event guests, the occurrence's own guests, the
 * organiser's groups, the submissions) is one JSON sub-select, so any number of rows costs one
 * query. `light` leaves each submission's data out (its notes stay); `onlyGuest` keeps a guest's
 * rows to the submissions about themselves (the others' notes are not theirs to read).
 */
function rowColumns(light: boolean, onlyGuest: unknown) {
  const data = light ? sql`` : sql`, 'submissionData', s.data`;
  const whose = onlyGuest === undefined ? sql`` : sql` and s.guest_id = ${onlyGuest}`;
  return {
    id: eventOccurrences.id,
    eventId: eventOccurrences.eventId,
    startsAt: eventOccurrences.startsAt,
    endsAt: eventOccurrences.endsAt,
    status: eventOccurrences.status,
    hasGuestOverride: eventOccurrences.hasGuestOverride,
    title: events.title,
    description: events.description,
    conferenceLink: events.conferenceLink,
    timezone: events.timezone,
    eventStatus: events.status,
    locationId: locations.id,
    locationName: locations.name,
    organiserId: organisers.id,
    organiserName: organisers.name,
    organiserSurname: organisers.surname,
    organiserTimezone: organisers.timezone,
    organiserGroupIds: sql<number[]>`(select coalesce(json_agg(ug.group_id order by ug.group_id), '[]'::json)
      from ${userGroups} ug where ug.user_id = ${organisers.id})`.as('organiser_group_ids'),
    eventGuests: personList(eventGuests, sql`link.event_id`, sql`${events.id}`).as('event_guests'),
    occurrenceGuests: personList(occurrenceGuests, sql`link.occurrence_id`, sql`${eventOccurrences.id}`).as(
      'occurrence_guests',
    ),
    submissions: sql<SubmissionJson[]>`(select coalesce(json_agg(json_build_object('id', s.id,
        'form', json_build_object('id', f.id, 'title', f.title),
        'user', case when g.id is null then null else json_build_object('id', g.id, 'name', g.name, 'surname', g.surname) end,
        'formVersion', s.form_version,
        'notes', case when btrim(s.data ->> 'Aciklama') <> '' then s.data ->> 'Aciklama' end,
        'updatedAt', to_char(s.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')${data})
        order by s.id), '[]'::json)
      from ${formSubmissions} s join ${forms} f on f.id = s.form_id left join ${users} g on g.id = s.guest_id
      where s.occurrence_id = ${eventOccurrences.id}${whose})`.as('submissions'),
  };
}

interface Row {
  id: number;
  eventId: number;
  startsAt: Date;
  endsAt: Date;
  status: EventOccurrence['status'];
  hasGuestOverride: boolean;
  title: string;
  description: string | null;
  conferenceLink: string | null;
  timezone: string;
  eventStatus: string;
  locationId: number;
  locationName: string;
  organiserId: number;
  organiserName: string | null;
  organiserSurname: string | null;
  organiserTimezone: string;
  organiserGroupIds: number[] | string;
  eventGuests: OccurrencePerson[] | string;
  occurrenceGuests: OccurrencePerson[] | string;
  submissions: SubmissionJson[] | string;
}

/** Drivers hand JSON back parsed or as text depending on the column's type: accept both. */
const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

function toOccurrence(row: Row): EventOccurrence {
  const eventGuestList = json(row.eventGuests);
  const ownGuests = json(row.occurrenceGuests);
  return {
    id: row.id,
    eventId: row.eventId,
    occurrenceDate: row.startsAt.toISOString(),
    endDate: row.endsAt.toISOString(),
    status: row.status,
    hasGuestOverride: row.hasGuestOverride,
    event: {
      id: row.eventId,
      title: row.title,
      description: row.description,
      conferenceLink: row.conferenceLink,
      timezone: row.timezone,
      status: row.eventStatus,
      location: { id: row.locationId, name: row.locationName },
      organiser: {
        id: row.organiserId,
        name: row.organiserName,
        surname: row.organiserSurname,
        timezone: row.organiserTimezone,
        groupIds: json(row.organiserGroupIds),
      },
      guests: eventGuestList,
    },
    occurrenceGuests: ownGuests,
    guests: (row.hasGuestOverride ? ownGuests : eventGuestList).filter((g) => g.status === 'active'),
    formSubmissions: json(row.submissions),
  };
}

interface Prepared {
  execute(values: Record<string, unknown>): Promise<unknown[]>;
}

/** The list's optional parts: each combination is one statement, built and prepared once per process. */
const SHAPE = { from: 1, to: 2, eventId: 4, status: 8, q: 16, editor: 32, guest: 64, light: 128 } as const;

/**
 * The rule text with an EXDATE for `start`, unless the rule already leaves that instant out: the
 * slot an occurrence was deleted or moved from must never be generated again.
 */
function excludeStart(rrule: string, zone: string, start: Date): string {
  try {
    const rule = parseRule(rrule, { defaultZone: zone });
    const offsets = zoneOffsets(rule.zone);
    const excluded = rule.exdates.some(
      (d) =>
        (d.kind === 'instant' && d.instant === start.getTime()) ||
        (d.kind === 'local' && offsets.toInstant(d.local) === start.getTime()),
    );
    return excluded ? rrule : addExdate(rrule, start, { defaultZone: zone });
  } catch (error) {
    if (error instanceof RecurrenceError) throw new AppError(400, error.message);
    throw error;
  }
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** The new start: an ISO instant, or wall-clock `YYYY-MM-DDTHH:mm[:ss]` in the event's zone (a time in a spring-forward gap moves forward, a repeated one is the first, as the rule engine reads them). */
function parseStart(value: string, zone: string): Date {
  const match = LOCAL.exec(value);
  let instant: number;
  if (match) {
    const local = wallClockMillis(match);
    if (local === null) throw new AppError(400, 'Occurrence date must be an ISO date-time or a local YYYY-MM-DDTHH:mm');
    const year = new Date(local).getUTCFullYear();
    if (year < 1900 || year > 2999) throw new AppError(400, DATE_RANGE);
    instant = zoneOffsets(zone).toInstant(local);
  } else {
    instant = Date.parse(value);
  }
  const year = new Date(instant).getUTCFullYear();
  if (!Number.isFinite(instant) || year < 1900 || year > 2999) throw new AppError(400, DATE_RANGE);
  return new Date(instant);
}

/**
 * Event occurrences (spec §3, §5, DESIGN §4): the day and month lists every role reads (scoped on
 * the server), an admin's changes to one occurrence (its own guest list, a new time, deletion),
 * and the daily schedule approval.
 */
export class EventOccurrenceService {
  private readonly statements = new Map<number, Prepared>();

  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The select of full rows without a page (one occurrence by id); the caller adds the where. */
  private rows(db: Db | Tx, light: boolean, onlyGuest: unknown) {
    return db
      .select(rowColumns(light, onlyGuest))
      .from(eventOccurrences)
      .innerJoin(events, eq(events.id, eventOccurrences.eventId))
      .innerJoin(locations, eq(locations.id, events.locationId))
      .innerJoin(organisers, eq(organisers.id, events.organiserId))
      .$dynamic();
  }

  /**
   * One statement per page: the page's ids and the total (count(*) over ()) from
   * event_occurrences alone (the (starts_at, id) index gives the order), then the full rows of
   * just those ids.
   */
  private prepareList(shape: number): Prepared {
    let statement = this.statements.get(shape);
    if (statement) return statement;
    const has = (bit: number) => (shape & bit) !== 0;
    const me = sql.placeholder('me');
    const role = has(SHAPE.editor) ? 'editor' : has(SHAPE.guest) ? 'guest' : 'admin';
    const conditions = [
      has(SHAPE.from)
        ? gte(eventOccurrences.startsAt, sql`cast(${sql.placeholder('from')} as timestamptz)`)
        : undefined,
      has(SHAPE.to) ? lt(eventOccurrences.startsAt, sql`cast(${sql.placeholder('to')} as timestamptz)`) : undefined,
      has(SHAPE.eventId) ? eq(eventOccurrences.eventId, sql.placeholder('eventId')) : undefined,
      has(SHAPE.status) ? eq(eventOccurrences.status, sql.placeholder('status')) : undefined,
      has(SHAPE.q) ? searchCondition(sql.placeholder('q')) : undefined,
      scopeCondition(role, me),
    ].filter((c): c is SQL => c !== undefined);
    const page = this.db.$with('page').as(
      this.db
        .select({
          id: sql<number>`${eventOccurrences.id}`.as('page_id'),
          totalCount: sql<number>`cast(count(*) over () as integer)`.as('total_count'),
        })
        .from(eventOccurrences)
        .where(and(...conditions))
        .orderBy(asc(eventOccurrences.startsAt), asc(eventOccurrences.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset')),
    );
    statement = this.db
      .with(page)
      .select({ ...rowColumns(has(SHAPE.light), role === 'guest' ? me : undefined), totalCount: page.totalCount })
      .from(page)
      .innerJoin(eventOccurrences, eq(eventOccurrences.id, page.id))
      .innerJoin(events, eq(events.id, eventOccurrences.eventId))
      .innerJoin(locations, eq(locations.id, events.locationId))
      .innerJoin(organisers, eq(organisers.id, events.organiserId))
      .orderBy(asc(eventOccurrences.startsAt), asc(eventOccurrences.id))
      .prepare(`event_occurrences_list_${shape}`);
    this.statements.set(shape, statement);
    return statement;
  }

  /**
   * GET /api/event-occurrences. `date` is a day in `timezone` (else the caller's zone), `monthly`
   * its month; `from`/`to` narrow further. Occurrences of archived events are listed too: they
   * are the history reports and forms refer to.
   */
  async list(
    query: EventOccurrenceListQuery,
    viewer: SessionUser,
  ): Promise<{ eventOccurrences: EventOccurrence[]; totalCount: number }> {
    const zone = zoneOf(query.timezone ?? viewer.timezone);
    let from = query.from === undefined ? -Infinity : Date.parse(query.from);
    let to = query.to === undefined ? Infinity : Date.parse(query.to);
    if (query.date) {
      const [start, end] = dayRange(query.date, zone, query.monthly ? 'month' : 'day');
      from = Math.max(from, start);
      to = Math.min(to, end);
    }
    const values: Record<string, unknown> = { limit: query.limit, offset: query.offset, me: viewer.id };
    let shape = 0;
    const use = (bit: number, key: string, value: unknown) => {
      shape |= bit;
      values[key] = value;
    };
    if (from !== -Infinity) use(SHAPE.from, 'from', clamp(from));
    if (to !== Infinity) use(SHAPE.to, 'to', clamp(to));
    if (query.eventId !== undefined) use(SHAPE.eventId, 'eventId', query.eventId);
    if (query.status !== undefined) use(SHAPE.status, 'status', query.status);
    if (query.q) use(SHAPE.q, 'q', searchPattern(query.q));
    if (viewer.role === 'editor') shape |= SHAPE.editor;
    if (viewer.role === 'guest') shape |= SHAPE.guest;
    if (query.light) shape |= SHAPE.light;

    const statement = this.prepareList(shape);
    const rows = (await statement.execute(values)) as (Row & { totalCount: number })[];
    if (rows.length === 0 && query.offset > 0) {
      // Past the last page the window has nothing to count: ask for the first row's total instead.
      const first = (await statement.execute({ ...values, limit: 1, offset: 0 })) as { totalCount: number }[];
      return { eventOccurrences: [], totalCount: first[0]?.totalCount ?? 0 };
    }
    return { eventOccurrences: rows.map(toOccurrence), totalCount: rows[0]?.totalCount ?? 0 };
  }

  /** GET /api/event-occurrences/:id: undefined when it does not exist or is not the viewer's. */
  async find(id: number, viewer: Viewer, db: Db | Tx = this.db): Promise<EventOccurrence | undefined> {
    const [row] = await this.rows(db, false, viewer.role === 'guest' ? viewer.id : undefined).where(
      and(eq(eventOccurrences.id, id), scopeCondition(viewer.role, viewer.id)),
    );
    return row && toOccurrence(row);
  }

  /**
   * The occurrence and its event, locked. The event first: editing the event and the horizon job
   * lock it before touching its occurrences, so the order is the same everywhere.
   */
  private async lock(tx: Tx, id: number) {
    const [found] = await tx
      .select({ eventId: eventOccurrences.eventId })
      .from(eventOccurrences)
      .where(eq(eventOccurrences.id, id));
    if (!found) return undefined;
    const [event] = await tx
      .select({ id: events.id, rrule: events.rrule, timezone: events.timezone })
      .from(events)
      .where(eq(events.id, found.eventId))
      .for('update');
    const [occurrence] = await tx.select().from(eventOccurrences).where(eq(eventOccurrences.id, id)).for('update');
    if (!event || !occurrence) return undefined;
    if (occurrence.status === 'completed') throw new AppError(409, occurrenceMessages.completedLocked);
    return { event, occurrence };
  }

  /** The unique (event, start) index's verdict, should anything race past the check. */
  private async guardDateTaken<T>(action: () => Promise<T>): Promise<T> {
    try {
      return await action();
    } catch (error) {
      if (pgErrorCode(error) === '23505') throw new AppError(409, occurrenceMessages.dateTaken);
      throw error;
    }
  }

  /**
   * PATCH /api/event-occurrences/:id (admins). `occurrenceGuestIds` replaces the occurrence's own
   * guest list and makes it the one that counts; `occurrenceDate` moves it, keeping its length,
   * marks it moved (regenerating the series keeps it) and adds an EXDATE for the old start to the
   * event's rule, so the old slot never comes back.
   */
  async update(id: number, input: UpdateEventOccurrence): Promise<EventOccurrence | undefined> {
    const found = await this.guardDateTaken(() =>
      this.db.transaction(async (tx) => {
        const locked = await this.lock(tx, id);
        if (!locked) return false;
        const { event, occurrence } = locked;
        if (input.occurrenceGuestIds !== undefined) {
          const guestIds = [...new Set(input.occurrenceGuestIds)];
          await assertActiveGuests(tx, guestIds, occurrenceMessages.guestInvalid);
          await tx
            .update(eventOccurrences)
            .set({ hasGuestOverride: true, updatedAt: sql`now()` })
            .where(eq(eventOccurrences.id, id));
          await tx.delete(occurrenceGuests).where(eq(occurrenceGuests.occurrenceId, id));
          if (guestIds.length) {
            await tx.insert(occurrenceGuests).values(guestIds.map((userId) => ({ occurrenceId: id, userId })));
          }
        }
        if (input.occurrenceDate !== undefined) {
          const start = parseStart(input.occurrenceDate, event.timezone);
          if (start.getTime() !== occurrence.startsAt.getTime()) {
            // The event's row is locked: nothing else adds occurrences to it until this commits.
            const [clash] = await tx
              .select({ id: eventOccurrences.id })
              .from(eventOccurrences)
              .where(and(eq(eventOccurrences.eventId, event.id), eq(eventOccurrences.startsAt, start)));
            if (clash) throw new AppError(409, occurrenceMessages.dateTaken);
            const length = occurrence.endsAt.getTime() - occurrence.startsAt.getTime();
            await tx
              .update(eventOccurrences)
              .set({ startsAt: start, endsAt: new Date(start.getTime() + length), moved: true, updatedAt: sql`now()` })
              .where(eq(eventOccurrences.id, id));
            await tx
              .update(events)
              .set({ rrule: excludeStart(event.rrule, event.timezone, occurrence.startsAt), updatedAt: sql`now()` })
              .where(eq(events.id, event.id));
          }
        }
        return true;
      }),
    );
    if (!found) return undefined;
    return this.find(id, { id: 0, role: 'admin' });
  }

  /**
   * DELETE /api/event-occurrences/:id (admins): refused for a completed occurrence and one with
   * form submissions (history); otherwise deleted with an EXDATE for its start in the event's
   * rule, in one transaction, so neither regeneration nor the horizon job brings it back.
   */
  async delete(id: number): Promise<boolean> {
    try {
      return await this.db.transaction(async (tx) => {
        const locked = await this.lock(tx, id);
        if (!locked) return false;
        const { event, occurrence } = locked;
        const [submission] = await tx
          .select({ id: formSubmissions.id })
          .from(formSubmissions)
          .where(eq(formSubmissions.occurrenceId, id))
          .limit(1);
        if (submission) throw new AppError(409, occurrenceMessages.hasSubmissions);
        await tx.delete(eventOccurrences).where(eq(eventOccurrences.id, id));
        await tx
          .update(events)
          .set({ rrule: excludeStart(event.rrule, event.timezone, occurrence.startsAt), updatedAt: sql`now()` })
          .where(eq(events.id, event.id));
        return true;
      });
    } catch (error) {
      // Submissions cannot appear meanwhile (submitting holds the occurrence FOR SHARE); what
      // else refers to it (a logged message) is history too.
      if (isReferencedError(error)) throw new AppError(409, OCCURRENCE_HAS_MESSAGES);
      throw error;
    }
  }

  /**
   * POST approveSchedule / unapproveSchedule (spec §5): the day's scheduled occurrences become
   * approved, or the approved ones scheduled again; completed ones are never touched. A day
   * before today (in the zone asked for, else the caller's) is refused.
   */
  async setDaySchedule(request: ScheduleDayRequest, viewer: SessionUser, approve: boolean): Promise<BulkActionResult> {
    const zone = zoneOf(request.timezone ?? viewer.timezone);
    const today = DateTime.fromJSDate(this.now(), { zone }).toISODate() ?? '';
    if (request.listDate < today) throw new AppError(400, occurrenceMessages.pastDay);
    const [start, end] = dayRange(request.listDate, zone);
    const changed = await this.db
      .update(eventOccurrences)
      .set({ status: approve ? 'approved' : 'scheduled', updatedAt: sql`now()` })
      .where(
        and(
          eq(eventOccurrences.status, approve ? 'scheduled' : 'approved'),
          gte(eventOccurrences.startsAt, new Date(start)),
          lt(eventOccurrences.startsAt, new Date(end)),
        ),
      )
      .returning({ id: eventOccurrences.id });
    const count = changed.length;
    return {
      success: true,
      message: approve ? occurrenceMessages.approved(count) : occurrenceMessages.unapproved(count),
    };
  }
}
