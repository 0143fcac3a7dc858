import type { CreateGroup, Group, GroupDetail, RecordStatus } from '@ritim/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { create, get, list, remove, update } from '../../api/resources';
import type { ListQuery } from '../../components/list-page';

const SECTION = 'groups';

export const groupKeys = {
  all: [SECTION] as const,
  lists: () => [SECTION, 'list'] as const,
  list: (query: ListQuery) => [SECTION, 'list', query] as const,
  detail: (id: number) => [SECTION, 'detail', id] as const,
};

export const groupListQuery = (query: ListQuery) =>
  queryOptions({
    queryKey: groupKeys.list(query),
    queryFn: ({ signal }) => list<Group>(SECTION, query, signal),
  });

export const groupQuery = (id: number) =>
  queryOptions({
    queryKey: groupKeys.detail(id),
    queryFn: ({ signal }) => get<GroupDetail>(SECTION, id, signal),
  });

export const deleteGroup = (group: Group) => remove(SECTION, group.id);

export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateGroup) => create<GroupDetail>(SECTION, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKeys.lists() }),
  });
}

export function useUpdateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: { name?: string; status?: RecordStatus } }) =>
      update<GroupDetail>(SECTION, id, changes),
    onSuccess: async (group) => {
      queryClient.setQueryData(groupKeys.detail(group.id), group);
      await queryClient.invalidateQueries({ queryKey: groupKeys.lists() });
    },
  });
}
