import type { InvoiceSummary } from '@ritim/shared';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadLanguage } from '../../i18n';
import { renderApp, resetApp, stubApi } from '../../test/app';
import { json } from '../../test/http';
import { adminClaims, editorClaims } from '../../test/tokens';

const invoice = (id: number, number: string, account: string, total: number, currency: 'TRY' | 'GBP') =>
  ({
    id,
    number,
    status: 'issued',
    account: { id: id + 100, name: account },
    currency,
    month: '2026-10',
    timezone: 'Europe/Istanbul',
    total,
    lineCount: 4,
    createdAt: '2026-11-01T09:00:00.000Z',
    issuedAt: '2026-11-02T09:00:00.000Z',
    voidedAt: null,
    voidReason: null,
  }) satisfies InvoiceSummary;

const searchOf = (url: string) => new URLSearchParams(url.slice(url.indexOf('?') + 1));

/** Home's calls: nothing today, and `unpaid` for the unpaid invoices (a status for a failure). */
function stubHome(unpaid: { invoices: InvoiceSummary[]; totalCount: number } | number) {
  return stubApi(adminClaims, (url) => {
    if (url.startsWith('/api/event-occurrences?')) return json(200, { eventOccurrences: [], totalCount: 0 });
    if (url.startsWith('/api/message-logs?')) return json(200, { messageLogs: [], totalCount: 0 });
    if (url.startsWith('/api/billing/invoices?'))
      return typeof unpaid === 'number' ? json(unpaid, { message: 'Database unavailable' }) : json(200, unpaid);
    return undefined;
  });
}

beforeAll(() => configure({ asyncUtilTimeout: 6000 }));
beforeEach(() => {
  resetApp();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-24T06:00:00.000Z'));
});
afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await loadLanguage('en');
});

describe('Home, the admin’s unpaid invoices', { timeout: 30_000 }, () => {
  it('says how many issued invoices are unpaid and lists the first few, each linking to its invoice', async () => {
    const api = stubHome({
      invoices: [
        invoice(7, '2026-0007', 'Yılmaz ailesi', 125_000, 'TRY'),
        invoice(9, '2026-0009', 'Smith', 4500, 'GBP'),
      ],
      totalCount: 12,
    });
    renderApp('/');
    const panel = await screen.findByTestId('home-unpaid-invoices');
    expect((await within(panel).findByTestId('home-unpaid-count')).textContent).toBe('12 issued invoices not paid yet');
    const rows = within(panel).getAllByTestId('home-unpaid-invoice');
    expect(rows.map((row) => row.textContent)).toEqual([
      '2026-0007 · Yılmaz ailesi₺1,250.00',
      '2026-0009 · Smith£45.00',
    ]);
    expect(within(rows[0]!).getByRole('link').getAttribute('href')).toBe('/billing/invoices/7');
    expect(within(panel).getByRole('link', { name: 'Open invoices' }).getAttribute('href')).toBe(
      '/billing/invoices?status=issued',
    );
    const call = api.calls().find((c) => c.url.startsWith('/api/billing/invoices?'))!;
    expect(Object.fromEntries(searchOf(call.url))).toEqual({ unpaid: 'true', limit: '5' });
  });

  it('writes the money the Turkish way in Turkish', async () => {
    await loadLanguage('tr');
    stubHome({ invoices: [invoice(7, '2026-0007', 'Yılmaz ailesi', 125_000, 'TRY')], totalCount: 1 });
    renderApp('/');
    const panel = await screen.findByTestId('home-unpaid-invoices');
    expect((await within(panel).findByTestId('home-unpaid-count')).textContent).toBe(
      'Kesilmiş 1 fatura henüz ödenmedi',
    );
    expect(within(panel).getByTestId('home-unpaid-invoice').textContent).toBe('2026-0007 · Yılmaz ailesi₺1.250,00');
  });

  it('says when every issued invoice is paid', async () => {
    stubHome({ invoices: [], totalCount: 0 });
    renderApp('/');
    const panel = await screen.findByTestId('home-unpaid-invoices');
    expect(await within(panel).findByText('Every issued invoice is paid.')).toBeTruthy();
  });

  it('says when the invoices cannot be read, and tries again', async () => {
    const api = stubHome(500);
    renderApp('/');
    const panel = await screen.findByTestId('home-unpaid-invoices');
    expect((await within(panel).findByRole('alert')).textContent).toContain('The invoices could not be loaded');
    const before = api.calls().filter((c) => c.url.startsWith('/api/billing/invoices?')).length;
    await userEvent.click(within(panel).getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() =>
      expect(api.calls().filter((c) => c.url.startsWith('/api/billing/invoices?')).length).toBeGreaterThan(before),
    );
  });

  it('is not on an editor’s Home', async () => {
    const api = stubApi(editorClaims, (url) =>
      url.startsWith('/api/event-occurrences?') ? json(200, { eventOccurrences: [], totalCount: 0 }) : undefined,
    );
    renderApp('/');
    expect(await screen.findByTestId('home-today')).toBeTruthy();
    expect(screen.queryByTestId('home-unpaid-invoices')).toBeNull();
    expect(api.calls().some((call) => call.url.startsWith('/api/billing'))).toBe(false);
  });
});
