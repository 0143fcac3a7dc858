import type { RecordStatus } from '@ritim/shared';
import { useTranslation } from 'react-i18next';
import type { ListResult, PageQuery } from '../api/resources';
import { type Archivable, useArchiveAction, useNameColumn, useRecordSortOptions } from './archivable';
import type { Column } from './data-table';
import { ListPage } from './list-page';
import type { RowAction } from './row-menu';
import { useDeleteItem } from './use-delete-item';
import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';

/** A record of a section that lists Id, Name and Create User (locations, groups). */
export interface NamedRecord extends Archivable {
  name: string;
  user?: { username: string } | null;
}

/** What the list needs of its section's resource (api/resources.ts's defineResource). */
interface NamedRecordResource<Row extends NamedRecord, K extends QueryKey> {
  keys: { lists: () => QueryKey };
  listQuery: (query: PageQuery) => UseQueryOptions<ListResult<Row>, Error, ListResult<Row>, K>;
  remove: (row: Row) => Promise<void>;
  useUpdate: () => {
    mutate: (
      variables: { id: number; changes: { status: RecordStatus } },
      options: { onSuccess: () => void; onError: (error: Error) => void },
    ) => void;
  };
}

/**
 * The list screen of a section of named, archivable records (docs/product.md §2): Id, Name (with
 * its 'Archived' badge), Create User; Edit, Archive or Restore, Delete in the row menu; archived
 * ones behind 'Show archived'. `path` is the section's route ('/locations').
 */
export function NamedRecordList<Row extends NamedRecord, K extends QueryKey>({
  resource,
  path,
  sorts,
  texts,
}: {
  resource: NamedRecordResource<Row, K>;
  path: string;
  sorts: Parameters<typeof useRecordSortOptions>[0];
  texts: { title: string; description: string; create: string };
}) {
  const { t } = useTranslation();
  const update = resource.useUpdate();
  const deleteRow = useDeleteItem({
    remove: resource.remove,
    invalidates: resource.keys.lists(),
    name: (row: Row) => row.name,
  });
  const archiveAction = useArchiveAction(update, (row: Row) => row.name);
  const sortOptions = useRecordSortOptions(sorts);
  const nameColumn = useNameColumn<Row>('name', t('common.name'), (row) => row.name);

  const columns: Column<Row>[] = [
    { key: 'id', header: t('common.id'), cell: (row) => row.id, className: 'w-20 tabular-nums' },
    nameColumn,
    { key: 'createUser', header: t('common.createUser'), cell: (row) => row.user?.username ?? '' },
  ];

  const rowActions = (row: Row): RowAction[] => [
    { label: t('common.edit'), to: `${path}/${row.id}/edit` },
    archiveAction(row),
    { label: t('common.delete'), onSelect: () => deleteRow(row), tone: 'danger' },
  ];

  return (
    <ListPage
      title={texts.title}
      description={texts.description}
      query={resource.listQuery}
      columns={columns}
      rowKey={(row) => row.id}
      rowLabel={(row) => row.name}
      sortOptions={sortOptions}
      filter={{ name: 'archived', label: t('common.showArchived') }}
      rowActions={rowActions}
      createAction={{ to: `${path}/create`, label: texts.create }}
    />
  );
}
