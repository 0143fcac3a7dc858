import { z } from 'zod';

/** What is booked twice: the organiser, a guest or the room. */
export const CLASH_KINDS = ['organiser', 'guest', 'location'] as const;
export type ClashKind = (typeof CLASH_KINDS)[number];

/**
 * A planned session's warnings: a double booking (CLASH_KINDS), or the organiser being on time
 * off then (`timeOff`) or the session lying outside their working hours (`outsideHours`;
 * docs/domain.md#working-hours).
 */
export const CONFLICT_KINDS = [...CLASH_KINDS, 'timeOff', 'outsideHours'] as const;
export type ConflictKind = (typeof CONFLICT_KINDS)[number];

/** At most this many clashes are listed; `conflictCount` says how many there are in all. */
export const MAX_CONFLICTS = 100;

/** Home's clash window reads at most this many days. */
export const CONFLICT_WINDOW_MAX_DAYS = 31;

/**
 * One warning (never a refusal). A clash (CLASH_KINDS): a stored occurrence of another event (or
 * another occurrence of the same event, when one occurrence is moved) whose half-open [start, end)
 * overlaps the planned time and that has the same organiser, a same active guest or the same
 * location. `userId` names the person (organiser or guest), `locationId` the room; `name` is
 * that person's or room's name as the screens show it. A `timeOff` or `outsideHours` warning is
 * about the planned session itself: `startsAt`/`endsAt` are its times, `userId`/`name` its
 * organiser's, and there is no occurrence, event or title.
 */
const clashFields = {
  occurrenceId: z.number().int(),
  eventId: z.number().int(),
  title: z.string(),
  /** The clashing occurrence's start and end (ISO instants). */
  startsAt: z.string(),
  endsAt: z.string(),
  userId: z.number().int().optional(),
  locationId: z.number().int().optional(),
  name: z.string(),
};
export const conflictSchema = z.object({
  ...clashFields,
  kind: z.enum(CONFLICT_KINDS),
  occurrenceId: clashFields.occurrenceId.optional(),
  eventId: clashFields.eventId.optional(),
  title: clashFields.title.optional(),
});
export type Conflict = z.infer<typeof conflictSchema>;

/** The conflict part of an answer: the first MAX_CONFLICTS by start, and how many in all. */
export const conflictListSchema = z.object({
  conflicts: z.array(conflictSchema),
  conflictCount: z.number().int(),
});
export type ConflictList = z.infer<typeof conflictListSchema>;

/**
 * GET /api/event-occurrences/conflicts (admins, Home): stored occurrences that clash with each
 * other in [from, to) (ISO instants, at most CONFLICT_WINDOW_MAX_DAYS days). Each clash is a
 * conflict (the later-listed occurrence) and the occurrence it clashes `with`.
 */
export const conflictWindowQuerySchema = z
  .object({
    from: z.iso.datetime({ offset: true, error: 'from must be an ISO date-time' }),
    to: z.iso.datetime({ offset: true, error: 'to must be an ISO date-time' }),
  })
  .refine((query) => Date.parse(query.from) < Date.parse(query.to), {
    error: 'The end (to) must be after the start (from)',
  })
  .refine((query) => Date.parse(query.to) - Date.parse(query.from) <= CONFLICT_WINDOW_MAX_DAYS * 86_400_000, {
    error: `Clashes are read for at most ${CONFLICT_WINDOW_MAX_DAYS} days at once`,
  });
export type ConflictWindowQuery = z.infer<typeof conflictWindowQuerySchema>;

/** A clash between two stored occurrences: always a double booking, with both sessions. */
export const occurrenceClashSchema = z.object({
  ...clashFields,
  kind: z.enum(CLASH_KINDS),
  with: z.object({
    occurrenceId: z.number().int(),
    eventId: z.number().int(),
    title: z.string(),
    startsAt: z.string(),
    endsAt: z.string(),
  }),
});
export type OccurrenceClash = z.infer<typeof occurrenceClashSchema>;

export const occurrenceClashListSchema = z.object({
  conflicts: z.array(occurrenceClashSchema),
  conflictCount: z.number().int(),
});
export type OccurrenceClashList = z.infer<typeof occurrenceClashListSchema>;
