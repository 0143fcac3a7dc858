import type { EventOccurrence } from '@ritim/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadLanguage } from '../../i18n';
import { renderApp, startEachTestAt, stubApi } from '../../test/app';
import { openDialogsInPlace } from '../../test/dialog';
import { bodyOf, json } from '../../test/http';
import { chooseRowMenuItem, choirOccurrence, occurrenceGuest, stubOccurrenceDay } from '../../test/occurrences';
import { adminClaims } from '../../test/tokens';

/** The choir's session with three guests (test/occurrences.ts). */
const open = (overrides: Partial<EventOccurrence> = {}) =>
  choirOccurrence(
    [occurrenceGuest(21, 'Ali', 'Demir'), occurrenceGuest(22, 'Can', 'Kaya'), occurrenceGuest(23, 'Ece', 'Aydın')],
    {
      occurrenceDate: '2026-12-08T07:00:00.000Z',
      endDate: '2026-12-08T08:00:00.000Z',
      ...overrides,
    },
  );
const covered = open({
  event: {
    ...open().event,
    organiser: { id: 8, name: 'Burak', surname: 'Şen', timezone: 'Europe/Istanbul', groupIds: [] },
  },
  cover: {
    organiser: { id: 8, name: 'Burak Şen' },
    originalOrganiser: { id: 7, name: 'Ayşe Yılmaz' },
    by: { id: 1, name: 'Ada Admin' },
    at: '2026-12-02T09:00:00.000Z',
  },
});
const candidates = {
  candidates: [
    { user: { id: 8, name: 'Burak Şen' }, knownGuests: 2, coversLast30Days: 1 },
    { user: { id: 9, name: 'Deniz Ak' }, knownGuests: 0, coversLast30Days: 0 },
  ],
};

startEachTestAt('2026-12-02T09:00:00Z');
beforeAll(() => {
  openDialogsInPlace();
});

describe('Find cover', { timeout: 30_000 }, () => {
  it('ranks the candidates with why, assigns one in one click telling everyone, and gives it back', async () => {
    let current = open();
    const calls: [string, string, unknown][] = [];
    stubOccurrenceDay(
      adminClaims,
      () => current,
      (url, init) => {
        if (url === '/api/event-occurrences/501/cover-candidates') return json(200, candidates);
        if (url.startsWith('/api/event-occurrences/501/cover')) {
          calls.push([init?.method ?? 'GET', url, init?.method === 'POST' ? bodyOf(init) : null]);
          current = init?.method === 'POST' ? covered : open();
          return init?.method === 'POST' ? json(200, current) : new Response(null, { status: 204 });
        }
        return undefined;
      },
    );
    renderApp('/upcoming-events?date=2026-12-08');
    await chooseRowMenuItem('Find cover');
    const dialog = await screen.findByTestId('find-cover-dialog');
    expect(within(dialog).getByRole('heading', { name: 'Find cover for Choir practice' })).toBeTruthy();
    const rows = await within(dialog).findAllByTestId('cover-candidate');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Burak Şenknows 2 of the 3 guests · covered 1 session this monthAssign',
      'Deniz Akknows none of the guests · no cover this monthAssign',
    ]);
    expect(
      within(dialog).getByRole<HTMLInputElement>('checkbox', { name: /Tell the guests and both organisers/ }).checked,
    ).toBe(true);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign Burak Şen' }));
    expect(await screen.findByText('Choir practice is covered by Burak Şen')).toBeTruthy();
    expect(calls).toEqual([['POST', '/api/event-occurrences/501/cover', { organiserId: 8, notify: true }]]);
    expect((await screen.findByTestId('cover-line')).textContent).toBe('Covered by Burak Şen (for Ayşe Yılmaz)');

    // Given back without telling anyone.
    await chooseRowMenuItem('Give back');
    const back = await screen.findByTestId('find-cover-dialog');
    expect(within(back).getByTestId('cover-line').textContent).toBe('Covered by Burak Şen (for Ayşe Yılmaz)');
    await userEvent.click(within(back).getByRole('checkbox', { name: /Tell the guests and both organisers/ }));
    await userEvent.click(within(back).getByRole('button', { name: 'Give back' }));
    expect(await screen.findByText('Choir practice is given back to Ayşe Yılmaz')).toBeTruthy();
    expect(calls[1]).toEqual(['DELETE', '/api/event-occurrences/501/cover?notify=false', null]);
    await waitFor(() => expect(screen.queryByTestId('cover-line')).toBeNull());
  });

  it('says when the candidates fail, with Retry, and when nobody is free, in Turkish too', async () => {
    let answer = () => json(500, { message: 'Database down' });
    stubOccurrenceDay(
      adminClaims,
      () => open(),
      (url) => (url === '/api/event-occurrences/501/cover-candidates' ? answer() : undefined),
    );
    renderApp('/upcoming-events?date=2026-12-08');
    await chooseRowMenuItem('Find cover');
    const dialog = await screen.findByTestId('find-cover-dialog');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The candidates could not be loaded: Database down',
    );
    answer = () => json(200, { candidates: [] });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('Nobody is free for this session.')).toBeTruthy();
    await loadLanguage('tr');
    expect(await within(dialog).findByRole('heading', { name: 'Choir practice için yedek bul' })).toBeTruthy();
    expect(within(dialog).queryByText('Nobody is free for this session.')).toBeNull();
    expect(within(dialog).getByText('Bu oturum için boşta kimse yok.')).toBeTruthy();
    await loadLanguage('en');
  });

  it('Home tells admins how many sessions need cover, each opening Find cover', async () => {
    stubApi(adminClaims, (url) => {
      if (url.startsWith('/api/event-occurrences/needs-cover'))
        return json(200, { eventOccurrences: [open()], totalCount: 1 });
      if (url === '/api/event-occurrences/501/cover-candidates') return json(200, candidates);
      return undefined;
    });
    renderApp('/');
    const panel = await screen.findByRole('region', { name: '1 session needs cover' });
    await userEvent.click(within(panel).getByRole('button', { name: /Choir practice/ }));
    const dialog = await screen.findByTestId('find-cover-dialog');
    expect(await within(dialog).findAllByTestId('cover-candidate')).toHaveLength(2);
  });
});
