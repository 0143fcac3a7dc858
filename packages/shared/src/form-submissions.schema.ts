import { z } from 'zod';
import { submissionMessages } from './form-submissions.messages.js';
import { idField } from './ids.js';
export { submissionMessages } from './form-submissions.messages.js';

/** Characters one text answer may hold. */
export const SUBMISSION_TEXT_MAX = 10_000;

const dbId = (label: string) => idField(`${label} must be an id`);

/**
 * POST /api/forms/{id}/submit (docs/product.md §3, §7): `data` is the field values as a JSON object or its
 * JSON text; `guestId` is the guest it is about (null: about no one guest).
 */
export const submitFormSchema = z.object({
  data: z.union(
    [
      z.string().max(1_000_000, 'data must be at most 1,000,000 characters of JSON text'),
      z.record(z.string(), z.unknown()),
    ],
    { error: submissionMessages.dataType },
  ),
  eventOccurrenceId: dbId('eventOccurrenceId'),
  guestId: dbId('guestId').nullable().optional(),
});
export type SubmitForm = z.infer<typeof submitFormSchema>;

export const formSubmissionSchema = z.object({
  id: z.number().int(),
  formId: z.number().int(),
  eventOccurrenceId: z.number().int(),
  guestId: z.number().int().nullable(),
  formVersion: z.number().int(),
  submissionData: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FormSubmission = z.infer<typeof formSubmissionSchema>;
