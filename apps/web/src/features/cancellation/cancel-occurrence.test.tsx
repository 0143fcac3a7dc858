import type { EventOccurrence } from '@ritim/shared';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadLanguage } from '../../i18n';
import { renderApp, resetApp } from '../../test/app';
import { openDialogsInPlace } from '../../test/dialog';
import { bodyOf, json } from '../../test/http';
import { chooseRowMenuItem, choirOccurrence, occurrenceGuest, stubOccurrenceDay } from '../../test/occurrences';
import { adminClaims } from '../../test/tokens';

/** The choir's session with one guest, Ali (docs of the fixture in test/occurrences.ts). */
const session = (overrides: Partial<EventOccurrence> = {}) =>
  choirOccurrence([occurrenceGuest(21, 'Ali', 'Demir')], overrides);

const cancelled = session({
  status: 'cancelled',
  cancellation: { reason: 'Hall flooded', at: '2026-11-23T10:00:00.000Z', by: { id: 1, name: 'Ada Admin' } },
});

/** The day with its one session answered as `current()` has it, and the changes (cancel, restore). */
const stubDay = (current: () => EventOccurrence, change: (path: string, body: unknown) => Response) =>
  stubOccurrenceDay(adminClaims, current, (url, init) => {
    const action = /^\/api\/event-occurrences\/501\/(cancel|restore)$/.exec(url);
    return action && init?.method === 'POST' ? change(action[1]!, bodyOf(init)) : undefined;
  });

beforeAll(() => {
  configure({ asyncUtilTimeout: 6000 });
  openDialogsInPlace();
});
beforeEach(() => {
  resetApp();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await loadLanguage('en');
});

describe('Cancel session', { timeout: 30_000 }, () => {
  it('asks for a reason, sends it with Tell the guests, and shows the session struck through with it', async () => {
    let current = session();
    const posts: [string, unknown][] = [];
    stubDay(
      () => current,
      (path, body) => {
        posts.push([path, body]);
        current = cancelled;
        return json(200, current);
      },
    );
    renderApp('/upcoming-events?date=2026-11-24');
    await chooseRowMenuItem('Cancel session');
    const dialog = await screen.findByTestId('cancel-session-dialog');
    expect(within(dialog).getByRole('heading', { name: 'Cancel Choir practice' })).toBeTruthy();
    expect(within(dialog).getByText(/24\/11\/2026 10:00 \(Europe\/Istanbul\)/)).toBeTruthy();

    // A blank reason is refused here, before anything is sent.
    await userEvent.type(within(dialog).getByLabelText('Reason'), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel session' }));
    expect(within(dialog).getByText('Give a reason for the cancellation')).toBeTruthy();
    expect(within(dialog).getByLabelText('Reason').getAttribute('aria-invalid')).toBe('true');
    expect(posts).toEqual([]);

    await userEvent.clear(within(dialog).getByLabelText('Reason'));
    await userEvent.type(within(dialog).getByLabelText('Reason'), ' Hall flooded ');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Tell the guests' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel session' }));

    expect(await screen.findByText('Session cancelled')).toBeTruthy();
    expect(posts).toEqual([['cancel', { reason: 'Hall flooded', notify: true }]]);
    expect((await screen.findByTestId('cancelled-title')).textContent).toBe('Choir practice');
    expect(screen.getByTestId('cancellation-reason').textContent).toBe('Cancelled: Hall flooded');
  });

  it('shows the server’s refusal in the dialog and keeps what was typed', async () => {
    stubDay(session, () =>
      json(409, {
        message: 'This session is already cancelled',
        code: 'cancellation.alreadyCancelled',
        values: {},
      }),
    );
    renderApp('/upcoming-events?date=2026-11-24');
    await chooseRowMenuItem('Cancel session');
    const dialog = await screen.findByTestId('cancel-session-dialog');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Ill');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel session' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The session could not be cancelled: This session is already cancelled',
    );
    expect(within(dialog).getByLabelText<HTMLTextAreaElement>('Reason').value).toBe('Ill');
  });

  it('restores a cancelled session from the row menu after a confirmation', async () => {
    let current = cancelled;
    const posts: string[] = [];
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    stubDay(
      () => current,
      (path) => {
        posts.push(path);
        current = session();
        return json(200, current);
      },
    );
    renderApp('/upcoming-events?date=2026-11-24');
    expect((await screen.findByTestId('cancelled-title')).textContent).toBe('Choir practice');
    await chooseRowMenuItem('Restore');
    expect(await screen.findByText('Session restored')).toBeTruthy();
    expect(posts).toEqual(['restore']);
    await waitFor(() => expect(screen.queryByTestId('cancelled-title')).toBeNull());
  });

  it('speaks Turkish', async () => {
    await loadLanguage('tr');
    stubDay(session, () => json(500, {}));
    renderApp('/upcoming-events?date=2026-11-24');
    await chooseRowMenuItem('Oturumu iptal et');
    const dialog = await screen.findByTestId('cancel-session-dialog');
    expect(within(dialog).getByLabelText('Neden')).toBeTruthy();
    expect(within(dialog).getByRole('checkbox', { name: 'Misafirlere haber ver' })).toBeTruthy();
  });
});
