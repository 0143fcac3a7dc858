import { PAGINATION_FULL_PAGES } from '@ritim/shared';

export type PaginationItem = number | 'gap';

/**
 * The page links to show (docs/product.md §2): every page up to PAGINATION_FULL_PAGES; beyond that the
 * first pages, a gap and the last page near the start, the first page, a gap and the last pages
 * near the end, and in between the first page, the current page with its neighbours, and the
 * last page, with gaps around the neighbours.
 */
export function paginationItems(current: number, totalPages: number): PaginationItem[] {
  const total = Math.max(0, Math.floor(totalPages));
  if (total <= PAGINATION_FULL_PAGES) return Array.from({ length: total }, (_, i) => i + 1);
  const page = Math.min(Math.max(1, Math.floor(current)), total);
  if (page <= 3) return [1, 2, 3, 4, 'gap', total];
  if (page >= total - 2) return [1, 'gap', total - 3, total - 2, total - 1, total];
  return [1, 'gap', page - 1, page, page + 1, 'gap', total];
}
