import type { MessageLog } from '@ritim/shared';
import { configure, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, resetApp, stubApi } from '../../test/app';
import { json } from '../../test/http';
import { messageLog } from '../../test/message-logs';
import { adminClaims, editorClaims } from '../../test/tokens';

const failedLog = (id: number, name: string): MessageLog =>
  messageLog(id, 'failed', {
    message: 'Reminder: Piano',
    recipient: { kind: 'user', id: 30 + id, name },
    guests: [{ id: 30 + id, name, surname: null }],
  });

const emptyOccurrences = { eventOccurrences: [], totalCount: 0 };
const searchOf = (url: string) => new URLSearchParams(url.slice(url.indexOf('?') + 1));

/** Answers Home's calls: no occurrences, the reminders count, and the day's failed messages. */
function stubHome(reminders: number, failed: MessageLog[], failedTotal = failed.length) {
  return stubApi(adminClaims, (url) => {
    if (url.startsWith('/api/event-occurrences?')) return json(200, emptyOccurrences);
    if (!url.startsWith('/api/message-logs?')) return undefined;
    const query = searchOf(url);
    if (query.get('type') === 'reminder') return json(200, { messageLogs: [], totalCount: reminders });
    if (query.get('status') === 'failed') return json(200, { messageLogs: failed, totalCount: failedTotal });
    return undefined;
  });
}

beforeAll(() => configure({ asyncUtilTimeout: 6000 }));
beforeEach(() => {
  resetApp();
  vi.useFakeTimers({ toFake: ['Date'] });
  // 09:00 in Istanbul on 24/11/2026.
  vi.setSystemTime(new Date('2026-11-24T06:00:00.000Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Home, the admin’s messages panel', { timeout: 30_000 }, () => {
  it('shows how many messages failed today, up to five with recipient and reason, and the reminders sent', async () => {
    const failed = ['Ali', 'Ayşe', 'Can', 'Deniz', 'Elif'].map((name, index) => failedLog(index + 1, name));
    const api = stubHome(3, failed, 7);
    renderApp('/');
    const panel = await screen.findByTestId('home-messages');
    expect((await within(panel).findByTestId('home-reminders')).textContent).toBe(
      'Reminders: 3 queued or sent for today’s sessions',
    );
    expect((await within(panel).findByTestId('home-failed-count')).textContent).toBe('7 messages failed today');
    const rows = within(panel).getAllByTestId('home-failed-message');
    expect(rows.map((row) => row.textContent)).toEqual(
      ['Ali', 'Ayşe', 'Can', 'Deniz', 'Elif'].map((name) => `${name} · Pianono email address`),
    );
    expect(within(panel).getByRole('link', { name: 'Open the Message Log' }).getAttribute('href')).toBe(
      '/message-logs?date=2026-11-24',
    );

    const logCalls = api
      .calls()
      .filter((call) => call.url.startsWith('/api/message-logs?'))
      .map((call) => Object.fromEntries(searchOf(call.url)));
    expect(logCalls).toContainEqual(
      expect.objectContaining({ date: '2026-11-24', status: 'failed', limit: '5', timezone: 'Europe/Istanbul' }),
    );
    expect(logCalls).toContainEqual(
      expect.objectContaining({ occurrenceDate: '2026-11-24', type: 'reminder', limit: '1' }),
    );
  });

  it('says when reminders have not gone out yet and nothing failed', async () => {
    stubHome(0, []);
    renderApp('/');
    const panel = await screen.findByTestId('home-messages');
    expect((await within(panel).findByTestId('home-reminders')).textContent).toBe(
      'Reminders have not been sent for today’s sessions yet',
    );
    expect(await within(panel).findByText('No message failed today')).toBeTruthy();
  });

  it('is not on an editor’s Home', async () => {
    const api = stubApi(editorClaims, (url) =>
      url.startsWith('/api/event-occurrences?') ? json(200, emptyOccurrences) : undefined,
    );
    renderApp('/');
    expect(await screen.findByTestId('home-today')).toBeTruthy();
    expect(screen.queryByTestId('home-messages')).toBeNull();
    expect(api.calls().some((call) => call.url.startsWith('/api/message-logs'))).toBe(false);
  });
});
