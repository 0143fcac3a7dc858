import { errorMessage } from '../api/errors';
import { PAGE_SIZE, type SortOption } from '@ritim/shared';
import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ListResult, PageQuery } from '../api/resources';
import { CheckboxFilter } from './checkbox-filter';
import { DataTable, type Column } from './data-table';
import { InboxIcon, PlusIcon } from './icons';
import { Spinner } from './spinner';
import { PageTitle } from './page-title';
import { Pagination } from './pagination';
import type { RowAction } from './row-menu';
import { SearchBox } from './search-box';
import { SortSelect } from './sort-select';
import { buttonClass, cardClass } from './ui';
import { useListParams } from './use-list-params';

/** What a list asks the API for: a page, the search, the sort and the checkbox filter. */
/** A page of a list as the list screens ask for it. */
export type ListQuery = PageQuery;

export interface ListPageProps<T, K extends QueryKey> {
  title: string;
  description?: string;
  /** The resource's query for one page (its api.ts). */
  query: (params: ListQuery) => UseQueryOptions<ListResult<T>, Error, ListResult<T>, K>;
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  /** How a row is named to assistive technology ("Actions for <label>"). */
  rowLabel: (row: T) => string;
  sortOptions?: readonly SortOption[];
  /** An optional checkbox filter, kept in the URL as `?<name>=true` and sent as `<name>=true`. */
  filter?: { name: string; label: string };
  rowActions?: (row: T) => RowAction[];
  createAction?: { to: string; label: string };
  /** Beside the title, in place of or next to Create: an action on what the list shows (an export). */
  headerAction?: ReactNode;
  /** The screen's own controls, before the search box (a day picker); their state is the screen's. */
  toolbar?: ReactNode;
  /** Under the table and pagination: actions on what the list shows (approving a day's schedule). */
  footer?: ReactNode;
  /** The empty state's text, when the screen can say more than 'No items found'. */
  emptyText?: string;
  /** False for a list the API cannot search (its toolbar filters it instead). */
  searchable?: boolean;
  /** Whether the screen's own filters narrow the list (the empty state then suggests clearing them). */
  filtered?: boolean;
  /** Each row a card on a phone (DataTable's `cardsOnPhone`), for a list whose every column matters there. */
  cardsOnPhone?: boolean;
}

/** The generic list screen (docs/product.md §2): title, search, sort, filter, table, row menu, pagination. */
export function ListPage<T, K extends QueryKey>({
  title,
  description,
  query,
  columns,
  rowKey,
  rowLabel,
  sortOptions,
  filter,
  rowActions,
  createAction,
  headerAction,
  toolbar,
  footer,
  emptyText,
  searchable = true,
  filtered = false,
  cardsOnPhone = false,
}: ListPageProps<T, K>) {
  const { t } = useTranslation();
  const sortValues = sortOptions?.map((option) => option.value) ?? [];
  const params = useListParams({ sortValues, filterName: filter?.name });
  const { page, setPage } = params;

  const request: ListQuery = {
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
    q: (searchable && params.q) || undefined,
    sort: params.sort,
    ...(filter && params.filterOn ? { [filter.name]: true } : {}),
  };
  const result = useQuery({ ...query(request), placeholderData: keepPreviousData });
  const totalCount = result.data?.totalCount ?? 0;
  const totalPages = Math.ceil(totalCount / PAGE_SIZE);
  const items = result.data?.items ?? [];

  // A page that no longer exists (its last item was deleted): show the last page instead.
  const pageGone = !result.isPlaceholderData && result.isSuccess && page > 1 && page > totalPages;
  useEffect(() => {
    if (pageGone) setPage(Math.max(totalPages, 1), { replace: true });
  }, [pageGone, setPage, totalPages]);

  let body: ReactNode;
  if (result.isPending) {
    body = (
      <p role="status" className="flex items-center justify-center gap-2 px-4 py-16 text-sm text-slate-500">
        <Spinner />
        {t('common.loading')}
      </p>
    );
  } else if (result.isError) {
    const message = errorMessage(result.error, t('list.unknownError'));
    body = (
      <p role="alert" className="px-4 py-16 text-center text-sm text-red-700">
        {t('list.error', { error: message })}
      </p>
    );
  } else if (items.length === 0) {
    body = (
      <div className="flex flex-col items-center px-4 py-16 text-center" data-testid="list-empty">
        <InboxIcon className="size-10 text-slate-300" />
        <p className="mt-3 text-sm font-semibold text-slate-900">{emptyText ?? t('list.empty')}</p>
        {(params.q || params.filterOn || filtered) && (
          <p className="mt-1 text-sm text-slate-500">{t('list.emptyHint')}</p>
        )}
      </div>
    );
  } else {
    body = (
      <DataTable
        caption={title}
        columns={columns}
        rows={items}
        rowKey={rowKey}
        rowLabel={rowLabel}
        rowActions={rowActions}
        busy={result.isFetching}
        cardsOnPhone={cardsOnPhone}
      />
    );
  }

  const first = (page - 1) * PAGE_SIZE + 1;
  return (
    <div className="space-y-6">
      <PageTitle title={title} />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
          {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
        </div>
        {(createAction || headerAction) && (
          <div className="flex flex-wrap gap-3">
            {headerAction}
            {createAction && (
              <Link to={createAction.to} className={buttonClass.primary}>
                <PlusIcon className="size-4" />
                {createAction.label}
              </Link>
            )}
          </div>
        )}
      </div>

      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-start">
        {toolbar}
        {searchable && <SearchBox value={params.q} onSearch={params.setSearch} />}
        {sortOptions && sortOptions.length > 0 && (
          <SortSelect options={sortOptions} value={params.sort ?? sortOptions[0]!.value} onChange={params.setSort} />
        )}
        {filter && (
          <div className="flex h-9 items-center">
            <CheckboxFilter
              name={filter.name}
              label={filter.label}
              checked={params.filterOn}
              onChange={params.setFilter}
            />
          </div>
        )}
        {result.isFetching && !result.isPending && (
          <p role="status" className="flex h-9 items-center gap-2 text-sm text-slate-500 sm:ml-auto">
            <Spinner />
            {t('list.refreshing')}
          </p>
        )}
      </div>

      <div
        className={`${cardClass} overflow-hidden transition-opacity ${result.isPlaceholderData ? 'opacity-60' : ''}`}
      >
        {body}
      </div>

      {result.data && (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-600" data-testid="list-count">
            {items.length > 0 && t('list.showing', { from: first, to: first + items.length - 1, total: totalCount })}
          </p>
          <Pagination page={page} totalPages={totalPages} onPageChange={setPage} />
        </div>
      )}
      {footer}
    </div>
  );
}
