import { messages } from './messages.js';
import { z } from 'zod';
import { coverMessages } from './cover.messages.js';
import { idField, idText } from './ids.js';
import { calendarDay } from './occurrences.schema.js';
import { coverPersonSchema } from './occurrence-cover.schema.js';
export * from './occurrence-cover.schema.js';
export { coverMessages } from './cover.messages.js';

/** The days of a week as working hours name them, Monday first (RFC 5545's two letters). */
export const WEEK_DAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];

/** Longest time off (days, inclusive). */
export const TIME_OFF_MAX_DAYS = 366;
/** Longest time off reason (characters, once trimmed). */
export const TIME_OFF_REASON_MAX = 500;
/** How far back a candidate's sessions count towards `knownGuests` (days). */
export const KNOWN_GUESTS_DAYS = 180;
/** How far back a candidate's covers count towards `coversLast30Days` (days). */
export const RECENT_COVERS_DAYS = 30;

const timeOfDay = z
  .string({ error: coverMessages.timeInvalid })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, coverMessages.timeInvalid);

/** One interval of a week in the user's zone: `from` before `to`, `to` up to `24:00`. */
export const workingIntervalSchema = z.strictObject({
  day: z.enum(WEEK_DAYS, { error: coverMessages.dayInvalid }),
  from: timeOfDay,
  to: timeOfDay,
});
export type WorkingInterval = z.infer<typeof workingIntervalSchema>;

