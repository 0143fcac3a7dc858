import type { BulkActionResult, CreateMessageGroup, MessageGroup, UpdateMessageGroup } from '@ritim/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { create, get, list, remove, update } from '../../api/resources';
import type { ListQuery } from '../../components/list-page';

const SECTION = 'message-groups';

export const messageGroupKeys = {
  all: [SECTION] as const,
  lists: () => [SECTION, 'list'] as const,
  list: (query: ListQuery) => [SECTION, 'list', query] as const,
  detail: (id: number) => [SECTION, 'detail', id] as const,
};

export const messageGroupListQuery = (query: ListQuery) =>
  queryOptions({
    queryKey: messageGroupKeys.list(query),
    queryFn: ({ signal }) => list<MessageGroup>(SECTION, query, signal),
  });

export const messageGroupQuery = (id: number) =>
  queryOptions({
    queryKey: messageGroupKeys.detail(id),
    queryFn: ({ signal }) => get<MessageGroup>(SECTION, id, signal),
  });

export const deleteMessageGroup = (group: MessageGroup) => remove(SECTION, group.id);

export function useCreateMessageGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateMessageGroup) => create<MessageGroup>(SECTION, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageGroupKeys.lists() }),
  });
}

export function useUpdateMessageGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: UpdateMessageGroup }) =>
      update<MessageGroup>(SECTION, id, changes),
    onSuccess: async (group) => {
      queryClient.setQueryData(messageGroupKeys.detail(group.id), group);
      await queryClient.invalidateQueries({ queryKey: messageGroupKeys.lists() });
    },
  });
}

/** GET /api/message-groups/sync: imports the gateway's groups and members (users matched by phone). */
export function useSyncMessageGroups() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<BulkActionResult>(`${SECTION}/sync`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: messageGroupKeys.all }),
  });
}
