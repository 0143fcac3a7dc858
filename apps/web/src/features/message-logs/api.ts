import type { BulkActionResult } from '@ritim/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { messageLogKeys } from '../../api/message-logs';

/** POST /api/message-logs/{id}/retry: a failed message goes back on the queue. */
export function useRetryMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<BulkActionResult>(`message-logs/${id}/retry`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: messageLogKeys.all }),
  });
}
