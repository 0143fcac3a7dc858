import type { EventOccurrence } from '@ritim/shared';
import { dateTimeIn } from '../../lib/wall-clock';
import { organiserZone } from './rows';

/** The session's time in its organiser's zone: '24/11/2026 10:00 (Europe/Istanbul)'. */
export const occurrenceTime = (occurrence: EventOccurrence) => {
  const zone = organiserZone(occurrence);
  return `${dateTimeIn(occurrence.occurrenceDate, zone)} (${zone})`;
};
