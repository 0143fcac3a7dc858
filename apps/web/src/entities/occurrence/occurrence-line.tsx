import type { EventOccurrence } from '@ritim/shared';
import { dateTimeIn } from '../../lib/wall-clock';
import { organiserZone } from './rows';

/** The session's time (its organiser's clock) and place, above what is done to it (marks, a cancellation). */
export function OccurrenceLine({ occurrence }: { occurrence: EventOccurrence }) {
  const zone = organiserZone(occurrence);
  return (
    <p className="mb-3 text-sm text-slate-600">
      <span className="tabular-nums">{dateTimeIn(occurrence.occurrenceDate, zone)}</span> ({zone}) ·{' '}
      {occurrence.event.location.name}
    </p>
  );
}
