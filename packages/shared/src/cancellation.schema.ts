import { messages } from './messages.js';
import { z } from 'zod';
import { cancellationMessages } from './cancellation.messages.js';
export { cancellationMessages } from './cancellation.messages.js';

/** Longest reason a cancellation keeps (characters, once trimmed). */
export const CANCELLATION_REASON_MAX = 500;

/**
 * POST /api/event-occurrences/{id}/cancel (docs/domain.md#cancellation): why (shown beside the
 * session everywhere it is listed, and in the guests' message), and whether each guest is told.
 */
export const cancelOccurrenceSchema = z.strictObject({
  reason: z
    .string({ error: cancellationMessages.reasonRequired })
    .trim()
    .min(1, cancellationMessages.reasonRequired)
    .max(CANCELLATION_REASON_MAX, messages.reasonTooLong),
  notify: z.boolean({ error: messages.notifyInvalid }).optional().default(false),
});
export type CancelOccurrence = z.infer<typeof cancelOccurrenceSchema>;
export type CancelOccurrenceInput = z.input<typeof cancelOccurrenceSchema>;
