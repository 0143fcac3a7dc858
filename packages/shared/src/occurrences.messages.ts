import { defineMessages } from './messages.js';

/** Texts of the occurrences API and screens (docs/product.md §5, §8). */
export const occurrenceMessages = defineMessages('occurrences', {
  dateRequired: 'Occurrence date must be set',
  noId: 'An error occurred while updating the item, no eventOccurrenceId',
  updateFailed: 'An error occurred while updating the item',
  completedLocked: 'A completed occurrence cannot be changed',
  hasSubmissions: 'This occurrence has form submissions and cannot be deleted',
  dateTaken: 'The event already has an occurrence at that time',
  hasMessages: 'This occurrence has logged messages and cannot be deleted',
  hasAttendance: 'This occurrence has attendance marks and cannot be deleted',
  dateInvalid: 'Occurrence date must be an ISO date-time or a local YYYY-MM-DDTHH:mm',
  dateOutOfRange: 'Occurrence date must be between the years 1900 and 2999',
  guestInvalid: ({ id }: { id: number }) => `Guest ${id} is not an active guest`,
  deleted: 'Event occurrence deleted successfully',
  upcomingDeleted: 'Upcoming event deleted successfully',
  approved: ({ count }: { count: number }) => (count === 1 ? '1 occurrence approved' : `${count} occurrences approved`),
  unapproved: ({ count }: { count: number }) =>
    count === 1 ? '1 occurrence set back to scheduled' : `${count} occurrences set back to scheduled`,
  approveFailed: 'An error occurred while approving the schedule',
  unapproveFailed: 'An error occurred while unapproving the schedule',
  approveError: 'Error approving the schedule:',
  unapproveError: 'Error unapproving the schedule:',
  pastDay: 'The schedule of a past day cannot be changed',
  timezoneInvalid: 'timezone must be an IANA time zone such as Europe/Istanbul',
});
