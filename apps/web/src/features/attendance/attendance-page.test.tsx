import type { AttendanceSummary } from '@ritim/shared';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, resetApp, stubApi } from '../../test/app';
import { json } from '../../test/http';
import { adminClaims, editorClaims, guestClaims } from '../../test/tokens';

const counts = (present: number, absent: number, rate: number | null) => ({
  sessions: present + absent,
  present,
  late: 0,
  absent,
  excused: 0,
  cancelled: 0,
  lateCancelled: 0,
  unmarked: 0,
  rate,
});

const byGuest: AttendanceSummary = {
  rows: [
    { key: { id: 21, name: 'Zeynep Kara' }, ...counts(1, 1, 0.5) },
    { key: { id: 22, name: 'Ali Demir' }, ...counts(3, 0, 1) },
  ],
  totals: counts(4, 1, 0.8),
};
const byMonth: AttendanceSummary = {
  rows: [{ key: { id: '2026-11', name: '2026-11' }, ...counts(4, 1, 0.8) }],
  totals: counts(4, 1, 0.8),
};

const searchOf = (url: string) => Object.fromEntries(new URLSearchParams(url.slice(url.indexOf('?') + 1)));

function stubAttendance(claims: Record<string, unknown>) {
  return stubApi(claims, (url) => {
    if (url.startsWith('/api/attendance/summary/export'))
      return new Response('guest,sessions\n', {
        status: 200,
        headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="attendance.csv"' },
      });
    if (url.startsWith('/api/attendance/summary?'))
      return json(200, searchOf(url).groupBy === 'month' ? byMonth : byGuest);
    if (url.startsWith('/api/users?'))
      return json(200, { users: [{ id: 7, name: 'Ayşe', surname: 'Yılmaz' }], totalCount: 1 });
    if (url.startsWith('/api/locations?')) return json(200, { locations: [{ id: 3, name: 'Hall' }], totalCount: 1 });
    if (url.startsWith('/api/groups?')) return json(200, { groups: [{ id: 2, name: 'Choir' }], totalCount: 1 });
    return undefined;
  });
}

beforeAll(() => configure({ asyncUtilTimeout: 6000 }));
beforeEach(() => {
  resetApp();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-24T06:00:00.000Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const names = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

describe('the Attendance screen', { timeout: 30_000 }, () => {
  it('asks for this month by guest in the admin’s zone, and sorts the table by a column', async () => {
    const api = stubAttendance(adminClaims);
    renderApp('/attendance');
    const table = await screen.findByTestId('list-table');
    expect(names(table)).toEqual(['Ali Demir', 'Zeynep Kara']);
    const summaries = api
      .calls()
      .filter((call) => call.url.startsWith('/api/attendance/summary?'))
      .map((call) => searchOf(call.url));
    expect(summaries).toContainEqual({
      from: '2026-11-01',
      to: '2026-11-30',
      groupBy: 'guest',
      timezone: 'Europe/Istanbul',
    });
    expect(summaries).toContainEqual({
      from: '2026-11-01',
      to: '2026-11-30',
      groupBy: 'month',
      timezone: 'Europe/Istanbul',
    });
    expect(within(screen.getByTestId('attendance-totals')).getByText('80%')).toBeTruthy();

    await userEvent.click(within(table).getByRole('button', { name: /Rate/ }));
    await waitFor(() => expect(names(table)).toEqual(['Ali Demir', 'Zeynep Kara']));
    expect(within(table).getByRole('columnheader', { name: /Rate/ }).getAttribute('aria-sort')).toBe('descending');
    await userEvent.click(within(table).getByRole('button', { name: /Rate/ }));
    await waitFor(() => expect(names(table)).toEqual(['Zeynep Kara', 'Ali Demir']));
    expect(within(table).getByRole('link', { name: 'Open the history of Ali Demir' }).getAttribute('href')).toBe(
      '/attendance?guestId=22&guestName=Ali+Demir',
    );
  });

  it('narrows by an organiser and exports the same summary as CSV', async () => {
    const api = stubAttendance(adminClaims);
    const createUrl = vi.fn(() => 'blob:attendance');
    URL.createObjectURL = createUrl;
    URL.revokeObjectURL = vi.fn();
    const router = renderApp('/attendance');
    await userEvent.selectOptions(await screen.findByLabelText('Organiser'), 'Ayşe Yılmaz');
    await waitFor(() => expect(router.state.location.search).toBe('?organiserId=7'));
    await userEvent.selectOptions(screen.getByLabelText('Group by'), 'By event');
    await waitFor(() => expect(router.state.location.search).toBe('?groupBy=event&organiserId=7'));
    expect(await screen.findByRole('columnheader', { name: /Event/ })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(createUrl).toHaveBeenCalled());
    const exported = api.calls().find((call) => call.url.startsWith('/api/attendance/summary/export'));
    expect(searchOf(exported!.url)).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
      groupBy: 'event',
      timezone: 'Europe/Istanbul',
      organiserId: '7',
    });
  });

  it('keeps both ends of a range typed one right after the other', async () => {
    stubAttendance(adminClaims);
    const router = renderApp('/attendance');
    const from = await screen.findByLabelText('From');
    // As a browser does: the second change comes before the first one's navigation is drawn
    // (testing-library's own events would draw in between).
    const type = (input: HTMLElement, value: string) => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    };
    type(from, '2026-10-19');
    type(screen.getByLabelText('To', { exact: true }), '2026-11-28');
    await waitFor(() => expect(router.state.location.search).toBe('?from=2026-10-19&to=2026-11-28'));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('From').value).toBe('2026-10-19'));
  });

  it('says when the range is the wrong way round instead of asking for it', async () => {
    const api = stubAttendance(adminClaims);
    renderApp('/attendance?from=2026-11-30&to=2026-11-01');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The range’s end (to) must not be before its start (from)',
    );
    expect(api.calls().some((call) => call.url.startsWith('/api/attendance/summary'))).toBe(false);
  });

  it('shows an editor their own numbers without the admin’s filters', async () => {
    const api = stubAttendance(editorClaims);
    renderApp('/attendance');
    expect(await screen.findByTestId('list-table')).toBeTruthy();
    expect(screen.queryByLabelText('Organiser')).toBeNull();
    expect(api.calls().some((call) => call.url.startsWith('/api/users'))).toBe(false);
  });

  it('is not a guest’s screen', async () => {
    stubAttendance(guestClaims);
    renderApp('/attendance');
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeTruthy();
  });
});
