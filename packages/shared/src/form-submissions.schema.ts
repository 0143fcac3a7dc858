import { z } from 'zod';

/** Texts of the form submission API and the Fill Form screen (spec §8). */
export const submissionMessages = {
  submitted: 'Form submitted successfully',
  dataType: 'data must be a JSON object of field values, or its JSON text',
  dataJson: 'data is not valid JSON',
  occurrenceNotFound: 'Event occurrence not found',
  formArchived: 'This form is archived and cannot be filled',
  notAGuest: (id: number) => `User ${id} is not a guest of this occurrence`,
  guestsMayNotSubmit: 'Guests cannot submit forms',
  required: (label: string) => `${label} is required`,
  mustBeText: (label: string) => `${label} must be text`,
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
  mustBeNumber: (label: string) => `${label} must be a number`,
  mustBeEmail: (label: string) => `${label} must be an email address`,
  mustBeDate: (label: string) => `${label} must be a date (YYYY-MM-DD)`,
  mustBeTime: (label: string) => `${label} must be a time (HH:mm)`,
  mustBeUrl: (label: string) => `${label} must be a URL`,
  mustBeOption: (label: string) => `${label} must be one of its options`,
  mustBeOptions: (label: string) => `${label} must be a list of its options`,
  mustBeBoolean: (label: string) => `${label} must be true or false`,
  mustBeLookup: (label: string) => `${label} must be one of its choices`,
  parentMismatch: (label: string, parent: string) => `${label} does not belong to the chosen ${parent}`,
  disabledField: (label: string) => `${label} cannot be filled (it is disabled)`,
  unknownField: (name: string) => `Unknown field '${name}'`,
} as const;

/** Characters one text answer may hold. */
export const SUBMISSION_TEXT_MAX = 10_000;

const dbId = (label: string) =>
  z
    .number({ error: `${label} must be an id` })
    .int(`${label} must be an id`)
    .positive(`${label} must be an id`)
    .max(2_147_483_647, `${label} must be an id`);

/**
 * POST /api/forms/{id}/submit (spec §3, §7): `data` is the field values as a JSON object or its
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
