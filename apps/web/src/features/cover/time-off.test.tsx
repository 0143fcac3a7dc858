import type { TimeOff, TimeOffResult } from '@ritim/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadLanguage } from '../../i18n';
import { renderApp, startEachTestAt, stubApi } from '../../test/app';
import { openDialogsInPlace } from '../../test/dialog';
import { bodyOf, json } from '../../test/http';
import { adminClaims, editorClaims } from '../../test/tokens';

const timeOff: TimeOff = {
  id: 9,
  user: { id: 5, name: 'Ece Yıldız' },
  from: '2026-12-07',
  to: '2026-12-08',
  reason: 'Ill',
};
// Two sessions at the same hour of the same day (different events), and one the next day.
const result: TimeOffResult = {
  timeOff: { ...timeOff, id: null },
  affected: [
    {
      occurrenceId: 501,
      eventId: 12,
      title: 'Choir',
      startsAt: '2026-12-07T07:00:00.000Z',
      endsAt: '2026-12-07T08:00:00.000Z',
    },
    {
      occurrenceId: 502,
      eventId: 13,
      title: 'Strings',
      startsAt: '2026-12-07T07:30:00.000Z',
      endsAt: '2026-12-07T08:30:00.000Z',
    },
    {
      occurrenceId: 503,
      eventId: 12,
      title: 'Choir',
      startsAt: '2026-12-08T07:00:00.000Z',
      endsAt: '2026-12-08T08:00:00.000Z',
    },
  ],
};
const ali = { id: 6, name: 'Ali Kaya' };
const banu = { id: 7, name: 'Banu Er' };
const candidate = (user: { id: number; name: string }, knownGuests: number, coversLast30Days: number) => ({
  user,
  knownGuests,
  coversLast30Days,
});

beforeAll(() => openDialogsInPlace());
startEachTestAt('2026-12-02T09:00:00Z');

