/**
 * English texts of attendance (issue 23): marking a session's guests (the calendar, Upcoming
 * Events, Fill Form, Home), the sessions still to complete on Home, and the Attendance screen.
 */
export const attendance = {
  /** A guest's mark at a session; no mark at all is `unmarked`. */
  /** A guest's own answer through their reminder's link, beside their name. */
  rsvp: { yes: 'Said yes', no: 'Said no' },
  statuses: {
    present: 'Present',
    late: 'Late',
    absent: 'Absent',
    excused: 'Excused',
    cancelled: 'Cancelled',
    lateCancelled: 'Cancelled late',
    unmarked: 'Not marked',
  },
  take: 'Take attendance',
  dialogTitle: 'Attendance: {{title}}',
  everyonePresent: 'Everyone present',
  addNote: 'Add a note',
  noteFor: 'Note about {{guest}} (optional)',
  save: 'Save attendance',
  saved: 'Attendance saved',
  saveFailed: 'The attendance could not be saved: {{error}}',
  unchanged: 'Choose a mark to save.',
  changed_one: '{{count}} change to save.',
  changed_other: '{{count}} changes to save.',
  notStarted: 'The session has not started yet: only Cancelled and Excused can be marked ahead.',
  cancelledSession: 'This session is cancelled: it has no attendance.',
  markedBy: 'Marked by {{name}}',
  loadFailed: 'The attendance could not be loaded: {{error}}',
  // Home: the sessions still to complete.
  toFillTitle: 'Still to complete',
  toFillDays: 'Sessions of the last {{count}} days with a guest not marked or without session notes.',
  toFillCount_one: '{{count}} session to complete',
  toFillCount_other: '{{count}} sessions to complete',
  toFillUnmarked_one: '{{count}} guest not marked',
  toFillUnmarked_other: '{{count}} guests not marked',
  allCaughtUp: 'All caught up.',
  // The Attendance screen.
  description: 'Who came to the sessions: the rate and the marks per guest, organiser, event or month.',
  from: 'From',
  thisMonth: 'This month',
  groupBy: 'Group by',
  groupings: {
    guest: 'By guest',
    organiser: 'By organiser',
    event: 'By event',
    month: 'By month',
  },
  anyGroup: 'Every group',
  /** The (session, guest) pairs counted. */
  sessions: 'Sessions',
  rate: 'Rate',
  rateHint:
    'The rate is present and late over present, late, absent and cancelled late; excused and cancelled in time do not count.',
  totals: 'In all',
  /** Read out for a rate that cannot be worked out (nobody was expected). */
  noRate: 'No rate',
  chartTitle: 'Over time',
  chartDescription: 'The marks of each month and the rate',
  chartLoading: 'Loading the chart...',
  empty: 'No session with guests in this range.',
  history: 'History of {{guest}}',
  historyLink: 'Open the history of {{guest}}',
  allGuests: 'Back to every guest',
  sortBy: 'Sort by {{column}}',
};
