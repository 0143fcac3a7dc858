import type { CreateEvent, Event, EventContinuation, EventPreview, RepeatOptions, UpdateEvent } from '@ritim/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { invalidateOccurrences } from '../../api/occurrences';
import { create, get, list, update } from '../../api/resources';
import type { ListQuery } from '../../components/list-page';

const SECTION = 'events';

export const eventKeys = {
  all: [SECTION] as const,
  lists: () => [SECTION, 'list'] as const,
  list: (query: ListQuery) => [SECTION, 'list', query] as const,
  detail: (id: number) => [SECTION, 'detail', id] as const,
};

export const eventListQuery = (query: ListQuery) =>
  queryOptions({
    queryKey: eventKeys.list(query),
    queryFn: ({ signal }) => list<Event>(SECTION, query, signal),
  });

export const eventQuery = (id: number) =>
  queryOptions({
    queryKey: eventKeys.detail(id),
    queryFn: ({ signal }) => get<Event>(SECTION, id, signal),
  });

/**
 * DELETE /api/events/{id}. An event with history is archived by the server instead; the answer
 * says so (`archived: true` or the event with status 'archived'), so the toast can too.
 */
export async function deleteEvent(event: Event): Promise<{ archived: boolean }> {
  const body = await apiRequest<unknown>(`${SECTION}/${event.id}`, { method: 'DELETE' });
  const archived =
    typeof body === 'object' &&
    body !== null &&
    (('archived' in body && body.archived === true) || ('status' in body && body.status === 'archived'));
  return { archived };
}

/** The location choices moved to api/ (the calendar's filter reads them too). */
export { locationChoicesQuery, type LocationChoice } from '../../api/locations';

export interface PreviewRequest {
  organiserId?: number;
  /** The form's choices, or the event's own rule text when the form cannot show it. */
  repeat?: RepeatOptions;
  rrule?: string;
  limit: number;
  /** Who and where, for the double-booking check over the whole series. */
  locationId?: number;
  guestIds?: number[];
  /** The 'To' time (HH:mm): the sessions' length. */
  endTime?: string;
  /** The event being edited: it never clashes with itself. */
  eventId?: number;
}

/** POST /api/events/preview: the next occurrences the rule gives, in the organiser's zone, and their clashes. */
export const previewQuery = (request: PreviewRequest | null) =>
  queryOptions({
    queryKey: [SECTION, 'preview', request] as const,
    queryFn: ({ signal }) => apiRequest<EventPreview>(`${SECTION}/preview`, { method: 'POST', body: request, signal }),
    enabled: request !== null,
    retry: false,
    staleTime: 30_000,
  });

export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateEvent) => create<Event>(SECTION, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.lists() }),
  });
}

export function useUpdateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: UpdateEvent }) => update<Event>(SECTION, id, changes),
    onSuccess: async (event) => {
      queryClient.setQueryData(eventKeys.detail(event.id), event);
      await queryClient.invalidateQueries({ queryKey: eventKeys.lists() });
    },
  });
}

/** GET /api/events/{id}/continuation: the later part of a split at an occurrence, without a new rule. */
export const continuationQuery = (eventId: number, occurrenceId: number) =>
  queryOptions({
    queryKey: [SECTION, 'continuation', eventId, occurrenceId] as const,
    queryFn: ({ signal }) =>
      apiRequest<EventContinuation>(`${SECTION}/${eventId}/continuation`, {
        query: { fromOccurrenceId: occurrenceId },
        signal,
      }),
    retry: false,
    staleTime: 0,
  });

/**
 * PATCH /api/events/{id} with fromOccurrenceId ("this and following"): the answer is the new
 * event; the original's rule and the occurrences of both changed.
 */
export function useSplitEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, fromOccurrenceId, changes }: { id: number; fromOccurrenceId: number; changes: UpdateEvent }) =>
      update<Event>(SECTION, id, { ...changes, fromOccurrenceId }),
    onSuccess: async (event, { id }) => {
      queryClient.setQueryData(eventKeys.detail(event.id), event);
      // Not the continuation the open form reads: it is read afresh next time (staleTime 0).
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: eventKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: eventKeys.detail(id) }),
        invalidateOccurrences(queryClient),
      ]);
    },
  });
}
