/** English texts of the double-booking warnings (issue 15): the event form, Edit Event Occurrence, Home. */
export const conflicts = {
  title: 'Double bookings',
  checking: 'Checking for double bookings...',
  failed: 'Double bookings could not be checked: {{error}}',
  none: 'No double bookings.',
  /** One clash: who or what, and the session it clashes with ('session'). */
  organiser: '{{name}} is already organising {{session}}',
  guest: '{{name}} is already attending {{session}}',
  location: '{{name}} is already booked for {{session}}',
  /** The planned session itself ('session' is its time): the organiser's time off, their working hours. */
  timeOff: '{{name}} is on time off on {{session}}',
  outsideHours: '{{session}} is outside {{name}}’s working hours',
  /** Several clashes of one person or room, then the sessions as a list. */
  organiserMany_one: '{{name}} is already organising {{count}} session at these times:',
  organiserMany_other: '{{name}} is already organising {{count}} sessions at these times:',
  guestMany_one: '{{name}} is already attending {{count}} session at these times:',
  guestMany_other: '{{name}} is already attending {{count}} sessions at these times:',
  locationMany_one: '{{name}} is already booked for {{count}} session at these times:',
  locationMany_other: '{{name}} is already booked for {{count}} sessions at these times:',
  timeOffMany_one: '{{name}} is on time off for {{count}} session at these times:',
  timeOffMany_other: '{{name}} is on time off for {{count}} sessions at these times:',
  outsideHoursMany_one: '{{count}} session is outside {{name}}’s working hours:',
  outsideHoursMany_other: '{{count}} sessions are outside {{name}}’s working hours:',
  session: '‘{{title}}’ on {{when}}',
  more: 'and {{count}} more',
  listed: 'The first {{shown}} of {{count}} double bookings are listed.',
  stillSaves: 'A warning only: saving still works.',
  homeSubtitle: 'The next 7 days, times in {{zone}}',
  homeEmpty: 'No double bookings in the next 7 days.',
  /** Between the two sessions that clash: '‘Piano’ on … and ‘Violin’ on …'. */
  and: 'and',
  homeKind: {
    organiser: 'organiser',
    guest: 'guest',
    location: 'room',
  },
  homeMore: 'Showing {{shown}} of {{count}}.',
  editSession: 'Edit ‘{{title}}’ on {{when}}',
};
