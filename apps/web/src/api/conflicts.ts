import type { ConflictList, OccurrenceClashList, UpdateEventOccurrence } from '@ritim/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useDebounced } from '../lib/use-debounced';
import { apiRequest } from './client';
import { OCCURRENCES, occurrenceKeys } from './occurrences';

/**
 * Double-booking checks (issue 15), shared by the screens that move or change sessions: Edit
 * Event Occurrence, the calendar's drag confirmation, and Home's clash list.
 */

/** As the event form's preview: ask once the typing has settled. */
export const CONFLICT_CHECK_DELAY_MS = 400;

/**
 * POST /api/event-occurrences/{id}/preview: what PATCH with `changes` (the same body) would make
 * the occurrence clash with; null asks nothing.
 */
export const occurrenceConflictsQuery = (id: number, changes: UpdateEventOccurrence | null) =>
  queryOptions({
    queryKey: occurrenceKeys.conflicts(id, changes),
    queryFn: ({ signal }) =>
      apiRequest<ConflictList>(`${OCCURRENCES}/${id}/preview`, { method: 'POST', body: changes, signal }),
    enabled: changes !== null,
    retry: false,
    staleTime: 10_000,
  });

/**
 * The clashes a change to occurrence `id` would make, asked once `changes` has stayed the same for
 * CONFLICT_CHECK_DELAY_MS (`delay` 0 asks at once, e.g. in a drag's confirmation). `settled` is
 * false while the answer is for older changes (or none yet).
 */
export function useOccurrenceConflicts(
  id: number,
  changes: UpdateEventOccurrence | null,
  delay = CONFLICT_CHECK_DELAY_MS,
) {
  const debounced = useDebounced(changes, delay);
  const asked = delay === 0 ? changes : debounced;
  const query = useQuery(occurrenceConflictsQuery(id, asked));
  const settled = JSON.stringify(asked) === JSON.stringify(changes) && query.isSuccess && !query.isPlaceholderData;
  return { query, settled };
}

/** GET /api/event-occurrences/conflicts?from&to (admins): stored sessions clashing with each other. */
export const occurrenceClashesQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: occurrenceKeys.clashes(from, to),
    queryFn: ({ signal }) =>
      apiRequest<OccurrenceClashList>(`${OCCURRENCES}/conflicts`, { query: { from, to }, signal }),
  });
