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

/** An instant as the app shows date-times (dd/MM/yyyy HH:mm, spec §9) in `zone`; blank when it is not a date. */
export function dateTimeIn(value: string, zone: string): string {
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return '';
  const { year, month, day, hour, minute } = wallClock(instant, zone);
  return `${day}/${month}/${year} ${hour}:${minute}`;
}
