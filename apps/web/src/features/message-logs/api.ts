import type { BulkActionResult, MessageLog } from '@ritim/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, type QueryParams } from '../../api/client';
import { list, type ListResult } from '../../api/resources';

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

/** POST /api/message-logs/{id}/retry: a failed message goes back on the queue. */
export function useRetryMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<BulkActionResult>(`${SECTION}/${id}/retry`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: messageLogKeys.all }),
  });
}
