import type { EventOccurrence, EventOccurrenceListQuery, OccurrencePerson, OccurrenceSubmission } from '@ritim/shared';
import { and, asc, eq, gte, inArray, lt, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { jsonColumn } from '../../lib/json-column.js';
import {
  eventGuests,
  eventOccurrences,
  events,
  forms,
  formSubmissions,
  locations,
  messageGroups,
  messageLogs,
  occurrenceGuests,
  userGroups,
  users,
} from '../../db/schema.js';
import { defineList, type ListViewer, type PageTable } from '../../lib/list.js';
import { statisticsOf } from '../../lib/statistics.js';
import {
  excludeStart,
  guestListOf,
  guestsAmong,
  hasGuestAmong,
  hasHistory,
  isOccurrenceGuest,
  visibleTo,
} from './rules.js';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;

const organisers = alias(users, 'organisers');

/** A calendar read's range and the admin's filters. */
export interface CalendarRange {
  from: Date;
  to: Date;
  organiserId?: number | undefined;
  locationId?: number | undefined;
  guestId?: number | undefined;
}

/**
 * A cut calendar read: at most `limit` sessions in each bucket, the range split at `bounds`
 * (ascending instants, the first at or before the range's start); `days` splits it into days.
 */
export interface CalendarCut {
  days: Date[];
  bounds: Date[];
  limit: number;
}

/** The list's request once `date`/`timezone` are read: instants as ISO text. */
export type OccurrencePageQuery = Omit<EventOccurrenceListQuery, 'date' | 'timezone' | 'monthly' | 'from' | 'to'> & {
  from?: string | undefined;
  to?: string | undefined;
};

/**
 * `q` (folded like every list's search): the event's title or description, the organiser, or an
 * active guest of the occurrence's guest list (its own when set, else the event's).
 */
function searchOccurrences(pattern: unknown): SQL {
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
    eventDoesNotRepeat: events.doesNotRepeat,
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
  eventDoesNotRepeat: boolean;
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

function toOccurrence(row: Row): EventOccurrence {
  const eventGuestList = jsonColumn(row.eventGuests);
  const ownGuests = jsonColumn(row.occurrenceGuests);
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
      doesNotRepeat: row.eventDoesNotRepeat,
      location: { id: row.locationId, name: row.locationName },
      organiser: {
        id: row.organiserId,
        name: row.organiserName,
        surname: row.organiserSurname,
        timezone: row.organiserTimezone,
        groupIds: jsonColumn(row.organiserGroupIds),
      },
      guests: eventGuestList,
    },
    occurrenceGuests: ownGuests,
    guests: (row.hasGuestOverride ? ownGuests : eventGuestList).filter((g) => g.status === 'active'),
    formSubmissions: jsonColumn(row.submissions),
  };
}

/** An active guest of an occurrence, with what it takes to reach them. */
export interface GuestContactRow {
  occurrenceId: number;
  id: number;
  username: string;
  name: string | null;
  surname: string | null;
  timezone: string;
  language: string;
  email: string | null;
  phone: string | null;
  groupId: number | null;
  groupName: string | null;
  chatId: string | null;
}

/** A guest as the export names them. */
export interface ExportGuest {
  id: number;
  username: string;
  name: string | null;
  surname: string | null;
}

/** A submission about one guest, as the export reads it. */
export interface ExportAnswer {
  formId: number;
  guestId: number;
  data: Record<string, unknown>;
}

/** A row of an export page as the database returns it. */
interface ExportRow {
  id: number;
  startsAt: Date | string;
  endsAt: Date | string;
  status: EventOccurrence['status'];
  title: string;
  location: string;
  organiserId: number;
  organiserUsername: string;
  organiserName: string | null;
  organiserSurname: string | null;
  guests: ExportGuest[] | string;
  answers: ExportAnswer[] | string;
}

/** One occurrence with its event, organiser and location, as reports and messages name it. */
export interface OccurrenceDetail {
  id: number;
  status: EventOccurrence['status'];
  startsAt: Date;
  endsAt: Date;
  updatedAt: Date;
  eventTitle: string;
  description: string | null;
  conferenceLink: string | null;
  organiserId: number;
  organiserUsername: string;
  organiserName: string | null;
  organiserSurname: string | null;
  organiserZone: string;
  locationName: string;
}

const detailColumns = {
  id: eventOccurrences.id,
  status: eventOccurrences.status,
  startsAt: eventOccurrences.startsAt,
  endsAt: eventOccurrences.endsAt,
  updatedAt: eventOccurrences.updatedAt,
  eventTitle: events.title,
  description: events.description,
  conferenceLink: events.conferenceLink,
  organiserId: organisers.id,
  organiserUsername: organisers.username,
  organiserName: organisers.name,
  organiserSurname: organisers.surname,
  organiserZone: organisers.timezone,
  locationName: locations.name,
};

/**
 * The one owner of `event_occurrences` and `occurrence_guests` (DESIGN §4): every query on them is
 * here, built from the rules in rules.ts. Events, messaging, form submissions, message logs and
 * the horizon job call it.
 */
export class OccurrenceRepository {
  constructor(private readonly db: Db) {}

  /**
   * A page of full rows, sorted by start, scoped to the viewer. A deferred join: the page's ids
   * and total come from event_occurrences alone (the (starts_at, id) index gives the order), then
   * only those rows are built.
   */
  readonly list = defineList<OccurrencePageQuery, Row, EventOccurrence>({
    name: 'event_occurrences',
    page: (columns) => this.db.select(columns).from(eventOccurrences).$dynamic(),
    rows: (page: PageTable, view) =>
      this.db
        .with(page)
        .select({
          ...rowColumns(view.flags.has('light'), view.role === 'guest' ? view.me : undefined),
          totalCount: page.totalCount,
        })
        .from(page)
        .innerJoin(eventOccurrences, eq(eventOccurrences.id, page.id))
        .innerJoin(events, eq(events.id, eventOccurrences.eventId))
        .innerJoin(locations, eq(locations.id, events.locationId))
        .innerJoin(organisers, eq(organisers.id, events.organiserId))
        .$dynamic(),
    search: searchOccurrences,
    sorts: { start: [asc(eventOccurrences.startsAt)] },
    id: eventOccurrences.id,
    filters: {
      from: {
        value: (query) => query.from,
        where: (from) => gte(eventOccurrences.startsAt, sql`cast(${from} as timestamptz)`),
      },
      to: { value: (query) => query.to, where: (to) => lt(eventOccurrences.startsAt, sql`cast(${to} as timestamptz)`) },
      eventId: { value: (query) => query.eventId, where: (id) => eq(eventOccurrences.eventId, id) },
      status: { value: (query) => query.status, where: (status) => eq(eventOccurrences.status, status) },
    },
    flags: { light: (query) => query.light },
    scope: (view) => visibleTo(view.role, view.me),
    map: toOccurrence,
  });

