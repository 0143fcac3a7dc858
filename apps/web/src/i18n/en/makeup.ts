/** English texts of booking a make-up session (docs/product.md §14). */
export const makeup = {
  book: 'Book a make-up',
  bookFor: 'Book a make-up: {{guest}}',
  proposalsFor: 'Free times for {{guest}}’s make-up',
  loading: 'Finding free times…',
  loadFailed: 'The free times could not be loaded: {{error}}',
  empty: 'No free time in the next 14 days',
  /** One proposal's button: the time in the organiser's zone. */
  bookAt: 'Book {{time}}',
  booking: 'Booking…',
  showMore: 'Show more times',
  booked: 'Make-up booked for {{guest}}: {{time}}',
  bookedOn: 'Make-up booked: {{time}}',
  taken: 'That time was just taken. Here are fresh proposals.',
  bookFailed: 'The make-up could not be booked: {{error}}',
  /** The badge beside a make-up session everywhere it is listed. */
  badge: 'Make-up',
  forGuest: 'Make-up for {{guest}}',
};
