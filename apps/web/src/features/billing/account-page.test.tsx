import type { BillingAccount, BillingPackage } from '@ritim/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, startEachTestAt, stubApi } from '../../test/app';
import { json } from '../../test/http';
import { adminClaims } from '../../test/tokens';

const account: BillingAccount = {
  id: 3,
  name: 'Kaya family',
  email: 'kaya@example.test',
  phone: null,
  language: 'en',
  guests: [{ id: 40, name: 'Ayla Kaya' }],
  balance: [],
  createdAt: '2026-01-05T09:00:00.000Z',
};
/** Package n of the account's 60 (n from 1): 10 + n sessions, so each page's rows can be told apart. */
const pkg = (n: number): BillingPackage => ({
  id: n,
  accountId: 3,
  sessions: 10 + n,
  amount: 100000,
  currency: 'TRY',
  eventId: null,
  validUntil: null,
  used: 0,
  remaining: 10 + n,
  createdAt: '2026-01-05T09:00:00.000Z',
});

startEachTestAt('2026-12-02T10:00:00.000Z');

/** The API of one account with 60 packages, no invoices or payments, and the statement's asked ranges. */
function stubAccount() {
  const statements: URLSearchParams[] = [];
  const packagePages: string[] = [];
  const api = stubApi(adminClaims, (url) => {
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    if (pathname === '/api/billing/accounts/3') return json(200, account);
    if (pathname === '/api/billing/invoices') return json(200, { invoices: [], totalCount: 0 });
    if (pathname === '/api/billing/payments') return json(200, { billingPayments: [], totalCount: 0 });
    if (pathname === '/api/billing/packages') {
      const offset = Number(searchParams.get('offset'));
      const limit = Number(searchParams.get('limit'));
      packagePages.push(`${offset}+${limit}`);
      const rows = Array.from({ length: 60 }, (_, index) => pkg(index + 1)).slice(offset, offset + limit);
      return json(200, { billingPackages: rows, totalCount: 60 });
    }
    if (pathname === '/api/billing/accounts/3/statement') {
      statements.push(searchParams);
      return json(200, { entries: [], balance: [] });
    }
    return undefined;
  });
  return { api, statements, packagePages };
}

describe('Billing account page', { timeout: 30_000 }, () => {
  it('shows the packages fifty at a time, with the pages below them', async () => {
    const { packagePages } = stubAccount();
    renderApp('/billing/accounts/3');
    const panel = await screen.findByRole('region', { name: 'Packages' });
    expect(await within(panel).findByText('11 sessions')).toBeTruthy();
    expect(within(panel).getByText('Showing 1–50 of 60')).toBeTruthy();
    expect(within(panel).queryByText('61 sessions')).toBeNull();
    await userEvent.click(within(panel).getByRole('button', { name: 'Page 2' }));
    expect(await within(panel).findByText('Showing 51–60 of 60')).toBeTruthy();
    expect(within(panel).getByText('70 sessions')).toBeTruthy();
    expect(within(panel).queryByText('11 sessions')).toBeNull();
    expect(packagePages).toEqual(['0+50', '50+50']);
    // The lists that fit on one page show no pages.
    expect(within(screen.getByRole('region', { name: 'Payments' })).queryByTestId('pagination')).toBeNull();
  });

  it('reads the statement over the days chosen, and asks nothing while To is before From', async () => {
    const { statements } = stubAccount();
    renderApp('/billing/accounts/3');
    const panel = await screen.findByRole('region', { name: 'Statement' });
    expect(await within(panel).findByText('No issued invoices or payments yet.')).toBeTruthy();
    expect(statements.map((query) => query.toString())).toEqual(['']);

    fireEvent.change(within(panel).getByLabelText('From'), { target: { value: '2026-11-01' } });
    expect(await within(panel).findByText('No issued invoices or payments in these days.')).toBeTruthy();
    fireEvent.change(within(panel).getByLabelText('To'), { target: { value: '2026-10-31' } });
    expect(await within(panel).findByText('To must not be before From')).toBeTruthy();
    fireEvent.change(within(panel).getByLabelText('To'), { target: { value: '2026-11-30' } });
    await expect.poll(() => statements.at(-1)?.toString()).toBe('from=2026-11-01&to=2026-11-30');
    expect(within(panel).queryByText('To must not be before From')).toBeNull();
    expect(statements.map((query) => query.toString())).toEqual([
      '',
      'from=2026-11-01',
      'from=2026-11-01&to=2026-11-30',
    ]);
  });

  it('refuses an id that is no positive whole number at once, asking the API nothing about it', async () => {
    const { api } = stubAccount();
    renderApp('/billing/accounts/3x');
    expect((await screen.findByRole('alert')).textContent).toContain('Id must be a positive whole number');
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/billing/accounts');
    expect(api.calls().filter((call) => call.url.startsWith('/api/billing'))).toEqual([]);
  });
});
