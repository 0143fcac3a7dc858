import { errorMessage } from '../../api/errors';
import { GROUP_SORTS, type Group, type SortOption } from '@ritim/shared';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Column } from '../../components/data-table';
import { ListPage } from '../../components/list-page';
import type { RowAction } from '../../components/row-menu';
import { useDeleteItem } from '../../components/use-delete-item';
import { deleteGroup, groupKeys, groupListQuery, useUpdateGroup } from './api';

const sortLabelKeys = {
  name: 'common.sortByName',
  date: 'common.sortByDate',
  status: 'common.sortByStatus',
} as const;

/** Groups (docs/product.md §2): Id, Name, Create User; archived ones behind the 'Show archived' filter. */
export function GroupsList() {
  const { t } = useTranslation();
  const updateGroup = useUpdateGroup();
  const deleteRow = useDeleteItem({
    remove: deleteGroup,
    invalidates: groupKeys.lists(),
    name: (row) => row.name,
  });

  const setStatus = (group: Group, status: Group['status']) =>
    updateGroup.mutate(
      { id: group.id, changes: { status } },
      {
        onSuccess: () =>
          toast.success(
            t(status === 'archived' ? 'common.archivedToast' : 'common.restoredToast', { name: group.name }),
          ),
        onError: (error) => toast.error(errorMessage(error, t('common.updateFailed'))),
      },
    );

  const sortOptions: SortOption[] = GROUP_SORTS.map((value) => ({ value, label: t(sortLabelKeys[value]) }));

  const columns: Column<Group>[] = [
    { key: 'id', header: t('common.id'), cell: (row) => row.id, className: 'w-20 tabular-nums' },
    {
      key: 'name',
      header: t('common.name'),
      cell: (row) => (
        <span className="flex items-center gap-2">
          <span className="font-medium text-slate-900">{row.name}</span>
          {row.status === 'archived' && (
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600 ring-1 ring-slate-200 ring-inset">
              {t('common.archived')}
            </span>
          )}
        </span>
      ),
    },
    { key: 'createUser', header: t('common.createUser'), cell: (row) => row.user?.username ?? '' },
  ];

  const rowActions = (row: Group): RowAction[] => [
    { label: t('common.edit'), to: `/groups/${row.id}/edit` },
    row.status === 'archived'
      ? { label: t('common.restore'), onSelect: () => setStatus(row, 'active') }
      : { label: t('common.archive'), onSelect: () => setStatus(row, 'archived') },
    { label: t('common.delete'), onSelect: () => deleteRow(row), tone: 'danger' },
  ];

  return (
    <ListPage
      title={t('nav.groups')}
      description={t('groups.description')}
      query={groupListQuery}
      columns={columns}
      rowKey={(row) => row.id}
      rowLabel={(row) => row.name}
      sortOptions={sortOptions}
      filter={{ name: 'archived', label: t('common.showArchived') }}
      rowActions={rowActions}
      createAction={{ to: '/groups/create', label: t('groups.create') }}
    />
  );
}