/** Minutes from midnight of `HH:mm`. */
export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * PUT /api/users/{id}/availability (docs/domain.md#working-hours): the whole week, replacing the
 * one before; each interval `from < to`, none overlapping another of its day. An empty week means
 * no limit.
 */
export const putAvailabilitySchema = z
  .strictObject({
    weekly: z.array(workingIntervalSchema, { error: coverMessages.weeklyInvalid }).max(70, coverMessages.weeklyInvalid),
  })
  .refine((input) => input.weekly.every((interval) => minutesOf(interval.from) < minutesOf(interval.to)), {
    error: coverMessages.intervalInverted,
  })
  .refine(
    (input) =>
      WEEK_DAYS.every((day) => {
        const intervals = input.weekly
          .filter((interval) => interval.day === day)
          .map((interval) => [minutesOf(interval.from), minutesOf(interval.to)] as const)
          .sort((a, b) => a[0] - b[0]);
        return intervals.every((interval, i) => i === 0 || intervals[i - 1]![1] <= interval[0]);
      }),
    { error: coverMessages.intervalsOverlap },
  );
export type PutAvailability = z.infer<typeof putAvailabilitySchema>;

/** A user's working hours: their zone and the week, by day then start. */
export const availabilitySchema = z.object({
  timezone: z.string(),
  weekly: z.array(workingIntervalSchema),
});
export type Availability = z.infer<typeof availabilitySchema>;

/**
 * POST /api/time-off (docs/domain.md#time-off): the whole days `from`..`to` (inclusive, at most
 * 366) in the user's zone. `dryRun` stores nothing and answers the sessions it affects.
 */
export const createTimeOffSchema = z
  .strictObject({
    userId: idField(coverMessages.userRequired),
    from: z.string({ error: messages.dayFromInvalid }).pipe(calendarDay),
    to: z.string({ error: messages.dayToInvalid }).pipe(calendarDay),
    reason: z
      .string()
      .trim()
      .max(TIME_OFF_REASON_MAX, messages.reasonTooLong)
      .nullish()
      .transform((reason) => reason || null),
    dryRun: z.boolean({ error: messages.dryRunInvalid }).optional().default(false),
  })
  .refine((input) => input.from <= input.to, { error: coverMessages.rangeInverted })
  .refine(
    (input) =>
      (Date.parse(`${input.to}T00:00:00Z`) - Date.parse(`${input.from}T00:00:00Z`)) / 86_400_000 < TIME_OFF_MAX_DAYS,
    { error: coverMessages.rangeTooLong },
  );
export type CreateTimeOff = z.infer<typeof createTimeOffSchema>;
export type CreateTimeOffInput = z.input<typeof createTimeOffSchema>;

/** A time off as the API answers it; a dry run's `id` is null (nothing was stored). */
export const timeOffSchema = z.object({
  id: z.number().int().nullable(),
  user: coverPersonSchema,
  from: z.string(),
  to: z.string(),
  reason: z.string().nullable(),
});
export type TimeOff = z.infer<typeof timeOffSchema>;

/** A session of the user's that a time off affects (not cancelled, completed or covered by someone else). */
export const affectedOccurrenceSchema = z.object({
  occurrenceId: z.number().int(),
  eventId: z.number().int(),
  title: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
});
export type AffectedOccurrence = z.infer<typeof affectedOccurrenceSchema>;

/** POST /api/time-off's answer. */
export const timeOffResultSchema = z.object({ timeOff: timeOffSchema, affected: z.array(affectedOccurrenceSchema) });
export type TimeOffResult = z.infer<typeof timeOffResultSchema>;

/**
 * GET /api/time-off: the time off overlapping the days `from`..`to` (either may be left out), of
 * `userId` when given (an editor reads only their own), newest first day first, paged.
 */
export const timeOffListQuerySchema = z
  .object({
    userId: idText(coverMessages.userRequired).optional(),
    from: z.string({ error: messages.dayFromInvalid }).pipe(calendarDay).optional(),
    to: z.string({ error: messages.dayToInvalid }).pipe(calendarDay).optional(),
    limit: z.coerce.number().int().min(1).max(1000).default(50),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { error: coverMessages.rangeInverted });
export type TimeOffListQuery = z.infer<typeof timeOffListQuerySchema>;
export const timeOffListSchema = z.object({ timeOff: z.array(timeOffSchema), totalCount: z.number().int() });
export type TimeOffList = z.infer<typeof timeOffListSchema>;

const notifyField = z.boolean({ error: messages.notifyInvalid }).optional().default(true);

/** POST /api/event-occurrences/{id}/cover: the substitute; `notify` (default true) tells the guests and both organisers. */
export const coverRequestSchema = z.strictObject({
  organiserId: idField(coverMessages.organiserRequired),
  notify: notifyField,
});
export type CoverRequest = z.infer<typeof coverRequestSchema>;

/** DELETE /api/event-occurrences/{id}/cover?notify=false: gives it back; `notify` (default true) tells them too. */
export const uncoverQuerySchema = z.object({
  notify: z
    .enum(['true', 'false', '1', '0'], { error: messages.notifyInvalid })
    .optional()
    .transform((value) => value === undefined || value === 'true' || value === '1'),
});
export type UncoverQuery = z.infer<typeof uncoverQuerySchema>;

/** GET /api/event-occurrences/needs-cover?days=30: from now to `days` ahead (1 to 366), paged. */
export const needsCoverQuerySchema = z.object({
  days: z.coerce
    .number({ error: coverMessages.daysInvalid })
    .int(coverMessages.daysInvalid)
    .min(1, coverMessages.daysInvalid)
    .max(366, coverMessages.daysInvalid)
    .default(30),
  limit: z.coerce.number().int().min(1).max(1000).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type NeedsCoverQuery = z.infer<typeof needsCoverQuerySchema>;

/** A free substitute for a session, with what ranks them. */
export const coverCandidateSchema = z.object({
  user: coverPersonSchema,
  /** How many of the session's guests they organised a session for in the last 180 days. */
  knownGuests: z.number().int(),
  /** How many sessions were given to them to cover in the last 30 days. */
  coversLast30Days: z.number().int(),
});
export type CoverCandidate = z.infer<typeof coverCandidateSchema>;
export const coverCandidatesSchema = z.object({ candidates: z.array(coverCandidateSchema) });
export type CoverCandidates = z.infer<typeof coverCandidatesSchema>;

/** GET /api/time-off/{id}/cover-plan: the best free candidate for each affected session (null: none). */
export const coverPlanSchema = z.object({
  plan: z.array(z.object({ occurrenceId: z.number().int(), candidate: coverPersonSchema.nullable() })),
});
export type CoverPlan = z.infer<typeof coverPlanSchema>;

/** POST /api/time-off/{id}/cover-plan: the covers to give, all or none. */
export const applyCoverPlanSchema = z.strictObject({
  assignments: z
    .array(
      z.strictObject({
        occurrenceId: idField(coverMessages.assignmentsInvalid),
        organiserId: idField(coverMessages.organiserRequired),
      }),
      { error: coverMessages.assignmentsInvalid },
    )
    .max(500, coverMessages.assignmentsInvalid),
  notify: notifyField,
});
export type ApplyCoverPlan = z.infer<typeof applyCoverPlanSchema>;
export const coverPlanResultSchema = z.object({ covered: z.number().int() });
export type CoverPlanResult = z.infer<typeof coverPlanResultSchema>;
