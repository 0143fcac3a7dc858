import { defineMessages } from './messages.js';

/** Texts of the forms API beyond docs/product.md §5's title rule. */
export const formMessages = defineMessages('forms', {
  inUse: 'Form is in use and cannot be deleted; archive it instead',
  sessionNotesNotDeletable: 'Form 1 cannot be deleted: Upcoming Events offers it for filling. You can edit it instead.',
  sessionNotesNotArchivable: 'Form 1 cannot be archived: Upcoming Events offers it for filling',
  schemaType: 'Schema must be a JSON object with a "fields" list, or its JSON text',
  groupNotFound: ({ id }: { id: number }) => `Group ${id} does not exist`,
  someGroupNotFound: 'One of the chosen groups does not exist',
});
