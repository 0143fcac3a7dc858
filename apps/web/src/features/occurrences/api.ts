import type {
  BulkActionResult,
  EventOccurrence,
  EventOccurrenceListQuery,
  FormSubmission,
  ScheduleDayRequest,
  SendReportRequest,
  UpdateEventOccurrence,
} from '@ritim/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDownload, apiRequest, type QueryParams } from '../../api/client';
import { saveFile } from '../../lib/save-file';
import { get, list, remove, update } from '../../api/resources';

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

export function useUpdateOccurrence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: UpdateEventOccurrence }) =>
      update<EventOccurrence>(SECTION, id, changes),
    onSuccess: async (occurrence) => {
      queryClient.setQueryData(occurrenceKeys.detail(occurrence.id), occurrence);
      await queryClient.invalidateQueries({ queryKey: occurrenceKeys.lists() });
    },
  });
}

/** DELETE /api/event-occurrences/{id} (the row menu's Delete, through useDeleteItem). */
export const deleteOccurrence = (occurrence: EventOccurrence) => remove(SECTION, occurrence.id);

/** A bulk action's answer; `{success: false}` or a thrown ApiError is a failure (spec §8). */
async function bulk(action: string, body: unknown): Promise<BulkActionResult> {
  return apiRequest<BulkActionResult>(`${SECTION}/${action}`, { method: 'POST', body });
}

/** The bulk actions on a day (or its month): {listDate, timezone} -> {success, message}. */
export type DayAction =
  'approveSchedule' | 'unapproveSchedule' | 'sendReminders' | 'sendReports' | 'sendMonthlyReports';

/**
 * POST approveSchedule / unapproveSchedule / sendReminders / sendReports / sendMonthlyReports
 * {listDate, timezone}. Occurrences and the message log change with them.
 */
export function useScheduleAction(action: DayAction) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ScheduleDayRequest) => bulk(action, request),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: occurrenceKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['message-logs'] });
    },
  });
}

/** POST sendReport {eventOccurrenceId, formId}: the report to the guests; the occurrence becomes completed. */
export function useSendReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SendReportRequest) => bulk('sendReport', request),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: occurrenceKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['message-logs'] });
    },
  });
}

/** GET /api/forms/{formId}/report/{occurrenceId}: downloads the report image (`{date}_report.jpg`). */
export async function downloadReport(formId: number, occurrenceId: number, fallbackName: string): Promise<void> {
  const { blob, fileName } = await apiDownload(`forms/${formId}/report/${occurrenceId}`, fallbackName);
  saveFile(blob, fileName);
}

/** POST /api/forms/{id}/submit {data, eventOccurrenceId, guestId}: saves (or updates) a guest's answers. */
export function useSubmitForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      formId,
      ...body
    }: {
      formId: number;
      data: Record<string, unknown>;
      eventOccurrenceId: number;
      guestId: number | null;
    }) => apiRequest<FormSubmission>(`forms/${formId}/submit`, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: occurrenceKeys.all }),
  });
}
