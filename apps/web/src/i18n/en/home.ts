/** English texts of Home: the greeting, each role's dashboard and the sections (docs/product.md §2). */
export const home = {
  greeting: 'Welcome, {{username}}',
  signedInAs: 'You are signed in as {{role}}.',
  timezone: 'Times are shown in {{timezone}}.',
  sections: 'Your sections',
  noSections: 'There is nothing to manage for your role yet.',
  retry: 'Try again',
  todayTitle: 'Today’s sessions',
  todayDate: '{{day}}, in {{zone}}',
  rsvpNoCount: 'Guests who answered no today: {{count}}',
  approvedCount: '{{approved}} of {{total}} approved',
  openDay: 'Open in Upcoming Events',
  moreToday: 'Showing {{shown}} of {{total}}.',
  /** Times are the organiser's; their zone is named when it is not the reader's. */
  zoneTime: '{{zone}} time',
  organisedBy: 'Organiser: {{name}}',
  empty: 'No sessions today.',
  /** The link to Events after adminEmpty. */
  adminCreate: 'Create an event in Events.',
  guestEmpty: 'No upcoming sessions.',
  formsToFill: 'Still to fill',
  allFilled: 'Every guest’s {{form}} is in.',
  noGuests: 'No guests.',
  cancelled: 'Cancelled: nothing to fill.',
  completed: 'Completed: its forms can no longer be changed.',
  /** Form 1's title until GET /api/forms/1 answers (or when it cannot be read). */
  nextTitle: 'Your next sessions',
  place: 'Place: {{name}}',
  conferenceLink: 'Conference link:',
};
