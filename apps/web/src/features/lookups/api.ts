import { MAX_LIMIT, type CreateLookup, type Lookup, type LookupableType, type UpdateLookup } from '@ritim/shared';
import { queryOptions } from '@tanstack/react-query';
import { defineResource, list } from '../../api/resources';

const SECTION = 'lookups';

/** /api/lookups (docs/product.md §7). */
export const lookups = defineResource<Lookup, Lookup, CreateLookup, UpdateLookup>(SECTION, {
  idParam: 'lookupId',
  texts: 'lookups',
});

/** Every lookup (up to 1000), the Parent select's choices (under the lists' key: a save refreshes them). */
const choicesKey = () => [...lookups.keys.lists(), 'choices'] as const;

/** GET /api/lookups?limit=1000 (docs/product.md §7): the Parent select's choices. */
export const lookupChoicesQuery = () =>
  queryOptions({
    queryKey: choicesKey(),
    queryFn: ({ signal }) => list<Lookup>(SECTION, { limit: MAX_LIMIT }, signal),
  });

/**
 * GET /api/{type}?limit=1000 (docs/product.md §7): the records a lookup of that type can belong to. Kept under
 * that section's list key, so its own saves refresh these choices too.
 */
export const lookupableRecordsQuery = <T>(type: LookupableType) =>
  queryOptions({
    queryKey: [type, 'list', 'lookup-choices'] as const,
    queryFn: ({ signal }) => list<T>(type, { limit: MAX_LIMIT }, signal),
  });
