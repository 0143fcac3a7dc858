import type {
  BookMakeup,
  BulkActionResult,
  CancelOccurrenceInput,
  EventOccurrence,
  EventOccurrenceListQuery,
  MakeupOccurrence,
  MakeupSlots,
  ScheduleDayRequest,
  SendReportRequest,
  ToFillList,
  UpdateEventOccurrence,
} from '@ritim/shared';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { apiRequest, type QueryParams } from './client';
import { messageLogKeys } from './message-logs';
import { get, list, remove, update } from './resources';

/**
 * The occurrences' query keys, queries and changes: the occurrence screens, the calendar, Fill
 * Form, Events and Home all read or change them, so they live here rather than in one of those
 * features. Each change is one hook here that refetches everything about occurrences; screens add
 * their toasts and navigation through the mutation's options.
 */

/** The API path of occurrences, and the first part of every occurrence query key. */
export const OCCURRENCES = 'event-occurrences';

/**
 * Query keys of occurrences. Every change invalidates `all`: the day and monthly lists, one
 * occurrence, the calendar's ranges, Home (its sessions still to complete too), and the clash
 * checks all sit under it.
 */
export const occurrenceKeys = {
  all: [OCCURRENCES] as const,
  lists: () => [OCCURRENCES, 'list'] as const,
  list: (query: OccurrenceListParams) => [OCCURRENCES, 'list', query] as const,
  detail: (id: number) => [OCCURRENCES, 'detail', id] as const,
  calendar: (range: object) => [OCCURRENCES, 'calendar', range] as const,
  conflicts: (id: number, changes: UpdateEventOccurrence | null) => [OCCURRENCES, 'conflicts', id, changes] as const,
  clashes: (from: string, to: string) => [OCCURRENCES, 'clashes', from, to] as const,
  /** Home's sessions still to complete (attendance or session notes missing). */
  toFill: (days: number, limit: number) => [OCCURRENCES, 'to-fill', days, limit] as const,
  toFillAll: () => [OCCURRENCES, 'to-fill'] as const,
  /** A guest's make-up proposals for a session: any change to occurrences may take one of them. */
  makeupSlots: (id: number, guestId: number) => [OCCURRENCES, 'makeup-slots', id, guestId] as const,
};

/**
 * After a change to occurrences (here, or an event's split, or a submitted form): every screen
 * showing them reads afresh, except the `except` query (one just deleted, which would only 404).
 */
export function invalidateOccurrences(queryClient: QueryClient, except?: QueryKey) {
  return queryClient.invalidateQueries({
    queryKey: occurrenceKeys.all,
    predicate: except ? (query) => !except.every((part, index) => query.queryKey[index] === part) : undefined,
  });
}

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
        OCCURRENCES,
        Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== false)) as QueryParams,
        signal,
      ),
    placeholderData: keepPreviousData,
  });

/** GET /api/event-occurrences/{id}. */
export const occurrenceQuery = (id: number) =>
  queryOptions({
    queryKey: occurrenceKeys.detail(id),
    queryFn: ({ signal }) => get<EventOccurrence>(OCCURRENCES, id, signal),
  });

/**
 * PATCH /api/event-occurrences/{id}: Edit Event Occurrence's save, and the calendar's drag to
 * another start (`{occurrenceDate}`). Refetched whether it worked or not (a refused move is drawn
 * back where the server has it).
 */
export function useUpdateOccurrence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: UpdateEventOccurrence }) =>
      update<EventOccurrence>(OCCURRENCES, id, changes),
    onSuccess: (occurrence) => queryClient.setQueryData(occurrenceKeys.detail(occurrence.id), occurrence),
    onSettled: () => invalidateOccurrences(queryClient),
  });
}

/** DELETE /api/event-occurrences/{id} (a list's row menu, the calendar's details): all but the deleted one refetch. */
export function useDeleteOccurrence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => remove(OCCURRENCES, id),
    onSettled: (_, __, id) => invalidateOccurrences(queryClient, occurrenceKeys.detail(id)),
  });
}

