import { MESSAGE_GROUP_SORTS, messagingMessages, type MessageGroup, type SortOption } from '@ritim/shared';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { toastFailure, toastResult } from '../../components/action-toasts';
import { Spinner } from '../../components/spinner';
import { buttonClass } from '../../components/ui';
import type { Column } from '../../components/data-table';
import { ListPage } from '../../components/list-page';
import type { RowAction } from '../../components/row-menu';
import { useDeleteItem } from '../../components/use-delete-item';
import { messageGroups, useSyncMessageGroups } from './api';

const sortLabelKeys = {
  name: 'common.sortByName',
  id: 'common.sortById',
} as const;

/** Message Groups (docs/product.md §2): Id, Name, Users (usernames), and Sync Message Groups from the gateway. */
export function MessageGroupsList() {
  const { t } = useTranslation();
  const deleteRow = useDeleteItem({
    remove: messageGroups.remove,
    invalidates: messageGroups.keys.lists(),
    name: (row) => row.name,
  });

  const sync = useSyncMessageGroups();
  const runSync = () =>
    sync.mutate(undefined, {
      onSuccess: (result) => toastResult(result, t('errors.unknown')),
      // The spec's prefix, then why: the server's refusal (no groups on this transport, the gateway
      // down) or the network's.
      onError: (error) => toastFailure(error, messagingMessages.syncError, t('errors.unknown')),
    });

  const sortOptions: SortOption[] = MESSAGE_GROUP_SORTS.map((value) => ({ value, label: t(sortLabelKeys[value]) }));

  const columns: Column<MessageGroup>[] = [
    { key: 'id', header: t('common.id'), cell: (row) => row.id, className: 'w-20 tabular-nums' },
    {
      key: 'name',
      header: t('common.name'),
      cell: (row) => <span className="font-medium text-slate-900">{row.name}</span>,
    },
    {
      key: 'users',
      header: t('nav.users'),
      // Many members wrap between usernames rather than widen the table.
      cell: (row) => (
        <span className="whitespace-normal">
          {row.users.map((user, index) => (
            <Fragment key={user.id}>
              {index > 0 && ', '}
              <span className="whitespace-nowrap">{user.username}</span>
            </Fragment>
          ))}
        </span>
      ),
    },
  ];

  const rowActions = (row: MessageGroup): RowAction[] => [
    { label: t('common.edit'), to: `/message-groups/${row.id}/edit` },
    { label: t('common.delete'), onSelect: () => deleteRow(row), tone: 'danger' },
  ];

  return (
    <ListPage
      title={t('nav.messageGroups')}
      description={t('messageGroups.description')}
      query={messageGroups.listQuery}
      columns={columns}
      rowKey={(row) => row.id}
      rowLabel={(row) => row.name}
      sortOptions={sortOptions}
      rowActions={rowActions}
      createAction={{ to: '/message-groups/create', label: t('messageGroups.create') }}
      toolbar={
        <button type="button" className={buttonClass.secondary} disabled={sync.isPending} onClick={runSync}>
          {sync.isPending && <Spinner />}
          {t('messaging.syncGroups')}
        </button>
      }
    />
  );
}
