import {
  type AttendanceCounts,
  type AttendanceGroup,
  attendanceRate,
  type AttendanceSummary,
  type Role,
} from '@ritim/shared';
import { type SQL, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Db } from '../../platform/db/client.js';
import {
  attendance,
  eventGuests,
  eventOccurrences,
  events,
  occurrenceCovers,
  occurrenceGuests,
  userGroups,
  users,
} from '../../platform/db/schema.js';
import { organiserOf, personNameSql } from '../event-occurrences/index.js';

/** What one summary counts: the sessions that started in [from, to) (and by `now`), narrowed. */
export interface SummaryRequest {
  from: Date;
  to: Date;
  now: Date;
  /** The zone a month key is read in. */
  zone: string;
  groupBy: AttendanceGroup;
  viewer: { id: number; role: Role };
  organiserId?: number | undefined;
  locationId?: number | undefined;
  /** Only the pairs whose guest is in this group. */
  groupId?: number | undefined;
  guestId?: number | undefined;
}

const STATUS_COLUMNS = ['present', 'late', 'absent', 'excused', 'cancelled', 'lateCancelled'] as const;

interface CountedRow extends Omit<AttendanceCounts, 'rate'> {
  key: number | string | null;
  name: string | null;
  total: boolean;
}

/** A group's name, from its key (`c.key`). */
const names: Record<AttendanceGroup, { name: SQL; join: SQL }> = {
  guest: { name: personNameSql(sql`named`), join: sql`left join ${users} named on named.id = c.key` },
  organiser: { name: personNameSql(sql`named`), join: sql`left join ${users} named on named.id = c.key` },
  event: { name: sql`named.title`, join: sql`left join ${events} named on named.id = c.key` },
  month: { name: sql`c.key`, join: sql`` },
};

/**
 * A session's month (yyyy-MM) in the request's zone, from its start: the months the range
 * touches, begun at their first midnight in that zone, and the one an instant falls in found by
 * bisecting their starts, rather than a time-zone conversion of each of a year's marks.
 */
function monthOf(request: Pick<SummaryRequest, 'from' | 'to' | 'zone'>): (start: SQL) => SQL {
  const labels: string[] = [];
  const starts: string[] = [];
  const last = DateTime.fromJSDate(request.to, { zone: request.zone });
  for (
    let month = DateTime.fromJSDate(request.from, { zone: request.zone }).startOf('month');
    month < last;
    month = month.plus({ months: 1 })
  ) {
    labels.push(month.toFormat('yyyy-MM'));
    starts.push(month.toUTC().toISO()!);
  }
  // width_bucket gives 0 before the second month's start, k from the (k+1)th's.
  return (start) =>
    sql`(cast(${`{${labels.join(',')}}`} as text[]))[width_bucket(${start}, cast(${`{${starts
      .slice(1)
      .map((at) => `"${at}"`)
      .join(',')}}`} as timestamptz[])) + 1]`;
}

/**
 * The summary's one statement (exported for the benchmark's EXPLAIN). The pairs are the session's
 * guests and anyone marked at it (docs/domain.md#attendance-summary), counted without listing
 * them: the guests on the lists count once per session, by event (a year of an event's sessions
 * is one row times its guests), and the marks are read alone, each carrying its session's start,
 * event, whether it counts and whether its guest is on the list (kept by the database). A group's
 * unmarked pairs are its listed pairs less its marks of listed guests.
 */
