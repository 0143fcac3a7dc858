import { messages } from './messages.js';
import { z } from 'zod';
import { closureMessages } from './closures.messages.js';
import { idField } from './ids.js';
import { listQuerySchema, listResponseSchema } from './list.js';
import { calendarDay, timezoneParam } from './occurrences.schema.js';
export { closureMessages } from './closures.messages.js';

/** Longest closure (days, inclusive). */
export const CLOSURE_MAX_DAYS = 366;
/** Longest closure title (characters, once trimmed): it becomes its sessions' cancellation reason. */
export const CLOSURE_TITLE_MAX = 500;

/** What a closure closes: everything, one location's sessions, or one organiser's. */
export const closureScopeSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('all') }),
    z.strictObject({ kind: z.literal('location'), id: idField(closureMessages.scopeIdRequired) }),
    z.strictObject({ kind: z.literal('organiser'), id: idField(closureMessages.scopeIdRequired) }),
  ],
  { error: closureMessages.scopeInvalid },
);
export type ClosureScope = z.infer<typeof closureScopeSchema>;

/**
 * POST /api/closures (docs/domain.md#closures): the days `from`..`to` (inclusive, at most 366) in
 * `timezone` (else the caller's zone) are closed for `scope`. `dryRun` stores nothing and answers
 * what would happen; `notify` tells the guests of the sessions it cancels.
 */
export const createClosureSchema = z
  .strictObject({
    title: z
      .string({ error: closureMessages.titleRequired })
      .trim()
      .min(1, closureMessages.titleRequired)
      .max(CLOSURE_TITLE_MAX, closureMessages.titleTooLong),
    from: z.string({ error: messages.dayFromInvalid }).pipe(calendarDay),
    to: z.string({ error: messages.dayToInvalid }).pipe(calendarDay),
    scope: closureScopeSchema,
    dryRun: z.boolean({ error: messages.dryRunInvalid }).optional().default(false),
    /** Send each guest of a cancelled session the cancellation (the `cancellation` message). */
    notify: z.boolean({ error: messages.notifyInvalid }).optional().default(false),
    timezone: timezoneParam.optional(),
  })
  .refine((input) => input.from <= input.to, { error: closureMessages.rangeInverted })
  .refine(
    (input) =>
      (Date.parse(`${input.to}T00:00:00Z`) - Date.parse(`${input.from}T00:00:00Z`)) / 86_400_000 < CLOSURE_MAX_DAYS,
    { error: closureMessages.rangeTooLong },
  );
export type CreateClosure = z.infer<typeof createClosureSchema>;
export type CreateClosureInput = z.input<typeof createClosureSchema>;

/** A closure as the API answers it; a dry run's `id` is null (nothing was stored). */
export const closureSchema = z.object({
  id: z.number().int().nullable(),
  title: z.string(),
  from: z.string(),
  to: z.string(),
  timezone: z.string(),
  scope: z.union([
    z.object({ kind: z.literal('all') }),
    z.object({ kind: z.literal('location'), id: z.number().int(), name: z.string().optional() }),
    z.object({ kind: z.literal('organiser'), id: z.number().int(), name: z.string().optional() }),
  ]),
  /** How many sessions it cancelled and still holds cancelled. */
  cancelledCount: z.number().int(),
});
export type Closure = z.infer<typeof closureSchema>;

/** Why a session inside a closure was not cancelled: it is completed (final), or has form answers. */
export const CLOSURE_KEPT_REASONS = ['completed', 'hasAnswers'] as const;
export type ClosureKeptReason = (typeof CLOSURE_KEPT_REASONS)[number];

/** POST /api/closures' answer: the closure, the sessions it cancelled (or would) and those it keeps. */
export const closureResultSchema = z.object({
  closure: closureSchema,
  cancelled: z.array(
    z.object({ occurrenceId: z.number().int(), eventId: z.number().int(), title: z.string(), startsAt: z.string() }),
  ),
  kept: z.array(
    z.object({
      occurrenceId: z.number().int(),
      eventId: z.number().int(),
      title: z.string(),
      startsAt: z.string(),
      reason: z.enum(CLOSURE_KEPT_REASONS),
    }),
  ),
  /**
   * The active guests of the cancelled sessions, by name, with how many of them each attends: who
   * is told with `notify` (each session's cancellation, to them or their message group).
   */
  guests: z.array(z.object({ id: z.number().int(), name: z.string(), sessionCount: z.number().int() })),
});
export type ClosureResult = z.infer<typeof closureResultSchema>;

/**
 * DELETE /api/closures/{id}?notify=true: the guests of the sessions that come back (those ahead)
 * are told, as `notify` on creation tells those of the sessions it cancels.
 */
export const deleteClosureQuerySchema = z.object({
  notify: z
    .enum(['true', 'false', '1', '0'], { error: messages.notifyInvalid })
    .optional()
    .transform((value) => value === 'true' || value === '1'),
});
export type DeleteClosureQuery = z.infer<typeof deleteClosureQuerySchema>;

export const CLOSURE_SORTS = ['-from', 'from'] as const;
/** GET /api/closures: newest first by first day (sort `from` for oldest first); q searches titles. */
export const closureListQuerySchema = listQuerySchema(CLOSURE_SORTS);
export type ClosureListQuery = z.infer<typeof closureListQuerySchema>;
export const closureListSchema = listResponseSchema('closures', closureSchema);
export type ClosureList = z.infer<typeof closureListSchema>;
