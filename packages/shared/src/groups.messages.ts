import { defineMessages } from './messages.js';

export const GROUP_NAME_MAX_LENGTH = 200;

/** Texts of the Groups API besides those of docs/product.md (docs/product.md §5 has only the name rule). */
export const groupMessages = defineMessages('groups', {
  nameTooLong: `Group name must be at most ${GROUP_NAME_MAX_LENGTH} characters`,
  inUse: 'Group is used by users, forms or lookups and cannot be deleted; archive it instead',
});
