import { z } from 'zod';
import { MESSAGE_STATUSES, MESSAGE_TYPES } from './constants.js';
import { idField, idText } from './ids.js';
import { messages } from './messages.js';
import { calendarDay, timezoneParam } from './occurrences.schema.js';

export { messagingMessages, sendSummary, type SendCounts } from './message-logs.messages.js';

/**
 * GET /api/message-logs?date=: the messages queued on that day (in `timezone`, else the caller's),
 * newest first; `occurrenceDate` lists those about that day's occurrences instead (Home: did the
 * reminders go out?). Admins only.
 */
export const messageLogListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  date: calendarDay.optional(),
  timezone: timezoneParam.optional(),
  status: z.enum(MESSAGE_STATUSES).optional(),
  type: z.enum(MESSAGE_TYPES).optional(),
  /** Messages about the occurrences of this day (in `timezone`) instead of those queued on `date`. */
  occurrenceDate: calendarDay.optional(),
  q: z.string().trim().max(200).optional(),
});
export type MessageLogListQuery = z.infer<typeof messageLogListQuerySchema>;

/** One logged message (docs/product.md §3 Message log). */
export const messageLogSchema = z.object({
  id: z.number().int(),
  type: z.enum(MESSAGE_TYPES),
  status: z.enum(MESSAGE_STATUSES),
  /** The text sent (the Message column). */
  message: z.string(),
  subject: z.string(),
  /** Why the last attempt failed (failed ones), readable. */
  error: z.string().nullable(),
  attempts: z.number().int(),
  recipient: z.object({ kind: z.enum(['user', 'group']), id: z.number().int().nullable(), name: z.string() }),
  guests: z.array(z.object({ id: z.number().int(), name: z.string().nullable(), surname: z.string().nullable() })),
  month: z.string().nullable(),
  eventOccurrence: z
    .object({
      id: z.number().int(),
      occurrenceDate: z.string(),
      event: z.object({ id: z.number().int(), title: z.string(), timezone: z.string() }),
    })
    .nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type MessageLog = z.infer<typeof messageLogSchema>;

export const messageLogListSchema = z.object({
  messageLogs: z.array(messageLogSchema),
  totalCount: z.number().int(),
});

/** POST /api/event-occurrences/sendReport: one occurrence's report of one form, to its guests. */
export const sendReportRequestSchema = z.object({
  eventOccurrenceId: idField('eventOccurrenceId must be an id'),
  formId: idField('formId must be an id'),
});
export type SendReportRequest = z.infer<typeof sendReportRequestSchema>;

/** GET /api/forms/{formId}/report/{occurrenceId}. */
export const reportParamsSchema = z.object({
  formId: idText(messages.invalidId),
  occurrenceId: idText(messages.invalidId),
});
