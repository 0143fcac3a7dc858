import type { Closure, ClosureResult, CreateClosureInput } from '@ritim/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateOccurrences } from '../../api/occurrences';
import { apiRequest } from '../../api/client';
import { create, list } from '../../api/resources';
import type { ListQuery } from '../../components/list-page';

const SECTION = 'closures';

export const closureKeys = {
  all: [SECTION] as const,
  lists: () => [SECTION, 'list'] as const,
  list: (query: ListQuery) => [SECTION, 'list', query] as const,
};

export const closureListQuery = (query: ListQuery) =>
  queryOptions({
    queryKey: closureKeys.list(query),
    queryFn: ({ signal }) => list<Closure>(SECTION, query, signal),
  });

/** POST /api/closures with `dryRun: true`: what closing the days would cancel and keep; stores nothing. */
export function usePreviewClosure() {
  return useMutation({
    mutationFn: (input: CreateClosureInput) => create<ClosureResult>(SECTION, { ...input, dryRun: true }),
  });
}

/** POST /api/closures: closes the days; the sessions it cancelled change everywhere they are shown. */
export function useCreateClosure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateClosureInput) => create<ClosureResult>(SECTION, { ...input, dryRun: false }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: closureKeys.lists() });
      await invalidateOccurrences(queryClient);
    },
  });
}

/** DELETE /api/closures/:id: the sessions it cancelled are restored; with `notify`, their guests are told. */
export function useDeleteClosure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ closure, notify }: { closure: Closure; notify: boolean }) =>
      apiRequest<unknown>(`${SECTION}/${closure.id!}`, {
        method: 'DELETE',
        query: notify ? { notify: 'true' } : undefined,
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: closureKeys.lists() });
      await invalidateOccurrences(queryClient);
    },
  });
}
