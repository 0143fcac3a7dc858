import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { translateMessage } from '../i18n';
import { confirmAction } from './confirm';

interface DeleteItemOptions<T> {
  /** The resource's delete call (its api.ts). */
  remove: (row: T) => Promise<void>;
  /** The queries to refetch after a delete (the resource's lists). */
  invalidates: QueryKey;
  /** The name used in '<name> deleted successfully'. */
  name: (row: T) => string;
}

/** The row menu's Delete: confirm, delete, toast, refetch the list. */
export function useDeleteItem<T>({ remove, invalidates, name }: DeleteItemOptions<T>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: remove,
    onSuccess: async (_, row) => {
      toast.success(t('list.deleted', { name: name(row) }));
      await queryClient.invalidateQueries({ queryKey: invalidates });
    },
    onError: (error) => {
      toast.error(error.message ? translateMessage(error) : t('list.deleteFailed'));
    },
  });
  return (row: T) => {
    if (!confirmAction(t('list.confirmDelete'))) return;
    mutation.mutate(row);
  };
}