describe('Time off', { timeout: 30_000 }, () => {
  it('an admin picks an editor and the days, sees the affected sessions, saves, then gives the proposed covers in one step', async () => {
    const posts: Record<string, unknown>[] = [];
    const applied: Record<string, unknown>[] = [];
    let stored: TimeOff[] = [];
    stubApi(adminClaims, (url, init) => {
      if (url.startsWith('/api/users?'))
        return json(200, { users: [{ id: 5, username: 'ece', name: 'Ece', surname: 'Yıldız' }], totalCount: 1 });
      if (url === '/api/time-off' && init?.method === 'POST') {
        const body = bodyOf(init);
        posts.push(body);
        // Once covered, its sessions are no longer affected.
        if (body.dryRun) return json(200, applied.length > 1 ? { ...result, affected: [] } : result);
        stored = [timeOff];
        return json(201, { ...result, timeOff });
      }
      if (url.startsWith('/api/time-off?')) return json(200, { timeOff: stored, totalCount: stored.length });
      if (url === '/api/time-off/9/cover-plan' && init?.method === 'POST') {
        applied.push(bodyOf(init));
        if (applied.length === 1)
          return json(409, {
            message: 'The substitute for the session of 2026-12-08T07:00:00.000Z is not free for it',
            code: 'cover.notFreeFor',
            values: { startsAt: '2026-12-08T07:00:00.000Z' },
          });
        return json(200, { covered: 2 });
      }
      if (url === '/api/time-off/9/cover-plan')
        return json(200, {
          plan:
            applied.length > 1
              ? []
              : [
                  { occurrenceId: 501, candidate: ali },
                  { occurrenceId: 502, candidate: banu },
                  { occurrenceId: 503, candidate: null },
                ],
        });
      if (url === '/api/event-occurrences/501/cover-candidates')
        return json(200, { candidates: [candidate(ali, 2, 0), candidate(banu, 0, 1)] });
      if (url === '/api/event-occurrences/502/cover-candidates')
        return json(200, { candidates: [candidate(banu, 1, 1), candidate(ali, 0, 0)] });
      if (url === '/api/event-occurrences/503/cover-candidates')
        return json(200, { candidates: [candidate(ali, 1, 0)] });
      return undefined;
    });
    const router = renderApp('/time-off/create');
    await userEvent.selectOptions(await screen.findByLabelText('User'), '5');
    const preview = screen.getByRole('button', { name: 'Show affected sessions' });
    fireEvent.change(screen.getByLabelText('First day'), { target: { value: '2026-12-07' } });
    fireEvent.change(screen.getByLabelText('Last day'), { target: { value: '2026-12-08' } });
    await userEvent.type(screen.getByLabelText('Reason'), ' Ill ');
    await userEvent.click(preview);

    const affected = await screen.findByRole('region', { name: 'Sessions on these days' });
    expect(within(affected).getByText('3 sessions on these days')).toBeTruthy();
    expect(within(affected).getByTestId('time-off-affected').textContent).toContain('Strings07/12/2026 10:30');
    expect(posts).toEqual([{ userId: 5, from: '2026-12-07', to: '2026-12-08', reason: 'Ill', dryRun: true }]);
    expect(stored).toEqual([]);

    await userEvent.click(within(affected).getByRole('button', { name: 'Save time off' }));
    expect(await screen.findByText('Time off saved for Ece Yıldız')).toBeTruthy();
    expect(posts[1]).toEqual({ userId: 5, from: '2026-12-07', to: '2026-12-08', reason: 'Ill', dryRun: false });
    await waitFor(() => expect(router.state.location.pathname).toBe('/time-off/9/cover-plan'));

    // The plan: proposed substitutes, each changeable to the ranked candidates.
    expect(await screen.findByRole('heading', { name: /Cover plan: Ece Yıldız/ })).toBeTruthy();
    const first = await screen.findByLabelText('Substitute for Choir, 07/12/2026 10:00');
    const second = screen.getByLabelText('Substitute for Strings, 07/12/2026 10:30');
    const third = screen.getByLabelText('Substitute for Choir, 08/12/2026 10:00');
    expect((first as HTMLSelectElement).value).toBe('6');
    expect((second as HTMLSelectElement).value).toBe('7');
    expect((third as HTMLSelectElement).value).toBe('');
    expect(
      await within(first).findByRole('option', { name: 'Ali Kaya · knows 2 guests, no cover this month' }),
    ).toBeTruthy();

    // One person for both sessions at 10:00–11:00 and 10:30–11:30: said in place, nothing can be applied.
    await userEvent.selectOptions(second, await within(second).findByRole('option', { name: /^Ali Kaya/ }));
    expect(screen.getAllByText('Ali Kaya also takes', { exact: false })).toHaveLength(2);
    const apply = screen.getByRole('button', { name: 'Give these covers' });
    expect((apply as HTMLButtonElement).disabled).toBe(true);
    await userEvent.selectOptions(second, 'Leave uncovered');
    await userEvent.selectOptions(third, await within(third).findByRole('option', { name: /^Ali Kaya/ }));
    const notify = screen.getByRole('checkbox', { name: 'Tell the guests and both organisers' });
    expect((notify as HTMLInputElement).checked).toBe(true);
    await userEvent.click(notify);

    // Someone is no longer free: the answer is said and every choice stays.
    await userEvent.click(apply);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Ali Kaya is no longer free for Choir, 08/12/2026 10:00: choose someone else or leave it uncovered. Nothing was changed.',
    );
    expect(third.getAttribute('aria-invalid')).toBe('true');
    expect(first.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByText('No longer free: choose someone else')).toBeTruthy();
    expect(applied[0]).toEqual({
      assignments: [
        { occurrenceId: 501, organiserId: 6 },
        { occurrenceId: 503, organiserId: 6 },
      ],
      notify: false,
    });
    expect((first as HTMLSelectElement).value).toBe('6');
    expect((third as HTMLSelectElement).value).toBe('6');

    await userEvent.click(apply);
    expect(await screen.findByText('2 sessions covered')).toBeTruthy();
    expect(applied[1]).toEqual(applied[0]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/time-off'));
    expect(await screen.findByText('Ece Yıldız')).toBeTruthy();
  });

  it('an editor records their own time off (no one to pick) and goes back to the list', async () => {
    const posts: Record<string, unknown>[] = [];
    stubApi(editorClaims, (url, init) => {
      if (url === '/api/time-off' && init?.method === 'POST') {
        const body = bodyOf(init);
        posts.push(body);
        const own = { ...timeOff, id: body.dryRun ? null : 10, user: { id: 2, name: 'editor' }, reason: null };
        return json(body.dryRun ? 200 : 201, { timeOff: own, affected: [] });
      }
      if (url.startsWith('/api/time-off?')) return json(200, { timeOff: [], totalCount: 0 });
      return undefined;
    });
    const router = renderApp('/time-off/create');
    expect((await screen.findByTestId('time-off-self')).textContent).toBe('editor');
    expect(screen.queryByRole('combobox', { name: 'User' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Show affected sessions' }));
    expect(await screen.findByText('No session of theirs falls on these days.')).toBeTruthy();
    expect(posts[0]).toEqual({ userId: 2, from: '2026-12-02', to: '2026-12-02', reason: null, dryRun: true });
    // A change to the days makes the answer stale: it goes until asked again.
    fireEvent.change(screen.getByLabelText('Last day'), { target: { value: '2026-12-03' } });
    expect(screen.queryByRole('region', { name: 'Sessions on these days' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Show affected sessions' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Save time off' }));
    expect(await screen.findByText('Time off saved for editor')).toBeTruthy();
    expect(posts[2]).toMatchObject({ userId: 2, to: '2026-12-03', dryRun: false });
    await waitFor(() => expect(router.state.location.pathname).toBe('/time-off'));
    expect(await screen.findByText('No time off')).toBeTruthy();
  });

  it('speaks Turkish: the affected sessions and the save, in the user’s language', async () => {
    stubApi(editorClaims, (url, init) => {
      if (url === '/api/time-off' && init?.method === 'POST') return json(200, result);
      return undefined;
    });
    await loadLanguage('tr');
    renderApp('/time-off/create');
    expect(await screen.findByRole('heading', { level: 1, name: 'Yeni izin' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Etkilenen oturumları göster' }));
    expect(await screen.findByText('Bu günlerde 3 oturum')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'İzni kaydet' })).toBeTruthy();
  });

  it('lists time off and deletes one after asking; an admin opens its plan from the row', async () => {
    let stored: TimeOff[] = [timeOff];
    const deletes: string[] = [];
    stubApi(adminClaims, (url, init) => {
      if (url === '/api/time-off/9' && init?.method === 'DELETE') {
        deletes.push(url);
        stored = [];
        return new Response(null, { status: 204 });
      }
      if (url.startsWith('/api/time-off?')) return json(200, { timeOff: stored, totalCount: stored.length });
      return undefined;
    });
    renderApp('/time-off');
    expect(await screen.findByText('Ece Yıldız')).toBeTruthy();
    expect(screen.getByText('Ill')).toBeTruthy();
    await userEvent.click(screen.getByTestId('row-menu-button'));
    expect(await screen.findByRole('menuitem', { name: 'Cover plan' })).toBeTruthy();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the time off of Ece Yıldız?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep' }));
    expect(deletes).toEqual([]);
    await userEvent.click(screen.getByTestId('row-menu-button'));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: /Delete the time off/ })).getByRole('button', {
        name: 'Delete time off',
      }),
    );
    expect(await screen.findByText('Time off of Ece Yıldız deleted')).toBeTruthy();
    expect(deletes).toEqual(['/api/time-off/9']);
    expect(await screen.findByText('No time off')).toBeTruthy();
  });

  it('the plan says when nothing needs cover', async () => {
    stubApi(adminClaims, (url, init) => {
      if (url.startsWith('/api/time-off?')) return json(200, { timeOff: [timeOff], totalCount: 1 });
      if (url === '/api/time-off' && init?.method === 'POST') return json(200, { ...result, affected: [] });
      if (url === '/api/time-off/9/cover-plan') return json(200, { plan: [] });
      return undefined;
    });
    renderApp('/time-off/9/cover-plan');
    expect(await screen.findByText('No session of this time off needs cover.')).toBeTruthy();
  });

  it('the plan says when it could not be read', async () => {
    stubApi(adminClaims, (url, init) => {
      if (url.startsWith('/api/time-off?')) return json(200, { timeOff: [timeOff], totalCount: 1 });
      if (url === '/api/time-off' && init?.method === 'POST') return json(200, result);
      if (url === '/api/time-off/9/cover-plan') return json(500, { message: 'Database unavailable' });
      return undefined;
    });
    renderApp('/time-off/9/cover-plan');
    expect((await screen.findByRole('alert')).textContent).toBe('Database unavailable');
  });

  it('the plan of a time off that is not there says so', async () => {
    stubApi(adminClaims, (url) => {
      if (url.startsWith('/api/time-off?')) return json(200, { timeOff: [], totalCount: 0 });
      return undefined;
    });
    renderApp('/time-off/77/cover-plan');
    expect((await screen.findByRole('alert')).textContent).toBe('Time off not found');
  });
});
