import { LOOKUPABLE_TYPES } from './constants.js';
import { defineMessages } from './messages.js';

/** Longest key, value and label a lookup may have. */
export const LOOKUP_KEY_MAX = 100;
export const LOOKUP_QUERY_MAX_IDS = 1000;
/** How many keys, and how many record ids, one listbox query may ask for. */
export const LOOKUP_QUERY_MAX_KEYS = 50;

/** Texts of the lookup rules beyond docs/product.md §5's three (dynamic ones are functions). */
export const lookupMessages = defineMessages('lookups', {
  typeInvalid: `Lookupable type must be one of ${LOOKUPABLE_TYPES.join(', ')} or none`,
  idInvalid: 'Lookupable record must be a positive whole number',
  recordRequired: 'Lookupable record is required for this lookupable type',
  typeRequired: 'Lookupable type is required for a lookupable record',
  pairTogether: 'lookupableType and lookupableId must be changed together',
  parentInvalid: 'Parent must be a positive whole number',
  selfParent: 'A lookup cannot be its own parent',
  hasChildren: 'Lookup has child lookups and cannot be deleted',
  keysRequired: 'keys is required: a comma-separated list of lookup keys',
  keysInvalid: `keys must list 1 to ${LOOKUP_QUERY_MAX_KEYS} non-empty keys of at most ${LOOKUP_KEY_MAX} characters`,
  idsInvalid: `lookupableIds must list 1 to ${LOOKUP_QUERY_MAX_IDS} positive whole numbers`,
  idsNeedType: 'lookupableIds needs a lookupableType',
  parentMissing: ({ id }: { id: number }) => `Parent lookup ${id} does not exist`,
  recordMissing: ({ item, id }: { item: string; id: number }) => `${item} ${id} does not exist`,
  cycle: ({ parentId }: { parentId: number }) =>
    `Lookup ${parentId} is this lookup's descendant and cannot be its parent`,
});
