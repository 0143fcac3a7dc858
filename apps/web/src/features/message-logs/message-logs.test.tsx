import type { MessageLog } from '@ritim/shared';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, resetApp, stubApi } from '../../test/app';
import { json } from '../../test/http';
import { messageLog } from '../../test/message-logs';
import { adminClaims } from '../../test/tokens';

const listBody = (rows: MessageLog[]) => ({ messageLogs: rows, totalCount: rows.length });

beforeAll(() => configure({ asyncUtilTimeout: 6000 }));
beforeEach(() => {
  resetApp();
});
afterEach(() => vi.unstubAllGlobals());

describe('Message Log', { timeout: 30_000 }, () => {
  it('lists the day’s messages with the failure’s reason, and offers Retry only for a failed one', async () => {
    const api = stubApi(adminClaims, (url) =>
      url.startsWith('/api/message-logs?')
        ? json(
            200,
            listBody([messageLog(2, 'failed'), messageLog(1, 'sent', { month: '2026-11', eventOccurrence: null })]),
          )
        : undefined,
    );
    renderApp('/message-logs?date=2026-11-24');
    expect(await screen.findByRole('heading', { level: 1, name: 'Message Log' })).toBeTruthy();
    const table = await screen.findByTestId('list-table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Id', 'Event', 'Occurrence Date', 'Guests', 'Type', 'Status', 'Message', 'Actions']);
    const [, failed, sent] = within(table).getAllByRole('row');
    expect(within(failed!).getByTestId('message-status').textContent).toBe('Failedno email address');
    expect(within(failed!).getByText('24/11/2026 10:00')).toBeTruthy();
    expect(within(sent!).getByText('Month 2026-11')).toBeTruthy();
    expect(within(sent!).queryByTestId('row-menu-button')).toBeNull();
    await userEvent.click(within(failed!).getByTestId('row-menu-button'));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual(['Retry']);
    expect(api.calls().find((call) => call.url.startsWith('/api/message-logs?'))?.url).toContain('date=2026-11-24');
  });

  it('Retry re-queues the message, says so, and the row follows it until it is sent', async () => {
    let status: MessageLog['status'] = 'failed';
    const api = stubApi(adminClaims, (url, init) => {
      if (url === '/api/message-logs/2/retry' && init?.method === 'POST') {
        status = 'queued';
        return json(200, { success: true, message: 'Message 2 queued again' });
      }
      if (url.startsWith('/api/message-logs?')) {
        const shown = status;
        // The worker delivers it between two looks.
        if (status === 'queued') status = 'sent';
        return json(200, listBody([messageLog(2, shown)]));
      }
      return undefined;
    });
    renderApp('/message-logs?date=2026-11-24');
    await userEvent.click(await screen.findByTestId('row-menu-button'));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Retry' }));
    expect(await screen.findByText('Message 2 queued again')).toBeTruthy();
    expect((await screen.findByTestId('message-status')).textContent).toBe('Queued');
    // No reload: the page looks again while a message is on its way.
    await vi.waitFor(() => expect(screen.getByTestId('message-status').textContent).toBe('Sent'), { timeout: 6000 });
    expect(api.calls().filter((call) => call.url.endsWith('/retry'))).toHaveLength(1);
  });

  it('says when the day has no messages', async () => {
    stubApi(adminClaims, (url) => (url.startsWith('/api/message-logs?') ? json(200, listBody([])) : undefined));
    renderApp('/message-logs?date=2026-11-24');
    expect(await screen.findByText('No messages on this day')).toBeTruthy();
  });
});
