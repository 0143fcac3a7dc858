import { describe, expect, it } from 'vitest';
import { paginationItems } from './pagination-items';

describe('paginationItems', () => {
  it('shows nothing when there are no pages', () => {
    expect(paginationItems(1, 0)).toEqual([]);
  });

  it('shows the single page', () => {
    expect(paginationItems(1, 1)).toEqual([1]);
  });

  it('shows up to 5 pages in full', () => {
    expect(paginationItems(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(paginationItems(5, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows the first pages, a gap and the last page for 6 pages at the start', () => {
    expect(paginationItems(1, 6)).toEqual([1, 2, 3, 4, 'gap', 6]);
    expect(paginationItems(3, 6)).toEqual([1, 2, 3, 4, 'gap', 6]);
  });

  it('shows the first page, a gap and the last pages for 6 pages at the end', () => {
    expect(paginationItems(4, 6)).toEqual([1, 'gap', 3, 4, 5, 6]);
    expect(paginationItems(6, 6)).toEqual([1, 'gap', 3, 4, 5, 6]);
  });

  it('shows the neighbours of a page in the middle between two gaps', () => {
    expect(paginationItems(10, 20)).toEqual([1, 'gap', 9, 10, 11, 'gap', 20]);
    expect(paginationItems(4, 20)).toEqual([1, 'gap', 3, 4, 5, 'gap', 20]);
    expect(paginationItems(17, 20)).toEqual([1, 'gap', 16, 17, 18, 'gap', 20]);
  });

  it('keeps the current page and its neighbours visible at the start and the end of many pages', () => {
    expect(paginationItems(1, 20)).toEqual([1, 2, 3, 4, 'gap', 20]);
    expect(paginationItems(3, 20)).toEqual([1, 2, 3, 4, 'gap', 20]);
    expect(paginationItems(18, 20)).toEqual([1, 'gap', 17, 18, 19, 20]);
    expect(paginationItems(20, 20)).toEqual([1, 'gap', 17, 18, 19, 20]);
  });

  it('clamps a page outside the range', () => {
    expect(paginationItems(0, 20)).toEqual([1, 2, 3, 4, 'gap', 20]);
    expect(paginationItems(99, 20)).toEqual([1, 'gap', 17, 18, 19, 20]);
  });
});
