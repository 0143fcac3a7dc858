import { z } from 'zod';
import { attendanceMessages } from './attendance.messages.js';
import { ATTENDANCE_STATUSES, OCCURRENCE_PAGE_MAX, OCCURRENCE_STATUSES } from './constants.js';
import { idField, idText } from './ids.js';
import { codedTextShape, queryFlag } from './list.js';
import { codedText, type Text } from './messages.js';
import { occurrenceMessages } from './occurrences.messages.js';
import { bookedMakeupSchema, makeupOfSchema } from './makeup.schema.js';
import { RSVP_RESPONSES } from './rsvp.schema.js';
import { occurrenceCoverSchema } from './occurrence-cover.schema.js';
export { occurrenceMessages } from './occurrences.messages.js';

/** An id in the query string (canonical, ids.ts). */
const queryId = (label: string) => idText(`${label} must be an id`);

/** A calendar day, YYYY-MM-DD, that exists. */
export const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must be a day (YYYY-MM-DD)')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'Date must be a day (YYYY-MM-DD)');

/** An IANA zone name the runtime knows (checked on the server with luxon). */
export const timezoneParam = z.string().trim().min(1).max(64, occurrenceMessages.timezoneInvalid);

const instant = (label: string) => z.iso.datetime({ offset: true, error: `${label} must be an ISO date-time` });

/**
 * GET /api/event-occurrences (docs/architecture.md#api-contract): `date` is a calendar day in `timezone` (else the
 * caller's zone), `monthly` widens it to that day's month; `from`/`to` are instants
 * (`from` inclusive, `to` exclusive); sorted by start. `light` leaves out each submission's data
 * (its notes stay). Scoped by role on the server.
 */
export const eventOccurrenceListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(OCCURRENCE_PAGE_MAX).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  q: z.string().trim().max(200).optional(),
  date: calendarDay.optional(),
  timezone: timezoneParam.optional(),
  monthly: queryFlag,
  light: queryFlag,
  eventId: queryId('eventId').optional(),
  from: instant('from').optional(),
  to: instant('to').optional(),
  status: z.enum(OCCURRENCE_STATUSES).optional(),
});
export type EventOccurrenceListQuery = z.infer<typeof eventOccurrenceListQuerySchema>;

const person = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  surname: z.string().nullable(),
  status: z.string(),
});
export type OccurrencePerson = z.infer<typeof person>;

export const attendanceStatusSchema = z.enum(ATTENDANCE_STATUSES, { error: attendanceMessages.statusInvalid });

/** One guest's mark on one session (docs/domain.md#attendance). */
export const attendanceEntrySchema = z.object({
  guestId: z.number().int(),
  status: attendanceStatusSchema,
  note: z.string().nullable(),
  /** Who marked it last (null once that user is gone). */
  markedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  markedAt: z.string(),
});
export type AttendanceEntry = z.infer<typeof attendanceEntrySchema>;

/** A form submission as an occurrence row carries it (docs/product.md §3 Form submission). */
export const occurrenceSubmissionSchema = z.object({
  id: z.number().int(),
  form: z.object({ id: z.number().int(), title: z.string() }),
  /** The guest it is about (null for a submission about no one guest). */
  user: z.object({ id: z.number().int(), name: z.string().nullable(), surname: z.string().nullable() }).nullable(),
  /** The form version it was made with. */
  formVersion: z.number().int(),
  /** The notes field (`Aciklama`) of the data, or null. */
  notes: z.string().nullable(),
  /** Left out when the list was asked for with light=true. */
  submissionData: z.record(z.string(), z.unknown()).optional(),
  updatedAt: z.string(),
});
export type OccurrenceSubmission = z.infer<typeof occurrenceSubmissionSchema>;

/**
 * A cancelled session's cancellation (docs/domain.md#cancellation): the reason given, when (ISO
 * instant) and by whom (null once that user is gone).
 */
