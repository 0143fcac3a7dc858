import { defineMessages } from './messages.js';

/** Texts of working hours, time off and cover (docs/domain.md#cover). */
export const coverMessages = defineMessages('cover', {
  weeklyInvalid: 'weekly must be a list of {day, from, to} (at most 70)',
  dayInvalid: 'day must be one of MO, TU, WE, TH, FR, SA, SU',
  timeInvalid: 'from and to must be times of day (HH:mm)',
  intervalInverted: 'Each interval’s from must be before its to',
  intervalsOverlap: 'Two intervals of the same day overlap',
  notAnEditor: 'Working hours and time off are for admins and editors, not guests',
  userNotFound: 'User not found',
  userRequired: 'userId must be an id',
  rangeInverted: 'The time off’s last day (to) must not be before its first (from)',
  rangeTooLong: 'A time off covers at most 366 days',
  timeOffNotFound: 'Time off not found',
  daysInvalid: 'days must be a whole number from 1 to 366',
  organiserRequired: 'organiserId must be an id',
  notActiveEditor: 'The substitute must be an active editor',
  sameOrganiser: 'The substitute must be someone other than the session’s organiser',
  notFree: 'The substitute is not free for this session',
  notFreeFor: ({ startsAt }: { startsAt: string }) =>
    `The substitute for the session of ${startsAt} is not free for it`,
  cancelled: 'A cancelled session cannot be covered',
  completed: 'A completed session cannot be covered',
  notCovered: 'This session is not covered; there is nothing to give back',
  assignmentsInvalid: 'assignments must be a list of {occurrenceId, organiserId} (at most 500)',
  notInPlan: ({ id }: { id: number }) => `Session ${id} is not one this time off affects`,
  twiceInPlan: ({ id }: { id: number }) => `Session ${id} is in the plan twice`,
});
