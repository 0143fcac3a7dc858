import { z } from 'zod';
import { RECORD_STATUSES } from './constants.js';
import { idField } from './ids.js';
import { creatorSchema, listQuerySchema, listResponseSchema, queryFlag } from './list.js';
import { eventMessages, MAX_OCCURRENCE_COUNT } from './events.messages.js';
import { conflictSchema } from './conflicts.schema.js';
import { currencySchema, moneySchema } from './billing.schema.js';
export { eventMessages, MAX_OCCURRENCE_COUNT } from './events.messages.js';

export const DEFAULT_OCCURRENCE_COUNT = 13;
export const DEFAULT_END_DAYS_AHEAD = 90;
export const HORIZON_MONTHS = 12;

/** Sort keys of the events list; the first is the default. */
export const EVENT_SORTS = ['name', 'date', 'status'] as const;

export const REPEAT_FREQUENCIES = ['day', 'week', 'month', 'year'] as const;
export const WEEKDAY_CODES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;

const wallClock = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, 'Start must be a local date and time (YYYY-MM-DDTHH:mm)');
const localDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'End date must be a date (YYYY-MM-DD)');

/**
 * The event form's repeat choices (docs/product.md §2, §4): the server turns them into RFC 5545 rule text in
 * the organiser's zone. `start` is wall-clock time in that zone. A single event is
 * `{doesNotRepeat: true}` (stored as FREQ=DAILY;INTERVAL=1;COUNT=1).
 */
export const repeatOptionsSchema = z.discriminatedUnion('doesNotRepeat', [
  z.object({ doesNotRepeat: z.literal(true), start: wallClock }),
  z.object({
    doesNotRepeat: z.literal(false),
    start: wallClock,
    frequency: z.enum(REPEAT_FREQUENCIES),
    interval: z.number().int().min(1, 'Repeat every must be at least 1').max(1000),
    /** Week only; empty means the start's weekday. */
    weekdays: z.array(z.enum(WEEKDAY_CODES)).max(7).default([]),
    end: z.discriminatedUnion('type', [
      z.object({ type: z.literal('never') }),
      z.object({ type: z.literal('on'), date: localDay }),
      z.object({
        type: z.literal('after'),
        count: z.number().int().min(1).max(MAX_OCCURRENCE_COUNT, eventMessages.maxCount),
      }),
    ]),
  }),
]);
export type RepeatOptions = z.infer<typeof repeatOptionsSchema>;

const optionalText = (label: string, max: number) =>
  z
    .union([z.string(), z.null()], { error: `${label} must be text` })
    .transform((value) => (value ?? '').trim() || null)
    .pipe(z.string().max(max, `${label} must be at most ${max} characters`).nullable())
    .optional();

const id = (label: string) => idField(`${label} must be an id`);

/**
 * POST /api/events. The rule comes either as `rrule` text (RFC 5545 with DTSTART;TZID, as the
 * web's first client sent it) or as `repeat` choices (the web form); `endTime` (HH:mm, the form's
 * 'To') or `endDate` (an ISO instant, the first occurrence's end) gives the duration.
 */
export const createEventSchema = z.object({
  title: z
    .string({ error: eventMessages.titleRequired })
    .trim()
    .min(1, eventMessages.titleRequired)
    .max(200, 'Event title must be at most 200 characters'),
  description: optionalText('Description', 5000),
  conferenceLink: optionalText('Conference link', 2000).refine(
    (value) => value == null || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(value),
    eventMessages.conferenceLinkInvalid,
  ),
  locationId: id('Location'),
  organiserId: id('Organiser'),
  guestIds: z.array(id('Guest')).max(500).default([]),
  rrule: z.string().trim().min(1).max(2000).optional(),
  repeat: repeatOptionsSchema.optional(),
  endTime: z
    .string()
    .regex(/^\d{2}:\d{2}$/, 'To must be a time of day (HH:mm)')
    .optional(),
  endDate: z.iso.datetime({ offset: true, error: 'End date must be an ISO date-time' }).optional(),
  doesNotRepeat: z.boolean().optional(),
  /**
   * What each guest is charged per session (docs/domain.md#billing), or null: sessions of an event
   * without a price are never billed. Absent on PATCH keeps it.
   */
  price: moneySchema.nullable().optional(),
});
export type CreateEvent = z.infer<typeof createEventSchema>;

/**
 * PATCH: every field optional; guestIds left out keeps the guests (no default of []).
 * `fromOccurrenceId` splits the series there ("this and following"): the event keeps the
 * occurrences before it and the answer is a new event, made of it plus the changes, that holds
 * that occurrence and the later ones.
 */
export const updateEventSchema = createEventSchema
  .extend({ guestIds: z.array(id('Guest')).max(500), fromOccurrenceId: id('Occurrence') })
  .partial();
export type UpdateEvent = z.infer<typeof updateEventSchema>;

