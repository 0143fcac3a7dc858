import { MAX_LIMIT, type CreateLookup, type Lookup, type LookupableType, type UpdateLookup } from '@ritim/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { create, get, list, remove, update } from '../../api/resources';
import type { ListQuery } from '../../components/list-page';

const SECTION = 'lookups';

export const lookupKeys = {
  all: [SECTION] as const,
  lists: () => [SECTION, 'list'] as const,
  list: (query: ListQuery) => [SECTION, 'list', query] as const,
  /** Every lookup (up to 1000), the Parent select's choices. */
  choices: () => [SECTION, 'list', 'choices'] as const,
  detail: (id: number) => [SECTION, 'detail', id] as const,
};

export const lookupListQuery = (query: ListQuery) =>
  queryOptions({
    queryKey: lookupKeys.list(query),
    queryFn: ({ signal }) => list<Lookup>(SECTION, query, signal),
  });

/** GET /api/lookups?limit=1000 (docs/product.md §7): the Parent select's choices. */
export const lookupChoicesQuery = () =>
  queryOptions({
    queryKey: lookupKeys.choices(),
    queryFn: ({ signal }) => list<Lookup>(SECTION, { limit: MAX_LIMIT }, signal),
  });

export const lookupQuery = (id: number) =>
  queryOptions({
    queryKey: lookupKeys.detail(id),
    queryFn: ({ signal }) => get<Lookup>(SECTION, id, signal),
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

export const deleteLookup = (lookup: Lookup) => remove(SECTION, lookup.id);

export function useCreateLookup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateLookup) => create<Lookup>(SECTION, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lookupKeys.lists() }),
  });
}

export function useUpdateLookup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: UpdateLookup }) => update<Lookup>(SECTION, id, changes),
    onSuccess: async (lookup) => {
      queryClient.setQueryData(lookupKeys.detail(lookup.id), lookup);
      await queryClient.invalidateQueries({ queryKey: lookupKeys.lists() });
    },
  });
}
