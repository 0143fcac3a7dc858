import { defineMessages } from './messages.js';

/** Texts of booking a make-up session (docs/domain.md#make-ups). */
export const makeupMessages = defineMessages('makeup', {
  guestRequired: 'guestId must be an id',
  daysInvalid: 'days must be a whole number from 1 to 60',
  startInvalid: 'startsAt must be an ISO date-time',
  notEligible:
    'A make-up is only for a guest marked absent, cancelled, late cancelled or excused, or a guest of a cancelled session',
  alreadyBooked: 'This guest already has a make-up for this session',
  slotTaken: 'This time is no longer free: choose another proposal',
  slotClosed: 'This time falls in a closure: choose another proposal',
  slotOffGrid: 'A make-up starts on the hour or half past, between 08:00 and 20:00 in the organiser’s time zone',
  slotTimeOff: 'The organiser is on time off then: choose another proposal',
  slotOutsideHours: 'This time is outside the organiser’s working hours: choose another proposal',
  slotPast: 'A make-up must start in the future',
  hasMakeup: 'A make-up was booked for this session: delete the make-up first',
});
