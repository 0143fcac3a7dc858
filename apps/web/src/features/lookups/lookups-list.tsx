import { LOOKUP_SORTS, type Lookup, type SortOption } from '@ritim/shared';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../components/data-table';
import { ListPage } from '../../components/list-page';
import type { RowAction } from '../../components/row-menu';
import { useDeleteItem } from '../../components/use-delete-item';
import { lookups } from './api';
import { TYPE_LABELS } from './lookup-choices';

const sortLabelKeys = {
  id: 'common.sortById',
  key: 'lookups.sortByKey',
  value: 'lookups.sortByValue',
} as const;

/** Lookups (docs/product.md §2): Id, Key, Value, Label, Parent Id, Lookupable Type, Lookupable Name. */
export function LookupsList() {
  const { t } = useTranslation();
  const deleteRow = useDeleteItem({
    remove: lookups.remove,
    invalidates: lookups.keys.lists(),
    name: (row) => row.label,
  });

  const sortOptions: SortOption[] = LOOKUP_SORTS.map((value) => ({ value, label: t(sortLabelKeys[value]) }));

  const columns: Column<Lookup>[] = [
    { key: 'id', header: t('common.number'), cell: (row) => row.id, className: 'w-20 tabular-nums' },
    {
      key: 'key',
      header: t('lookups.key'),
      cell: (row) => <span className="font-mono text-xs text-slate-700">{row.key}</span>,
    },
    { key: 'value', header: t('lookups.value'), cell: (row) => row.value },
    {
      key: 'label',
      header: t('lookups.label'),
      cell: (row) => <span className="font-medium text-slate-900">{row.label}</span>,
    },
    { key: 'parentId', header: t('lookups.parentId'), cell: (row) => row.parentId ?? '', className: 'tabular-nums' },
    {
      key: 'lookupableType',
      header: t('lookups.lookupableType'),
      cell: (row) => (row.lookupableType ? t(TYPE_LABELS[row.lookupableType]) : ''),
    },
    { key: 'lookupableName', header: t('lookups.lookupableName'), cell: (row) => row.lookupableDisplay ?? '' },
  ];

  const rowActions = (row: Lookup): RowAction[] => [
    { label: t('common.edit'), to: `/lookups/${row.id}/edit` },
    { label: t('common.delete'), onSelect: () => deleteRow(row), tone: 'danger' },
  ];

  return (
    <ListPage
      title={t('nav.lookups')}
      description={t('lookups.description')}
      query={lookups.listQuery}
      columns={columns}
      rowKey={(row) => row.id}
      rowLabel={(row) => row.label}
      sortOptions={sortOptions}
      rowActions={rowActions}
      createAction={{ to: '/lookups/create', label: t('lookups.create') }}
    />
  );
}
