/** English texts of Fill Form (docs/product.md §2, §8): a form filled about one guest of one occurrence. */
export const fillForm = {
  title: 'Fill Form - {{guest}}',
  titleNoGuest: 'Fill Form',
  whenValue: '{{start}} – {{end}} ({{zone}})',
  requiredNote: 'Fields marked * are required.',
  /** A required field's label (the native `required` attribute says it to screen readers too). */
  requiredLabel: '{{label}} *',
  required: '{{label}} is required',
  choose: 'Choose...',
  chooseParentFirst: 'Choose {{parent}} first.',
  noChoices: 'There is nothing to choose from.',
  noFields: 'This form has no fields yet.',
  save: 'Save',
  saving: 'Saving...',
  submitted: 'Form submitted successfully',
  saveFailed: 'An error occurred while submitting the form',
  lookupsFetchFailed: 'Failed to fetch the choices: {{error}}',
  invalidLink: 'This link does not name a form, an event occurrence and a guest.',
  notAGuest: '{{guest}} is not a guest of this occurrence.',
  completedNote: 'This occurrence is completed: its forms can no longer be changed.',
  archivedNote: 'This form is archived and cannot be filled.',
};