export const eventSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  conferenceLink: z.string().nullable(),
  rrule: z.string(),
  /** The rule's zone (the organiser's when saved). */
  timezone: z.string(),
  /** The form's choices for the rule, or null when the form cannot show it. */
  repeat: repeatOptionsSchema.nullable(),
  doesNotRepeat: z.boolean(),
  /** The first occurrence's end (ISO). */
  endDate: z.string(),
  /** The next occurrence from now (ISO), or null when the series is over. */
  nextOccurrence: z.string().nullable(),
  rruleByDayText: z.string(),
  status: z.enum(RECORD_STATUSES),
  location: z.object({ id: z.number().int(), name: z.string() }),
  organiser: z.object({
    id: z.number().int(),
    name: z.string().nullable(),
    surname: z.string().nullable(),
    timezone: z.string(),
  }),
  guests: z.array(
    z.object({
      id: z.number().int(),
      name: z.string().nullable(),
      surname: z.string().nullable(),
      status: z.string(),
    }),
  ),
  guestIds: z.array(z.number().int()),
  /** Per guest per session, in minor units; null: not billed. */
  price: z.object({ amount: z.number().int(), currency: currencySchema }).nullable(),
  user: creatorSchema,
  createdAt: z.string(),
});
export type Event = z.infer<typeof eventSchema>;

export const eventListQuerySchema = listQuerySchema(EVENT_SORTS).extend({
  /** The list's checkbox: only events that repeat. */
  recurringEvents: queryFlag,
  /** Include archived events (deleted ones that kept their history). */
  archived: queryFlag,
});
export type EventListQuery = z.infer<typeof eventListQuerySchema>;
export const eventListSchema = listResponseSchema('events', eventSchema);
export type EventList = z.infer<typeof eventListSchema>;

/**
 * POST /api/events/preview: the next occurrences a rule gives (the form's preview) and, over every
 * occurrence it would store, the clashes with the organiser's, the guests' and the location's
 * other sessions. `endTime`/`endDate` give the duration as in create; `eventId` is the event being
 * edited, which never clashes with itself.
 */
export const eventPreviewRequestSchema = z.object({
  organiserId: id('Organiser').optional(),
  rrule: z.string().trim().min(1).max(2000).optional(),
  repeat: repeatOptionsSchema.optional(),
  /** How many to show (default 5). */
  limit: z.number().int().min(1).max(20).default(5),
  guestIds: z.array(id('Guest')).max(500).optional(),
  locationId: id('Location').optional(),
  endTime: createEventSchema.shape.endTime,
  endDate: createEventSchema.shape.endDate,
  eventId: id('Event').optional(),
});
export type EventPreviewRequestInput = z.input<typeof eventPreviewRequestSchema>;
export type EventPreviewRequest = z.infer<typeof eventPreviewRequestSchema>;
export const eventPreviewSchema = z.object({
  timezone: z.string(),
  rrule: z.string(),
  rruleByDayText: z.string(),
  occurrences: z.array(z.string()),
  /**
   * The same occurrences, each with whether it is over (it started before now) and whether the
   * event's session at that start is cancelled (editing; a new event has none), so a form marks them.
   */
  occurrenceStates: z.array(z.object({ start: z.string(), past: z.boolean(), cancelled: z.boolean() })),
  /** How many the series has in all (capped by the 12-month horizon for never-ending ones). */
  totalCount: z.number().int(),
  /** Clashes over all of the series' occurrences, by start, at most 100 (MAX_CONFLICTS). */
  conflicts: z.array(conflictSchema),
  /** How many clashes in all. */
  conflictCount: z.number().int(),
});
export type EventPreview = z.infer<typeof eventPreviewSchema>;

/**
 * GET /api/events/{id}/continuation?fromOccurrenceId=: what the later part of a split at that
 * occurrence gets when no new rule is sent (the rule continued from it, in the form's choices when
 * it can show them), and the first later occurrence with history, which blocks the split.
 */
export const eventContinuationQuerySchema = z.object({ fromOccurrenceId: z.coerce.number().pipe(id('Occurrence')) });
export const eventContinuationSchema = z.object({
  fromOccurrenceId: z.number().int(),
  /** The occurrence's start (ISO). */
  occurrenceDate: z.string(),
  /** No occurrence before it: the change applies to the whole series. */
  wholeSeries: z.boolean(),
  rrule: z.string(),
  timezone: z.string(),
  repeat: repeatOptionsSchema.nullable(),
  rruleByDayText: z.string(),
  /** The later part's first end (ISO). */
  endDate: z.string(),
  /** The first later occurrence with history (the split answers 409), or null. */
  blockedBy: z.object({ id: z.number().int(), occurrenceDate: z.string() }).nullable(),
});
export type EventContinuation = z.infer<typeof eventContinuationSchema>;
