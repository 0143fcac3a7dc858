import type { OccurrenceStatus } from '@ritim/shared';
import { DateTime } from 'luxon';

/**
 * Dates and counts as the reports write them. Times are read in the zone passed in (luxon), never
 * in the host's, and always in English.
 */

/** The instant in the zone; an unknown zone or an invalid date is a programming error, not something to print. */
function local(instant: Date, zone: string): DateTime {
  const time = DateTime.fromJSDate(instant, { zone }).setLocale('en-GB');
  if (!time.isValid)
    throw new RangeError(`Cannot show ${String(instant)} in time zone ${zone}: ${time.invalidExplanation}`);
  return time;
}

/**
 * 'Sat 14/11/2026 10:00–11:00' in the zone; an end on another day is written in full
 * ('Sat 14/11/2026 23:00 – Sun 15/11/2026 01:00').
 */
export function formatTimeSpan(startsAt: Date, endsAt: Date, zone: string): string {
  const start = local(startsAt, zone);
  const end = local(endsAt, zone);
  const from = start.toFormat('ccc dd/MM/yyyy HH:mm');
  return start.hasSame(end, 'day')
    ? `${from}–${end.toFormat('HH:mm')}`
    : `${from} – ${end.toFormat('ccc dd/MM/yyyy HH:mm')}`;
}

/** 'November 2026'. */
export function monthTitle(year: number, month: number): string {
  const start = DateTime.fromObject({ year, month }, { zone: 'UTC', locale: 'en-GB' });
  if (!start.isValid) throw new RangeError(`No month ${month} in ${year}: ${start.invalidExplanation}`);
  return start.toFormat('LLLL yyyy');
}

export const STATUS_LABELS: Record<OccurrenceStatus, string> = {
  scheduled: 'Scheduled',
  approved: 'Approved',
  completed: 'Completed',
};

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Done first: the totals answer "how many took place" before "how many are still to come". */
const TOTALS_ORDER: readonly OccurrenceStatus[] = ['completed', 'approved', 'scheduled'];

/** '8 sessions: 6 completed, 1 approved, 1 scheduled' (statuses nobody has are left out). */
export function sessionTotals(statuses: readonly OccurrenceStatus[]): string {
  const parts = TOTALS_ORDER.map((status) => ({ status, n: statuses.filter((one) => one === status).length }))
    .filter(({ n }) => n > 0)
    .map(({ status, n }) => `${n} ${status}`);
  const total = count(statuses.length, 'session', 'sessions');
  return parts.length > 0 ? `${total}: ${parts.join(', ')}` : total;
}

/** '… and 3 more guests'. */
export const moreText = (n: number, one: string, many: string) => `… and ${count(n, one, many)}`;
