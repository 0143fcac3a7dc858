import { defineMessages } from './messages.js';

/** The business limits of docs/product.md §5 and §9 for repeating events. */
export const MAX_OCCURRENCE_COUNT = 180;

export const eventMessages = defineMessages('events', {
  titleRequired: 'Event title must be a non-empty string',
  startAfterEnd: 'Start date cannot be after end date',
  maxCount: `Maximum number of occurrences is ${MAX_OCCURRENCE_COUNT}`,
  untilTooFar: 'End date cannot be more than 1 year from now',
  conferenceLinkInvalid: 'Conference link must be a valid http(s) URL',
  ruleRequired: 'Either rrule or repeat is required',
  /** The recurrence engine's refusal of a rule, in its own (technical, English) words. */
  ruleInvalid: ({ reason }: { reason: string }) => reason,
  organiserInvalid: 'Organiser must be an active editor',
  guestInvalid: ({ id }: { id: number }) => `Guest ${id} is not an active guest`,
  locationInvalid: ({ id }: { id: number }) => `Location ${id} is archived or does not exist`,
  changedWhileSaving:
    'The organiser, the location or a guest changed while the event was being saved; please try again',
  eventInUse: 'Event is used by a lookup and cannot be deleted',
  splitOccurrenceInvalid: ({ id }: { id: number }) => `Event occurrence ${id} is not an occurrence of this event`,
  splitHistory: ({ when }: { when: string }) =>
    `The occurrence of ${when} after the split has history (completed, form submissions or messages); edit the series from a later occurrence`,
  splitStartTooEarly: 'The new rule cannot start before the day of the occurrence the change applies from',
});
