import { defineMessages } from './messages.js';

/** Texts of a guest's own answer through their link (docs/domain.md#rsvp). */
export const rsvpMessages = defineMessages('rsvp', {
  responseInvalid: 'response must be yes or no',
  notFound: 'This link is not valid',
  started: 'The session has already started: it can no longer be answered',
  cancelled: 'This session is cancelled',
});
