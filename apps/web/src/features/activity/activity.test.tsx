import type { AuditLog } from '@ritim/shared';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadLanguage } from '../../i18n';
import { renderApp, resetApp, stubApi } from '../../test/app';
import { json } from '../../test/http';
import { adminClaims, editorClaims } from '../../test/tokens';

const rows: AuditLog[] = [
  {
    id: 3,
    at: '2026-12-03T09:15:00.000Z',
    actor: { id: 1, username: 'admin' },
    action: 'update',
    entityType: 'event-occurrences',
    entityId: 40,
    entityName: 'Piano - Ayşe',
    changes: {
      startsAt: { from: '2026-12-03T07:00:00.000Z', to: '2026-12-03T08:00:00.000Z' },
      endsAt: { from: '2026-12-03T08:00:00.000Z', to: '2026-12-03T09:00:00.000Z' },
    },
    requestId: 'req-3',
  },
  {
    id: 2,
    at: '2026-12-03T09:00:00.000Z',
    actor: null,
    action: 'loginFailed',
    entityType: 'auth',
    entityId: null,
    entityName: 'bob',
    changes: null,
    requestId: 'req-2',
  },
  {
    id: 1,
    at: '2026-12-03T08:00:00.000Z',
    actor: { id: 1, username: 'admin' },
    action: 'create',
    entityType: 'locations',
    entityId: 5,
    entityName: 'Room 2',
    changes: { name: { from: null, to: 'Room 2' } },
    requestId: 'req-1',
  },
];

const people = {
  users: [
    { id: 1, username: 'admin', name: null, surname: null, timezone: 'Europe/Istanbul' },
    { id: 7, username: 'bob', name: 'Bob', surname: 'Stone', timezone: 'Europe/Istanbul' },
  ],
  totalCount: 2,
};

function stubAudit(claims = adminClaims, answer = (_url: string) => json(200, { auditLogs: rows, totalCount: 120 })) {
  return stubApi(claims, (url) => {
    if (url.startsWith('/api/audit-logs?')) return answer(url);
    if (url.startsWith('/api/users?')) return json(200, people);
    return undefined;
  });
}
const auditCalls = (api: ReturnType<typeof stubApi>) =>
  api
    .calls()
    .filter((call) => call.url.startsWith('/api/audit-logs?'))
    .map((call) => new URL(call.url, 'http://x').searchParams);

beforeAll(() => configure({ asyncUtilTimeout: 6000 }));
beforeEach(() => resetApp());
afterEach(() => vi.unstubAllGlobals());

describe('Activity', { timeout: 30_000 }, () => {
  it('says each row in words with its time on the viewer’s clock, newest first, 50 a page', async () => {
    const api = stubAudit();
    renderApp('/activity');
    expect(await screen.findByRole('heading', { level: 1, name: 'Activity' })).toBeTruthy();
    const table = await screen.findByTestId('list-table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['When', 'What happened']);
    expect(
      within(table)
        .getAllByTestId('audit-sentence')
        .map((p) => p.textContent),
    ).toEqual([
      "admin moved 'Piano - Ayşe' on Thu 03/12 from 10:00 to 11:00",
      "Someone tried to sign in as 'bob'",
      "admin created location 'Room 2'",
    ]);
    expect(within(table).getByText('03/12/2026 12:15')).toBeTruthy();
    expect(screen.getByTestId('list-count').textContent).toBe('Showing 1–3 of 120');
    // No search box: the API filters by the controls above instead.
    expect(screen.queryByRole('searchbox')).toBeNull();
    const [params] = auditCalls(api);
    expect(Object.fromEntries(params!)).toEqual({ limit: '50', offset: '0', timezone: 'Europe/Istanbul' });
  });

  // The keyboard opens it in a real browser (e2e/activity.spec.ts); jsdom toggles a disclosure on click only.
  it('shows what changed, field by field, once opened', async () => {
    stubAudit();
    renderApp('/activity');
    const [moved] = await screen.findAllByTestId('audit-changes');
    const summary = within(moved!).getByText('What changed');
    expect(moved!.hasAttribute('open')).toBe(false);
    await userEvent.click(summary);
    expect(moved!.hasAttribute('open')).toBe(true);
    expect(within(moved!).getByText('start').parentElement?.textContent).toBe(
      'start03/12/2026 10:00 → 03/12/2026 11:00',
    );
    expect(within(moved!).getByText('Request req-3')).toBeTruthy();
  });

  it('filters by person, section, action and days, each in the URL, starting again at page 1', async () => {
    const api = stubAudit();
    const router = renderApp('/activity?page=2');
    await screen.findByTestId('list-table');
    await userEvent.selectOptions(await screen.findByLabelText('Person'), 'Bob Stone (bob)');
    await userEvent.selectOptions(screen.getByLabelText('Section'), 'Locations');
    await userEvent.selectOptions(screen.getByLabelText('Action'), 'Creation');
    await userEvent.type(screen.getByLabelText('From'), '2026-12-01');
    await userEvent.type(screen.getByLabelText('To'), '2026-12-03');
    await vi.waitFor(() =>
      expect(Object.fromEntries(auditCalls(api).at(-1)!)).toEqual({
        limit: '50',
        offset: '0',
        actorId: '7',
        entityType: 'locations',
        action: 'create',
        from: '2026-12-01',
        to: '2026-12-03',
        timezone: 'Europe/Istanbul',
      }),
    );
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      actorId: '7',
      entityType: 'locations',
      action: 'create',
      from: '2026-12-01',
      to: '2026-12-03',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(router.state.location.search).toBe('');
  });

  it('reads its filters from a shared link and ignores what it does not know', async () => {
    const api = stubAudit();
    renderApp('/activity?entityType=events&action=explode&actorId=x&from=2026-02-31&page=3');
    await screen.findByTestId('list-table');
    expect(Object.fromEntries(auditCalls(api)[0]!)).toEqual({
      limit: '50',
      offset: '100',
      entityType: 'events',
      timezone: 'Europe/Istanbul',
    });
    expect(screen.getByLabelText<HTMLSelectElement>('Section').value).toBe('events');
  });

  it('says when nothing matches, and what the server refused', async () => {
    stubAudit(adminClaims, () => json(200, { auditLogs: [], totalCount: 0 }));
    renderApp('/activity?action=login');
    expect(await screen.findByText('Nothing was recorded for these filters')).toBeTruthy();
    expect(screen.getByText('Try another search or clear the filters.')).toBeTruthy();
    resetApp();
    document.body.innerHTML = '';
    stubAudit(adminClaims, () => json(400, { message: 'to must be a day or an ISO date-time' }));
    renderApp('/activity');
    expect((await screen.findByRole('alert')).textContent).toContain('to must be a day or an ISO date-time');
  });

  it('is in Turkish too', async () => {
    await loadLanguage('tr');
    try {
      stubAudit();
      renderApp('/activity');
      expect(await screen.findByRole('heading', { level: 1, name: 'İşlem Geçmişi' })).toBeTruthy();
      expect((await screen.findAllByTestId('audit-sentence')).map((p) => p.textContent)).toEqual([
        "admin, Per 03/12 tarihli 'Piano - Ayşe' oturumunu 10:00 saatinden 11:00 saatine taşıdı",
        "Biri 'bob' olarak oturum açmayı denedi",
        "admin, 'Room 2' konumunu oluşturdu",
      ]);
    } finally {
      await loadLanguage('en');
    }
  });

  it('is the admins’ only: an editor is told so and asks nothing', async () => {
    const api = stubAudit(editorClaims);
    renderApp('/activity');
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeTruthy();
    expect(auditCalls(api)).toEqual([]);
  });
});
