import type { FormSubmission, Lookup } from '@ritim/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { invalidateOccurrences } from '../../api/occurrences';
import { list } from '../../api/resources';

/**
 * GET /api/lookups?keys=a,b&lookupableIds=1,2&lookupableType=group (docs/product.md §7): the choices of a
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

/** POST /api/forms/{id}/submit {data, eventOccurrenceId, guestId}: saves (or updates) a guest's answers. */
export function useSubmitForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      formId,
      ...body
    }: {
      formId: number;
      data: Record<string, unknown>;
      eventOccurrenceId: number;
      guestId: number | null;
    }) => apiRequest<FormSubmission>(`forms/${formId}/submit`, { method: 'POST', body }),
    onSuccess: () => invalidateOccurrences(queryClient),
  });
}
