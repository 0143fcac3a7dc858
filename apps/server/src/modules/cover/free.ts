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

/** A session on a zone's wall clock: its day (0 Monday), from and to as minutes (to 1440 at midnight); null across midnight. */
type LocalSpan = { day: number; from: number; to: number } | null;

/** Each session's local spans by zone: ranking reads one session for hundreds of people in a few zones. */
const localSpans = new WeakMap<Span, Map<string, LocalSpan>>();

function localSpan(session: Span, zone: string): LocalSpan {
  let byZone = localSpans.get(session);
  if (!byZone) localSpans.set(session, (byZone = new Map<string, LocalSpan>()));
  if (byZone.has(zone)) return byZone.get(zone)!;
  const start = DateTime.fromJSDate(session.startsAt, { zone });
  const end = DateTime.fromJSDate(session.endsAt, { zone });
  const sameDay = end.toISODate() === start.toISODate();
  const endsAtMidnight = end.hour === 0 && end.minute === 0 && end.toISODate() === start.plus({ days: 1 }).toISODate();
  const local =
    sameDay || endsAtMidnight
      ? {
          day: start.weekday - 1,
          from: start.hour * 60 + start.minute,
          to: sameDay ? end.hour * 60 + end.minute + (end.second > 0 || end.millisecond > 0 ? 1 : 0) : 1440,
        }
      : null;
  byZone.set(zone, local);
  return local;
}

/**
 * Whether `session` lies inside one of the working hours `week` in `zone` (docs/domain.md#working-hours):
 * it starts and ends on the same day there (or ends at its midnight), within one interval of that
 * day. An empty week is no limit.
 */
export function insideHours(session: Span, week: readonly StoredInterval[], zone: string): boolean {
  if (week.length === 0) return true;
  const local = localSpan(session, zone);
  if (!local) return false;
  return week.some(
    (interval) => interval.day === local.day && interval.fromMinute <= local.from && local.to <= interval.toMinute,
  );
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
