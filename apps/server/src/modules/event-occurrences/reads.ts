import type {
  AttendanceEntry,
  AttendanceStatus,
  EventOccurrence,
  EventOccurrenceListQuery,
  MakeupOf,
  OccurrenceCancellation,
  OccurrenceCover,
  OccurrencePerson,
  OccurrenceSubmission,
} from '@ritim/shared';
import { and, asc, desc, eq, gte, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../platform/db/client.js';
import {
  attendance,
  eventGuests,
  eventOccurrences,
  events,
  forms,
  formSubmissions,
  locations,
  messageGroups,
  occurrenceGuests,
  userGroups,
  users,
} from '../../platform/db/schema.js';
import { jsonColumn, isoInstant } from '../../lib/json-column.js';
import { defineList, type ListViewer, type PageTable } from '../../platform/list.js';
import { peopleJson } from '../users/people-json.js';
import {
  calendarOccurrenceColumns,
  joinEvent,
  type PlaceAndOrganiser,
  placeAndOrganiser,
  organiserColumns,
  organisers,
  occurrenceColumns,
} from './columns.js';
import { toFillCondition } from './to-fill.js';
import { guestListOf, visibleTo } from './rules.js';
import {
  attendanceJson,
  cancellationJson,
  coverJson,
  bookedMakeupsJson,
  type BookedMakeupJson,
  makeupJson,
  rsvpJson,
  type RsvpAnswerJson,
} from './embedded.js';

/** The marks of a guest who will not be there: no reminder goes to them. */
export const NOT_COMING: readonly AttendanceStatus[] = ['cancelled', 'lateCancelled', 'excused'];

/** The ids of an event's sessions, as a subquery (an event's History reads their audit rows by them). */
export const occurrenceIdsOfEvent = (eventId: number): SQL =>
  sql`(select ${eventOccurrences.id} from ${eventOccurrences} where ${eventOccurrences.eventId} = ${eventId})`;

/** The list's request once `date`/`timezone` are read: instants as ISO text. */
export type OccurrencePageQuery = Omit<EventOccurrenceListQuery, 'date' | 'timezone' | 'monthly' | 'from' | 'to'> & {
  from?: string | undefined;
  to?: string | undefined;
};

/**
 * `q` (folded like every list's search): the event's title or description, the organiser (its
 * event's, or its substitute while covered), or an active guest of the occurrence's guest list
 * (its own when set, else the event's).
 */
function searchOccurrences(pattern: unknown): SQL {
  return sql`(${eventOccurrences.eventId} in (select e.id from ${events} e join ${users} org on org.id = e.organiser_id
        where e.search like ritim_fold(${pattern}) or org.search like ritim_fold(${pattern}))
      or ${eventOccurrences.coverOrganiserId} in (select sub.id from ${users} sub where sub.search like ritim_fold(${pattern}))
      or (not ${eventOccurrences.hasGuestOverride} and ${eventOccurrences.eventId} in
        (select eg.event_id from ${eventGuests} eg join ${users} g on g.id = eg.user_id
          where g.status = 'active' and g.search like ritim_fold(${pattern})))
      or (${eventOccurrences.hasGuestOverride} and exists (select 1 from ${occurrenceGuests} og
        join ${users} g on g.id = og.user_id
        where og.occurrence_id = ${eventOccurrences.id} and g.status = 'active' and g.search like ritim_fold(${pattern}))))`;
}

const personList = (table: typeof eventGuests | typeof occurrenceGuests, key: SQL, owner: SQL) =>
  peopleJson<OccurrencePerson[]>(
    sql`from ${table} link join ${users} p on p.id = link.user_id where ${key} = ${owner}`,
  );

type SubmissionJson = Omit<OccurrenceSubmission, 'submissionData'> & { submissionData?: Record<string, unknown> };

/** The to-fill list's request: sessions that started in [from, to], newest first. */
export interface ToFillPageQuery {
  from: string;
  to: string;
  limit: number;
  offset: number;
  sort?: 'newest';
}

/**
 * The columns of a full row: every list (event guests, the occurrence's own guests, the
 * organiser's groups, the submissions, the attendance marks) is one JSON sub-select, so any number of rows costs one
 * query. `light` leaves each submission's data out (its notes stay); `onlyGuest` keeps a guest's
 * rows to the submissions and the mark about themselves (the others' are not theirs to read).
 */
function rowColumns(light: boolean, onlyGuest: unknown) {
  const data = light ? sql`` : sql`, 'submissionData', s.data`;
  const whose = onlyGuest === undefined ? sql`` : sql` and s.guest_id = ${onlyGuest}`;
  return {
    ...occurrenceColumns,
    eventId: eventOccurrences.eventId,
    hasGuestOverride: eventOccurrences.hasGuestOverride,
    title: events.title,
    description: events.description,
    conferenceLink: events.conferenceLink,
    timezone: events.timezone,
    eventStatus: events.status,
    eventDoesNotRepeat: events.doesNotRepeat,
    locationId: locations.id,
    locationName: locations.name,
    ...organiserColumns,
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
        'updatedAt', ${isoInstant(sql`s.updated_at`)}${data})
        order by s.id), '[]'::json)
      from ${formSubmissions} s join ${forms} f on f.id = s.form_id left join ${users} g on g.id = s.guest_id
      where s.occurrence_id = ${eventOccurrences.id}${whose})`.as('submissions'),
    attendance: attendanceJson(sql`${eventOccurrences.id}`, onlyGuest).as('attendance'),
    rsvps: rsvpJson(sql`${eventOccurrences.id}`, onlyGuest).as('rsvps'),
    cancellation: cancellationJson(sql`${eventOccurrences.id}`).as('cancellation'),
    makeupOf: makeupJson(sql`${eventOccurrences}`).as('makeup_of'),
    makeups: bookedMakeupsJson(sql`${eventOccurrences.id}`, onlyGuest).as('makeups'),
    // Looked up only for the few covered sessions.
    cover: sql<OccurrenceCover | string | null>`case when ${eventOccurrences.coverOrganiserId} is not null then
      ${coverJson(sql`${eventOccurrences.id}`)} end`.as('cover'),
  };
}

interface Row extends PlaceAndOrganiser {
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
  organiserGroupIds: number[] | string;
  eventGuests: OccurrencePerson[] | string;
  occurrenceGuests: OccurrencePerson[] | string;
  submissions: SubmissionJson[] | string;
  attendance: AttendanceEntry[] | string;
  rsvps: RsvpAnswerJson[] | string;
  cancellation: OccurrenceCancellation | string | null;
  makeupOf: MakeupOf | string | null;
  makeups: BookedMakeupJson[] | string;
  cover: OccurrenceCover | string | null;
}

function toOccurrence(row: Row): EventOccurrence {
  const { location, organiser } = placeAndOrganiser(row);
  const eventGuestList = jsonColumn(row.eventGuests);
  const ownGuests = jsonColumn(row.occurrenceGuests);
  const marks = jsonColumn(row.attendance);
  const statusOf = new Map(marks.map((mark) => [mark.guestId, mark.status]));
  const answerOf = new Map(jsonColumn(row.rsvps).map((answer) => [answer.guestId, answer.response]));
  const makeupOf = new Map(
    jsonColumn(row.makeups).map(({ guestId, occurrenceId, startsAt }) => [guestId, { occurrenceId, startsAt }]),
  );
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
      location,
      organiser: { ...organiser, groupIds: jsonColumn(row.organiserGroupIds) },
      guests: eventGuestList,
    },
    occurrenceGuests: ownGuests,
    guests: (row.hasGuestOverride ? ownGuests : eventGuestList)
      .filter((g) => g.status === 'active')
      .map((g) => ({
        ...g,
        attendance: statusOf.get(g.id) ?? null,
        rsvp: answerOf.get(g.id) ?? null,
        makeup: makeupOf.get(g.id) ?? null,
      })),
    formSubmissions: jsonColumn(row.submissions),
    attendance: marks,
    cancellation: row.cancellation === null ? null : jsonColumn(row.cancellation),
    makeupOf: row.makeupOf === null ? null : jsonColumn(row.makeupOf),
    cover: row.cover === null ? null : jsonColumn(row.cover),
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

/** One occurrence with its event, organiser and location, as reports, messages and calendars name it. */
export interface OccurrenceDetail {
  id: number;
  status: EventOccurrence['status'];
  startsAt: Date;
  endsAt: Date;
  updatedAt: Date;
  title: string;
  description: string | null;
  conferenceLink: string | null;
  location: string;
  organiserId: number;
  organiserUsername: string;
  organiserName: string | null;
  organiserSurname: string | null;
  organiserZone: string;
}

const detailColumns = {
  ...calendarOccurrenceColumns,
  organiserId: organisers.id,
  organiserZone: organisers.timezone,
};

/**
 * The reads of occurrences by what they are for: the list and one session (full rows, scoped to
 * the viewer), and what messages and reports need (details, guests' contacts, a guest's month).
 */
export class OccurrenceReads {
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
      joinEvent(
        this.db
          .with(page)
          .select({
            ...rowColumns(view.flags.has('light'), view.role === 'guest' ? view.me : undefined),
            totalCount: page.totalCount,
          })
          .from(page)
          .innerJoin(eventOccurrences, eq(eventOccurrences.id, page.id))
          .$dynamic(),
      ),
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

  /**
   * GET /api/event-occurrences/to-fill: full rows of the sessions that started in [from, to], are
   * not cancelled and are still to fill (docs/domain.md#attendance), newest first, scoped like the
   * list. Deferred like it: the page's ids and total first, then only those rows are built.
   */
  readonly toFill = defineList<ToFillPageQuery, Row, EventOccurrence>({
    name: 'to_fill',
    page: (columns) => this.db.select(columns).from(eventOccurrences).$dynamic(),
    rows: (page: PageTable, view) =>
      joinEvent(
        this.db
          .with(page)
          .select({
            ...rowColumns(false, view.role === 'guest' ? view.me : undefined),
            totalCount: page.totalCount,
          })
          .from(page)
          .innerJoin(eventOccurrences, eq(eventOccurrences.id, page.id))
          .$dynamic(),
      ),
    sorts: { newest: [desc(eventOccurrences.startsAt)] },
    tieBreak: desc(eventOccurrences.id),
    id: eventOccurrences.id,
    filters: {
      from: {
        value: (query) => query.from,
        where: (from) => gte(eventOccurrences.startsAt, sql`cast(${from} as timestamptz)`),
      },
      to: {
        value: (query) => query.to,
        where: (to) => lte(eventOccurrences.startsAt, sql`cast(${to} as timestamptz)`),
      },
    },
    scope: (view) =>
      and(
        sql`${eventOccurrences.status} <> 'cancelled'`,
        toFillCondition(sql`${eventOccurrences}`),
        visibleTo(view.role, view.me),
      ),
    map: toOccurrence,
  });

  /** One full row by id: undefined when it does not exist or is not the viewer's. */
  async find(id: number, viewer: ListViewer, db: Executor = this.db): Promise<EventOccurrence | undefined> {
    const [row] = await joinEvent(
      db
        .select(rowColumns(false, viewer.role === 'guest' ? viewer.id : undefined))
        .from(eventOccurrences)
        .$dynamic(),
    ).where(and(eq(eventOccurrences.id, id), visibleTo(viewer.role, viewer.id)));
    return row && toOccurrence(row);
  }

  /** Full rows by id (those that exist and are the viewer's), by start. */
  async findMany(ids: readonly number[], viewer: ListViewer, db: Executor = this.db): Promise<EventOccurrence[]> {
    if (ids.length === 0) return [];
    const rows = await joinEvent(
      db
        .select(rowColumns(false, viewer.role === 'guest' ? viewer.id : undefined))
        .from(eventOccurrences)
        .$dynamic(),
    )
      .where(and(inArray(eventOccurrences.id, [...ids]), visibleTo(viewer.role, viewer.id)))
      .orderBy(asc(eventOccurrences.startsAt), asc(eventOccurrences.id));
    return rows.map(toOccurrence);
  }

  /**
   * The guests that count for each occurrence (active users only), with their message group.
   * `comingOnly` leaves out the guests marked as not coming (NOT_COMING: they cancelled, or staff
   * excused them): reminders are for the others (docs/domain.md#cancellation).
   */
  guestContacts(
    db: Executor,
    occurrenceIds: readonly number[],
    { comingOnly = false }: { comingOnly?: boolean } = {},
  ): Promise<GuestContactRow[]> {
    if (occurrenceIds.length === 0) return Promise.resolve([]);
    // One array parameter, however many occurrences (a closure's can be thousands).
    const ids = sql`o.id = any(${`{${occurrenceIds.join(',')}}`}::integer[])`;
    const coming = sql`not exists (select 1 from ${attendance} a where a.occurrence_id = o.id and a.guest_id = g.id
      and a.status = any(${`{${NOT_COMING.join(',')}}`}::text[]))`;
    return this.contacts(db, comingOnly ? sql`${ids} and ${coming}` : ids);
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
    return joinEvent(db.select(detailColumns).from(eventOccurrences).$dynamic()).where(
      inArray(eventOccurrences.id, [...ids]),
    );
  }
}