  /** One full row by id: undefined when it does not exist or is not the viewer's. */
  async find(id: number, viewer: ListViewer, db: Executor = this.db): Promise<EventOccurrence | undefined> {
    const [row] = await db
      .select(rowColumns(false, viewer.role === 'guest' ? viewer.id : undefined))
      .from(eventOccurrences)
      .innerJoin(events, eq(events.id, eventOccurrences.eventId))
      .innerJoin(locations, eq(locations.id, events.locationId))
      .innerJoin(organisers, eq(organisers.id, events.organiserId))
      .where(and(eq(eventOccurrences.id, id), visibleTo(viewer.role, viewer.id)));
    return row && toOccurrence(row);
  }

  /**
   * The occurrence and its event, locked for a change. The event first: editing the event and the
   * horizon job lock it before touching its occurrences, so the order is the same everywhere.
   */
  async lockWithEvent(tx: Tx, id: number) {
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
    return { event, occurrence };
  }

  /** The occurrence's own guest list replaces the event's from now on. */
  async setOwnGuests(tx: Tx, id: number, guestIds: readonly number[]): Promise<void> {
    await tx
      .update(eventOccurrences)
      .set({ hasGuestOverride: true, updatedAt: sql`now()` })
      .where(eq(eventOccurrences.id, id));
    await tx.delete(occurrenceGuests).where(eq(occurrenceGuests.occurrenceId, id));
    if (guestIds.length) {
      await tx.insert(occurrenceGuests).values(guestIds.map((userId) => ({ occurrenceId: id, userId })));
    }
  }

  /** Whether the event has an occurrence starting at `start` (the unique (event, start) index). */
  async startTaken(tx: Tx, eventId: number, start: Date): Promise<boolean> {
    const [clash] = await tx
      .select({ id: eventOccurrences.id })
      .from(eventOccurrences)
      .where(and(eq(eventOccurrences.eventId, eventId), eq(eventOccurrences.startsAt, start)));
    return !!clash;
  }

  /** Moves it to [start, end), marked moved: regenerating the series keeps it. */
  async move(tx: Tx, id: number, start: Date, end: Date): Promise<void> {
    await tx
      .update(eventOccurrences)
      .set({ startsAt: start, endsAt: end, moved: true, updatedAt: sql`now()` })
      .where(eq(eventOccurrences.id, id));
  }

  /** What history an occurrence has besides being completed: form submissions, logged messages. */
  async historyOf(tx: Tx, id: number): Promise<{ submitted: boolean; messaged: boolean }> {
    const [row] = await tx
      .execute<{ submitted: boolean; messaged: boolean }>(
        sql`select
        exists (select 1 from ${formSubmissions} s where s.occurrence_id = ${id}) as submitted,
        exists (select 1 from ${messageLogs} m where m.occurrence_id = ${id}) as messaged`,
      )
      .then((result) => (result as { rows: { submitted: boolean; messaged: boolean }[] }).rows);
    return { submitted: !!row?.submitted, messaged: !!row?.messaged };
  }

  /**
   * Adds an EXDATE for the slot an occurrence leaves (deleted or moved away) to its event's rule,
   * so neither regeneration nor the horizon job brings it back.
   */
  async excludeSlot(tx: Tx, event: { id: number; rrule: string; timezone: string }, start: Date): Promise<void> {
    await tx
      .update(events)
      .set({ rrule: excludeStart(event.rrule, event.timezone, start), updatedAt: sql`now()` })
      .where(eq(events.id, event.id));
  }

  async remove(tx: Tx, id: number): Promise<void> {
    await tx.delete(eventOccurrences).where(eq(eventOccurrences.id, id));
  }

  /** The status change of a day's schedule, [start, end): `from` becomes `to`; how many changed. */
  async setStatusBetween(
    start: Date,
    end: Date,
    from: EventOccurrence['status'],
    to: EventOccurrence['status'],
  ): Promise<number> {
    const changed = await this.db
      .update(eventOccurrences)
      .set({ status: to, updatedAt: sql`now()` })
      .where(
        and(
          eq(eventOccurrences.status, from),
          gte(eventOccurrences.startsAt, start),
          lt(eventOccurrences.startsAt, end),
        ),
      )
      .returning({ id: eventOccurrences.id });
    return changed.length;
  }

  /** Holds the occurrences FOR UPDATE in id order (so concurrent callers queue); the ids that exist. */
  async lock(tx: Tx, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await tx
      .select({ id: eventOccurrences.id })
      .from(eventOccurrences)
      .where(inArray(eventOccurrences.id, [...ids]))
      .orderBy(asc(eventOccurrences.id))
      .for('update');
    return rows.map((row) => row.id);
  }

  /** Their reports were sent: completed is final. */
  async complete(tx: Tx, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await tx
      .update(eventOccurrences)
      .set({ status: 'completed', updatedAt: sql`now()` })
      .where(inArray(eventOccurrences.id, [...ids]));
  }

  /**
   * Inserts a series' occurrences in one statement whatever their number (the starts travel as
   * one array parameter), skipping those that exist (unique (event_id, starts_at)); how many were new.
   */
  async insertSeries(db: Executor, eventId: number, starts: readonly Date[], durationMs: number): Promise<number> {
    if (starts.length === 0) return 0;
    const result = await db.execute<{
      created: number;
    }>(sql`with created as (${seriesInsert(sql`(values (${eventId}::integer)) as source (id)`, starts, durationMs)})
      select cast(count(*) as integer) as created from created`);
    const created = Number((result as { rows: { created: number }[] }).rows[0]?.created ?? 0);
    this.noteSeries(created);
    return created;
  }

