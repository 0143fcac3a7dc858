import {
  ATTENDANCE_GROUPS,
  ATTENDANCE_MAX_DAYS,
  attendanceMessages,
  type AttendanceGroup,
  type AttendanceSummary,
} from '@ritim/shared';
import type { AttendanceSummaryParams } from './api';
import { parseDay } from '../../lib/dates';
import { todayIn } from '../../lib/wall-clock';

/**
 * What the Attendance screen keeps in its URL and how it reads the summary, as plain functions
 * (tested on their own): the range (this month by default), the grouping, the filters, the
 * guest whose history is open, and the table's sort.
 */

/** The columns the table sorts by: the group's name and every count. */
export const SORT_KEYS = [
  'name',
  'sessions',
  'present',
  'late',
  'absent',
  'excused',
  'cancelled',
  'lateCancelled',
  'unmarked',
  'rate',
] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export const FILTERS = ['organiserId', 'locationId', 'groupId'] as const;
export type AttendanceFilter = (typeof FILTERS)[number];

export interface AttendanceState {
  from: string;
  to: string;
  groupBy: AttendanceGroup;
  filters: Partial<Record<AttendanceFilter, number>>;
  /** The guest whose history is shown (their months), and their name as the link carried it. */
  guest?: { id: number; name: string };
  sort: SortKey;
  descending: boolean;
}

/** The first and last day of the month `day` is in (yyyy-MM-dd). */
export function monthOf(day: string): { from: string; to: string } {
  const [year, month] = day.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const prefix = day.slice(0, 7);
  return { from: `${prefix}-01`, to: `${prefix}-${String(last).padStart(2, '0')}` };
}

/** The month `months` away from the month of `day` (its first and last day). */
export function shiftMonth(day: string, months: number): { from: string; to: string } {
  const [year, month] = day.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 1 + months, 1)).toISOString().slice(0, 10);
  return monthOf(first);
}

const positiveId = (value: string | null) => {
  if (value === null || !/^[1-9]\d{0,9}$/.test(value)) return undefined;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : undefined;
};

/** The screen's state from its URL; what is missing or not understood takes its default. */
export function readState(params: URLSearchParams, zone: string, now: Date = new Date()): AttendanceState {
  const month = monthOf(todayIn(zone, now));
  const groupBy = params.get('groupBy');
  const sort = params.get('sort') ?? '';
  const sortKey = sort.replace(/^-/, '');
  const guestId = positiveId(params.get('guestId'));
  const filters: AttendanceState['filters'] = {};
  for (const name of FILTERS) {
    const id = positiveId(params.get(name));
    if (id !== undefined) filters[name] = id;
  }
  return {
    from: parseDay(params.get('from')) ?? month.from,
    to: parseDay(params.get('to')) ?? month.to,
    groupBy: (ATTENDANCE_GROUPS as readonly string[]).includes(groupBy ?? '')
      ? (groupBy as AttendanceGroup)
      : guestId === undefined
        ? 'guest'
        : 'month',
    filters,
    ...(guestId === undefined ? {} : { guest: { id: guestId, name: params.get('guestName') ?? `#${guestId}` } }),
    sort: (SORT_KEYS as readonly string[]).includes(sortKey) ? (sortKey as SortKey) : 'name',
    descending: (SORT_KEYS as readonly string[]).includes(sortKey) && sort.startsWith('-'),
  };
}

/** The URL of a state: only what differs from the defaults, so a plain /attendance stays plain. */
export function writeState(state: AttendanceState, zone: string, now: Date = new Date()): URLSearchParams {
  const month = monthOf(todayIn(zone, now));
  const params = new URLSearchParams();
  if (state.from !== month.from || state.to !== month.to) {
    params.set('from', state.from);
    params.set('to', state.to);
  }
  if (state.groupBy !== (state.guest ? 'month' : 'guest')) params.set('groupBy', state.groupBy);
  for (const name of FILTERS) {
    const id = state.filters[name];
    if (id !== undefined) params.set(name, String(id));
  }
  if (state.guest) {
    params.set('guestId', String(state.guest.id));
    params.set('guestName', state.guest.name);
  }
  if (state.sort !== 'name' || state.descending) params.set('sort', `${state.descending ? '-' : ''}${state.sort}`);
  return params;
}

/** The summary's query for a state, grouped as asked (the chart asks by month). */
export function summaryParams(
  state: AttendanceState,
  zone: string,
  groupBy: AttendanceGroup = state.groupBy,
): AttendanceSummaryParams {
  return {
    from: state.from,
    to: state.to,
    groupBy,
    timezone: zone,
    ...state.filters,
    ...(state.guest ? { guestId: state.guest.id } : {}),
  };
}

/**
 * Why the range cannot be asked for (the server's own texts, so they read the same), else null:
 * its end before its start, or more than the summary covers.
 */
export function rangeProblem(from: string, to: string) {
  if (to < from) return attendanceMessages.rangeInverted;
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
  return days > ATTENDANCE_MAX_DAYS ? attendanceMessages.rangeTooLong : null;
}

export type SummaryRow = AttendanceSummary['rows'][number];

/**
 * The rows sorted by a column: names in the language's order, counts and rates as numbers; a row
 * without a rate comes last either way (it has nothing to compare), then by name.
 */
export function sortRows(rows: readonly SummaryRow[], key: SortKey, descending: boolean, locale: string): SummaryRow[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  const byName = (a: SummaryRow, b: SummaryRow) => collator.compare(a.key.name, b.key.name);
  const direction = descending ? -1 : 1;
  return [...rows].sort((a, b) => {
    if (key === 'name') return direction * byName(a, b);
    const [x, y] = [a[key], b[key]];
    if (x === null || y === null) return x === y ? byName(a, b) : x === null ? 1 : -1;
    return direction * (x - y) || byName(a, b);
  });
}

/** A rate as a whole percentage ('86%'), in the language's digits and sign placement. */
export const formatRate = (rate: number, locale: string) =>
  new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(rate);

/** A month key ('2026-11') as the language names it ('November 2026'). */
export function monthLabel(key: string, locale: string): string {
  const [year, month] = key.split('-').map(Number) as [number, number];
  if (!year || !month) return key;
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );
}

/** Every month of the range, so the chart shows the months without marks too ('2026-09', …). */
export function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  for (let day = monthOf(from).from; day <= to; day = shiftMonth(day, 1).from) months.push(day.slice(0, 7));
  return months;
}
