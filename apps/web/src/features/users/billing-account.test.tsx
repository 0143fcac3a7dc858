import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadLanguage } from '../../i18n';
import { renderApp, resetApp, stubApi } from '../../test/app';
import { json } from '../../test/http';
import { adminClaims } from '../../test/tokens';

const guest = {
  id: 21,
  username: 'deniz',
  role: 'guest',
  status: 'active',
  name: 'Deniz',
  surname: 'Kaya',
  email: null,
  phone: null,
  address: null,
  timezone: 'Europe/Istanbul',
  language: 'tr',
  groups: [],
  groupIds: [],
  messageGroup: null,
  messageGroupId: null,
};
const account = {
  id: 5,
  name: 'Kaya ailesi',
  email: 'kaya@example.com',
  phone: null,
  language: 'tr',
  guests: [{ id: 21, name: 'Deniz Kaya' }],
  balance: [
    { currency: 'GBP', amount: 4500 },
    { currency: 'TRY', amount: 125_000 },
  ],
  createdAt: '2026-11-01T09:00:00.000Z',
};

/** The guest's page: the user, the form's choices, and `accounts` for GET /api/billing/accounts?guestId=21. */
function stubGuestPage(accounts: unknown[] | number, user: object = guest) {
  return stubApi(adminClaims, (url) => {
    if (url === '/api/users/21') return json(200, user);
    if (url === '/api/groups?limit=1000') return json(200, { groups: [], totalCount: 0 });
    if (url === '/api/message-groups?limit=1000') return json(200, { messageGroups: [], totalCount: 0 });
    if (url.startsWith('/api/billing/accounts?'))
      return typeof accounts === 'number'
        ? json(accounts, { message: 'Database unavailable' })
        : json(200, { billingAccounts: accounts, totalCount: accounts.length });
    return undefined;
  });
}

beforeAll(() => configure({ asyncUtilTimeout: 5000 }));
beforeEach(resetApp);
afterEach(async () => {
  vi.unstubAllGlobals();
  await loadLanguage('en');
});

describe('A guest’s billing account on their page', { timeout: 30_000 }, () => {
  it('names the account that pays for the guest, linking to it, with its balance in each currency', async () => {
    const api = stubGuestPage([account]);
    renderApp('/users/21/edit');
    const panel = await screen.findByTestId('guest-billing-account');
    const link = await within(panel).findByRole('link', { name: 'Kaya ailesi' });
    expect(link.getAttribute('href')).toBe('/billing/accounts/5');
    expect(within(panel).getByTestId('guest-billing-balance').textContent).toBe('Balance: £45.00, ₺1,250.00');
    const call = api.calls().find((c) => c.url.startsWith('/api/billing/accounts?'))!;
    expect(new URLSearchParams(call.url.split('?')[1]).get('guestId')).toBe('21');
  });

  it('is in Turkish too, money written the Turkish way', async () => {
    await loadLanguage('tr');
    stubGuestPage([{ ...account, balance: [{ currency: 'TRY', amount: 125_000 }] }]);
    renderApp('/users/21/edit');
    const panel = await screen.findByTestId('guest-billing-account');
    expect(within(panel).getByRole('heading', { name: 'Fatura hesabı' })).toBeTruthy();
    expect((await within(panel).findByTestId('guest-billing-balance')).textContent).toBe('Bakiye: ₺1.250,00');
  });

  it('says when no account pays for the guest yet, and when one has nothing issued', async () => {
    stubGuestPage([]);
    renderApp('/users/21/edit');
    const panel = await screen.findByTestId('guest-billing-account');
    expect(
      await within(panel).findByText(
        'No account yet: the first month’s run that bills this guest makes one of their own.',
      ),
    ).toBeTruthy();
    resetApp();
    stubGuestPage([{ ...account, balance: [] }]);
    renderApp('/users/21/edit');
    const settled = await screen.findByTestId('guest-billing-account');
    expect((await within(settled).findByTestId('guest-billing-balance')).textContent).toBe(
      'No issued invoice or payment yet',
    );
  });

  it('says when the account cannot be read, and tries again', async () => {
    const api = stubGuestPage(500);
    renderApp('/users/21/edit');
    const panel = await screen.findByTestId('guest-billing-account');
    expect((await within(panel).findByRole('alert')).textContent).toContain('The billing account could not be loaded');
    const before = api.calls().filter((c) => c.url.startsWith('/api/billing/accounts?')).length;
    await userEvent.click(within(panel).getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() =>
      expect(api.calls().filter((c) => c.url.startsWith('/api/billing/accounts?')).length).toBeGreaterThan(before),
    );
  });

  it('is not on an editor’s page', async () => {
    const api = stubGuestPage([account], { ...guest, role: 'editor' });
    renderApp('/users/21/edit');
    await screen.findByRole('button', { name: 'Update User' });
    expect(screen.queryByTestId('guest-billing-account')).toBeNull();
    expect(api.calls().some((c) => c.url.startsWith('/api/billing'))).toBe(false);
  });
});