/** A bulk action's answer; `{success: false}` or a thrown ApiError is a failure (docs/product.md §8). */
const bulk = (action: string, body: unknown) =>
  apiRequest<BulkActionResult>(`${OCCURRENCES}/${action}`, { method: 'POST', body });

/** The bulk actions on a day (or its month): {listDate, timezone} -> {success, message}. */
export type DayAction =
  'approveSchedule' | 'unapproveSchedule' | 'sendReminders' | 'sendReports' | 'sendMonthlyReports';

/** A change that also queues messages: the occurrences and the message log refetch. */
function useMessagingChange<T>(mutationFn: (request: T) => Promise<BulkActionResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        invalidateOccurrences(queryClient),
        queryClient.invalidateQueries({ queryKey: messageLogKeys.all }),
      ]),
  });
}

/** POST approveSchedule / unapproveSchedule / sendReminders / sendReports / sendMonthlyReports {listDate, timezone}. */
export const useScheduleAction = (action: DayAction) =>
  useMessagingChange((request: ScheduleDayRequest) => bulk(action, request));

/** POST sendReport {eventOccurrenceId, formId}: the report to the guests; the occurrence becomes completed. */
export const useSendReport = () => useMessagingChange((request: SendReportRequest) => bulk('sendReport', request));

/**
 * POST /api/event-occurrences/{id}/cancel {reason, notify} and /restore (admins): the answer is the
 * session as it now is; everything about occurrences refetches, and the message log too (a
 * cancellation may have told the guests).
 */
function useCancellationChange<T extends { id: number }>(path: 'cancel' | 'restore', body: (request: T) => unknown) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: T) =>
      apiRequest<EventOccurrence>(`${OCCURRENCES}/${request.id}/${path}`, { method: 'POST', body: body(request) }),
    onSuccess: (occurrence) => queryClient.setQueryData(occurrenceKeys.detail(occurrence.id), occurrence),
    onSettled: () =>
      Promise.all([
        invalidateOccurrences(queryClient),
        queryClient.invalidateQueries({ queryKey: messageLogKeys.all }),
      ]),
  });
}

/** Cancel session: `{id, reason, notify}`. */
export const useCancelOccurrence = () =>
  useCancellationChange(
    'cancel',
    ({ id: _id, ...request }: CancelOccurrenceInput & { id: number }): CancelOccurrenceInput => request,
  );

/** Restore: the session takes back the status it had before it was cancelled. */
export const useRestoreOccurrence = () => useCancellationChange('restore', (_: { id: number }) => ({}));

/**
 * GET /api/event-occurrences/{id}/makeup-slots?guestId: up to five free times for the guest's
 * make-up in the next 14 days (docs/domain.md#make-ups). Always read afresh when shown.
 */
export const makeupSlotsQuery = (id: number, guestId: number) =>
  queryOptions({
    queryKey: occurrenceKeys.makeupSlots(id, guestId),
    queryFn: ({ signal }) =>
      apiRequest<MakeupSlots>(`${OCCURRENCES}/${id}/makeup-slots`, { query: { guestId }, signal }),
    staleTime: 0,
  });

/**
 * POST /api/event-occurrences/{id}/makeup {guestId, startsAt}: the new session; everything about
 * occurrences refetches (the lists, the calendar, Home and the proposals, a refused one too).
 */
export function useBookMakeup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: BookMakeup & { id: number }) =>
      apiRequest<MakeupOccurrence>(`${OCCURRENCES}/${id}/makeup`, { method: 'POST', body }),
    onSettled: () => invalidateOccurrences(queryClient),
  });
}

/**
 * GET /api/event-occurrences/to-fill?days&limit: the newest `limit` of the started sessions of the
 * last `days` with a guest unmarked or without session notes, and how many there are. Under the
 * occurrences' key, so a submitted form refetches it as a mark does.
 */
export const toFillQuery = (days: number, limit: number) =>
  queryOptions({
    queryKey: occurrenceKeys.toFill(days, limit),
    queryFn: ({ signal }) => apiRequest<ToFillList>(`${OCCURRENCES}/to-fill`, { query: { days, limit }, signal }),
  });