  /** After a statement with `seriesInsert` stored `created` occurrences. */
  noteSeries(created: number): void {
    // Thousands of new rows leave the planner's statistics behind: ANALYZE soon (lib/statistics.ts).
    statisticsOf(this.db).noteWrites(eventOccurrences, created);
  }

  /**
   * Before a series is generated again: drops what the old rule made and nobody touched since
   * (from `now` on, not moved by hand, without history). Everything else is kept.
   */
  async dropRegenerable(tx: Tx, eventId: number, now: Date): Promise<void> {
    await tx
      .delete(eventOccurrences)
      .where(
        and(
          eq(eventOccurrences.eventId, eventId),
          gte(eventOccurrences.startsAt, now),
          eq(eventOccurrences.moved, false),
          sql`not ${hasHistory}`,
        ),
      );
  }

  /** An archived event keeps its past and its history; its future without history goes. */
  async dropFutureWithoutHistory(tx: Tx, eventId: number, now: Date): Promise<void> {
    await tx
      .delete(eventOccurrences)
      .where(and(eq(eventOccurrences.eventId, eventId), gte(eventOccurrences.startsAt, now), sql`not ${hasHistory}`));
  }

  /** Whether an event has anything to keep: an occurrence in the past, or one with history. */
  async eventHasHistory(tx: Tx, eventId: number, now: Date): Promise<boolean> {
    const [history] = await tx
      .select({ id: eventOccurrences.id })
      .from(eventOccurrences)
      .where(and(eq(eventOccurrences.eventId, eventId), sql`(${eventOccurrences.startsAt} < ${now} or ${hasHistory})`))
      .limit(1);
    return !!history;
  }

  /** An occurrence's event and start (where a series is split), or undefined when it does not exist. */
  async startOf(db: Executor, id: number): Promise<{ id: number; eventId: number; startsAt: Date } | undefined> {
    const [row] = await db
      .select({ id: eventOccurrences.id, eventId: eventOccurrences.eventId, startsAt: eventOccurrences.startsAt })
      .from(eventOccurrences)
      .where(eq(eventOccurrences.id, id));
    return row;
  }

  /** The event's first occurrence from `start` on that has history (what blocks a split there). */
  async firstWithHistoryFrom(db: Executor, eventId: number, start: Date) {
    const [row] = await db
      .select({ id: eventOccurrences.id, startsAt: eventOccurrences.startsAt })
      .from(eventOccurrences)
      .where(and(eq(eventOccurrences.eventId, eventId), gte(eventOccurrences.startsAt, start), sql`${hasHistory}`))
      .orderBy(asc(eventOccurrences.startsAt), asc(eventOccurrences.id))
      .limit(1);
    return row;
  }

  /** Whether the event has an occurrence starting before `start`. */
  async anyBefore(db: Executor, eventId: number, start: Date): Promise<boolean> {
    const [row] = await db
      .select({ id: eventOccurrences.id })
      .from(eventOccurrences)
      .where(and(eq(eventOccurrences.eventId, eventId), lt(eventOccurrences.startsAt, start)))
      .limit(1);
    return !!row;
  }

  /**
   * A series split: the event's occurrences from `start` on go to `toEventId` as they are (ids,
   * status, own guest lists, moved marks); how many moved.
   */
  async moveFrom(tx: Tx, fromEventId: number, toEventId: number, start: Date): Promise<number> {
    const moved = await tx
      .update(eventOccurrences)
      .set({ eventId: toEventId, updatedAt: sql`now()` })
      .where(and(eq(eventOccurrences.eventId, fromEventId), gte(eventOccurrences.startsAt, start)))
      .returning({ id: eventOccurrences.id });
    return moved.length;
  }

  /**
   * Fits an event's occurrences from `from` on to its series `starts`: those the rule made and
   * nobody touched (not moved, without history) go unless their start is still a slot, and the
   * ones that stay take the series' duration. insertSeries then adds the missing slots.
   */
  async fitToSeries(tx: Tx, eventId: number, from: Date, starts: readonly Date[], durationMs: number): Promise<void> {
    const array = `{${starts.map((start) => start.toISOString()).join(',')}}`;
    const untouched = and(
      eq(eventOccurrences.eventId, eventId),
      gte(eventOccurrences.startsAt, from),
      eq(eventOccurrences.moved, false),
      sql`not ${hasHistory}`,
    );
    await tx
      .delete(eventOccurrences)
      .where(and(untouched, sql`${eventOccurrences.startsAt} <> all(${array}::timestamptz[])`));
    await tx
      .update(eventOccurrences)
      .set({ endsAt: sql`${eventOccurrences.startsAt} + ${durationMs} * interval '1 millisecond'` })
      .where(
        and(
          untouched,
          sql`${eventOccurrences.endsAt} <> ${eventOccurrences.startsAt} + ${durationMs} * interval '1 millisecond'`,
        ),
      );
  }

  /** The guests that count for each occurrence (active users only), with their message group. */
  guestContacts(db: Executor, occurrenceIds: readonly number[]): Promise<GuestContactRow[]> {
    if (occurrenceIds.length === 0) return Promise.resolve([]);
    const ids = sql.join(
      occurrenceIds.map((id) => sql`${id}`),
      sql`, `,
    );
    return this.contacts(db, sql`o.id in (${ids})`);
  }

  /** The guests of the occurrences starting in [start, end), as guestContacts. */
  guestContactsBetween(db: Executor, start: Date, end: Date): Promise<GuestContactRow[]> {
    return this.contacts(
      db,
      sql`o.starts_at >= ${start.toISOString()}::timestamptz and o.starts_at < ${end.toISOString()}::timestamptz`,
    );
  }

  private async contacts(db: Executor, where: SQL): Promise<GuestContactRow[]> {
    const result = await db.execute(sql`
      select o.id as "occurrenceId", g.id, g.username, g.name, g.surname, g.timezone, g.language, g.email, g.phone,
        mg.id as "groupId", mg.name as "groupName", mg.external_id as "chatId"
      from ${eventOccurrences} o
      join lateral ${guestListOf(sql`o`)} guest_list on true
      join ${users} g on g.id = guest_list.user_id and g.status = 'active'
      left join ${messageGroups} mg on mg.id = g.message_group_id
      where ${where}
      order by o.id, g.name, g.surname, g.id`);
    return (result as { rows: GuestContactRow[] }).rows.map((row) => ({
      ...row,
      occurrenceId: Number(row.occurrenceId),
      id: Number(row.id),
      groupId: row.groupId === null ? null : Number(row.groupId),
    }));
  }

