import type { BulkActionResult, CreateMessageGroup, MessageGroup, UpdateMessageGroup } from '@ritim/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { defineResource } from '../../api/resources';

/** /api/message-groups (docs/product.md §2). */
export const messageGroups = defineResource<MessageGroup, MessageGroup, CreateMessageGroup, UpdateMessageGroup>(
  'message-groups',
  { idParam: 'messageGroupId', texts: 'messageGroups' },
);

/** GET /api/message-groups/sync: imports the gateway's groups and members (users matched by phone). */
export function useSyncMessageGroups() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<BulkActionResult>(`${messageGroups.section}/sync`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: messageGroups.keys.all }),
  });
}
