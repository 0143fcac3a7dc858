import { CLOSURE_SORTS, type Closure, type SortOption } from '@ritim/shared';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorMessage } from '../../api/errors';
import { confirmAction } from '../../components/confirm';
import type { Column } from '../../components/data-table';
import { ListPage } from '../../components/list-page';
import type { RowAction } from '../../components/row-menu';
import { formatDay } from '../../lib/dates';
import { closureListQuery, useDeleteClosure } from './api';

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

/** Closures (docs/product.md §12): title, days, scope and how many sessions each cancelled; Delete restores them. */
export function ClosuresList() {
  const { t, i18n } = useTranslation();
  const scopeText = useScopeText();
  const deleteClosure = useDeleteClosure();
  const days = (row: Closure) =>
    row.from === row.to
      ? formatDay(row.from, i18n.language)
      : `${formatDay(row.from, i18n.language)} – ${formatDay(row.to, i18n.language)}`;

  const remove = (row: Closure) => {
    if (!confirmAction(t('closures.confirmDelete', { title: row.title, count: row.cancelledCount }))) return;
    deleteClosure.mutate(row, {
      onSuccess: () => toast.success(t('closures.deleted', { title: row.title })),
      onError: (error) => toast.error(errorMessage(error, t('list.deleteFailed'))),
    });
  };

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
    { label: t('common.delete'), onSelect: () => remove(row), tone: 'danger' },
  ];

  return (
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
  );
}