  /** The approved occurrences starting in [start, end), by start: what reminders are about. */
  approvedBetween(start: Date, end: Date) {
    return this.db
      .select({
        id: eventOccurrences.id,
        startsAt: eventOccurrences.startsAt,
        endsAt: eventOccurrences.endsAt,
        title: events.title,
        conferenceLink: events.conferenceLink,
        location: locations.name,
      })
      .from(eventOccurrences)
      .innerJoin(events, eq(events.id, eventOccurrences.eventId))
      .innerJoin(locations, eq(locations.id, events.locationId))
      .where(
        and(
          eq(eventOccurrences.status, 'approved'),
          gte(eventOccurrences.startsAt, start),
          lt(eventOccurrences.startsAt, end),
        ),
      )
      .orderBy(asc(eventOccurrences.startsAt), asc(eventOccurrences.id));
  }

  /** The (occurrence, form) pairs with submissions among the occurrences starting in [start, end). */
  submittedFormsBetween(tx: Tx, start: Date, end: Date) {
    return tx
      .selectDistinct({ occurrenceId: formSubmissions.occurrenceId, formId: formSubmissions.formId })
      .from(formSubmissions)
      .innerJoin(eventOccurrences, eq(eventOccurrences.id, formSubmissions.occurrenceId))
      .where(and(gte(eventOccurrences.startsAt, start), lt(eventOccurrences.startsAt, end)))
      .orderBy(asc(formSubmissions.occurrenceId), asc(formSubmissions.formId));
  }

  /** Occurrences with their event, organiser and location. */
  details(db: Executor, ids: readonly number[]): Promise<OccurrenceDetail[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .select(detailColumns)
      .from(eventOccurrences)
      .innerJoin(events, eq(events.id, eventOccurrences.eventId))
      .innerJoin(organisers, eq(organisers.id, events.organiserId))
      .innerJoin(locations, eq(locations.id, events.locationId))
      .where(inArray(eventOccurrences.id, [...ids]));
  }

  /**
   * One guest's occurrences starting in [start, end) (those they were an effective guest of), with
   * the `notesField` answers of the submissions about them.
   */
  ofGuestBetween(guestId: number, start: Date, end: Date, notesField: string, db: Executor = this.db) {
    const notes = sql<string | null>`(select string_agg(s.data ->> ${notesField}, ' · ' order by s.form_id)
      from ${formSubmissions} s where s.occurrence_id = ${eventOccurrences.id} and s.guest_id = ${guestId}
        and coalesce(btrim(s.data ->> ${notesField}), '') <> '')`;
    return db
      .select({
        eventTitle: events.title,
        startsAt: eventOccurrences.startsAt,
        endsAt: eventOccurrences.endsAt,
        status: eventOccurrences.status,
        notes,
      })
      .from(eventOccurrences)
      .innerJoin(events, eq(events.id, eventOccurrences.eventId))
      .where(and(gte(eventOccurrences.startsAt, start), lt(eventOccurrences.startsAt, end), isOccurrenceGuest(guestId)))
      .orderBy(asc(eventOccurrences.startsAt), asc(eventOccurrences.id));
  }

  /**
   * A person's calendar: the occurrences starting from `from` that they organise or are a guest
   * of (its own list or its event's), by start, with what a calendar entry shows.
   */
  calendarOf(userId: number, from: Date) {
    return this.db
      .select({
        id: eventOccurrences.id,
        startsAt: eventOccurrences.startsAt,
        endsAt: eventOccurrences.endsAt,
        status: eventOccurrences.status,
        updatedAt: eventOccurrences.updatedAt,
        title: events.title,
        description: events.description,
        conferenceLink: events.conferenceLink,
        location: locations.name,
        organiserUsername: organisers.username,
        organiserName: organisers.name,
        organiserSurname: organisers.surname,
      })
      .from(eventOccurrences)
      .innerJoin(events, eq(events.id, eventOccurrences.eventId))
      .innerJoin(locations, eq(locations.id, events.locationId))
      .innerJoin(organisers, eq(organisers.id, events.organiserId))
      .where(
        and(
          gte(eventOccurrences.startsAt, from),
          sql`(${events.organiserId} = ${userId} or ${isOccurrenceGuest(userId)})`,
        ),
      )
      .orderBy(asc(eventOccurrences.startsAt), asc(eventOccurrences.id));
  }

