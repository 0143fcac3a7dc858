import { defineMessages } from './messages.js';

/** Texts of the form submission API and the Fill Form screen (docs/product.md §8). */
export const submissionMessages = defineMessages('submissions', {
  submitted: 'Form submitted successfully',
  dataType: 'data must be a JSON object of field values, or its JSON text',
  dataJson: 'data is not valid JSON',
  occurrenceNotFound: 'Event occurrence not found',
  formArchived: 'This form is archived and cannot be filled',
  notAGuest: ({ id }: { id: number }) => `User ${id} is not a guest of this occurrence`,
  guestsMayNotSubmit: 'Guests cannot submit forms',
  required: ({ label }: { label: string }) => `${label} is required`,
  mustBeText: ({ label }: { label: string }) => `${label} must be text`,
  tooLong: ({ label, max }: { label: string; max: number }) => `${label} must be at most ${max} characters`,
  mustBeNumber: ({ label }: { label: string }) => `${label} must be a number`,
  mustBeEmail: ({ label }: { label: string }) => `${label} must be an email address`,
  mustBeDate: ({ label }: { label: string }) => `${label} must be a date (YYYY-MM-DD)`,
  mustBeTime: ({ label }: { label: string }) => `${label} must be a time (HH:mm)`,
  mustBeUrl: ({ label }: { label: string }) => `${label} must be a URL`,
  mustBeOption: ({ label }: { label: string }) => `${label} must be one of its options`,
  mustBeOptions: ({ label }: { label: string }) => `${label} must be a list of its options`,
  mustBeBoolean: ({ label }: { label: string }) => `${label} must be true or false`,
  mustBeLookup: ({ label }: { label: string }) => `${label} must be one of its choices`,
  parentMismatch: ({ label, parent }: { label: string; parent: string }) =>
    `${label} does not belong to the chosen ${parent}`,
  disabledField: ({ label }: { label: string }) => `${label} cannot be filled (it is disabled)`,
  unknownField: ({ name }: { name: string }) => `Unknown field '${name}'`,
});
