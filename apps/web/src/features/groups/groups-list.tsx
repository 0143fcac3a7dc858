import { GROUP_SORTS, type Group } from '@ritim/shared';
import { useTranslation } from 'react-i18next';
import { useArchiveAction, useNameColumn, useRecordSortOptions } from '../../components/archivable';
import type { Column } from '../../components/data-table';
import { ListPage } from '../../components/list-page';
import type { RowAction } from '../../components/row-menu';
import { useDeleteItem } from '../../components/use-delete-item';
import { deleteGroup, groupKeys, groupListQuery, useUpdateGroup } from './api';

/** Groups (docs/product.md §2): Id, Name, Create User; archived ones behind the 'Show archived' filter. */
export function GroupsList() {
  const { t } = useTranslation();
  const updateGroup = useUpdateGroup();
  const deleteRow = useDeleteItem({
    remove: deleteGroup,
    invalidates: groupKeys.lists(),
    name: (row) => row.name,
  });

  const archiveAction = useArchiveAction(updateGroup, (row: Group) => row.name);
  const sortOptions = useRecordSortOptions(GROUP_SORTS);
  const nameColumn = useNameColumn<Group>('name', t('common.name'), (row) => row.name);

  const columns: Column<Group>[] = [
    { key: 'id', header: t('common.id'), cell: (row) => row.id, className: 'w-20 tabular-nums' },
    nameColumn,
    { key: 'createUser', header: t('common.createUser'), cell: (row) => row.user?.username ?? '' },
  ];

  const rowActions = (row: Group): RowAction[] => [
    { label: t('common.edit'), to: `/groups/${row.id}/edit` },
    archiveAction(row),
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
