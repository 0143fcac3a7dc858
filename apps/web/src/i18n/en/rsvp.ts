/** English texts of a guest's own answer page (docs/product.md §12). */
export const rsvp = {
  pageTitle: 'Are you coming?',
  greeting: 'Hello {{name}}, are you coming?',
  where: 'Where',
  join: 'Join online',
  inTime: 'Cancelling until {{time}} does not count as a late cancellation.',
  late: 'Cancelling now counts as a late cancellation.',
  yes: 'Yes, I’ll come',
  no: 'No, I can’t come',
  answerYes: 'Your answer: you are coming.',
  answerNo: 'Your answer: you are not coming.',
  answerNone: 'You have not answered yet.',
  saved: 'Your answer is saved.',
  notFound: 'This link is not valid. Use the link in your latest reminder, or ask the organiser.',
  loadFailed: 'This page could not be loaded: {{error}}',
  failed: 'Your answer could not be saved: {{error}}',
};
