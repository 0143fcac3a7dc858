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

/** Each pair's group: its key, then, once counted, the name it shows. */
const groups: Record<AttendanceGroup, { key: (zone: string) => SQL; name: SQL; join: SQL }> = {
  guest: {
    key: () => sql`g.id`,
    name: personNameSql(sql`named`),
    join: sql`left join ${users} named on named.id = c.key`,
  },
  organiser: {
    key: () => sql`s.organiser_id`,
    name: personNameSql(sql`named`),
    join: sql`left join ${users} named on named.id = c.key`,
  },
  event: {
    key: () => sql`s.event_id`,
    name: sql`named.title`,
    join: sql`left join ${events} named on named.id = c.key`,
  },
  month: { key: (zone) => sql`to_char(s.starts_at at time zone ${zone}, 'YYYY-MM')`, name: sql`c.key`, join: sql`` },
};

const STATUS_COLUMNS = ['present', 'late', 'absent', 'excused', 'cancelled', 'lateCancelled'] as const;

interface CountedRow extends Omit<AttendanceCounts, 'rate'> {
  key: number | string | null;
  name: string | null;
  total: boolean;
}

/**
 * GET /api/attendance/summary's numbers in one query (docs/domain.md#attendance): the (session,
 * guest) pairs of the sessions that started in the range and are not cancelled, the guests being
 * those that count (its own list, else its event's; active users), each pair's mark or none,
 * counted per group and in total (grouping sets). The viewer's scope is the lists' (`visibleTo`):
 * editors count the sessions they organise.
 */
export async function attendanceSummary(db: Pick<Db, 'execute'>, request: SummaryRequest): Promise<AttendanceSummary> {
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
  const result = await db.execute(sql`with s as (
      select ${eventOccurrences.id} as id, ${eventOccurrences.eventId} as event_id,
        ${eventOccurrences.hasGuestOverride} as has_guest_override, ${eventOccurrences.startsAt} as starts_at,
        e.organiser_id
      from ${eventOccurrences} join ${events} e on e.id = ${eventOccurrences.eventId}
      where ${sql.join(sessionConditions, sql` and `)}
    ), c as (
      select pair.key, grouping(pair.key) = 1 as total, cast(count(*) as integer) as sessions${sql.join(counts)},
        cast(count(*) filter (where pair.status is null) as integer) as unmarked
      from (
        select ${group.key(request.zone)} as key, a.status
        from ${guestsAmong(sql`s`)} p
        join s on s.id = p.occurrence_id
        join ${users} g on g.id = p.user_id and ${sql.join(guestConditions, sql` and `)}
        left join ${attendance} a on a.occurrence_id = p.occurrence_id and a.guest_id = p.user_id
      ) pair
      group by grouping sets ((pair.key), ())
    )
    select c.*, ${group.name} as name from c ${group.join}
    order by c.total, ritim_fold(${group.name}), c.key`);
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