  /**
   * The sessions starting in [from, to) a viewer sees, narrowed by organiser, location or guest,
   * by start, with their event's details (one query for the range; no page). With a `cut`, only
   * the first `limit` sessions (by start, then id) of each of its buckets (the range split at
   * `bounds`: days or hours) are kept, each row carrying its day's count (the range split at `days`).
   */
  async calendarRange(viewer: ListViewer, range: CalendarRange, cut?: CalendarCut) {
    const where = and(
      gte(eventOccurrences.startsAt, range.from),
      lt(eventOccurrences.startsAt, range.to),
      visibleTo(viewer.role, viewer.id),
      range.organiserId === undefined ? undefined : eq(events.organiserId, range.organiserId),
      range.locationId === undefined ? undefined : eq(events.locationId, range.locationId),
      range.guestId === undefined ? undefined : isOccurrenceGuest(range.guestId),
    );
    // Aliased: the subquery of a cut needs one name per column (three tables have an id and a name).
    const fields = {
      id: eventOccurrences.id,
      eventId: eventOccurrences.eventId,
      startsAt: eventOccurrences.startsAt,
      endsAt: eventOccurrences.endsAt,
      status: eventOccurrences.status,
      title: events.title,
      timezone: events.timezone,
      locationId: sql<number>`${locations.id}`.as('location_id'),
      locationName: sql<string>`${locations.name}`.as('location_name'),
      organiserId: sql<number>`${organisers.id}`.as('organiser_id'),
      organiserName: sql<string | null>`${organisers.name}`.as('organiser_name'),
      organiserSurname: sql<string | null>`${organisers.surname}`.as('organiser_surname'),
    };
    if (!cut) {
      const rows = await this.db
        .select(fields)
        .from(eventOccurrences)
        .innerJoin(events, eq(events.id, eventOccurrences.eventId))
        .innerJoin(locations, eq(locations.id, events.locationId))
        .innerJoin(organisers, eq(organisers.id, events.organiserId))
        .where(where)
        .orderBy(asc(eventOccurrences.startsAt), asc(eventOccurrences.id));
      return rows.map((row) => ({ ...row, day: null, dayCount: null }));
    }
    // width_bucket(t, bounds) is the number of bounds <= t: the day (or hour) a start falls in,
    // whatever the zone, as the bounds were computed in it (not by the database's zone data).
    const bucket = (bounds: Date[]) =>
      sql`width_bucket(${eventOccurrences.startsAt}, ${`{${bounds.map((bound) => bound.toISOString()).join(',')}}`}::timestamptz[])`;
    const day = bucket(cut.days);
    const ranked = this.db
      .select({
        ...fields,
        day: sql<number>`${day}`.as('day'),
        dayCount: sql<number>`count(*) over (partition by ${day})`.as('day_count'),
        place: sql<number>`row_number() over (partition by ${bucket(cut.bounds)}
          order by ${eventOccurrences.startsAt}, ${eventOccurrences.id})`.as('place'),
      })
      .from(eventOccurrences)
      .innerJoin(events, eq(events.id, eventOccurrences.eventId))
      .innerJoin(locations, eq(locations.id, events.locationId))
      .innerJoin(organisers, eq(organisers.id, events.organiserId))
      .where(where)
      .as('ranked');
    return this.db
      .select({
        id: ranked.id,
        eventId: ranked.eventId,
        startsAt: ranked.startsAt,
        endsAt: ranked.endsAt,
        status: ranked.status,
        title: ranked.title,
        timezone: ranked.timezone,
        locationId: ranked.locationId,
        locationName: ranked.locationName,
        organiserId: ranked.organiserId,
        organiserName: ranked.organiserName,
        organiserSurname: ranked.organiserSurname,
        day: sql<number>`${ranked.day}`.mapWith(Number),
        dayCount: sql<number>`${ranked.dayCount}`.mapWith(Number),
      })
      .from(ranked)
      .where(sql`${ranked.place} <= ${cut.limit}`)
      .orderBy(asc(ranked.startsAt), asc(ranked.id));
  }

  /**
   * One page of the CSV export: the occurrences starting in [from, to) after `after` (keyset on
   * (starts_at, id), so a year is read page by page), each with its guests (active, its own list
   * or its event's) and the answers submitted about each guest. The page's guests are one grouped
   * join over the page, not a sub-select per row (which the planner ran as a hash of all users for
   * every occurrence); the answers are one index probe per row.
   */
  async exportPage(from: Date, to: Date, after: { startsAt: Date; id: number } | null, limit: number) {
    const keyset = after
      ? sql`and (o.starts_at, o.id) > (${after.startsAt.toISOString()}::timestamptz, ${after.id})`
      : sql``;
    const result = await this.db.execute(sql`with page as materialized (
        select o.id, o.event_id, o.starts_at, o.ends_at, o.status, o.has_guest_override from ${eventOccurrences} o
        where o.starts_at >= ${from.toISOString()}::timestamptz and o.starts_at < ${to.toISOString()}::timestamptz
          ${keyset}
        order by o.starts_at, o.id
        limit ${limit}),
      page_guests as (
        select guest.occurrence_id, json_agg(json_build_object('id', g.id, 'username', g.username, 'name', g.name,
            'surname', g.surname) order by g.name, g.surname, g.id) as guests
        from ${guestsAmong(sql`page`)} guest join ${users} g on g.id = guest.user_id and g.status = 'active'
        group by guest.occurrence_id)
      select p.id, p.starts_at as "startsAt", p.ends_at as "endsAt", p.status, e.title, l.name as location,
        org.id as "organiserId",
        org.username as "organiserUsername", org.name as "organiserName", org.surname as "organiserSurname",
        coalesce(pg.guests, '[]'::json) as guests,
        (select coalesce(json_agg(json_build_object('formId', s.form_id, 'guestId', s.guest_id, 'data', s.data)
            order by s.form_id), '[]'::json)
          from ${formSubmissions} s where s.occurrence_id = p.id and s.guest_id is not null) as answers
      from page p join ${events} e on e.id = p.event_id join ${locations} l on l.id = e.location_id
        join ${users} org on org.id = e.organiser_id
        left join page_guests pg on pg.occurrence_id = p.id
      order by p.starts_at, p.id`);
    return (result as { rows: ExportRow[] }).rows.map((row) => ({
      ...row,
      id: Number(row.id),
      startsAt: new Date(row.startsAt),
      endsAt: new Date(row.endsAt),
      guests: jsonColumn(row.guests),
      answers: jsonColumn(row.answers),
    }));
  }

  /** The (form, field) pairs some guest's submission answered, among the occurrences starting in [from, to). */
  async answeredFieldsBetween(from: Date, to: Date): Promise<{ formId: number; key: string }[]> {
    const result = await this.db.execute(sql`select distinct s.form_id as "formId", answer.key
      from ${formSubmissions} s join ${eventOccurrences} o on o.id = s.occurrence_id
        cross join lateral jsonb_each(s.data) answer
      where o.starts_at >= ${from.toISOString()}::timestamptz and o.starts_at < ${to.toISOString()}::timestamptz
        and s.guest_id is not null and answer.value not in ('null'::jsonb, '""'::jsonb, '[]'::jsonb)`);
    return (result as { rows: { formId: number; key: string }[] }).rows.map((row) => ({
      formId: Number(row.formId),
      key: row.key,
    }));
  }

