/**
 * Wall-clock dates through the browser's Intl, which knows every zone's DST rules, without luxon:
 * the first screens (Home) use these and their chunks stay small.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Year, month, day, hour and minute of an instant on the wall clock of `zone` (the browser's if it is unknown). */
function wallClock(instant: Date, zone: string) {
  let format = formatters.get(zone);
  if (!format) {
    const options: Intl.DateTimeFormatOptions = {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    };
    try {
      format = new Intl.DateTimeFormat('en-GB', { ...options, timeZone: zone });
    } catch {
      format = new Intl.DateTimeFormat('en-GB', options);
    }
    formatters.set(zone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute };
}

/** Today in `zone` as yyyy-MM-dd (the day the occurrence lists are asked for). */
export function todayIn(zone: string, now: Date = new Date()): string {
  const { year, month, day } = wallClock(now, zone);
  return `${year}-${month}-${day}`;
}

/** An instant's time of day in `zone`, HH:mm; blank when it is not a date. */
export function timeIn(value: string, zone: string): string {
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return '';
  const { hour, minute } = wallClock(instant, zone);
  return `${hour}:${minute}`;
}

/** An instant as the app shows date-times (dd/MM/yyyy HH:mm, docs/product.md §9) in `zone`; blank when it is not a date. */
export function dateTimeIn(value: string, zone: string): string {
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return '';
  const { year, month, day, hour, minute } = wallClock(instant, zone);
  return `${day}/${month}/${year} ${hour}:${minute}`;
}

/** How far the wall clock of `zone` is ahead of UTC at `instant` (ms, whole minutes). */
function offsetAt(instant: number, zone: string): number {
  const { year, month, day, hour, minute } = wallClock(new Date(instant), zone);
  return Date.UTC(+year!, +month! - 1, +day!, +hour!, +minute!) - Math.floor(instant / 60_000) * 60_000;
}

/** The instant `day` (yyyy-MM-dd), `days` days on, starts in `zone`: its 00:00 on the zone's clock. */
export function dayStartIn(day: string, zone: string, days = 0): Date {
  const [year, month, date] = day.split('-').map(Number);
  const midnight = Date.UTC(year!, month! - 1, date! + days);
  // The offset is asked again at the first guess, which may lie on the other side of a DST change.
  const guess = midnight - offsetAt(midnight, zone);
  return new Date(midnight - offsetAt(guess, zone));
}

const weekdayFormats = new Map<string, Intl.DateTimeFormat>();

/** An instant's short weekday name ('Mon', 'Pzt') in `locale`, on the clock of `zone`. */
function weekdayIn(instant: Date, zone: string, locale: string): string {
  const key = `${locale} ${zone}`;
  let format = weekdayFormats.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: zone });
    } catch {
      format = new Intl.DateTimeFormat(locale, { weekday: 'short' });
    }
    weekdayFormats.set(key, format);
  }
  return format.format(instant);
}

/**
 * A session's start as a short text in `zone` and `locale`: 'Tue 12/08 10:00', or its day alone
 * ('Tue 12/08') with `dayOnly`; blank when it is not a date.
 */
export function formatStart(startsAt: string, zone: string, locale: string, dayOnly = false): string {
  const start = new Date(startsAt);
  if (Number.isNaN(start.getTime())) return '';
  const clock = wallClock(start, zone);
  const day = `${weekdayIn(start, zone, locale)} ${clock.day}/${clock.month}`;
  return dayOnly ? day : `${day} ${clock.hour}:${clock.minute}`;
}

/**
 * A session's span as a short text in `zone` and `locale`: 'Mon 12/01 10:00–11:00', or with the
 * end's day too when it ends on another day; blank when either end is not a date.
 */
export function formatSpan(startsAt: string, endsAt: string, zone: string, locale: string): string {
  const start = new Date(startsAt);
  const end = new Date(endsAt);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return '';
  const from = wallClock(start, zone);
  const to = wallClock(end, zone);
  const day = (instant: Date, clock: typeof from) => `${weekdayIn(instant, zone, locale)} ${clock.day}/${clock.month}`;
  const sameDay = from.year === to.year && from.month === to.month && from.day === to.day;
  return sameDay
    ? `${day(start, from)} ${from.hour}:${from.minute}–${to.hour}:${to.minute}`
    : `${day(start, from)} ${from.hour}:${from.minute} – ${day(end, to)} ${to.hour}:${to.minute}`;
}
