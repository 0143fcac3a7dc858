import type { EventOccurrence } from '@ritim/shared';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadLanguage } from '../i18n';
import { renderApp, resetApp, stubApi } from '../test/app';
import { openDialogsInPlace } from '../test/dialog';
import { bodyOf, json } from '../test/http';
import { adminClaims } from '../test/tokens';

/** 10:00 in Istanbul on 24 November 2026, approved, with one guest. */
const session = (overrides: Partial<EventOccurrence> = {}): EventOccurrence => ({
  id: 501,
  eventId: 12,
  occurrenceDate: '2026-11-24T07:00:00.000Z',
  endDate: '2026-11-24T08:00:00.000Z',
  status: 'approved',
  hasGuestOverride: false,
  event: {
    id: 12,
    title: 'Choir practice',
    description: null,
    conferenceLink: null,
    timezone: 'Europe/Istanbul',
    status: 'active',
    doesNotRepeat: false,
    location: { id: 3, name: 'Hall' },
    organiser: { id: 7, name: 'Ayşe', surname: 'Yılmaz', timezone: 'Europe/Istanbul', groupIds: [] },
    guests: [],
  },
  occurrenceGuests: [],
  guests: [{ id: 21, name: 'Ali', surname: 'Demir', status: 'active', attendance: null, rsvp: null, makeup: null }],
  formSubmissions: [],
  attendance: [],
  cancellation: null,
  makeupOf: null,
  ...overrides,
});

const cancelled = session({
  status: 'cancelled',
  cancellation: { reason: 'Hall flooded', at: '2026-11-23T10:00:00.000Z', by: { id: 1, name: 'Ada Admin' } },
});

/** Upcoming Events' calls for the day, its one session answered as `current()` has it, and the changes. */
function stubDay(current: () => EventOccurrence, change: (path: string, body: unknown) => Response) {
  return stubApi(adminClaims, (url, init) => {
    if (url.startsWith('/api/event-occurrences?')) return json(200, { eventOccurrences: [current()], totalCount: 1 });
    const action = /^\/api\/event-occurrences\/501\/(cancel|restore)$/.exec(url);
    if (action && init?.method === 'POST') return change(action[1]!, bodyOf(init));
    if (url === '/api/event-occurrences/501') return json(200, current());
    if (url === '/api/forms/1') return json(200, { id: 1, title: 'Session notes' });
    return undefined;
  });
}

async function openMenuItem(name: string) {
  const [menu] = await screen.findAllByTestId('row-menu-button');
  await userEvent.click(menu!);
  await userEvent.click(await screen.findByRole('menuitem', { name }));
}

/** jsdom has no ResizeObserver; the row menu's floating panel watches its anchor with one. */
class NoResizeObserver {
  observe = () => undefined;
  unobserve = () => undefined;
  disconnect = () => undefined;
}

beforeAll(() => {
  configure({ asyncUtilTimeout: 6000 });
  openDialogsInPlace();
});
beforeEach(() => {
  resetApp();
  vi.stubGlobal('ResizeObserver', NoResizeObserver);
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
    await openMenuItem('Cancel session');
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
    await openMenuItem('Cancel session');
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
    await openMenuItem('Restore');
    expect(await screen.findByText('Session restored')).toBeTruthy();
    expect(posts).toEqual(['restore']);
    await waitFor(() => expect(screen.queryByTestId('cancelled-title')).toBeNull());
  });

  it('speaks Turkish', async () => {
    await loadLanguage('tr');
    stubDay(session, () => json(500, {}));
    renderApp('/upcoming-events?date=2026-11-24');
    await openMenuItem('Oturumu iptal et');
    const dialog = await screen.findByTestId('cancel-session-dialog');
    expect(within(dialog).getByLabelText('Neden')).toBeTruthy();
    expect(within(dialog).getByRole('checkbox', { name: 'Misafirlere haber ver' })).toBeTruthy();
  });
});
