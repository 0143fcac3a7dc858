import type {
  AttendanceEntry,
  AttendanceList,
  AttendanceSummary,
  AttendanceSummaryQuery,
  EventOccurrence,
  MarkAttendance,
} from '@ritim/shared';
import { keepPreviousData, type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { saveFile } from '../../lib/save-file';
import { apiDownload, apiRequest, type QueryParams } from '../../api/client';
import type { ListResult } from '../../api/resources';
import { invalidateOccurrences, OCCURRENCES, occurrenceKeys } from '../../api/occurrences';

/**
 * Attendance: the marks of a session (taken from the calendar, Upcoming Events, Fill Form and
 * Home), the sessions still to complete (Home) and the summary (the Attendance screen). The marks
 * change what all of them show, so the change and its refetching live here, beside the reads.
 */

const ATTENDANCE = 'attendance';

/** The summary's query as the screen sends it: the shared query with ids as the URL has them. */
export type AttendanceSummaryParams = Omit<AttendanceSummaryQuery, 'groupBy'> & {
  groupBy: AttendanceSummaryQuery['groupBy'];
};

/** Query keys of the summary; every mark invalidates `all`. */
export const attendanceKeys = {
  all: [ATTENDANCE] as const,
  summary: (params: AttendanceSummaryParams) => [ATTENDANCE, 'summary', params] as const,
};

/** The summary's parameters as query-string values, leaving out the filters not set. */
const summaryParams = (params: AttendanceSummaryParams): QueryParams => ({ ...params });

/** GET /api/attendance/summary: the counts per guest, organiser, event or month of a range. */
export const attendanceSummaryQuery = (params: AttendanceSummaryParams) =>
  queryOptions({
    queryKey: attendanceKeys.summary(params),
    queryFn: ({ signal }) =>
      apiRequest<AttendanceSummary>(`${ATTENDANCE}/summary`, { query: summaryParams(params), signal }),
    placeholderData: keepPreviousData,
  });

/** GET /api/attendance/summary/export: the same summary as a CSV download (`ritim-attendance-<groupBy>-<from>-<to>.csv`). */
export async function downloadAttendanceCsv(params: AttendanceSummaryParams): Promise<void> {
  const { blob, fileName } = await apiDownload(
    `${ATTENDANCE}/summary/export`,
    `ritim-attendance-${params.groupBy}-${params.from}-${params.to}.csv`,
    summaryParams(params),
  );
  saveFile(blob, fileName);
}

/** An occurrence with `attendance` as its marks: the list and each counted guest's status. */
const withMarks = (occurrence: EventOccurrence, attendance: AttendanceEntry[]): EventOccurrence => {
  const statusOf = new Map(attendance.map((entry) => [entry.guestId, entry.status]));
  return {
    ...occurrence,
    attendance,
    guests: occurrence.guests.map((guest) => ({ ...guest, attendance: statusOf.get(guest.id) ?? null })),
  };
};

/**
 * Puts a session's new marks into every cached read that holds the session (its detail and the
 * lists' rows), so no screen refetches them. The calendar's sessions carry no marks.
 */
export function setOccurrenceMarks(queryClient: QueryClient, occurrenceId: number, attendance: AttendanceEntry[]) {
  queryClient.setQueryData<EventOccurrence>(occurrenceKeys.detail(occurrenceId), (occurrence) =>
    occurrence ? withMarks(occurrence, attendance) : occurrence,
  );
  queryClient.setQueriesData<ListResult<EventOccurrence>>({ queryKey: occurrenceKeys.lists() }, (list) =>
    list?.items.some((occurrence) => occurrence.id === occurrenceId)
      ? {
          ...list,
          items: list.items.map((occurrence) =>
            occurrence.id === occurrenceId ? withMarks(occurrence, attendance) : occurrence,
          ),
        }
      : list,
  );
}

/**
 * PUT /api/event-occurrences/{id}/attendance {entries}: one request for every mark changed; the
 * session's whole list comes back and goes into the cached reads that hold the session. Only
 * what a mark changes beyond that reads afresh: the sessions still to complete and the summary
 * (after a failure, everything showing occurrences, which may be out of date).
 */
export function useMarkAttendance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ occurrenceId, entries }: { occurrenceId: number; entries: MarkAttendance['entries'] }) =>
      apiRequest<AttendanceList>(`${OCCURRENCES}/${occurrenceId}/attendance`, { method: 'PUT', body: { entries } }),
    onSuccess: ({ attendance }, { occurrenceId }) => setOccurrenceMarks(queryClient, occurrenceId, attendance),
    onSettled: (_answer, error) =>
      Promise.all([
        error
          ? invalidateOccurrences(queryClient)
          : queryClient.invalidateQueries({ queryKey: occurrenceKeys.toFillAll() }),
        queryClient.invalidateQueries({ queryKey: attendanceKeys.all }),
      ]),
  });
}
