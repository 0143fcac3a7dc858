import { z } from 'zod';
import { LANGUAGES, OCCURRENCE_STATUSES } from './constants.js';
import { rsvpMessages } from './rsvp.messages.js';
export { rsvpMessages } from './rsvp.messages.js';

/** A guest's answer to "Are you coming?" (docs/domain.md#rsvp). */
export const RSVP_RESPONSES = ['yes', 'no'] as const;
export type RsvpResponse = (typeof RSVP_RESPONSES)[number];

/** POST /api/rsvp/{token}: the guest's answer. */
export const rsvpAnswerSchema = z.strictObject({
  response: z.enum(RSVP_RESPONSES, { error: rsvpMessages.responseInvalid }),
});
export type RsvpAnswer = z.infer<typeof rsvpAnswerSchema>;

/**
 * GET and POST /api/rsvp/{token}: the session as its guest sees it through their link, their
 * answer and the cutoff (start minus CANCEL_NOTICE_HOURS) before which "no" is a cancellation in
 * time. `timezone` is the guest's own zone (the one their reminder was written in). `answerable` is
 * false once the session is cancelled (`session.status`) or has started: the page then says why
 * and offers no answer.
 */
export const rsvpSchema = z.object({
  session: z.object({
    title: z.string(),
    startsAt: z.string(),
    endsAt: z.string(),
    timezone: z.string(),
    location: z.string().nullable(),
    conferenceLink: z.string().nullable(),
    organiser: z.string().nullable(),
    status: z.enum(OCCURRENCE_STATUSES),
  }),
  guest: z.object({ name: z.string(), language: z.enum(LANGUAGES) }),
  response: z.enum(RSVP_RESPONSES).nullable(),
  respondedAt: z.string().nullable(),
  cutoff: z.string(),
  answerable: z.boolean(),
});
export type Rsvp = z.infer<typeof rsvpSchema>;
