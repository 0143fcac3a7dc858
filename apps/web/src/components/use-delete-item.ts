import { useMutation, useQueryClient, type QueryKey, type UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from './toast';
import { errorMessage } from '../api/errors';
import { confirmAction } from './confirm';

interface DeleteItemOptions<T> {
  /** The resource's delete call (its api.ts). */
  remove: (row: T) => Promise<void>;
  /** The queries to refetch after a delete (the resource's lists). */
  invalidates: QueryKey;
  /** The name used in '<name> deleted successfully'. */
  name: (row: T) => string;
}

/** The row menu's Delete as the user sees it: the question, then '<name> deleted successfully' or why not. */
function useDeleteFeedback<T>(name: (row: T) => string) {
  const { t } = useTranslation();
  return {
    confirm: () => confirmAction(t('list.confirmDelete')),
    deleted: (row: T) => toast.success(t('list.deleted', { name: name(row) })),
    failed: (error: Error) => toast.error(errorMessage(error, t('list.deleteFailed'))),
  };
}

/** The row menu's Delete: confirm, delete, toast, refetch the list. */
export function useDeleteItem<T>({ remove, invalidates, name }: DeleteItemOptions<T>) {
  const feedback = useDeleteFeedback(name);
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: remove,
    onSuccess: async (_, row) => {
      feedback.deleted(row);
      await queryClient.invalidateQueries({ queryKey: invalidates });
    },
    onError: feedback.failed,
  });
  return (row: T) => {
    if (feedback.confirm()) mutation.mutate(row);
  };
}

/**
 * The row menu's Delete through a resource's own delete hook (which refetches what it changes):
 * confirm, delete, toast. `input` turns the row into the hook's argument.
 */
export function useConfirmedDelete<T, V>(
  mutation: UseMutationResult<unknown, Error, V>,
  input: (row: T) => V,
  name: (row: T) => string,
) {
  const feedback = useDeleteFeedback(name);
  return (row: T) => {
    if (feedback.confirm())
      mutation.mutate(input(row), { onSuccess: () => feedback.deleted(row), onError: feedback.failed });
  };
}
