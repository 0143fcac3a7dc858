import type { Lookup } from '@ritim/shared';
import { queryOptions } from '@tanstack/react-query';
import { list } from '../../api/resources';

/**
 * GET /api/lookups?keys=a,b&lookupableIds=1,2&lookupableType=group (spec §7): the choices of a
 * form's listboxes, the lookups of their keys that belong to the organiser's groups (the server
 * answers up to 1000). Kept under the lookups' list key, so saves in Lookups refresh it.
 */
export const listboxLookupsQuery = (keys: readonly string[], groupIds: readonly number[]) =>
  queryOptions({
    queryKey: ['lookups', 'list', 'listbox', { keys, groupIds }] as const,
    queryFn: async ({ signal }) =>
      (
        await list<Lookup>(
          'lookups',
          { keys: keys.join(','), lookupableIds: groupIds.join(','), lookupableType: 'group' },
          signal,
        )
      ).items,
  });
