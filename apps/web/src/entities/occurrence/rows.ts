import { SESSION_NOTES_FORM_ID, type EventOccurrence } from '@ritim/shared';
import { fullName } from '../../lib/names';

/**
 * What every occurrence screen (and Home and Fill Form) reads off a row, without luxon or zod so
 * the Home chunk can use it: the organiser's zone, the day as shown, and the Fill Form targets.
 */

/** The zone an occurrence's times are shown in: its organiser's. */
export const organiserZone = (occurrence: EventOccurrence) =>
  occurrence.event.organiser.timezone || occurrence.event.timezone;

/** A yyyy-MM-dd day as the app shows dates, dd/MM/yyyy (docs/product.md §9). */
export const formatDay = (day: string) => day.split('-').reverse().join('/');

/** One Fill item of a row: the guest, whether their form is filled in already, and the Fill Form link. */
export interface FillTarget {
  guestId: number;
  guestName: string;
  filled: boolean;
  to: string;
}

/**
 * The row menu's Fill items (docs/product.md §2): one per guest of the occurrence for the session notes form,
 * marked when that guest already has a submission of it; the link carries who it is for.
 */
export function fillTargets(occurrence: EventOccurrence, formId: number = SESSION_NOTES_FORM_ID): FillTarget[] {
  const filled = new Set(
    occurrence.formSubmissions.flatMap((submission) =>
      submission.form.id === formId && submission.user ? [submission.user.id] : [],
    ),
  );
  return occurrence.guests.map((guest) => {
    const guestName = fullName(guest);
    const query = new URLSearchParams({ guestId: String(guest.id), guestName });
    return {
      guestId: guest.id,
      guestName,
      filled: filled.has(guest.id),
      to: `/forms/${formId}/form-submission/${occurrence.id}?${query.toString()}`,
    };
  });
}