export const occurrenceCancellationSchema = z.object({
  reason: z.string(),
  at: z.string(),
  by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type OccurrenceCancellation = z.infer<typeof occurrenceCancellationSchema>;

/** One occurrence with its event, organiser, guests and form submissions (docs/product.md §3 Event occurrence). */
export const eventOccurrenceSchema = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  /** Start (ISO instant). */
  occurrenceDate: z.string(),
  /** End (ISO instant). */
  endDate: z.string(),
  status: z.enum(OCCURRENCE_STATUSES),
  hasGuestOverride: z.boolean(),
  event: z.object({
    id: z.number().int(),
    title: z.string(),
    description: z.string().nullable(),
    conferenceLink: z.string().nullable(),
    /** The zone the rule is read in (the organiser's when saved). */
    timezone: z.string(),
    status: z.string(),
    /** A single event: there is no series to edit from one of its occurrences. */
    doesNotRepeat: z.boolean(),
    location: z.object({ id: z.number().int(), name: z.string() }),
    organiser: z.object({
      id: z.number().int(),
      name: z.string().nullable(),
      surname: z.string().nullable(),
      timezone: z.string(),
      /** The organiser's groups: the lookups and report forms of a fill come from them. */
      groupIds: z.array(z.number().int()),
    }),
    guests: z.array(person),
  }),
  /** The occurrence's own guest list (used when hasGuestOverride). */
  occurrenceGuests: z.array(person),
  /**
   * The guests that count: the override list when set, else the event's; active ones only. Each
   * carries their attendance status (null: unmarked) and their own answer through the link in
   * their reminder (`yes`, `no`, null: none; docs/domain.md#rsvp), and the make-up booked for them
   * for this session, unless cancelled (null: none; docs/domain.md#make-ups). A guest reads only their own.
   */
  guests: z.array(
    person.extend({
      attendance: attendanceStatusSchema.nullable(),
      rsvp: z.enum(RSVP_RESPONSES).nullable(),
      makeup: bookedMakeupSchema.nullable(),
    }),
  ),
  formSubmissions: z.array(occurrenceSubmissionSchema),
  /** The session's attendance marks (a guest without one is unmarked), guests in name order. */
  attendance: z.array(attendanceEntrySchema),
  /** Why and when it was cancelled and by whom (null: not cancelled; docs/domain.md#cancellation). */
  cancellation: occurrenceCancellationSchema.nullable(),
  /** A make-up session: the session it makes up for and its guest (null: not a make-up; docs/domain.md#make-ups). */
  makeupOf: makeupOfSchema.nullable(),
  /**
   * Who covers it for its event's organiser (null: no cover; docs/domain.md#cover). While it is
   * covered, `event.organiser` is the substitute, as every rule about its organiser reads it.
   */
  cover: occurrenceCoverSchema.nullable(),
});
export type EventOccurrence = z.infer<typeof eventOccurrenceSchema>;

export const eventOccurrenceListSchema = z.object({
  eventOccurrences: z.array(eventOccurrenceSchema),
  totalCount: z.number().int(),
});
export type EventOccurrenceList = z.infer<typeof eventOccurrenceListSchema>;

/**
 * PATCH /api/event-occurrences/{id}: `occurrenceGuestIds` sets the occurrence's own guest list
 * (the override); `occurrenceDate` moves it, either an ISO instant or wall-clock
 * `YYYY-MM-DDTHH:mm` read in the event's zone. Null or empty `occurrenceDate` is refused.
 */
export const updateEventOccurrenceSchema = z.strictObject({
  occurrenceGuestIds: z.array(idField('Guest must be an id')).max(500).optional(),
  occurrenceDate: z
    .string({ error: occurrenceMessages.dateRequired })
    .trim()
    .min(1, occurrenceMessages.dateRequired)
    .refine(
      (value) =>
        /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value) || instant('Occurrence date').safeParse(value).success,
      'Occurrence date must be an ISO date-time or a local YYYY-MM-DDTHH:mm',
    )
    .optional(),
});
export type UpdateEventOccurrence = z.infer<typeof updateEventOccurrenceSchema>;

/** POST approveSchedule / unapproveSchedule: a day in `timezone`, else the caller's zone. */
export const scheduleDayRequestSchema = z.object({
  listDate: calendarDay,
  timezone: timezoneParam.optional(),
});
export type ScheduleDayRequest = z.infer<typeof scheduleDayRequestSchema>;

/** The answer of every bulk action (approve, unapprove; the sends in the messaging issue). */
export const bulkActionResultSchema = z.object({ success: z.boolean(), ...codedTextShape });
export type BulkActionResult = z.infer<typeof bulkActionResultSchema>;
/** A bulk action's answer: whether it worked and its text with the text's code and values. */
export const bulkResult = (success: boolean, text: Text): BulkActionResult => ({ success, ...codedText(text) });

/** At most this many days in one CSV export. */
export const EXPORT_MAX_DAYS = 366;

