import { z } from 'zod';
import { attendanceMessages } from './attendance.messages.js';
import { idField, idText } from './ids.js';
import {
  attendanceEntrySchema,
  attendanceStatusSchema,
  calendarDay,
  eventOccurrenceSchema,
  timezoneParam,
} from './occurrences.schema.js';
export { attendanceMessages } from './attendance.messages.js';

/** Longest range one attendance summary covers (days, inclusive). */
export const ATTENDANCE_MAX_DAYS = 366;
/** Most marks one PUT of a session's attendance sets. */
export const ATTENDANCE_MAX_ENTRIES = 500;
/** Longest look-back of the to-fill list (days). */
export const TO_FILL_MAX_DAYS = 90;

/**
 * PUT /api/event-occurrences/{id}/attendance: the marks to set, one per guest of the session;
 * guests not listed keep theirs. A note is optional (an empty one clears it).
 */
export const markAttendanceSchema = z.strictObject({
  entries: z
    .array(
      z.strictObject({
        guestId: idField(attendanceMessages.entryGuestInvalid),
        status: attendanceStatusSchema,
        note: z.string().max(2000, attendanceMessages.noteTooLong).nullable().optional(),
      }),
      { error: attendanceMessages.entriesRequired },
    )
    .min(1, attendanceMessages.entriesRequired)
    .max(ATTENDANCE_MAX_ENTRIES, attendanceMessages.entriesTooMany),
});
export type MarkAttendance = z.infer<typeof markAttendanceSchema>;

/** The session's whole attendance list, as PUT answers it and GET .../{id} carries it. */
export const attendanceListSchema = z.object({ attendance: z.array(attendanceEntrySchema) });
export type AttendanceList = z.infer<typeof attendanceListSchema>;

export const ATTENDANCE_GROUPS = ['guest', 'organiser', 'event', 'month'] as const;
export type AttendanceGroup = (typeof ATTENDANCE_GROUPS)[number];

/**
 * GET /api/attendance/summary: days `from`..`to` (inclusive, at most 366) in `timezone` (else the
 * caller's zone), grouped by guest, organiser, event or month; the optional filters narrow it.
 */
export const attendanceSummaryQuerySchema = z
  .object({
    from: z.string({ error: attendanceMessages.fromRequired }).pipe(calendarDay),
    to: z.string({ error: attendanceMessages.toRequired }).pipe(calendarDay),
    groupBy: z.enum(ATTENDANCE_GROUPS, { error: attendanceMessages.groupByInvalid }).default('guest'),
    timezone: timezoneParam.optional(),
    organiserId: idText(attendanceMessages.organiserFilterInvalid).optional(),
    locationId: idText(attendanceMessages.locationFilterInvalid).optional(),
    groupId: idText(attendanceMessages.groupFilterInvalid).optional(),
    guestId: idText(attendanceMessages.guestFilterInvalid).optional(),
  })
  .refine((query) => query.from <= query.to, { error: attendanceMessages.rangeInverted })
  .refine(
    (query) =>
      (Date.parse(`${query.to}T00:00:00Z`) - Date.parse(`${query.from}T00:00:00Z`)) / 86_400_000 < ATTENDANCE_MAX_DAYS,
    { error: attendanceMessages.rangeTooLong },
  );
export type AttendanceSummaryQuery = z.infer<typeof attendanceSummaryQuerySchema>;

const counts = {
  sessions: z.number().int(),
  present: z.number().int(),
  late: z.number().int(),
  absent: z.number().int(),
  excused: z.number().int(),
  cancelled: z.number().int(),
  lateCancelled: z.number().int(),
  unmarked: z.number().int(),
  /** (present + late) / (present + late + absent + lateCancelled); null when that is 0. */
  rate: z.number().nullable(),
};
export const attendanceCountsSchema = z.object(counts);
export type AttendanceCounts = z.infer<typeof attendanceCountsSchema>;

/**
 * The summary's answer: a row per group (`key.id` is the user, event or `YYYY-MM` month), each
 * counting (session, guest) pairs; `sessions` is the number of pairs.
 */
export const attendanceSummarySchema = z.object({
  rows: z.array(
    z.object({ key: z.object({ id: z.union([z.number().int(), z.string()]), name: z.string() }), ...counts }),
  ),
  totals: attendanceCountsSchema,
});
export type AttendanceSummary = z.infer<typeof attendanceSummarySchema>;

/** Most sessions one page of the to-fill list holds. */
export const TO_FILL_PAGE_MAX = 50;

/** GET /api/event-occurrences/to-fill?days=7[&limit&offset]: newest first, pages of at most 50. */
export const toFillQuerySchema = z.object({
  days: z.coerce
    .number({ error: attendanceMessages.daysInvalid })
    .int(attendanceMessages.daysInvalid)
    .min(1, attendanceMessages.daysInvalid)
    .max(TO_FILL_MAX_DAYS, attendanceMessages.daysInvalid)
    .default(7),
  limit: z.coerce.number().int().min(1).max(TO_FILL_PAGE_MAX).default(TO_FILL_PAGE_MAX),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type ToFillQuery = z.infer<typeof toFillQuerySchema>;

export const toFillListSchema = z.object({
  eventOccurrences: z.array(eventOccurrenceSchema),
  totalCount: z.number().int(),
});
export type ToFillList = z.infer<typeof toFillListSchema>;

/** The rate the summary gives: attended over the sessions the guest was expected at. */
export function attendanceRate(c: Pick<AttendanceCounts, 'present' | 'late' | 'absent' | 'lateCancelled'>) {
  const expected = c.present + c.late + c.absent + c.lateCancelled;
  return expected === 0 ? null : (c.present + c.late) / expected;
}