export function summaryQuery(request: SummaryRequest): SQL {
  const pick = (columns: Record<AttendanceGroup, SQL>) => columns[request.groupBy];
  const month = monthOf(request);
  const started = (start: SQL) =>
    sql`${start} >= ${request.from.toISOString()}::timestamptz and ${start} < ${request.to.toISOString()}::timestamptz
      and ${start} <= ${request.now.toISOString()}::timestamptz`;
  // The viewer's scope (`visibleTo`'s: editors count the sessions they organise) and the
  // filters, on the session's event `e` (joined only when asked), and on the guest's id: active
  // users (the few inactive ones listed once), in the group, the guest.
  // The session's organiser is the substitute while it is covered (`organiserOf`); a mark's
  // session is looked up by its cover's row only then (a primary key read of the few covered).
  const eventConditions = (organiser: SQL) =>
    [
      request.viewer.role === 'admin' ? undefined : sql`${organiser} = ${request.viewer.id}`,
      request.organiserId === undefined ? undefined : sql`${organiser} = ${request.organiserId}`,
      request.locationId === undefined ? undefined : sql`e.location_id = ${request.locationId}`,
    ].filter((condition): condition is SQL => condition !== undefined);
  const needsEvent =
    request.groupBy === 'organiser' ||
    request.viewer.role !== 'admin' ||
    request.organiserId !== undefined ||
    request.locationId !== undefined;
  const occurrenceOrganiser = organiserOf(sql`o`, sql`e`);
  const markOrganiser = sql`coalesce((select c.organiser_id from ${occurrenceCovers} c where c.occurrence_id = a.occurrence_id),
    e.organiser_id)`;
  const joinEvent = (eventId: SQL, organiser: SQL) =>
    needsEvent
      ? sql` join ${events} e on e.id = ${eventId}${sql.join([sql``, ...eventConditions(organiser)], sql` and `)}`
      : sql``;
  const guestCounts = (guestId: SQL) =>
    sql.join(
      [
        sql`${guestId} <> all(array(select u.id from ${users} u where u.status <> 'active'))`,
        request.groupId === undefined
          ? undefined
          : sql`${guestId} in (select ug.user_id from ${userGroups} ug where ug.group_id = ${request.groupId})`,
        request.guestId === undefined ? undefined : sql`${guestId} = ${request.guestId}`,
      ].filter((condition): condition is SQL => condition !== undefined),
      sql` and `,
    );
  const sessions = sql`${started(sql`o.starts_at`)} and o.status <> 'cancelled'`;
  const organiser = needsEvent ? occurrenceOrganiser : sql`null::integer`;
  const counts = STATUS_COLUMNS.map(
    (status) => sql`, cast(coalesce(sum(n) filter (where status = ${status}), 0) as integer) as "${sql.raw(status)}"`,
  );
  return sql`with listed as (
      select ${pick({ guest: sql`eg.user_id`, organiser: sql`s.organiser_id`, event: sql`s.event_id`, month: sql`s.month` })} as key,
        sum(s.sessions) as pairs
      from (
        select o.event_id, ${organiser} as organiser_id,
          ${request.groupBy === 'month' ? month(sql`o.starts_at`) : sql`null`} as month, count(*) as sessions
        from ${eventOccurrences} o${joinEvent(sql`o.event_id`, occurrenceOrganiser)}
        where ${sessions} and not o.has_guest_override
        group by 1, 2, 3
      ) s
      join ${eventGuests} eg on eg.event_id = s.event_id and ${guestCounts(sql`eg.user_id`)}
      group by 1
      union all
      select ${pick({ guest: sql`og.user_id`, organiser, event: sql`o.event_id`, month: month(sql`o.starts_at`) })},
        count(*)
      from ${eventOccurrences} o${joinEvent(sql`o.event_id`, occurrenceOrganiser)}
      join ${occurrenceGuests} og on og.occurrence_id = o.id and ${guestCounts(sql`og.user_id`)}
      where ${sessions} and o.has_guest_override
      group by 1
    ), marked as (
      select ${pick({ guest: sql`a.guest_id`, organiser: markOrganiser, event: sql`a.session_event_id`, month: month(sql`a.session_starts_at`) })} as key,
        a.status, a.on_list, count(*) as n
      from ${attendance} a${joinEvent(sql`a.session_event_id`, markOrganiser)}
      where ${started(sql`a.session_starts_at`)} and a.session_counts and ${guestCounts(sql`a.guest_id`)}
      group by 1, 2, 3
    ), parts as (
      select key, pairs, 0 as listed_marks, 0 as unlisted_marks, null as status, 0 as n from listed
      union all
      select key, 0, case when on_list then n else 0 end, case when on_list then 0 else n end, status, n from marked
    ), c as (
      select key, grouping(key) = 1 as total, cast(sum(pairs + unlisted_marks) as integer) as sessions${sql.join(counts)},
        cast(sum(pairs - listed_marks) as integer) as unmarked
      from parts
      group by grouping sets ((key), ())
    )
    select c.*, ${names[request.groupBy].name} as name from c ${names[request.groupBy].join}
    order by c.total, ritim_fold(${names[request.groupBy].name}), c.key`;
}

/**
 * GET /api/attendance/summary's numbers in one query (docs/domain.md#attendance-summary): the
 * (session, guest) pairs of the sessions that started in the range and are not cancelled, the
 * guests being those on its list (its own, else its event's) and those marked at it (active users
 * both), each pair's mark or none, counted per group and in total (grouping sets). The viewer's
 * scope is the lists' (`visibleTo`): editors count the sessions they organise.
 */
export async function attendanceSummary(db: Pick<Db, 'execute'>, request: SummaryRequest): Promise<AttendanceSummary> {
  const result = await db.execute(summaryQuery(request));
  const rows = (result as { rows: CountedRow[] }).rows;
  const countsOf = (row: CountedRow): AttendanceCounts => {
    const numbers = {
      sessions: Number(row.sessions),
      present: Number(row.present),
      late: Number(row.late),
      absent: Number(row.absent),
      excused: Number(row.excused),
      cancelled: Number(row.cancelled),
      lateCancelled: Number(row.lateCancelled),
      unmarked: Number(row.unmarked),
    };
    return { ...numbers, rate: attendanceRate(numbers) };
  };
  const totalRow = rows.find((row) => row.total);
  const none = { sessions: 0, present: 0, late: 0, absent: 0, excused: 0, cancelled: 0, lateCancelled: 0, unmarked: 0 };
  return {
    rows: rows
      .filter((row) => !row.total)
      .map((row) => ({
        key: { id: typeof row.key === 'string' ? row.key : Number(row.key), name: row.name ?? '' },
        ...countsOf(row),
      })),
    totals: totalRow ? countsOf(totalRow) : { ...none, rate: null },
  };
}

const CSV_COLUMNS = [
  'sessions',
  'present',
  'late',
  'absent',
  'excused',
  'cancelled',
  'lateCancelled',
  'unmarked',
] as const;

/**
 * The summary as CSV records: a header (`key`, the counts, `rate`), a row per group (its key's
 * name), then the totals (`Total`). The rate is a fraction with four decimals, empty when none.
 */
export function summaryRecords(summary: AttendanceSummary): string[][] {
  const line = (key: string, counts: AttendanceCounts) => [
    key,
    ...CSV_COLUMNS.map((column) => String(counts[column])),
    counts.rate === null ? '' : String(Math.round(counts.rate * 10_000) / 10_000),
  ];
  return [
    ['key', ...CSV_COLUMNS, 'rate'],
    ...summary.rows.map((row) => line(row.key.name, row)),
    line('Total', summary.totals),
  ];
}
