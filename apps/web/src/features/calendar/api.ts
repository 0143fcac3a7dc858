import type { EventOccurrence, OccurrenceCalendar } from '@ritim/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { occurrenceKeys } from '../../api/occurrences';
import { remove, update } from '../../api/resources';
import type { CalendarFilters } from './calendar-values';

const SECTION = 'event-occurrences';

/**
 * The range a view shows (ISO instants, `to` exclusive) and the admin's filters; `perDay` or
 * `perHour` read only the first sessions of each day or hour in `timezone`, with each day's count.
 */
export interface CalendarRange extends CalendarFilters {
  from: string;
  to: string;
  perDay?: number;
  perHour?: number;
  timezone?: string;
}

/**
 * GET /api/event-occurrences/calendar: one request per range and filters (under the occurrences'
 * key, so every change to an occurrence refetches it). While another range loads, the last one
 * stays drawn.
 */
export const calendarQuery = (range: CalendarRange) =>
  queryOptions({
    queryKey: [...occurrenceKeys.all, 'calendar', range] as const,
    queryFn: ({ signal }) =>
      apiRequest<OccurrenceCalendar>(`${SECTION}/calendar`, {
        query: { ...range },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** PATCH /api/event-occurrences/{id} {occurrenceDate}: a session dragged to another start. */
export function useMoveSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, start }: { id: number; start: Date }) =>
      update<EventOccurrence>(SECTION, id, { occurrenceDate: start.toISOString() }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: occurrenceKeys.all }),
  });
}

/** DELETE /api/event-occurrences/{id}; everything about occurrences refetches but the deleted one's details. */
export function useDeleteSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => remove(SECTION, id),
    onSuccess: (_, id) => {
      const gone = occurrenceKeys.detail(id);
      return queryClient.invalidateQueries({
        queryKey: occurrenceKeys.all,
        predicate: (query) => !gone.every((part, index) => query.queryKey[index] === part),
      });
    },
  });
}
