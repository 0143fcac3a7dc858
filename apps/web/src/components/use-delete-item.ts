import { errorMessage } from '../api/errors';
import { useMutation, useQueryClient, type QueryKey, type UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { confirmAction } from './confirm';

interface DeleteItemOptions<T> {
  /** The resource's delete call (its api.ts). */
  remove: (row: T) => Promise<void>;
  /** The queries to refetch after a delete (the resource's lists). */
  invalidates: QueryKey;
  /** The name used in '<name> deleted successfully'. */
  name: (row: T) => string;
}

/**
 * The row menu's Delete with a resource's own delete hook (which refetches what it changes):
 * confirm, delete, toast. `input` turns the row into the hook's argument.
 */
export function useConfirmedDelete<T, V>(
  mutation: UseMutationResult<unknown, Error, V>,
  input: (row: T) => V,
  name: (row: T) => string,
) {
  const { t } = useTranslation();
  return (row: T) => {
    if (!confirmAction(t('list.confirmDelete'))) return;
    mutation.mutate(input(row), {
      onSuccess: () => toast.success(t('list.deleted', { name: name(row) })),
      onError: (error) => toast.error(errorMessage(error, t('list.deleteFailed'))),
    });
  };
}

/** The row menu's Delete: confirm, delete, toast, refetch the list. */
export function useDeleteItem<T>({ remove, invalidates, name }: DeleteItemOptions<T>) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: remove,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invalidates }),
  });
  return useConfirmedDelete(mutation, (row: T) => row, name);
}