  /**
   * The occurrence a form is filled for: its status, its organiser and whether `guestId` is one
   * of its active guests, in one query. The row is held FOR SHARE until the transaction ends, so
   * it cannot become completed in between.
   */
  async lockForSubmission(tx: Tx, occurrenceId: number, guestId: number | null) {
    const isGuest =
      guestId === null
        ? sql<boolean>`true`
        : sql<boolean>`(${isOccurrenceGuest(guestId)}
            and exists (select 1 from ${users} u where u.id = ${guestId} and u.status = 'active'))`;
    const [row] = await tx
      .select({ status: eventOccurrences.status, organiserId: events.organiserId, isGuest })
      .from(eventOccurrences)
      .innerJoin(events, eq(events.id, eventOccurrences.eventId))
      .where(eq(eventOccurrences.id, occurrenceId))
      .for('share', { of: eventOccurrences });
    return row;
  }
}

/**
 * insertSeries's insert, for a statement that creates its event too (events/service.ts): a
 * data-modifying CTE body that stores `starts` for each event `source` yields (a from-item aliased
 * `source` with an `id` column, e.g. the CTE that inserted the event), one row (its `starts_at`) per new occurrence. The caller then
 * calls `noteSeries` with their number.
 */
export function seriesInsert(
  source: SQL,
  starts: readonly Date[] | Placeholder,
  durationMs: number | Placeholder,
): SQL {
  const array = Array.isArray(starts) ? seriesStarts(starts) : starts;
  return sql`insert into ${eventOccurrences} (event_id, starts_at, ends_at)
    select source.id, s, s + ${durationMs}::float8 * interval '1 millisecond' from ${source}, unnest(${array}::timestamptz[]) as s
    on conflict (event_id, starts_at) do nothing
    returning starts_at`;
}

/** The starts as the text of one `timestamptz[]` parameter of `seriesInsert`. */
export const seriesStarts = (starts: readonly Date[]): string =>
  `{${starts.map((start) => start.toISOString()).join(',')}}`;

/** An event's next occurrence from now, as a column of a select on `events` (one index probe per row). */
export const nextStartOf = (eventId: AnyPgColumn) =>
  sql<string | null>`(select to_json(min(o.starts_at)) #>> '{}' from ${eventOccurrences} o
    where o.event_id = ${eventId} and o.starts_at >= now())`;

/**
 * The occurrence a row refers to by `occurrenceId`, as one JSON column: `{id, occurrenceDate,
 * event: {id, title, timezone}}`, or null.
 */
export const occurrenceRefOf = (occurrenceId: AnyPgColumn) =>
  sql<{ id: number; occurrenceDate: string; event: { id: number; title: string; timezone: string } } | null>`(
    select json_build_object('id', o.id,
      'occurrenceDate', to_char(o.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'event', json_build_object('id', e.id, 'title', e.title, 'timezone', e.timezone))
    from ${eventOccurrences} o join ${events} e on e.id = o.event_id where o.id = ${occurrenceId})`;

/** The title of the event of the occurrence `occurrenceId` refers to ('' when none), for searching. */
export const eventTitleOf = (occurrenceId: AnyPgColumn) =>
  sql<string>`coalesce((select e.title from ${eventOccurrences} o join ${events} e on e.id = o.event_id
    where o.id = ${occurrenceId}), '')`;

/**
 * Whether `occurrenceId` refers to an occurrence starting within `range`, a `tstzrange` value
 * (`[from,to)`, bound once as a placeholder).
 */
export const startsWithin = (occurrenceId: AnyPgColumn, range: unknown) =>
  sql`${occurrenceId} in (select o.id from ${eventOccurrences} o
    where o.starts_at >= lower(cast(${range} as tstzrange)) and o.starts_at < upper(cast(${range} as tstzrange)))`;

/** Planned sessions to check for clashes: half-open [start, end) intervals and who/where they book. */
export interface ClashCandidates {
  starts: readonly Date[];
  ends: readonly Date[];
  organiserId?: number | undefined;
  locationId?: number | undefined;
  guestIds?: readonly number[] | undefined;
  /** The event being edited: its own occurrences never clash with it. */
  excludeEventId?: number | undefined;
  /** The occurrence being changed: it never clashes with itself. */
  excludeOccurrenceId?: number | undefined;
}

/** One stored occurrence a candidate clashes with, by kind and person/room. */
export interface ClashRow {
  kind: 'organiser' | 'guest' | 'location';
  occurrenceId: number;
  eventId: number;
  title: string;
  startsAt: Date;
  endsAt: Date;
  userId: number | null;
  locationId: number | null;
  name: string | null;
  surname: string | null;
  /** The username, or the location's name for a room. */
  label: string;
}

/** A clash between two stored occurrences: the row (the later of the two) and the one it clashes `with`. */
export interface PairClashRow extends ClashRow {
  withOccurrenceId: number;
  withEventId: number;
  withTitle: string;
  withStartsAt: Date;
  withEndsAt: Date;
}

