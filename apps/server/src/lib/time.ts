import { occurrenceMessages, type Text } from '@ritim/shared';
import { DateTime } from 'luxon';
import { RecurrenceError } from '../recurrence/errors.js';
import { checkZone } from '../recurrence/zone.js';
import { AppError } from '../platform/errors.js';

/** The IANA zone as the runtime spells it, or 400. */
export function zoneOf(name: string): string {
  try {
    return checkZone(name);
  } catch (error) {
    if (error instanceof RecurrenceError) throw new AppError(400, occurrenceMessages.timezoneInvalid);
    throw error;
  }
}

/** [start, end) of a calendar day (or its month) in `zone`, in ms: 23 or 25 hours on DST days. */
export function dayRange(day: string, zone: string, unit: 'day' | 'month' = 'day'): [number, number] {
  const start = DateTime.fromISO(day, { zone }).startOf(unit);
  return [start.toMillis(), start.plus(unit === 'day' ? { days: 1 } : { months: 1 }).toMillis()];
}

/**
 * The start of each day (or hour) in `zone` that [from, to) touches, in order: the first at or
 * before `from`, the others after it and before `to`.
 */
export function boundsIn(from: Date, to: Date, zone: string, unit: 'day' | 'hour'): DateTime[] {
  const step = unit === 'day' ? { days: 1 } : { hours: 1 };
  const bounds: DateTime[] = [];
  for (let start = DateTime.fromJSDate(from, { zone }).startOf(unit); start.toMillis() < to.getTime();) {
    bounds.push(start);
    start = start.plus(step);
  }
  return bounds;
}

/** [start, end) of a month (`YYYY-MM`) in `zone`. */
export function monthRange(month: string, zone: string): [Date, Date] {
  const [start, end] = dayRange(`${month}-01`, zone, 'month');
  return [new Date(start), new Date(end)];
}

/** `YYYY-MM-DD`: the day `now` falls on in `zone`. */
export const todayIn = (zone: string, now: Date): string => DateTime.fromJSDate(now, { zone }).toISODate() ?? '';

/** Refuses (400 with `message`) a day before today in `zone`: the past is not rescheduled or reminded. */
export function assertNotPastDay(day: string, zone: string, now: Date, message: Text): void {
  if (day < todayIn(zone, now)) throw new AppError(400, message);
}
