import { useCallback } from 'react';
import { useLatestSearchParams } from './use-latest-search-params';

export const SORT_PARAM = 'sort_by';

export interface ListParamsOptions {
  /** The sort values the list offers; anything else in the URL is ignored. */
  sortValues?: readonly string[];
  /** The name of the list's checkbox filter (`?<name>=true`). */
  filterName?: string;
}

function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * The state of a list screen, kept in the URL (?q=&page=&sort_by=&<filter>=true) so it survives
 * reloads, can be shared as a link and follows the back button.
 */
export function useListParams({ sortValues = [], filterName }: ListParamsOptions = {}) {
  const [searchParams, setSearchParams] = useLatestSearchParams();
  const q = searchParams.get('q') ?? '';
  const page = parsePage(searchParams.get('page'));
  const sortParam = searchParams.get(SORT_PARAM);
  const sort = sortParam !== null && sortValues.includes(sortParam) ? sortParam : undefined;
  const filterOn = filterName ? searchParams.get(filterName) === 'true' : false;

  const change = useCallback(
    (changes: Record<string, string | null>, { resetPage = false, replace = false } = {}) => {
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null) next.delete(key);
            else next.set(key, value);
          }
          if (resetPage) next.delete('page');
          return next;
        },
        { replace },
      );
    },
    [setSearchParams],
  );

  /** Applies a search term (undefined removes q); a new term starts again at page 1. */
  const setSearch = useCallback(
    (term: string | undefined) => {
      if ((term ?? '') === q) return;
      change({ q: term ?? null }, { resetPage: true, replace: true });
    },
    [change, q],
  );
  const setPage = useCallback(
    (next: number, options?: { replace?: boolean }) => change({ page: String(next) }, options),
    [change],
  );
  const setSort = useCallback((value: string) => change({ [SORT_PARAM]: value }, { resetPage: true }), [change]);
  const setFilter = useCallback(
    (on: boolean) => {
      if (filterName) change({ [filterName]: on ? 'true' : null }, { resetPage: true });
    },
    [change, filterName],
  );

  return { q, page, sort, filterOn, setSearch, setPage, setSort, setFilter };
}