const idArray = (ids: readonly number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

const toClash = (row: Record<string, unknown>): ClashRow => ({
  kind: row.kind as ClashRow['kind'],
  occurrenceId: Number(row.occurrenceId),
  eventId: Number(row.eventId),
  title: String(row.title),
  startsAt: new Date(row.startsAt as string | Date),
  endsAt: new Date(row.endsAt as string | Date),
  userId: row.userId === null ? null : Number(row.userId),
  locationId: row.locationId === null ? null : Number(row.locationId),
  name: (row.name as string | null) ?? null,
  surname: (row.surname as string | null) ?? null,
  label: String(row.label),
});

/**
 * The clashes of a set of stored occurrences (`hits`: id, event_id, starts_at, ends_at,
 * has_guest_override, title, organiser_id, location_id) with the organiser, the location and
 * the guests asked about: one row per (kind, occurrence, person or room). Guests are the
 * occurrence's effective list (its own, else its event's), active users only.
 */
/**
 * The clashes of a set of stored occurrences (`hits`: id, event_id, starts_at, ends_at,
 * has_guest_override, organiser_id, location_id) with the organiser, the location and the guests
 * asked about: one narrow row per (kind, occurrence, person or room), the names left for the page
 * (clashPage). Guests are the occurrence's effective list (its own, else its event's), active
 * users only.
 */
const clashKinds = (organiserId: unknown, locationId: unknown, guestIds: SQL) => sql`
  select 'organiser' as kind, h.id, h.event_id, h.starts_at, h.ends_at, h.organiser_id as user_id,
    null::integer as location_id
  from hits h where h.organiser_id = ${organiserId}
  union all
  select 'location', h.id, h.event_id, h.starts_at, h.ends_at, null, h.location_id
  from hits h where h.location_id = ${locationId}
  union all
  select 'guest', h.id, h.event_id, h.starts_at, h.ends_at, u.id, null
  from ${guestsAmong(sql`hits`, guestIds)} guest join hits h on h.id = guest.occurrence_id
  join ${users} u on u.id = guest.user_id and u.status = 'active'`;

/**
 * The first `limit` clashes of `found` (clashKinds' rows) by start, with the total, the event's
 * title and the person's or room's name: joined for the page's rows only. The last CTE of a
 * `with` and its select.
 */
const clashPage = (found: SQL, limit: number) => sql`
  page as (
    select f.*, count(*) over () as total from (${found}) f
    order by f.starts_at, f.id, f.kind, f.user_id
    limit ${limit})
  select p.kind, p.id as "occurrenceId", p.event_id as "eventId", e.title, p.starts_at as "startsAt",
    p.ends_at as "endsAt", p.user_id as "userId", p.location_id as "locationId", u.name, u.surname,
    coalesce(u.username, l.name) as label, p.total
  from page p join ${events} e on e.id = p.event_id
  left join ${users} u on u.id = p.user_id left join ${locations} l on l.id = p.location_id
  order by p.starts_at, p.id, p.kind, p.user_id`;

/** Sessions longer than this are few: they are found through the duration index, not by their start. */
const LONG_SESSION = sql`interval '1 day'`;

/** The longest stored session of at most a day (one probe of the duration index). */
const LONGEST = sql`(select coalesce(max(d.ends_at - d.starts_at), interval '0') from ${eventOccurrences} d
  where d.ends_at - d.starts_at <= ${LONG_SESSION})`;

/**
 * Intervals as sorted, disjoint spans, each with the end of the one before (`after`; -infinity for
 * the first): empty intervals dropped, overlapping or touching ones merged. A stored session
 * overlaps one of the half-open intervals exactly when it overlaps one of the spans.
 */
function spansOf(starts: readonly Date[], ends: readonly Date[]) {
  const intervals = starts
    .map((start, i) => ({ s: start.getTime(), e: ends[i]!.getTime() }))
    .filter((interval) => interval.e > interval.s)
    .sort((a, b) => a.s - b.s);
  const spans: { s: number; e: number }[] = [];
  for (const interval of intervals) {
    const last = spans[spans.length - 1];
    if (last && interval.s <= last.e) last.e = Math.max(last.e, interval.e);
    else spans.push({ ...interval });
  }
  const text = (values: string[]) => `{${values.join(',')}}`;
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    count: spans.length,
    starts: text(spans.map((span) => iso(span.s))),
    ends: text(spans.map((span) => iso(span.e))),
    afters: text(spans.map((_, i) => (i === 0 ? '-infinity' : iso(spans[i - 1]!.e)))),
  };
}

/**
 * The stored sessions overlapping a span of `span` (a relation of sorted, disjoint half-open
 * [s, e) with `after`, as spansOf makes them) that `keep` lets through (a condition on `o`), each
 * once, by btree: a session of length d overlaps [s, e) when it starts in [s - d, e) and ends after
 * s, so each span is one range scan of the starts_at index reaching back by the longest session of
 * at most a day (one probe of the duration index), but not before `after`: a session starting
 * earlier overlaps the span before and was found there, so nothing comes twice and nothing needs
 * deduplicating. The index carries event_id, ends_at and has_guest_override, so `keep` drops the
 * sessions of others before the table is read (an index-only scan where vacuum has marked the pages
 * all-visible). The rare sessions longer than a day come from the duration index. Empty sessions
 * overlap nothing.
 */
function overlapping(span: SQL, keep: SQL): SQL {
  return sql`(select o.id, o.event_id, o.starts_at, o.ends_at, o.has_guest_override
      from ${span} c join ${eventOccurrences} o on o.starts_at >= greatest(c.s - ${LONGEST}, c.after)
        and o.starts_at < c.e and o.ends_at > c.s and o.ends_at - o.starts_at <= ${LONG_SESSION}
      where ${keep}
    union all
    select o.id, o.event_id, o.starts_at, o.ends_at, o.has_guest_override
      from ${eventOccurrences} o
      where o.ends_at - o.starts_at > ${LONG_SESSION} and ${keep}
        and exists (select 1 from ${span} c where o.starts_at < c.e and o.ends_at > c.s))`;
}

export class ClashRepository {
  constructor(private readonly db: Db) {}

  /**
   * Clashes of the candidate intervals with stored occurrences, in ONE query whatever the number
   * of candidates (half-open: 10–11 and 11–12 do not overlap); only active events count (archived
   * ones are history). A stored occurrence overlapping several candidates counts once. Sorted by
   * start; the first `limit` and the total.
   */
  async clashes(candidates: ClashCandidates, limit: number): Promise<{ rows: ClashRow[]; total: number }> {
    const query = this.clashQuery(candidates, limit);
    if (!query) return { rows: [], total: 0 };
    const rows = await this.run(query);
    return { rows: rows.map(toClash), total: rows.length ? Number(rows[0]!.total) : 0 };
  }

  /** Runs a clash query (one round trip: the PostgreSQL connections have JIT off, see db/client.ts). */
  async run(query: SQL): Promise<Record<string, unknown>[]> {
    return ((await this.db.execute(query)) as { rows: Record<string, unknown>[] }).rows;
  }

