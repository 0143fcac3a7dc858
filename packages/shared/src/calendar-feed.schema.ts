import { z } from 'zod';
import { defineMessages } from './messages.js';

/** A person's calendar subscription: the feed's address, secret to them (GET or reset). */
export const calendarFeedSchema = z.object({
  /** Absolute, ending in `.ics`; needs no session (the token in it is the credential). */
  url: z.string(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

export const calendarFeedMessages = defineMessages('calendarFeed', {
  notFound: 'Calendar feed not found',
});
