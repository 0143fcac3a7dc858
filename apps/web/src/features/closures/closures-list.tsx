import { CLOSURE_SORTS, type Closure, type SortOption } from '@ritim/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../components/data-table';
import { ListPage } from '../../components/list-page';
import type { RowAction } from '../../components/row-menu';
import { formatDay } from '../../lib/dates';
import { closureListQuery } from './api';
import { DeleteClosureDialog } from './delete-closure-dialog';

/** How a closure's scope reads: everyone, or the location or organiser it closes. */
export function useScopeText() {
  const { t } = useTranslation();
  return (scope: Closure['scope']) =>
    scope.kind === 'all'
      ? t('closures.scopeAll')
      : t(scope.kind === 'location' ? 'closures.scopeLocation' : 'closures.scopeOrganiser', {
          name: scope.name ?? `#${scope.id}`,
        });
}

/**
 * Closures (docs/product.md §12): title, days, scope and how many sessions each cancelled; Delete
 * restores them, telling their guests when asked (DeleteClosureDialog).
 */
export function ClosuresList() {
  const { t, i18n } = useTranslation();
  const scopeText = useScopeText();
  const [deleting, setDeleting] = useState<Closure | null>(null);
  const days = (row: Closure) =>
    row.from === row.to
      ? formatDay(row.from, i18n.language)
      : `${formatDay(row.from, i18n.language)} – ${formatDay(row.to, i18n.language)}`;

  const sortOptions: SortOption[] = CLOSURE_SORTS.map((value) => ({
    value,
    label: t(value === 'from' ? 'closures.sortOldest' : 'closures.sortNewest'),
  }));

  const columns: Column<Closure>[] = [
    { key: 'title', header: t('common.title'), cell: (row) => <span className="font-medium">{row.title}</span> },
    { key: 'days', header: t('closures.days'), cell: days },
    { key: 'scope', header: t('closures.scope'), cell: (row) => scopeText(row.scope) },
    {
      key: 'cancelled',
      header: t('closures.cancelledCount'),
      cell: (row) => row.cancelledCount,
      className: 'tabular-nums',
    },
  ];

  const rowActions = (row: Closure): RowAction[] => [
    { label: t('common.delete'), onSelect: () => setDeleting(row), tone: 'danger' },
  ];

  return (
    <>
      <ListPage
        title={t('nav.closures')}
        description={t('closures.description')}
        query={closureListQuery}
        columns={columns}
        rowKey={(row) => row.id ?? 0}
        rowLabel={(row) => row.title}
        sortOptions={sortOptions}
        rowActions={rowActions}
        createAction={{ to: '/closures/create', label: t('closures.create') }}
        emptyText={t('closures.empty')}
      />
      <DeleteClosureDialog closure={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
