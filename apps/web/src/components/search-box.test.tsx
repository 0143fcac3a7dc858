import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { SearchBox } from './search-box';
import { useListParams } from './use-list-params';

function ListSearch() {
  const { q, setSearch } = useListParams();
  const location = useLocation();
  return (
    <>
      <SearchBox value={q} onSearch={setSearch} />
      <output data-testid="search">{location.search}</output>
    </>
  );
}

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/locations', element: <ListSearch /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return {
    input: screen.getByRole('searchbox'),
    search: () => screen.getByTestId('search').textContent,
  };
}

const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const wait = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe('SearchBox in a list', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('applies the search only after 500 ms without typing', () => {
    const { input, search } = renderAt('/locations');
    type(input, 'hal');
    wait(300);
    type(input, 'hall');
    wait(499);
    expect(search()).toBe('');
    wait(1);
    expect(search()).toBe('?q=hall');
  });

  it('ignores searches under 3 characters', () => {
    const { input, search } = renderAt('/locations');
    type(input, 'ha');
    wait(1000);
    expect(search()).toBe('');
    expect(screen.getByText('Type at least 3 characters to search')).toBeTruthy();
  });

  it('removes q when the box is emptied', () => {
    const { input, search } = renderAt('/locations?q=hall');
    expect((input as HTMLInputElement).value).toBe('hall');
    type(input, '');
    wait(500);
    expect(search()).toBe('');
  });

  it('goes back to page 1 when the search changes, keeping the other parameters', () => {
    const { input, search } = renderAt('/locations?page=3&sort_by=date');
    type(input, '  main  ');
    wait(500);
    expect(search()).toBe('?sort_by=date&q=main');
  });

  it('applies at once on Enter', () => {
    const { input, search } = renderAt('/locations');
    type(input, 'hall');
    fireEvent.submit(input.closest('form')!);
    expect(search()).toBe('?q=hall');
  });
});
