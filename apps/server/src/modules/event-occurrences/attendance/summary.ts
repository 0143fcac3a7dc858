import {
  type AttendanceCounts,
  type AttendanceGroup,
  attendanceRate,
  type AttendanceSummary,
  type Role,
} from '@ritim/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { attendance, eventOccurrences, events, userGroups, users } from '../../../db/schema.js';
import { guestsAmong, visibleTo } from '../rules.js';
import { personNameSql } from './marks.js';

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

/**
 * Each pair's group: its key (the guest's id, or a column of the session computed once per
 * session, `session_key`), then, once counted, the name it shows.
 */
const groups: Record<AttendanceGroup, { sessionKey: (zone: string) => SQL; key: SQL; name: SQL; join: SQL }> = {
  guest: {
    sessionKey: () => sql`null::integer`,
    key: sql`g.id`,
    name: personNameSql(sql`named`),
    join: sql`left join ${users} named on named.id = c.key`,
  },
  organiser: {
    sessionKey: () => sql`e.organiser_id`,
    key: sql`s.session_key`,
    name: personNameSql(sql`named`),
    join: sql`left join ${users} named on named.id = c.key`,
  },
  event: {
    sessionKey: () => sql`${eventOccurrences.eventId}`,
    key: sql`s.session_key`,
    name: sql`named.title`,
    join: sql`left join ${events} named on named.id = c.key`,
  },
  month: {
    sessionKey: (zone) => sql`to_char(${eventOccurrences.startsAt} at time zone ${zone}, 'YYYY-MM')`,
    key: sql`s.session_key`,
    name: sql`c.key`,
    join: sql``,
  },
};

const STATUS_COLUMNS = ['present', 'late', 'absent', 'excused', 'cancelled', 'lateCancelled'] as const;

interface CountedRow extends Omit<AttendanceCounts, 'rate'> {
  key: number | string | null;
  name: string | null;
  total: boolean;
}

/** The summary's one statement (exported for the benchmark's EXPLAIN). */
export function summaryQuery(request: SummaryRequest): SQL {
  const group = groups[request.groupBy];
  const sessionConditions = [
    sql`${eventOccurrences.startsAt} >= ${request.from.toISOString()}::timestamptz`,
    sql`${eventOccurrences.startsAt} < ${request.to.toISOString()}::timestamptz`,
    sql`${eventOccurrences.startsAt} <= ${request.now.toISOString()}::timestamptz`,
    sql`${eventOccurrences.status} <> 'cancelled'`,
    visibleTo(request.viewer.role, request.viewer.id),
    request.organiserId === undefined ? undefined : sql`e.organiser_id = ${request.organiserId}`,
    request.locationId === undefined ? undefined : sql`e.location_id = ${request.locationId}`,
  ].filter((condition): condition is SQL => condition !== undefined);
  const guestConditions = [
    sql`g.status = 'active'`,
    request.groupId === undefined
      ? undefined
      : sql`g.id in (select ug.user_id from ${userGroups} ug where ug.group_id = ${request.groupId})`,
    request.guestId === undefined ? undefined : sql`g.id = ${request.guestId}`,
  ].filter((condition): condition is SQL => condition !== undefined);
  const counts = STATUS_COLUMNS.map(
    (status) => sql`, cast(count(*) filter (where pair.status = ${status}) as integer) as "${sql.raw(status)}"`,
  );
  // Each pair's mark (none: unmarked). A narrow count (an editor's sessions, or a filter) looks
  // each pair's mark up by its key; the whole office's joins all the marks at once: hashing a
  // year's marks beats 190,000 lookups, a few thousand lookups beat hashing them
  // (bench/attendance.ts), and the planner takes the hash either way.
  const narrow =
    request.viewer.role !== 'admin' ||
    [request.organiserId, request.locationId, request.groupId, request.guestId].some((id) => id !== undefined);
  const mark = narrow
    ? {
        status: sql`(select a.status from ${attendance} a where a.occurrence_id = s.occurrence_id and a.guest_id = s.user_id)`,
        join: sql``,
      }
    : {
        status: sql`a.status`,
        join: sql`
        left join ${attendance} a on a.occurrence_id = s.occurrence_id and a.guest_id = s.user_id`,
      };
  // The sessions as a sub-select, not a CTE: each branch of the pairs' union scans them with
  // the conditions (nothing materialized) and carries their key, computed once per session.
  const chosen = sql`(select ${eventOccurrences.id} as id, ${eventOccurrences.eventId} as event_id,
      ${eventOccurrences.hasGuestOverride} as has_guest_override, ${group.sessionKey(request.zone)} as session_key
    from ${eventOccurrences} join ${events} e on e.id = ${eventOccurrences.eventId}
    where ${sql.join(sessionConditions, sql` and `)})`;
  return sql`with c as (
      select pair.key, grouping(pair.key) = 1 as total, cast(count(*) as integer) as sessions${sql.join(counts)},
        cast(count(*) filter (where pair.status is null) as integer) as unmarked
      from (
        select ${group.key} as key, ${mark.status} as status
        from ${guestsAmong(chosen, undefined, sql`, o.session_key`)} s
        join ${users} g on g.id = s.user_id and ${sql.join(guestConditions, sql` and `)}${mark.join}
      ) pair
      group by grouping sets ((pair.key), ())
    )
    select c.*, ${group.name} as name from c ${group.join}
    order by c.total, ritim_fold(${group.name}), c.key`;
}

/**
 * GET /api/attendance/summary's numbers in one query (docs/domain.md#attendance): the (session,
 * guest) pairs of the sessions that started in the range and are not cancelled, the guests being
 * those that count (its own list, else its event's; active users), each pair's mark or none,
 * counted per group and in total (grouping sets). The viewer's scope is the lists' (`visibleTo`):
 * editors count the sessions they organise.
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
