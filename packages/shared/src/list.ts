import { z } from 'zod';
import { MAX_LIMIT, PAGE_SIZE } from './constants.js';
import { idText } from './ids.js';
import { messages, unknownSort } from './messages.js';

/** A query-string flag: `true`/`1` is on, anything else (or absent) is off. */
export const queryFlag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .optional()
  .transform((v) => v === true || v === 'true' || v === '1');

/**
 * The list query every section accepts (docs/architecture.md#api-contract): limit (default 50, max 1000), offset, q and
 * sort, where sort must be one of the section's sort keys.
 */
export function listQuerySchema<const S extends readonly [string, ...string[]]>(sorts: S) {
  return z.object({
    limit: z.coerce.number().int().min(1).max(MAX_LIMIT).default(PAGE_SIZE),
    offset: z.coerce.number().int().min(0).default(0),
    q: z.string().trim().max(200).optional(),
    sort: z
      .string()
      .optional()
      .refine((s) => s === undefined || (sorts as readonly string[]).includes(s), {
        error: (issue) => unknownSort(String(issue.input)),
      })
      .transform((s) => (s ?? sorts[0]) as S[number]),
  });
}

/** `{ <camelCaseSection>: items, totalCount }` */
export function listResponseSchema<K extends string, T extends z.ZodType>(key: K, item: T) {
  return z.object({ [key]: z.array(item), totalCount: z.number().int() } as {
    [P in K]: z.ZodArray<T>;
  } & { totalCount: z.ZodNumber });
}

/** A route's `:id`, canonical (ids.ts): `' 1'`, `'0001'`, `'1e0'` and the like are a 400. */
export const idParamsSchema = z.object({ id: idText(messages.invalidId) });

/**
 * What an error answers: the English text, and for the app's own texts their stable code
 * (`<section>.<name>`) and the values the text was built from, so a client can word it itself.
 */
export const codedTextShape = {
  message: z.string(),
  code: z.string().optional(),
  values: z.record(z.string(), z.unknown()).optional(),
};
export const errorResponseSchema = z.object(codedTextShape);

/** Who created a record, as lists show it (blank when the creator is gone). */
export const creatorSchema = z.object({ username: z.string() }).nullable();

/** Sort choices a list screen offers: the API `sort` value and its label key. */
export interface SortOption {
  value: string;
  label: string;
}
