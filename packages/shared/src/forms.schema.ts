import { z } from 'zod';
import { RECORD_STATUSES } from './constants.js';
import { idField } from './ids.js';
import { formSchemaShape, parseFormSchemaText, validateFormSchema, type FormSchema } from './form-schema.js';
import { creatorSchema, listQuerySchema, listResponseSchema, queryFlag } from './list.js';
import { messages } from './messages.js';
import { formMessages } from './forms.messages.js';
export { formMessages } from './forms.messages.js';

/** Sort keys of the forms list; the first is the default. */
export const FORM_SORTS = ['name', 'date', 'status'] as const;

export const FORM_TITLE_MAX = 200;
export const FORM_DESCRIPTION_MAX = 2000;

/** A form as lists show it (no schema, no groups). */
export const formSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  version: z.number().int(),
  status: z.enum(RECORD_STATUSES),
  createdAt: z.string(),
  user: creatorSchema,
});
export type FormSummary = z.infer<typeof formSummarySchema>;

/** One form, as GET /api/forms/{id} returns it (docs/product.md §3 Form). */
export const formDetailSchema = formSummarySchema.extend({
  /** The fields (docs/form-schema.md), or null when the form has none yet. */
  schema: formSchemaShape.nullable(),
  groups: z.array(z.object({ id: z.number().int(), name: z.string() })),
  groupIds: z.array(z.number().int()),
});
export type Form = z.infer<typeof formDetailSchema>;

const formTitle = z
  .string({ error: messages.formTitleRequired })
  .trim()
  .min(1, messages.formTitleRequired)
  .max(FORM_TITLE_MAX, `Form title must be at most ${FORM_TITLE_MAX} characters`);

/** Trimmed; empty (or null) means null. */
const formDescription = z
  .union([z.string(), z.null()], { error: 'Description must be text' })
  .transform((value) => (value ?? '').trim() || null)
  .pipe(
    z.string().max(FORM_DESCRIPTION_MAX, `Description must be at most ${FORM_DESCRIPTION_MAX} characters`).nullable(),
  );

/**
 * The schema as sent: a JSON object, or its JSON text (the editor's free text, docs/product.md §3); empty
 * (null or blank text) means no schema. Checked against the format, with the message naming the field.
 */
const formSchemaInput = z.unknown().transform((value, ctx): FormSchema | null => {
  if (value === null || (typeof value === 'string' && !value.trim())) return null;
  const result =
    typeof value === 'string'
      ? parseFormSchemaText(value)
      : typeof value === 'object' && !Array.isArray(value)
        ? validateFormSchema(value)
        : ({ success: false, error: formMessages.schemaType } as const);
  if (result.success) return result.data;
  ctx.addIssue({ code: 'custom', message: result.error });
  return z.NEVER;
});

const groupIds = z
  .array(idField(messages.groupIdsInvalid), {
    error: messages.groupIdsInvalid,
  })
  .max(1000, 'A form may belong to at most 1000 groups')
  .transform((ids) => [...new Set(ids)]);

/** POST /api/forms: a missing description or schema is null, missing groups none. */
export const createFormSchema = z.object({
  title: formTitle,
  description: formDescription.optional().transform((value) => value ?? null),
  schema: formSchemaInput.optional().transform((value) => value ?? null),
  groupIds: groupIds.optional().transform((ids) => ids ?? []),
});
export type CreateFormInput = z.input<typeof createFormSchema>;
export type CreateForm = z.output<typeof createFormSchema>;

/**
 * PATCH /api/forms/{id}: what is present changes (a null or blank schema or description clears
 * it); groupIds, when present, replace the form's groups; status archives or restores.
 */
export const updateFormSchema = z
  .object({
    title: formTitle.optional(),
    description: formDescription.optional(),
    schema: formSchemaInput.optional(),
    groupIds: groupIds.optional(),
    status: z.enum(RECORD_STATUSES).optional(),
  })
  .refine((v) => Object.values(v).some((value) => value !== undefined), 'Nothing to update');
export type UpdateFormInput = z.input<typeof updateFormSchema>;
export type UpdateForm = z.output<typeof updateFormSchema>;

export const formListQuerySchema = listQuerySchema(FORM_SORTS).extend({
  /** The list's checkbox filter: include archived forms. */
  archived: queryFlag,
});
export type FormListQuery = z.infer<typeof formListQuerySchema>;

export const formListSchema = listResponseSchema('forms', formSummarySchema);
