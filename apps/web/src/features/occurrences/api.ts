import type {
  BulkActionResult,
  EventOccurrence,
  OccurrenceExportQuery,
  ScheduleDayRequest,
  SendReportRequest,
  UpdateEventOccurrence,
} from '@ritim/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDownload, apiRequest } from '../../api/client';
import { occurrenceKeys } from '../../api/occurrences';
import { remove, update } from '../../api/resources';
import { saveFile } from '../../lib/save-file';

const SECTION = 'event-occurrences';

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

/** GET /api/event-occurrences/export?from&to&timezone: downloads the range as CSV (`ritim-<from>-<to>.csv`). */
export async function downloadOccurrencesCsv(range: OccurrenceExportQuery): Promise<void> {
  const { blob, fileName } = await apiDownload(`${SECTION}/export`, `ritim-${range.from}-${range.to}.csv`, range);
  saveFile(blob, fileName);
}
