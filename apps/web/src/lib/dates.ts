import { DateTime } from 'luxon';

/** The display format of every date-time in the app (spec §9). */
export const DATE_TIME_FORMAT = 'dd/MM/yyyy HH:mm';

/**
 * An instant as dd/MM/yyyy HH:mm in the given IANA zone (else the browser's); blank when the
 * value is missing or not a date.
 */
export function formatDateTime(value: string | Date | null | undefined, zone?: string): string {
  if (!value) return '';
  const parsed = typeof value === 'string' ? DateTime.fromISO(value) : DateTime.fromJSDate(value);
  if (!parsed.isValid) return '';
  const shown = zone ? parsed.setZone(zone) : parsed.toLocal();
  return shown.isValid ? shown.toFormat(DATE_TIME_FORMAT) : '';
}

/** A yyyy-MM-dd text that names a real day, else undefined (a hand-edited URL). */
export function parseDay(value: string | null): string | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  return DateTime.fromISO(value).isValid ? value : undefined;
}

/** A day (yyyy-MM-dd) with its weekday in `locale`: 'Wed 25/11/2026'. */
export function formatDay(day: string, locale: string): string {
  const date = DateTime.fromISO(day).setLocale(locale);
  return date.isValid ? date.toFormat('ccc dd/MM/yyyy') : day;
}

/** The day `steps` days (or months) away from `day`. */
export function shiftDay(day: string, steps: number, unit: 'day' | 'month'): string {
  return (
    DateTime.fromISO(day)
      .plus(unit === 'day' ? { days: steps } : { months: steps })
      .toISODate() ?? day
  );
}

/**
 * A session's span as a short text in `zone` and `locale`: 'Mon 12/01 10:00–11:00', or with the
 * end's day too when it ends on another day.
 */
export function formatSpan(startsAt: string, endsAt: string, zone: string, locale: string): string {
  const start = DateTime.fromISO(startsAt).setZone(zone).setLocale(locale);
  const end = DateTime.fromISO(endsAt).setZone(zone).setLocale(locale);
  if (!start.isValid || !end.isValid) return '';
  const day = 'ccc dd/MM';
  return start.hasSame(end, 'day')
    ? `${start.toFormat(`${day} HH:mm`)}–${end.toFormat('HH:mm')}`
    : `${start.toFormat(`${day} HH:mm`)} – ${end.toFormat(`${day} HH:mm`)}`;
}
