/** English texts of the Forms section (docs/product.md §2, §5, §8). */
export const forms = {
  description: 'What organisers fill in for each guest after a session.',
  create: 'Create forms',
  version: 'Version',
  createdAt: 'Created At',
  createTitle: 'Create Form',
  editTitle: 'Edit Form',
  submitUpdate: 'Update Form',
  created: 'Form created successfully',
  updated: 'Form updated successfully',
  titlePlaceholder: 'Form Title',
  schema: 'Schema',
  schemaHint:
    'JSON with a list of fields: input, textarea, radiogroup, checkbox or listbox. Leave empty for no fields yet.',
  schemaFormatSummary: 'Show the schema format',
  schemaFormatIntro:
    'Every field has type, name (letters, digits and _, unique), label, and optional disabled and required. input: subtype (text, email, number, tel, date, time, url), placeholder. textarea: placeholder. radiogroup: options [{key, value, label, description}], defaultValue. checkbox: multiple, and options when multiple. listbox: lookupKey, optional parent (an earlier listbox). The full rules are in docs/form-schema.md.',
  schemaExample: 'An example',
  useExample: 'Use this example',
  replaceWithExample: 'Replace the schema you typed with the example?',
  versionCurrent: 'Version {{version}}',
  versionHint: 'Saving a changed schema makes this version {{next}}; title, description and groups keep the version.',
  groupsHint: 'Organisers in these groups use this form.',
};
