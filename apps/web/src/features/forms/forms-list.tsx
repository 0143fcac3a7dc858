import { errorMessage } from '../../api/errors';
import { FORM_SORTS, SESSION_NOTES_FORM_ID, type FormSummary, type SortOption } from '@ritim/shared';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useSession } from '../../auth/session-store';
import type { Column } from '../../components/data-table';
import { ListPage } from '../../components/list-page';
import type { RowAction } from '../../components/row-menu';
import { useDeleteItem } from '../../components/use-delete-item';
import { formatDateTime } from '../../lib/dates';
import { formKeys } from '../../api/forms';
import { deleteForm, formListQuery, useUpdateForm } from './api';

const sortLabelKeys = {
  name: 'common.sortByName',
  date: 'common.sortByDate',
  status: 'common.sortByStatus',
} as const;

/** Forms (docs/product.md §2): Id, Title, Description, Version, Create User, Created At; archived ones behind a filter. */
export function FormsList() {
  const { t } = useTranslation();
  const { user } = useSession();
  const updateForm = useUpdateForm();
  const deleteRow = useDeleteItem({ remove: deleteForm, invalidates: formKeys.lists(), name: (row) => row.title });

  const setStatus = (form: FormSummary, status: FormSummary['status']) =>
    updateForm.mutate(
      { id: form.id, changes: { status } },
      {
        onSuccess: () =>
          toast.success(
            t(status === 'archived' ? 'common.archivedToast' : 'common.restoredToast', { name: form.title }),
          ),
        onError: (error) => toast.error(errorMessage(error, t('common.updateFailed'))),
      },
    );

  const sortOptions: SortOption[] = FORM_SORTS.map((value) => ({ value, label: t(sortLabelKeys[value]) }));

  const columns: Column<FormSummary>[] = [
    { key: 'id', header: t('common.id'), cell: (row) => row.id, className: 'w-20 tabular-nums' },
    {
      key: 'title',
      header: t('common.title'),
      cell: (row) => (
        <span className="flex items-center gap-2">
          <span className="font-medium text-slate-900">{row.title}</span>
          {row.status === 'archived' && (
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600 ring-1 ring-slate-200 ring-inset">
              {t('common.archived')}
            </span>
          )}
        </span>
      ),
    },
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
    ...(row.id === SESSION_NOTES_FORM_ID && row.status === 'active'
      ? []
      : [
          row.status === 'archived'
            ? { label: t('common.restore'), onSelect: () => setStatus(row, 'active') }
            : { label: t('common.archive'), onSelect: () => setStatus(row, 'archived') },
        ]),
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
