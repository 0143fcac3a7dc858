import { z } from 'zod';
import { LOOKUPABLE_TYPES, type LookupableType, MAX_LIMIT } from './constants.js';
import { idField, parseId } from './ids.js';
import { listQuerySchema, listResponseSchema } from './list.js';
import { messages } from './messages.js';
import { lookupMessages, LOOKUP_KEY_MAX, LOOKUP_QUERY_MAX_IDS, LOOKUP_QUERY_MAX_KEYS } from './lookups.messages.js';
export { lookupMessages, LOOKUP_KEY_MAX, LOOKUP_QUERY_MAX_IDS, LOOKUP_QUERY_MAX_KEYS } from './lookups.messages.js';

/** Sort keys of the lookups list (docs/product.md §2); the first is the default. */
export const LOOKUP_SORTS = ['id', 'key', 'value'] as const;

export const LOOKUP_TEXT_MAX = 500;

/** A lookup as the API returns it (docs/product.md §3 Lookup). */
export const lookupSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  value: z.string(),
  label: z.string(),
  parentId: z.number().int().nullable(),
  lookupableType: z.enum(LOOKUPABLE_TYPES).nullable(),
  lookupableId: z.number().int().nullable(),
  /** The record's name: a user's name and surname (else username), a group's, location's or message group's name, a form's title. */
  lookupableDisplay: z.string().nullable(),
});
export type Lookup = z.infer<typeof lookupSchema>;

const requiredText = (message: string, label: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `${label} must be at most ${max} characters`);

const positiveId = idField;

/** One of LOOKUPABLE_TYPES, or none (`'none'` or null), stored as null. */
const lookupableType = z
  .union([z.enum(LOOKUPABLE_TYPES), z.literal('none'), z.null()], { error: lookupMessages.typeInvalid })
  .transform((type): LookupableType | null => (type === 'none' ? null : type));

const fields = {
  key: requiredText(messages.keyRequired, 'Key', LOOKUP_KEY_MAX),
  value: requiredText(messages.valueRequired, 'Value', LOOKUP_TEXT_MAX),
  label: requiredText(messages.labelRequired, 'Label', LOOKUP_TEXT_MAX),
  lookupableType,
  lookupableId: positiveId(lookupMessages.idInvalid).nullable(),
  parentId: positiveId(lookupMessages.parentInvalid).nullable(),
};

/** A type needs a record and a record needs a type; the message sits on the field that is missing. */
function checkPair(
  value: { lookupableType?: LookupableType | null; lookupableId?: number | null },
  ctx: z.RefinementCtx,
) {
  if (value.lookupableType && value.lookupableId == null) {
    ctx.addIssue({ code: 'custom', path: ['lookupableId'], message: lookupMessages.recordRequired });
  }
  if (!value.lookupableType && value.lookupableId != null) {
    ctx.addIssue({ code: 'custom', path: ['lookupableType'], message: lookupMessages.typeRequired });
  }
}

/** POST /api/lookups (and the lookup form): key, value and label are required and trimmed. */
export const createLookupSchema = z
  .object({
    ...fields,
    lookupableType: fields.lookupableType.optional().transform((type) => type ?? null),
    lookupableId: fields.lookupableId.optional().transform((id) => id ?? null),
    parentId: fields.parentId.optional().transform((id) => id ?? null),
  })
  .superRefine(checkPair);
export type CreateLookupInput = z.input<typeof createLookupSchema>;
export type CreateLookup = z.output<typeof createLookupSchema>;

/**
 * PATCH /api/lookups/{id}: any of the fields. lookupableType and lookupableId change together
 * (a type of none alone also clears the record), so the pair is judged as sent.
 */
export const updateLookupSchema = z
  .object({
    key: fields.key.optional(),
    value: fields.value.optional(),
    label: fields.label.optional(),
    lookupableType: fields.lookupableType.optional(),
    lookupableId: fields.lookupableId.optional(),
    parentId: fields.parentId.optional(),
  })
  .superRefine((value, ctx) => {
    if (Object.values(value).every((v) => v === undefined)) {
      ctx.addIssue({ code: 'custom', message: messages.nothingToUpdate });
      return;
    }
    const typeSent = value.lookupableType !== undefined;
    const idSent = value.lookupableId !== undefined;
    if (typeSent && idSent) return checkPair(value, ctx);
    if (typeSent && value.lookupableType === null) return;
    if (typeSent || idSent) ctx.addIssue({ code: 'custom', message: lookupMessages.pairTogether });
  })
  .transform((value) =>
    // none without a record clears the record too.
    value.lookupableType === null && value.lookupableId === undefined ? { ...value, lookupableId: null } : value,
  );
export type UpdateLookup = z.output<typeof updateLookupSchema>;

/** A lookupable type as a query names it: singular or plural (`group`, `groups`), or none. */
export const lookupableTypeQuerySchema = z
  .string()
  .trim()
  .transform((text, ctx): LookupableType | null => {
    const type = text.toLowerCase();
    if (type === 'none') return null;
    const found = LOOKUPABLE_TYPES.find((t) => t === type || t === `${type}s`);
    if (found) return found;
    ctx.addIssue({ code: 'custom', message: lookupMessages.typeInvalid });
    return z.NEVER;
  });

/** A comma-separated query value (or the same parameter repeated) as its parts, trimmed unless `exact`. */
const commaParts = (exact: boolean) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((value) =>
      [value].flat().flatMap((part) => part.split(',').map((item) => (exact ? item : item.trim()))),
    );
const commaList = commaParts(false);

/**
 * GET /api/lookups: the list (limit, offset, q, sort), and the listbox query
 * `keys=a,b&lookupableIds=1,2&lookupableType=group`: the lookups of those keys that belong to one
 * of those records. Without `limit`, the listbox query answers up to MAX_LIMIT lookups.
 */
export const lookupListQuerySchema = listQuerySchema(LOOKUP_SORTS)
  .extend({
    limit: z.coerce.number().int().min(1).max(MAX_LIMIT).optional(),
    keys: commaList
      .refine(
        (keys) =>
          keys.length >= 1 &&
          keys.length <= LOOKUP_QUERY_MAX_KEYS &&
          keys.every((key) => key.length >= 1 && key.length <= LOOKUP_KEY_MAX),
        lookupMessages.keysInvalid,
      )
      .transform((keys) => [...new Set(keys)])
      .optional(),
    // Ids are canonical (ids.ts): ' 1' is refused, not trimmed.
    lookupableIds: commaParts(true)
      .refine(
        (ids) => ids.length >= 1 && ids.length <= LOOKUP_QUERY_MAX_IDS && ids.every((id) => parseId(id) !== null),
        lookupMessages.idsInvalid,
      )
      .transform((ids) => [...new Set(ids.map(Number))])
      .optional(),
    lookupableType: lookupableTypeQuerySchema.optional(),
  })
  .refine((query) => query.lookupableIds === undefined || query.lookupableType !== undefined, {
    message: lookupMessages.idsNeedType,
  })
  .refine((query) => query.lookupableIds === undefined || query.lookupableType !== null, {
    message: lookupMessages.idsNeedType,
  });
export type LookupListQuery = z.output<typeof lookupListQuerySchema>;

export const lookupListSchema = listResponseSchema('lookups', lookupSchema);
export type LookupList = z.infer<typeof lookupListSchema>;
