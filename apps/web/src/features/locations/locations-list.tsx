import { LOCATION_SORTS, type Location } from '@ritim/shared';
import { useTranslation } from 'react-i18next';
import { useArchiveAction, useNameColumn, useRecordSortOptions } from '../../components/archivable';
import type { Column } from '../../components/data-table';
import { ListPage } from '../../components/list-page';
import type { RowAction } from '../../components/row-menu';
import { useDeleteItem } from '../../components/use-delete-item';
import { deleteLocation, locationKeys, locationListQuery, useUpdateLocation } from './api';

/** Locations (docs/product.md §2): Id, Name, Create User; archived ones behind the 'Show archived' filter. */
export function LocationsList() {
  const { t } = useTranslation();
  const updateLocation = useUpdateLocation();
  const deleteRow = useDeleteItem({
    remove: deleteLocation,
    invalidates: locationKeys.lists(),
    name: (row) => row.name,
  });

  const archiveAction = useArchiveAction(updateLocation, (row: Location) => row.name);
  const sortOptions = useRecordSortOptions(LOCATION_SORTS);
  const nameColumn = useNameColumn<Location>('name', t('common.name'), (row) => row.name);

  const columns: Column<Location>[] = [
    { key: 'id', header: t('common.id'), cell: (row) => row.id, className: 'w-20 tabular-nums' },
    nameColumn,
    { key: 'createUser', header: t('common.createUser'), cell: (row) => row.user?.username ?? '' },
  ];

  const rowActions = (row: Location): RowAction[] => [
    { label: t('common.edit'), to: `/locations/${row.id}/edit` },
    archiveAction(row),
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
