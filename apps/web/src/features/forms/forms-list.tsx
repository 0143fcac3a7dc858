import { FORM_SORTS, SESSION_NOTES_FORM_ID, type FormSummary } from '@ritim/shared';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../auth/session-store';
import { useArchiveAction, useNameColumn, useRecordSortOptions } from '../../components/archivable';
import type { Column } from '../../components/data-table';
import { ListPage } from '../../components/list-page';
import type { RowAction } from '../../components/row-menu';
import { useDeleteItem } from '../../components/use-delete-item';
import { formatDateTime } from '../../lib/dates';
import { formKeys } from '../../api/forms';
import { deleteForm, formListQuery, useUpdateForm } from './api';

/** Forms (docs/product.md §2): Id, Title, Description, Version, Create User, Created At; archived ones behind a filter. */
export function FormsList() {
  const { t } = useTranslation();
  const { user } = useSession();
  const updateForm = useUpdateForm();
  const deleteRow = useDeleteItem({ remove: deleteForm, invalidates: formKeys.lists(), name: (row) => row.title });

  const archiveAction = useArchiveAction(updateForm, (row: FormSummary) => row.title);
  const sortOptions = useRecordSortOptions(FORM_SORTS);
  const nameColumn = useNameColumn<FormSummary>('title', t('common.title'), (row) => row.title);

  const columns: Column<FormSummary>[] = [
    { key: 'id', header: t('common.id'), cell: (row) => row.id, className: 'w-20 tabular-nums' },
    nameColumn,
    {
      key: 'description',
      header: t('common.description'),
      cell: (row) => <span className="line-clamp-2 max-w-md whitespace-normal">{row.description ?? ''}</span>,
    },
    { key: 'version', header: t('forms.version'), cell: (row) => row.version, className: 'tabular-nums' },
    { key: 'createUser', header: t('common.createUser'), cell: (row) => row.user?.username ?? '' },
    {
      key: 'createdAt',
      header: t('forms.createdAt'),
      cell: (row) => formatDateTime(row.createdAt, user?.timezone),
      className: 'whitespace-nowrap tabular-nums',
    },
  ];

  const rowActions = (row: FormSummary): RowAction[] => [
    { label: t('common.edit'), to: `/forms/${row.id}/edit` },
    // Form 1 is the one Upcoming Events offers: the server refuses to archive it, so no Archive here.
    ...(row.id === SESSION_NOTES_FORM_ID && row.status === 'active' ? [] : [archiveAction(row)]),
    { label: t('common.delete'), onSelect: () => deleteRow(row), tone: 'danger' },
  ];

  return (
    <ListPage
      title={t('nav.forms')}
      description={t('forms.description')}
      query={formListQuery}
      columns={columns}
      rowKey={(row) => row.id}
      rowLabel={(row) => row.title}
      sortOptions={sortOptions}
      filter={{ name: 'archived', label: t('common.showArchived') }}
      rowActions={rowActions}
      createAction={{ to: '/forms/create', label: t('forms.create') }}
    />
  );
}
