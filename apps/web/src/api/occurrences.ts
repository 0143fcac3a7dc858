import type { EventOccurrence, EventOccurrenceListQuery } from '@ritim/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { QueryParams } from './client';
import { get, list } from './resources';

/**
 * The occurrences' query keys and queries: the occurrence screens, Fill Form and Home all read
 * them, so they live here rather than in one of those features.
 */

const SECTION = 'event-occurrences';

/** Query keys of occurrences; every change invalidates `all` (lists, details and Home read them). */
export const occurrenceKeys = {
  all: [SECTION] as const,
  lists: () => [SECTION, 'list'] as const,
  list: (query: OccurrenceListParams) => [SECTION, 'list', query] as const,
  detail: (id: number) => [SECTION, 'detail', id] as const,
};

/** The list's query as the screens send it (booleans and numbers become query-string text). */
export type OccurrenceListParams = Partial<
  Pick<EventOccurrenceListQuery, 'date' | 'timezone' | 'q' | 'from' | 'to' | 'status' | 'eventId'>
> & { limit?: number; offset?: number; monthly?: boolean; light?: boolean };

/** GET /api/event-occurrences: a page of occurrences the caller may see, sorted by start. */
export const occurrenceListQuery = (params: OccurrenceListParams) =>
  queryOptions({
    queryKey: occurrenceKeys.list(params),
    queryFn: ({ signal }) =>
      list<EventOccurrence>(
        SECTION,
        Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== false)) as QueryParams,
        signal,
      ),
    placeholderData: keepPreviousData,
  });

/** GET /api/event-occurrences/{id}. */
export const occurrenceQuery = (id: number) =>
  queryOptions({
    queryKey: occurrenceKeys.detail(id),
    queryFn: ({ signal }) => get<EventOccurrence>(SECTION, id, signal),
  });
