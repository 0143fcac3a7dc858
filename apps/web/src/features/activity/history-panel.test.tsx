import type { AuditLog } from '@ritim/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { HISTORY_PAGE_SIZE } from '../../api/audit-logs';
import { setAccessToken } from '../../auth/session-store';
import { queryClient } from '../../query-client';
import { resetApp, stubApi } from '../../test/app';
import { json } from '../../test/http';
import { adminClaims, editorClaims, fakeToken } from '../../test/tokens';
import { HistoryPanel } from './history-panel';

/** Event 9's rows, newest first: 'title change n' for n = count..1. */
function eventRows(count: number): AuditLog[] {
  return Array.from({ length: count }, (_, index) => {
    const n = count - index;
    return {
      id: n,
      at: new Date(Date.UTC(2026, 10, 1, 9, n)).toISOString(),
      actor: { id: 1, username: 'admin' },
      action: 'update',
      entityType: 'events',
      entityId: 9,
      entityName: 'Piano',
      changes: { title: { from: `T${n - 1}`, to: `T${n}` } },
      requestId: null,
    };
  });
}

/** Answers the history's pages by offset and limit, like the server. */
function historyAnswer(all: AuditLog[]) {
  return (url: string) => {
    const params = new URL(url, 'http://x').searchParams;
    const offset = Number(params.get('offset'));
    const limit = Number(params.get('limit'));
    return json(200, { auditLogs: all.slice(offset, offset + limit), totalCount: all.length });
  };
}

function renderPanel(claims: Record<string, unknown>) {
  setAccessToken(fakeToken(claims));
  render(
    <QueryClientProvider client={queryClient}>
      <HistoryPanel entityType="events" entityId={9} />
    </QueryClientProvider>,
  );
}

beforeAll(() => configure({ asyncUtilTimeout: 6000 }));
beforeEach(() => resetApp());
afterEach(() => vi.unstubAllGlobals());

const sentences = () => screen.getAllByTestId('audit-sentence').map((p) => p.textContent);

describe('HistoryPanel', { timeout: 30_000 }, () => {
  it("lists one record's rows in words, newest first, and shows more on asking", async () => {
    const all = eventRows(HISTORY_PAGE_SIZE + 3);
    const api = stubApi(adminClaims, (url) =>
      url.startsWith('/api/audit-logs?') ? historyAnswer(all)(url) : undefined,
    );
    renderPanel(adminClaims);
    const panel = await screen.findByRole('region', { name: 'History' });
    await within(panel).findByTestId('history-rows');
    expect(sentences()).toHaveLength(HISTORY_PAGE_SIZE);
    expect(sentences()[0]).toBe(`admin changed the title of event 'Piano' from 'T12' to 'T13'`);
    await userEvent.click(within(panel).getByRole('button', { name: 'Show more' }));
    await vi.waitFor(() => expect(sentences()).toHaveLength(HISTORY_PAGE_SIZE + 3));
    expect(sentences().at(-1)).toBe(`admin changed the title of event 'Piano' from 'T0' to 'T1'`);
    // All shown: nothing more to ask for.
    expect(within(panel).queryByRole('button', { name: 'Show more' })).toBeNull();
    const asked = api
      .calls()
      .filter((call) => call.url.startsWith('/api/audit-logs?'))
      .map((call) => Object.fromEntries(new URL(call.url, 'http://x').searchParams));
    // An event's History is its own rows and its sessions' (?eventId=).
    expect(asked).toEqual([
      { eventId: '9', limit: String(HISTORY_PAGE_SIZE), offset: '0' },
      { eventId: '9', limit: String(HISTORY_PAGE_SIZE), offset: String(HISTORY_PAGE_SIZE) },
    ]);
  });

  it('says when nothing was recorded yet', async () => {
    stubApi(adminClaims, (url) => (url.startsWith('/api/audit-logs?') ? historyAnswer([])(url) : undefined));
    renderPanel(adminClaims);
    expect(await screen.findByText('No changes recorded yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('says why the history could not be loaded', async () => {
    stubApi(adminClaims, (url) =>
      url.startsWith('/api/audit-logs?') ? json(400, { message: 'entityType must be an API section' }) : undefined,
    );
    renderPanel(adminClaims);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The history could not be loaded: entityType must be an API section',
    );
  });

  it('shows nothing to anyone but an admin, and asks nothing', async () => {
    const api = stubApi(editorClaims, () => undefined);
    renderPanel(editorClaims);
    expect(screen.queryByRole('region', { name: 'History' })).toBeNull();
    expect(api.calls()).toEqual([]);
  });
});
