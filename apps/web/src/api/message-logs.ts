import type { MessageLog } from '@ritim/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { QueryParams } from './client';
import { list, type ListResult } from './resources';

/** The message log's query keys and list query: Message Log and Home's dashboards read it. */

const SECTION = 'message-logs';

export const messageLogKeys = {
  all: [SECTION] as const,
  list: (params: QueryParams) => [SECTION, 'list', params] as const,
};

/** While a shown message is still on its way, the page looks again this often (ms). */
export const IN_FLIGHT_REFRESH_MS = 2000;

const inFlight = (page: ListResult<MessageLog> | undefined) =>
  !!page?.items.some((log) => log.status === 'queued' || log.status === 'sending');

/**
 * GET /api/message-logs: a page of the messages queued on a day (or about a day's occurrences),
 * newest first. A page showing a message still queued or sending refreshes itself until none is.
 */
export const messageLogListQuery = (params: QueryParams) =>
  queryOptions({
    queryKey: messageLogKeys.list(params),
    queryFn: ({ signal }) => list<MessageLog>(SECTION, params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (inFlight(query.state.data) ? IN_FLIGHT_REFRESH_MS : false),
  });
