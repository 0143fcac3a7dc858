import { z } from 'zod';
import { idField, idText } from './ids.js';
import { makeupMessages } from './makeup.messages.js';
export { makeupMessages } from './makeup.messages.js';

/** Most proposals one make-up search answers. */
export const MAKEUP_MAX_SLOTS = 5;
/** How far ahead a make-up search looks by default, and at most (days of 24 hours from now). */
export const MAKEUP_DEFAULT_DAYS = 14;
export const MAKEUP_MAX_DAYS = 60;
/** A make-up starts at or after this local hour and ends by the last, in the organiser's zone. */
export const MAKEUP_FIRST_HOUR = 8;
export const MAKEUP_LAST_HOUR = 20;

/** The session a make-up makes up for, and the guest it is for (docs/domain.md#make-ups). */
export const makeupOfSchema = z.object({
  occurrenceId: z.number().int(),
  guestId: z.number().int(),
});
export type MakeupOf = z.infer<typeof makeupOfSchema>;

/** A guest's booked make-up for a session they missed: the make-up session and its start (ISO). */
export const bookedMakeupSchema = z.object({ occurrenceId: z.number().int(), startsAt: z.string() });
export type BookedMakeup = z.infer<typeof bookedMakeupSchema>;

/** GET /api/event-occurrences/{id}/makeup-slots?guestId&days=14. */
export const makeupSlotsQuerySchema = z.object({
  guestId: idText(makeupMessages.guestRequired),
  days: z.coerce
    .number({ error: makeupMessages.daysInvalid })
    .int(makeupMessages.daysInvalid)
    .min(1, makeupMessages.daysInvalid)
    .max(MAKEUP_MAX_DAYS, makeupMessages.daysInvalid)
    .default(MAKEUP_DEFAULT_DAYS),
});
export type MakeupSlotsQuery = z.infer<typeof makeupSlotsQuerySchema>;

/** A free time for a make-up (ISO instants). */
export const makeupSlotSchema = z.object({ startsAt: z.string(), endsAt: z.string() });
export type MakeupSlot = z.infer<typeof makeupSlotSchema>;

/** At most MAKEUP_MAX_SLOTS proposals, by start. */
export const makeupSlotsSchema = z.object({ slots: z.array(makeupSlotSchema) });
export type MakeupSlots = z.infer<typeof makeupSlotsSchema>;

/** POST /api/event-occurrences/{id}/makeup: the guest and the chosen start (an ISO instant). */
export const bookMakeupSchema = z.strictObject({
  guestId: idField(makeupMessages.guestRequired),
  startsAt: z
    .string({ error: makeupMessages.startInvalid })
    .pipe(z.iso.datetime({ offset: true, error: makeupMessages.startInvalid })),
});
export type BookMakeup = z.infer<typeof bookMakeupSchema>;

/** The make-up session booked: an occurrence of the original's event with that guest only. */
export const makeupOccurrenceSchema = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  makeupOf: makeupOfSchema,
});
export type MakeupOccurrence = z.infer<typeof makeupOccurrenceSchema>;
