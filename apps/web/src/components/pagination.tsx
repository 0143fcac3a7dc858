import { PAGE_SIZE } from '@ritim/shared';
import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';
import { paginationItems } from './pagination-items';

interface PaginationProps {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
}

const pageButton =
  'inline-flex min-w-9 items-center justify-center rounded-md px-2.5 py-1.5 text-sm font-medium ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

export function Pagination({ page, totalPages, onPageChange }: PaginationProps) {
  const { t } = useTranslation();
  const items = paginationItems(page, totalPages);
  return (
    <nav
      aria-label={t('pagination.label')}
      className="flex items-center justify-between gap-2"
      data-testid="pagination"
    >
      <button
        type="button"
        disabled={page <= 1}
        onClick={() => onPageChange(page - 1)}
        className={`${pageButton} gap-1 text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent`}
        data-testid="pagination-previous"
      >
        <ChevronLeftIcon className="size-4" />
        {t('pagination.previous')}
      </button>
      <ul className="flex flex-wrap items-center gap-1">
        {items.map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} className="px-1.5 text-sm text-slate-500">
              <span aria-hidden="true">…</span>
              <span className="sr-only">{t('pagination.gap')}</span>
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                aria-label={t('pagination.page', { page: item })}
                aria-current={item === page ? 'page' : undefined}
                onClick={() => onPageChange(item)}
                className={`${pageButton} ${
                  item === page ? 'bg-indigo-600 text-white' : 'text-slate-700 hover:bg-slate-100'
                }`}
              >
                {item}
              </button>
            </li>
          ),
        )}
      </ul>
      <button
        type="button"
        disabled={totalPages === 0 || page >= totalPages}
        onClick={() => onPageChange(page + 1)}
        className={`${pageButton} gap-1 text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent`}
        data-testid="pagination-next"
      >
        {t('pagination.next')}
        <ChevronRightIcon className="size-4" />
      </button>
    </nav>
  );
}

/**
 * The foot of a paged list inside a panel (pages of PAGE_SIZE): which rows show of how many, and
 * the page buttons; nothing while everything fits on one page.
 */
export function PanelPages({
  page,
  totalCount,
  shown,
  onPageChange,
}: {
  page: number;
  totalCount: number;
  shown: number;
  onPageChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  const totalPages = Math.ceil(totalCount / PAGE_SIZE);
  if (totalPages <= 1) return null;
  const first = (page - 1) * PAGE_SIZE + 1;
  return (
    <div className="flex flex-col gap-3 border-t border-slate-200 px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:px-6">
      <p className="text-sm text-slate-600">
        {t('list.showing', { from: first, to: first + shown - 1, total: totalCount })}
      </p>
      <Pagination page={page} totalPages={totalPages} onPageChange={onPageChange} />
    </div>
  );
}
