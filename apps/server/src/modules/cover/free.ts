import { DateTime } from 'luxon';
import type { StoredInterval } from './working-hours.js';

/** An instant interval [startsAt, endsAt). */
export interface Span {
  startsAt: Date;
  endsAt: Date;
}

/** Whether two intervals overlap, half-open: 10–11 and 11–12 do not. */
export const overlaps = (a: Span, b: Span) =>
  a.startsAt.getTime() < b.endsAt.getTime() && b.startsAt.getTime() < a.endsAt.getTime();

/**
 * Whether `session` lies inside one of the working hours `week` in `zone` (docs/domain.md#working-hours):
 * it starts and ends on the same day there (or ends at its midnight), within one interval of that
 * day. An empty week is no limit.
 */
export function insideHours(session: Span, week: readonly StoredInterval[], zone: string): boolean {
  if (week.length === 0) return true;
  const start = DateTime.fromJSDate(session.startsAt, { zone });
  const end = DateTime.fromJSDate(session.endsAt, { zone });
  const day = start.weekday - 1;
  const from = start.hour * 60 + start.minute;
  const sameDay = end.toISODate() === start.toISODate();
  const endsAtMidnight = end.hour === 0 && end.minute === 0 && end.toISODate() === start.plus({ days: 1 }).toISODate();
  if (!sameDay && !endsAtMidnight) return false;
  const to = sameDay ? end.hour * 60 + end.minute + (end.second > 0 || end.millisecond > 0 ? 1 : 0) : 1440;
  return week.some((interval) => interval.day === day && interval.fromMinute <= from && to <= interval.toMinute);
}

/** What makes a person not free for a session: their other sessions and their time off. */
export interface Commitments {
  busy: readonly (Span & { occurrenceId: number })[];
  timeOff: readonly Span[];
  week: readonly StoredInterval[];
  zone: string;
}

/**
 * Whether a person is free for `session` (docs/domain.md#cover): none of their other sessions
 * overlaps it (half-open), they are not on time off then, and it lies inside their working hours
 * when they have any.
 */
export const isFree = (session: Span & { id: number }, person: Commitments) =>
  !person.busy.some((busy) => busy.occurrenceId !== session.id && overlaps(busy, session)) &&
  !person.timeOff.some((off) => overlaps(off, session)) &&
  insideHours(session, person.week, person.zone);
