import { defineMessages } from './messages.js';

/** Texts of the attendance API and screens (docs/product.md §10). */
export const attendanceMessages = defineMessages('attendance', {
  statusInvalid: 'Status must be one of present, late, absent, excused, cancelled, lateCancelled',
  guestNotOnSession: ({ id }: { id: number }) => `Guest ${id} is not a guest of this session`,
  guestTwice: ({ id }: { id: number }) => `Guest ${id} is listed more than once`,
  notStarted: 'The session has not started: only cancelled and excused can be marked ahead',
  sessionCancelled: 'A cancelled session has no attendance',
  notOrganiser: 'Only admins and the session’s organiser can take attendance',
  entriesRequired: 'entries must list at least one guest',
  entriesTooMany: 'entries lists at most 500 guests',
  entryGuestInvalid: 'entries[].guestId must be an id',
  fromRequired: 'from (a day) is required',
  toRequired: 'to (a day) is required',
  organiserFilterInvalid: 'Filter organiserId must be an id',
  locationFilterInvalid: 'Filter locationId must be an id',
  groupFilterInvalid: 'Filter groupId must be an id',
  guestFilterInvalid: 'Filter guestId must be an id',
  noteTooLong: 'A note is at most 2000 characters',
  rangeInverted: 'The range’s end (to) must not be before its start (from)',
  rangeTooLong: 'The range covers at most 366 days',
  groupByInvalid: 'groupBy must be one of guest, organiser, event, month',
  daysInvalid: 'days must be a whole number from 1 to 90',
  saved: 'Attendance saved',
});
