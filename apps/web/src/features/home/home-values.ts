import type { EventOccurrence } from '@ritim/shared';

/**
 * What the Home dashboards show, as plain functions (tested on their own). Dates go through the
 * browser's Intl, which knows every zone's DST rules, rather than luxon: Home is the first screen
 * everyone opens and its chunk stays small.
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

/** A yyyy-MM-dd day as the app shows dates, dd/MM/yyyy. */
export const formatDay = (day: string) => day.split('-').reverse().join('/');

/** The zone an occurrence's times are set in: its organiser's. */
export const organiserZone = (occurrence: EventOccurrence) =>
  occurrence.event.organiser.timezone || occurrence.event.timezone;

export const fullName = (person: { name: string | null; surname: string | null }) =>
  [person.name, person.surname].filter(Boolean).join(' ');

/** A guest whose form is still to be filled, and the Fill Form link for them. */
export interface FormToFill {
  guestId: number;
  guestName: string;
  to: string;
}

/**
 * The guests of an occurrence with no submission of form `formId` yet, each with the Fill Form
 * link (the same one Upcoming Events' Fill items open). None once the occurrence is completed:
 * its forms can no longer change.
 */
export function formsToFill(occurrence: EventOccurrence, formId: number): FormToFill[] {
  if (occurrence.status === 'completed') return [];
  const filled = new Set(
    occurrence.formSubmissions.flatMap((submission) =>
      submission.form.id === formId && submission.user ? [submission.user.id] : [],
    ),
  );
  return occurrence.guests
    .filter((guest) => !filled.has(guest.id))
    .map((guest) => {
      const guestName = fullName(guest);
      const query = new URLSearchParams({ guestId: String(guest.id), guestName });
      return {
        guestId: guest.id,
        guestName,
        to: `/forms/${formId}/form-submission/${occurrence.id}?${query.toString()}`,
      };
    });
}

/** Whether a conference link may be opened as a link (a web address; anything else is shown as text). */
export const isWebLink = (value: string | null): value is string => !!value && /^https?:\/\/\S+$/i.test(value.trim());