/** GET /api/event-occurrences/export: days `from`..`to` (inclusive) in `timezone` (else the caller's zone). */
export const occurrenceExportQuerySchema = z
  .object({
    from: z.string({ error: 'from is required' }).pipe(calendarDay),
    to: z.string({ error: 'to is required' }).pipe(calendarDay),
    timezone: timezoneParam.optional(),
  })
  .refine((query) => query.from <= query.to, { error: 'The export’s end (to) must not be before its start (from)' })
  .refine(
    (query) =>
      (Date.parse(`${query.to}T00:00:00Z`) - Date.parse(`${query.from}T00:00:00Z`)) / 86_400_000 < EXPORT_MAX_DAYS,
    { error: `The export covers at most ${EXPORT_MAX_DAYS} days` },
  );
export type OccurrenceExportQuery = z.infer<typeof occurrenceExportQuerySchema>;

/** The longest range one calendar read covers (a month view shows six weeks). */
export const CALENDAR_MAX_DAYS = 62;
/** The most sessions a calendar read keeps of each day (`perDay`) or hour (`perHour`). */
export const CALENDAR_MAX_PER = 100;

const perBucket = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a whole number from 1 to ${CALENDAR_MAX_PER}` })
    .int({ error: `${label} must be a whole number from 1 to ${CALENDAR_MAX_PER}` })
    .min(1, { error: `${label} must be a whole number from 1 to ${CALENDAR_MAX_PER}` })
    .max(CALENDAR_MAX_PER, { error: `${label} must be a whole number from 1 to ${CALENDAR_MAX_PER}` });

/**
 * GET /api/event-occurrences/calendar: the sessions starting in [from, to) (ISO instants), scoped
 * like the lists; admins may narrow by organiser, location and guest. `perDay` keeps only the first
 * sessions (by start) of each day, `perHour` of each hour, days and hours counted in `timezone`
 * (else the caller's zone); the answer then counts each day's sessions in `days`, so a busy
 * month stays small.
 */
export const occurrenceCalendarQuerySchema = z
  .object({
    from: z.string({ error: 'from is required' }).pipe(instant('from')),
    to: z.string({ error: 'to is required' }).pipe(instant('to')),
    organiserId: queryId('organiserId').optional(),
    locationId: queryId('locationId').optional(),
    guestId: queryId('guestId').optional(),
    perDay: perBucket('perDay').optional(),
    perHour: perBucket('perHour').optional(),
    timezone: timezoneParam.optional(),
  })
  .refine((query) => Date.parse(query.from) < Date.parse(query.to), {
    error: 'The calendar’s end (to) must be after its start (from)',
  })
  .refine((query) => Date.parse(query.to) - Date.parse(query.from) <= CALENDAR_MAX_DAYS * 86_400_000, {
    error: `The calendar reads at most ${CALENDAR_MAX_DAYS} days at once`,
  })
  .refine((query) => query.perDay === undefined || query.perHour === undefined, {
    error: 'Ask for perDay or perHour, not both',
  });
export type OccurrenceCalendarQuery = z.infer<typeof occurrenceCalendarQuerySchema>;

/** One session as the calendar draws it; its event's details are in `events` by id. */
export const calendarOccurrenceSchema = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(OCCURRENCE_STATUSES),
  /** A cancelled session's reason (null otherwise). */
  cancellationReason: z.string().nullable(),
  /** A make-up session's original session and guest (null otherwise). */
  makeupOf: makeupOfSchema.nullable(),
});

/** A day of a cut calendar read: how many sessions the caller sees on it, kept or not. */
export const calendarDaySchema = z.object({
  /** YYYY-MM-DD in the read's zone. */
  date: z.string(),
  count: z.number().int(),
});
export type CalendarDay = z.infer<typeof calendarDaySchema>;

/**
 * A compact range: each event's details once, however many of its sessions fall in the range.
 * `days` (only when cut by perDay or perHour): every day of the range with a session, by date.
 */
export const occurrenceCalendarSchema = z.object({
  sessions: z.array(calendarOccurrenceSchema),
  events: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      timezone: z.string(),
      location: z.object({ id: z.number().int(), name: z.string() }),
      organiser: z.object({ id: z.number().int(), name: z.string().nullable(), surname: z.string().nullable() }),
    }),
  ),
  days: z.array(calendarDaySchema).optional(),
});
export type OccurrenceCalendar = z.infer<typeof occurrenceCalendarSchema>;
