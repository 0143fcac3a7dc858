import type { Closure, ClosureResult } from '@ritim/shared';
import { configure, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, resetApp, stubApi } from '../../test/app';
import { openDialogsInPlace } from '../../test/dialog';
import { bodyOf, json } from '../../test/http';
import { adminClaims } from '../../test/tokens';

const closure: Closure = {
  id: 7,
  title: 'Hall painted',
  from: '2026-12-01',
  to: '2026-12-02',
  timezone: 'Europe/Istanbul',
  scope: { kind: 'location', id: 3, name: 'Hall' },
  cancelledCount: 1,
};
const result: ClosureResult = {
  closure: { ...closure, id: null },
  cancelled: [{ occurrenceId: 501, eventId: 12, title: 'Choir practice', startsAt: '2026-12-01T07:00:00.000Z' }],
  kept: [
    {
      occurrenceId: 502,
      eventId: 13,
      title: 'Strings',
      startsAt: '2026-12-02T08:00:00.000Z',
      reason: 'hasAnswers',
    },
  ],
  guests: [
    { id: 40, name: 'Ayla Kaya', sessionCount: 1 },
    { id: 41, name: 'Burak Demir', sessionCount: 1 },
  ],
};

beforeAll(() => {
  configure({ asyncUtilTimeout: 6000 });
  openDialogsInPlace();
});
beforeEach(() => {
  resetApp();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Closures', { timeout: 30_000 }, () => {
  it('previews a closure (cancelled and kept, with why, and who would be told), then closes the days telling them', async () => {
    const posts: Record<string, unknown>[] = [];
    let stored: Closure[] = [];
    stubApi(adminClaims, (url, init) => {
      if (url.startsWith('/api/locations?')) return json(200, { locations: [{ id: 3, name: 'Hall' }], totalCount: 1 });
      if (url === '/api/closures' && init?.method === 'POST') {
        const body = bodyOf(init);
        posts.push(body);
        if (body.dryRun) return json(200, result);
        stored = [closure];
        return json(201, { ...result, closure });
      }
      if (url.startsWith('/api/closures?')) return json(200, { closures: stored, totalCount: stored.length });
      return undefined;
    });
    const router = renderApp('/closures/create');
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Hall painted' } });
    fireEvent.change(screen.getByLabelText('First day'), { target: { value: '2026-12-01' } });
    fireEvent.change(screen.getByLabelText('Last day'), { target: { value: '2026-12-02' } });
    await userEvent.selectOptions(screen.getByLabelText('Closes'), 'location');
    await userEvent.selectOptions(await screen.findByLabelText('One location'), '3');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));

    const preview = await screen.findByRole('region', { name: 'What closing these days does' });
    expect(within(preview).getByText('1 session will be cancelled')).toBeTruthy();
    expect(within(preview).getByTestId('closure-cancelled').textContent).toContain('Choir practice');
    expect(within(preview).getByTestId('closure-kept').textContent).toContain('has form answers');
    expect(within(preview).getByText('2 guests of these sessions')).toBeTruthy();
    expect(within(preview).getByTestId('closure-guests').textContent).toContain('Ayla Kaya1 session cancelled');
    const tell = within(preview).getByRole('checkbox', { name: 'Tell these guests' });
    expect((tell as HTMLInputElement).checked).toBe(false);
    expect(posts).toEqual([
      {
        title: 'Hall painted',
        from: '2026-12-01',
        to: '2026-12-02',
        timezone: 'Europe/Istanbul',
        scope: { kind: 'location', id: 3 },
        dryRun: true,
      },
    ]);

    await userEvent.click(tell);
    await userEvent.click(within(preview).getByRole('button', { name: 'Close these days' }));
    expect(await screen.findByText('Hall painted: 1 session cancelled')).toBeTruthy();
    expect(posts[1]).toMatchObject({ dryRun: false, notify: true, scope: { kind: 'location', id: 3 } });
    expect(await screen.findByText('Sessions at Hall')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/closures');
  });

  it('deletes a closure in a dialog that says its sessions come back, telling their guests when ticked', async () => {
    let stored: Closure[] = [closure];
    const deletes: string[] = [];
    stubApi(adminClaims, (url, init) => {
      if (url.startsWith('/api/closures/7') && init?.method === 'DELETE') {
        deletes.push(url);
        // The first try finds no message transport; the second, without telling, goes through.
        if (deletes.length === 1) return json(503, { message: 'Messaging is not configured' });
        stored = [];
        return new Response(null, { status: 204 });
      }
      if (url.startsWith('/api/closures?')) return json(200, { closures: stored, totalCount: stored.length });
      return undefined;
    });
    renderApp('/closures');
    const [menu] = await screen.findAllByTestId('row-menu-button');
    await userEvent.click(menu!);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Hall painted?' });
    expect(within(dialog).getByText('The 1 session it cancelled is restored.')).toBeTruthy();
    const tell = within(dialog).getByRole('checkbox', { name: 'Tell their guests' });
    expect((tell as HTMLInputElement).checked).toBe(false);
    await userEvent.click(tell);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete closure' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Messaging is not configured');
    expect(deletes).toEqual(['/api/closures/7?notify=true']);

    await userEvent.click(tell);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete closure' }));
    expect(await screen.findByText('Hall painted deleted; its sessions are restored')).toBeTruthy();
    expect(deletes).toEqual(['/api/closures/7?notify=true', '/api/closures/7']);
    expect(await screen.findByText('No closures')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers nobody to tell when the closure holds no session cancelled', async () => {
    stubApi(adminClaims, (url) => {
      if (url.startsWith('/api/closures?'))
        return json(200, { closures: [{ ...closure, cancelledCount: 0 }], totalCount: 1 });
      return undefined;
    });
    renderApp('/closures');
    const [menu] = await screen.findAllByTestId('row-menu-button');
    await userEvent.click(menu!);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Hall painted?' });
    expect(within(dialog).getByText('It holds no session cancelled: nothing comes back.')).toBeTruthy();
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
