import { errorMessage } from '../../api/errors';
import { LOCATION_SORTS, type Location, type SortOption } from '@ritim/shared';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Column } from '../../components/data-table';
import { ListPage } from '../../components/list-page';
import type { RowAction } from '../../components/row-menu';
import { useDeleteItem } from '../../components/use-delete-item';
import { deleteLocation, locationKeys, locationListQuery, useUpdateLocation } from './api';

const sortLabelKeys = {
  name: 'common.sortByName',
  date: 'common.sortByDate',
  status: 'common.sortByStatus',
} as const;

/** Locations (docs/product.md §2): Id, Name, Create User; archived ones behind the 'Show archived' filter. */
export function LocationsList() {
  const { t } = useTranslation();
  const updateLocation = useUpdateLocation();
  const deleteRow = useDeleteItem({
    remove: deleteLocation,
    invalidates: locationKeys.lists(),
    name: (row) => row.name,
  });

  const setStatus = (location: Location, status: Location['status']) =>
    updateLocation.mutate(
      { id: location.id, changes: { status } },
      {
        onSuccess: () =>
          toast.success(
            t(status === 'archived' ? 'common.archivedToast' : 'common.restoredToast', { name: location.name }),
          ),
        onError: (error) => toast.error(errorMessage(error, t('common.updateFailed'))),
      },
    );

  const sortOptions: SortOption[] = LOCATION_SORTS.map((value) => ({ value, label: t(sortLabelKeys[value]) }));

  const columns: Column<Location>[] = [
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

  const rowActions = (row: Location): RowAction[] => [
    { label: t('common.edit'), to: `/locations/${row.id}/edit` },
    row.status === 'archived'
      ? { label: t('common.restore'), onSelect: () => setStatus(row, 'active') }
      : { label: t('common.archive'), onSelect: () => setStatus(row, 'archived') },
    { label: t('common.delete'), onSelect: () => deleteRow(row), tone: 'danger' },
  ];

  return (
    <ListPage
      title={t('nav.locations')}
      description={t('locations.description')}
      query={locationListQuery}
      columns={columns}
      rowKey={(row) => row.id}
      rowLabel={(row) => row.name}
      sortOptions={sortOptions}
      filter={{ name: 'archived', label: t('common.showArchived') }}
      rowActions={rowActions}
      createAction={{ to: '/locations/create', label: t('locations.create') }}
    />
  );
}
