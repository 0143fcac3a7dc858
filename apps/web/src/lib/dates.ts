import { DateTime } from 'luxon';

/** The display format of every date-time in the app (docs/product.md §9). */
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
