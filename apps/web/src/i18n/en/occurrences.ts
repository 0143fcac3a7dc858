/**
 * English texts of the occurrence screens: Upcoming Events, Event Occurrences, Monthly Report and
 * Edit Event Occurrence (docs/product.md §2, §5, §8).
 */
export const occurrences = {
  upcomingDescription: 'The sessions of a day: who is coming, what was noted, and the day’s schedule.',
  allDescription: 'Every dated occurrence of the events, day by day.',
  monthlyDescription: 'A month’s occurrences with the notes taken after them.',
  occurrenceDate: 'Occurrence Date',
  notes: 'Notes',
  statuses: {
    scheduled: 'Scheduled',
    approved: 'Approved',
    completed: 'Completed',
    cancelled: 'Cancelled',
  },
  emptyDay: 'No occurrences on this day',
  emptyMonth: 'No occurrences in this month',
  /** Added to a Fill item when the guest's form is already filled in. */
  filledMark: '+',
  /** Form 1's title until GET /api/forms/1 answers (or when it cannot be read). */
  upcomingItem: 'Upcoming event',
  approve: 'Approve Schedule',
  unapprove: 'Unapprove Schedule',
  confirmApprove: 'Approve the schedule of {{day}}? Its scheduled occurrences become approved.',
  confirmUnapprove: 'Unapprove the schedule of {{day}}? Its approved occurrences become scheduled again.',
  scheduleActions: 'Schedule of the day',
  editTitle: 'Edit Event Occurrence',
  editDescription: 'The guests of this one occurrence and its start, in the organiser’s time zone.',
  submitUpdate: 'Update Event Occurrence',
  updated: 'Event occurrence updated successfully',
  startHint: 'In {{zone}}, the organiser’s time zone.',
  choicesFailed: 'The guests could not be loaded: {{error}}',
  completedNote: 'This occurrence is completed and cannot be changed.',
  exportCsv: 'Export CSV',
  exportFailed: 'Error exporting CSV: {{error}}',
};
