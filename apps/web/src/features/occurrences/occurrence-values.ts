import { occurrenceMessages, type EventOccurrence, type UpdateEventOccurrence } from '@ritim/shared';
import { DateTime } from 'luxon';
import { fullName } from '../../lib/names';
import { organiserZone } from '../../entities/occurrence/rows';
import { todayIn } from '../../lib/wall-clock';

export { fullName } from '../../lib/names';
export { fillTargets, formatDay, organiserZone, type FillTarget } from '../../entities/occurrence/rows';
import { z } from 'zod';

/**
 * What the occurrence screens show and send, as plain functions of an occurrence (tested on
 * their own): the Guests and Notes cells, the Fill items of the row menu, the chosen day, and the
 * edit form's values.
 */

type Named = { name: string | null; surname: string | null };

/** At most this many guests are named in a row, then an ellipsis (as in Events). */
export const GUESTS_SHOWN = 4;

/** The Guests cell: the first four names of the (already active-only) guest list, then '…'. */
export function guestNames(guests: readonly Named[]): string[] {
  const names = guests.map(fullName);
  return names.length > GUESTS_SHOWN ? [...names.slice(0, GUESTS_SHOWN), '…'] : names;
}

/** The Notes cell: one 'Name Surname: text' line per submission with notes (just the text when about no one). */
export function notesLines(submissions: EventOccurrence['formSubmissions']): string[] {
  return submissions.flatMap((submission) => {
    if (!submission.notes) return [];
    const who = submission.user ? fullName(submission.user) : '';
    return [who ? `${who}: ${submission.notes}` : submission.notes];
  });
}

/** Whether a day's schedule may still change: today or later in the admin's zone. */
export function isTodayOrLater(day: string, zone: string, now: Date = new Date()): boolean {
  return day >= todayIn(zone, now);
}

/** 'July 2026' (in the given language) for the month of `day`. */
export function monthName(day: string, locale: string): string {
  return DateTime.fromISO(day).setLocale(locale).toFormat('LLLL yyyy');
}

/** The first and last day of the month of `day` (yyyy-MM-dd), as the CSV export's range. */
export function monthRange(day: string): { from: string; to: string } {
  const date = DateTime.fromISO(day);
  return { from: date.startOf('month').toISODate()!, to: date.endOf('month').toISODate()! };
}

const WALL_CLOCK_FORMAT = "yyyy-MM-dd'T'HH:mm";

/** The edit form (docs/product.md §5): the occurrence's guests and its start as wall clock in the organiser's zone. */
export const occurrenceFormSchema = z.object({
  guestIds: z.array(z.number()),
  occurrenceDate: z.string().trim().min(1, occurrenceMessages.dateRequired),
});
export type OccurrenceFormInput = z.input<typeof occurrenceFormSchema>;
export type OccurrenceFormValues = z.output<typeof occurrenceFormSchema>;

export function occurrenceDefaults(occurrence: EventOccurrence): OccurrenceFormInput {
  return {
    guestIds: occurrence.guests.map((guest) => guest.id),
    occurrenceDate: DateTime.fromISO(occurrence.occurrenceDate, { zone: organiserZone(occurrence) }).toFormat(
      WALL_CLOCK_FORMAT,
    ),
  };
}

/**
 * What PATCH gets: only what changed, so saving an untouched guest list does not pin the event's
 * list to this occurrence. The start goes as wall clock, which the server reads in the event's
 * zone; that is the organiser's (the rule's zone follows them), and should the two ever differ the
 * start goes as an instant instead so the time typed is the time kept.
 */
export function occurrencePayload(values: OccurrenceFormValues, occurrence: EventOccurrence): UpdateEventOccurrence {
  const initial = occurrenceDefaults(occurrence);
  const payload: UpdateEventOccurrence = {};
  const sameGuests =
    values.guestIds.length === initial.guestIds.length && values.guestIds.every((id) => initial.guestIds.includes(id));
  if (!sameGuests) payload.occurrenceGuestIds = values.guestIds;
  if (values.occurrenceDate !== initial.occurrenceDate) {
    const zone = organiserZone(occurrence);
    payload.occurrenceDate =
      zone === occurrence.event.timezone
        ? values.occurrenceDate
        : (DateTime.fromISO(values.occurrenceDate, { zone }).toISO() ?? values.occurrenceDate);
  }
  return payload;
}

/** The forms with answers on an occurrence, once each in order of id: what its reports can be made of. */
export function reportForms(occurrence: EventOccurrence): { id: number; title: string }[] {
  const forms = new Map(occurrence.formSubmissions.map((submission) => [submission.form.id, submission.form]));
  return [...forms.values()].sort((a, b) => a.id - b.id);
}

/** `{date}_report.jpg` (docs/product.md §7), the day in the organiser's zone: the name when the server sends none. */
export const reportFileName = (occurrence: EventOccurrence) =>
  `${DateTime.fromISO(occurrence.occurrenceDate, { zone: organiserZone(occurrence) }).toISODate() ?? 'report'}_report.jpg`;