  /** The statement `clashes` runs (the benchmark reads its plan); undefined when nothing can clash. */
  clashQuery(candidates: ClashCandidates, limit: number): SQL | undefined {
    const guestIds = [...new Set(candidates.guestIds ?? [])];
    const spans = spansOf(candidates.starts, candidates.ends);
    if (
      spans.count === 0 ||
      (candidates.organiserId === undefined && candidates.locationId === undefined && guestIds.length === 0)
    ) {
      return undefined;
    }
    const organiserId = candidates.organiserId ?? null;
    const locationId = candidates.locationId ?? null;
    const guests = sql`${idArray(guestIds)}::integer[]`;
    // Only the sessions of the events that share the organiser or the room, and those with one of
    // the guests on their list (hashed sub-selects, tested in the index scan), go on: the joins
    // below handle the few that matter, not every session at those times.
    const shares = sql`(o.event_id in (select e.id from ${events} e
        where e.organiser_id = ${organiserId} or e.location_id = ${locationId})
      or ${hasGuestAmong(sql`o`, guests)})`;
    return sql`with span as materialized (
        select c.s, c.e, c.after from unnest(${spans.starts}::timestamptz[], ${spans.ends}::timestamptz[],
          ${spans.afters}::timestamptz[]) as c(s, e, after)),
      hits as materialized (
        select o.id, o.event_id, o.starts_at, o.ends_at, o.has_guest_override, e.organiser_id, e.location_id
        from ${overlapping(sql`span`, shares)} o join ${events} e on e.id = o.event_id
        where e.status = 'active'
          and o.event_id is distinct from ${candidates.excludeEventId ?? null}::integer
          and o.id is distinct from ${candidates.excludeOccurrenceId ?? null}::integer),
      ${clashPage(clashKinds(organiserId, locationId, guests), limit)}`;
  }

  /**
   * Stored occurrences that clash with each other in [from, to) (admins' Home): the sessions
   * overlapping the window (as the check finds them), paired when they overlap and share the organiser, the
   * location or an active guest; each pair once, as the later session clashing `with` the
   * earlier. Sorted by the later one's start; the first `limit` and the total.
   */
  async clashesBetween(from: Date, to: Date, limit: number): Promise<{ rows: PairClashRow[]; total: number }> {
    const rows = await this.run(this.clashesBetweenQuery(from, to, limit));
    return {
      rows: rows.map((row) => ({
        ...toClash(row),
        withOccurrenceId: Number(row.withOccurrenceId),
        withEventId: Number(row.withEventId),
        withTitle: String(row.withTitle),
        withStartsAt: new Date(row.withStartsAt as string | Date),
        withEndsAt: new Date(row.withEndsAt as string | Date),
      })),
      total: rows.length ? Number(rows[0]!.total) : 0,
    };
  }

  /** The statement `clashesBetween` runs. */
  clashesBetweenQuery(from: Date, to: Date, limit: number): SQL {
    const start = sql`${from.toISOString()}::timestamptz`;
    const end = sql`${to.toISOString()}::timestamptz`;
    // a is the earlier of a pair, b the later; they overlap, and so does their overlap with the window.
    const pair = sql`(a.starts_at, a.id) < (b.starts_at, b.id) and b.starts_at < a.ends_at
      and b.starts_at < ${end} and least(a.ends_at, b.ends_at) > ${start}`;
    const columns = sql`a.kind, a.key, b.id as b_id, b.event_id as b_event_id, b.starts_at as b_starts_at,
      b.ends_at as b_ends_at, a.id as a_id, a.event_id as a_event_id, a.starts_at as a_starts_at, a.ends_at as a_ends_at`;
    const sameKey = sql`b.kind = a.kind and b.key = a.key`;
    // Pairs share a key (kind 1 a guest, 2 the room, 3 the organiser: in the names' order) and overlap. A session of at most a day
    // that overlaps a later one started less than the longest such session L before it, so their
    // starts lie in the same or the next bucket of length L: joining on the bucket too keeps each
    // key's pairs to sessions close in time instead of all its sessions of the window against each
    // other (13-50 a day per organiser in the benchmark). Longer sessions have no bucket and meet
    // every session of their key.
    return sql`with window_range as materialized (select ${start} as s, ${end} as e, '-infinity'::timestamptz as after),
      w as materialized (
        select o.id, o.event_id, o.starts_at, o.ends_at, o.has_guest_override, e.organiser_id, e.location_id,
          case when o.ends_at - o.starts_at <= ${LONG_SESSION} then floor(extract(epoch from o.starts_at)
            / extract(epoch from greatest(${LONGEST}, interval '1 second')))::bigint end as bucket
        from ${overlapping(sql`window_range`, sql`true`)} o join ${events} e on e.id = o.event_id
        where e.status = 'active'),
      keyed as materialized (
        select 3 as kind, w.organiser_id as key, w.id, w.event_id, w.starts_at, w.ends_at, w.bucket from w
        union all
        select 2, w.location_id, w.id, w.event_id, w.starts_at, w.ends_at, w.bucket from w
        union all
        select 1, u.id, w.id, w.event_id, w.starts_at, w.ends_at, w.bucket
        from ${guestsAmong(sql`w`)} guest join w on w.id = guest.occurrence_id
        join ${users} u on u.id = guest.user_id and u.status = 'active'),
      pairs as (
        select ${columns} from keyed a cross join lateral (values (a.bucket), (a.bucket + 1)) near(bucket)
          join keyed b on ${sameKey} and b.bucket = near.bucket and ${pair}
        union all
        select ${columns} from keyed a join keyed b on ${sameKey} and ${pair} where a.bucket is null
        union all
        select ${columns} from keyed a join keyed b on ${sameKey} and ${pair}
        where a.bucket is not null and b.bucket is null),
      top as (
        select p.*, count(*) over () as total from pairs p
        order by b_starts_at, b_id, a_starts_at, a_id, kind, key
        limit ${limit}),
      named as (
        select p.*, (array['guest', 'location', 'organiser'])[p.kind] as kind_name,
          case when p.kind <> 2 then p.key end as user_id, case when p.kind = 2 then p.key end as location_id
        from top p)
      select p.kind_name as kind, p.b_id as "occurrenceId", p.b_event_id as "eventId", eb.title, p.b_starts_at as "startsAt",
        p.b_ends_at as "endsAt", p.user_id as "userId", p.location_id as "locationId",
        u.name, u.surname, coalesce(u.username, l.name) as label,
        p.a_id as "withOccurrenceId", p.a_event_id as "withEventId", ea.title as "withTitle",
        p.a_starts_at as "withStartsAt", p.a_ends_at as "withEndsAt", p.total
      from named p join ${events} eb on eb.id = p.b_event_id join ${events} ea on ea.id = p.a_event_id
      left join ${users} u on u.id = p.user_id left join ${locations} l on l.id = p.location_id
      order by p.b_starts_at, p.b_id, p.a_starts_at, p.a_id, p.kind, p.key`;
  }
}
