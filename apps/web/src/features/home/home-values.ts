import type { EventOccurrence } from '@ritim/shared';
import { fillTargets, type FillTarget } from '../../entities/occurrence/rows';

/**
 * What the Home dashboards show, as plain functions (tested on their own). Nothing here imports
 * luxon: Home is the first screen everyone opens and its chunk stays small.
 */

/** A guest whose form is still to be filled, and the Fill Form link for them. */
export type FormToFill = Omit<FillTarget, 'filled'>;

/**
 * The guests of an occurrence with no submission of form `formId` yet, each with the Fill Form
 * link (the one Upcoming Events' Fill items open). None once the occurrence is completed: its
 * forms can no longer change.
 */
export function formsToFill(occurrence: EventOccurrence, formId: number): FormToFill[] {
  if (occurrence.status === 'completed') return [];
  return fillTargets(occurrence, formId).flatMap(({ filled, ...target }) => (filled ? [] : [target]));
}

/** Moved to lib/ (the calendar's details read it too). */
export { isWebLink } from '../../lib/links';
