import type { OccurrenceCalendar } from '@ritim/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { OCCURRENCES, occurrenceKeys } from '../../api/occurrences';
import type { CalendarFilters } from './calendar-values';

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
    queryKey: occurrenceKeys.calendar(range),
    queryFn: ({ signal }) =>
      apiRequest<OccurrenceCalendar>(`${OCCURRENCES}/calendar`, {
        query: { ...range },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
