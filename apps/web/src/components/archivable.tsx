import type { RecordStatus, SortOption } from '@ritim/shared';
import { useTranslation } from 'react-i18next';
import { toast } from './toast';
import { errorMessage } from '../api/errors';
import type { Column } from './data-table';
import type { RowAction } from './row-menu';

/** A record the admin sections archive and restore (locations, groups, forms). */
export interface Archivable {
  id: number;
  status: RecordStatus;
}

/** The sort keys of the archivable sections, with their labels. */
const sortLabelKeys = {
  name: 'common.sortByName',
  date: 'common.sortByDate',
  status: 'common.sortByStatus',
} as const;

/** The sort choices of a section whose sorts are name, date and status (some of them). */
export function useRecordSortOptions(sorts: readonly (keyof typeof sortLabelKeys)[]): SortOption[] {
  const { t } = useTranslation();
  return sorts.map((value) => ({ value, label: t(sortLabelKeys[value]) }));
}

/**
 * The row menu's Archive or Restore for a record, through the section's update mutation: '<name>
 * archived' / 'restored', or why not.
 */
export function useArchiveAction<T extends Archivable>(
  update: {
    mutate: (
      variables: { id: number; changes: { status: RecordStatus } },
      options: { onSuccess: () => void; onError: (error: Error) => void },
    ) => void;
  },
  name: (row: T) => string,
): (row: T) => RowAction {
  const { t } = useTranslation();
  const setStatus = (row: T, status: RecordStatus) =>
    update.mutate(
      { id: row.id, changes: { status } },
      {
        onSuccess: () =>
          toast.success(
            t(status === 'archived' ? 'common.archivedToast' : 'common.restoredToast', { name: name(row) }),
          ),
        onError: (error) => toast.error(errorMessage(error, t('common.updateFailed'))),
      },
    );
  return (row) =>
    row.status === 'archived'
      ? { label: t('common.restore'), onSelect: () => setStatus(row, 'active') }
      : { label: t('common.archive'), onSelect: () => setStatus(row, 'archived') };
}

/** The record's name in bold, with an 'Archived' badge when it is. */
export function useNameColumn<T extends Archivable>(key: string, header: string, name: (row: T) => string): Column<T> {
  const { t } = useTranslation();
  return {
    key,
    header,
    cell: (row) => (
      <span className="flex items-center gap-2">
        <span className="font-medium text-slate-900">{name(row)}</span>
        {row.status === 'archived' && (
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600 ring-1 ring-slate-200 ring-inset">
            {t('common.archived')}
          </span>
        )}
      </span>
    ),
  };
}
