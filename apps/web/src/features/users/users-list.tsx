import { USER_SORTS, type SortOption, type User } from '@ritim/shared';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../components/data-table';
import { ListPage } from '../../components/list-page';
import { StatusBadge } from '../../components/status-badge';
import type { RowAction } from '../../components/row-menu';
import { useDeleteItem } from '../../components/use-delete-item';
import { deleteUser, userKeys, userListQuery } from './api';

const sortLabelKeys = { id: 'users.sortById', username: 'users.sortByUsername' } as const;

/** Users (docs/product.md §2): Id, Name, Surname, Username, Role, Groups (names joined), Status; sort by id or username. */
export function UsersList() {
  const { t } = useTranslation();
  const deleteRow = useDeleteItem({ remove: deleteUser, invalidates: userKeys.lists(), name: (row) => row.username });

  const sortOptions: SortOption[] = USER_SORTS.map((value) => ({ value, label: t(sortLabelKeys[value]) }));

  const columns: Column<User>[] = [
    { key: 'id', header: t('common.id'), cell: (row) => row.id, className: 'w-20 tabular-nums' },
    { key: 'name', header: t('common.name'), cell: (row) => row.name ?? '' },
    { key: 'surname', header: t('common.surname'), cell: (row) => row.surname ?? '' },
    {
      key: 'username',
      header: t('common.username'),
      cell: (row) => <span className="font-medium text-slate-900">{row.username}</span>,
    },
    { key: 'role', header: t('users.role'), cell: (row) => t(`roles.${row.role}`) },
    {
      key: 'groups',
      header: t('nav.groups'),
      cell: (row) => row.groups.map((group) => group.name).join(', '),
      className: 'max-w-xs',
    },
    {
      key: 'status',
      header: t('common.status'),
      cell: (row) => <StatusBadge status={row.status}>{t(`users.statuses.${row.status}`)}</StatusBadge>,
    },
  ];

  const rowActions = (row: User): RowAction[] => [
    { label: t('common.edit'), to: `/users/${row.id}/edit` },
    { label: t('common.delete'), onSelect: () => deleteRow(row), tone: 'danger' },
  ];

  return (
    <ListPage
      title={t('nav.users')}
      description={t('users.description')}
      query={userListQuery}
      columns={columns}
      rowKey={(row) => row.id}
      rowLabel={(row) => row.username}
      sortOptions={sortOptions}
      rowActions={rowActions}
      createAction={{ to: '/users/create', label: t('users.create') }}
    />
  );
}
