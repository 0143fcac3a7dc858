import type { AttendanceStatus, OccurrenceStatus } from '@ritim/shared';
import { DateTime } from 'luxon';
import { formatIn, GUEST_TEXTS, type GuestTexts } from '../i18n/guest-texts.js';

/**
 * Dates and counts as the reports write them, in the report's language (English unless given).
 * Times are read in the zone passed in (luxon), never in the host's.
 */

/**
 * 'Sat 14/11/2026 10:00–11:00' in the zone ('14 Kas 2026 Cmt 10:00–11:00' in Turkish); an end on
 * another day is written in full ('Sat 14/11/2026 23:00 – Sun 15/11/2026 01:00').
 */
export function formatTimeSpan(startsAt: Date, endsAt: Date, zone: string, texts: GuestTexts = GUEST_TEXTS.en): string {
  const from = formatIn(texts, startsAt, zone, texts.reportDateTime);
  const sameDay = DateTime.fromJSDate(startsAt, { zone }).hasSame(DateTime.fromJSDate(endsAt, { zone }), 'day');
  return sameDay
    ? `${from}–${formatIn(texts, endsAt, zone, 'HH:mm')}`
    : `${from} – ${formatIn(texts, endsAt, zone, texts.reportDateTime)}`;
}

/** 'November 2026' ('Kasım 2026'). */
export function monthTitle(year: number, month: number, texts: GuestTexts = GUEST_TEXTS.en): string {
  const start = DateTime.fromObject({ year, month }, { zone: 'UTC', locale: texts.locale });
  if (!start.isValid) throw new RangeError(`No month ${month} in ${year}: ${start.invalidExplanation}`);
  return start.toFormat(texts.monthTitle);
}

export const STATUS_LABELS: Record<OccurrenceStatus, string> = GUEST_TEXTS.en.statuses;

/** Done first: the totals answer "how many took place" before "how many are still to come". */
const TOTALS_ORDER: readonly OccurrenceStatus[] = ['completed', 'approved', 'scheduled', 'cancelled'];

/** '8 sessions: 6 completed, 1 approved, 1 scheduled, 1 cancelled' (statuses nobody has are left out). */
export function occurrenceTotals(statuses: readonly OccurrenceStatus[], texts: GuestTexts = GUEST_TEXTS.en): string {
  const parts = TOTALS_ORDER.map((status) => ({ status, n: statuses.filter((one) => one === status).length }))
    .filter(({ n }) => n > 0)
    .map(({ status, n }) => texts.statusCount(n, status));
  const total = texts.sessions(statuses.length);
  return parts.length > 0 ? `${total}: ${parts.join(', ')}` : total;
}

/** Marks that count as attended, and those of the sessions a guest was expected at (the attendance rate's terms). */
const ATTENDED: readonly AttendanceStatus[] = ['present', 'late'];
const EXPECTED: readonly AttendanceStatus[] = [...ATTENDED, 'absent', 'lateCancelled'];

/**
 * 'Attended 7 of 8 sessions': present or late, of the sessions marked present, late, absent or
 * cancelled late (excused and timely cancellations count neither way, unmarked ones are not
 * known). Undefined when no such mark exists: the report then says nothing about attendance.
 */
export function attendanceTotals(
  marks: readonly (AttendanceStatus | null)[],
  texts: GuestTexts = GUEST_TEXTS.en,
): string | undefined {
  const expected = marks.filter((mark) => mark !== null && EXPECTED.includes(mark)).length;
  if (expected === 0) return undefined;
  return texts.attended(marks.filter((mark) => mark !== null && ATTENDED.includes(mark)).length, expected);
}
