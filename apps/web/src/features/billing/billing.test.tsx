import type { Invoice, InvoiceRun } from '@ritim/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderApp, startEachTestAt, stubApi } from '../../test/app';
import { openDialogsInPlace } from '../../test/dialog';
import { bodyOf, json } from '../../test/http';
import { adminClaims } from '../../test/tokens';

const line = {
  occurrenceId: 501,
  guestId: 40,
  guestName: 'Ayla Kaya',
  startsAt: '2026-11-03T07:00:00.000Z',
  title: 'Piano',
  status: 'present' as const,
  amount: 125000,
  packageId: null,
  kind: 'charge' as const,
  correctsInvoiceId: null,
};
const draft: Invoice = {
  id: 9,
  number: null,
  status: 'draft',
  account: { id: 3, name: 'Kaya family' },
  currency: 'TRY',
  month: '2026-11',
  timezone: 'Europe/Istanbul',
  total: 125000,
  lineCount: 2,
  createdAt: '2026-12-01T09:00:00.000Z',
  issuedAt: null,
  voidedAt: null,
  voidReason: null,
  lines: [line, { ...line, occurrenceId: 502, startsAt: '2026-11-10T07:00:00.000Z', amount: 0, packageId: 4 }],
};
const preview: InvoiceRun = {
  invoices: [
    { ...draft, id: null, createdAt: null },
    {
      ...draft,
      id: null,
      createdAt: null,
      account: { id: null, name: 'Deniz Ak' },
      currency: 'GBP',
      total: 4000,
      lineCount: 1,
      lines: [{ ...line, guestId: 41, guestName: 'Deniz Ak', amount: 4000 }],
    },
  ],
  // 23:30 in Istanbul on 30 November is still November there (20:30 UTC).
  unmarked: [
    { occurrenceId: 503, guestId: 42, guestName: 'Can Er', startsAt: '2026-11-30T20:30:00.000Z', title: 'Choir' },
  ],
};

beforeAll(() => openDialogsInPlace());
startEachTestAt('2026-12-02T10:00:00.000Z');

describe('Billing', { timeout: 30_000 }, () => {
  it('previews a month (drafts with totals, unmarked sessions linking to their day), then creates the drafts', async () => {
    const runs: Record<string, unknown>[] = [];
    stubApi(adminClaims, (url, init) => {
      if (url === '/api/billing/invoices/run' && init?.method === 'POST') {
        const body = bodyOf(init);
        runs.push(body);
        if (body.dryRun) return json(200, preview);
        return json(200, { invoices: [{ ...draft, lines: draft.lines }], unmarked: preview.unmarked });
      }
      return undefined;
    });
    renderApp('/billing/invoices/run');
    const month = await screen.findByLabelText('Month');
    // The user's month (Istanbul) is the default.
    expect((month as HTMLInputElement).value).toBe('2026-12');
    fireEvent.change(month, { target: { value: '2026-11' } });
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));

    const drafts = await screen.findByRole('region', { name: 'Preview of November 2026' });
    expect(runs[0]).toEqual({ month: '2026-11', timezone: 'Europe/Istanbul', dryRun: true });
    // Totals per currency, as English writes each (the lira by its code).
    expect(within(drafts).getByText('2 drafts · TRY 1,250.00 · £40.00')).toBeTruthy();
    expect(within(drafts).getByText('Kaya family')).toBeTruthy();
    expect(within(drafts).getByText('A guest’s own account, made with the drafts')).toBeTruthy();

    const unmarked = screen.getByRole('region', { name: '1 session to mark first' });
    const mark = within(unmarked).getByRole('link', { name: 'Mark attendance: Choir, Can Er' });
    expect(mark.getAttribute('href')).toBe('/upcoming-events?date=2026-11-30');
    expect(within(unmarked).getByText(/Can Er · 30\/11\/2026 23:30/)).toBeTruthy();

    await userEvent.click(within(drafts).getByRole('button', { name: 'Create drafts' }));
    const made = await screen.findByRole('region', { name: 'Drafts of November 2026' });
    expect(runs[1]).toEqual({ month: '2026-11', timezone: 'Europe/Istanbul' });
    expect(within(made).getByRole('link', { name: 'Kaya family (Draft 9)' }).getAttribute('href')).toBe(
      '/billing/invoices/9',
    );
    expect(within(made).queryByRole('button', { name: 'Create drafts' })).toBeNull();
    expect(await screen.findByText('1 draft made or added to')).toBeTruthy();
  });

  it('says when the preview fails, and offers nothing to create for an empty month', async () => {
    let fail = true;
    stubApi(adminClaims, (url, init) => {
      if (url === '/api/billing/invoices/run' && init?.method === 'POST') {
        return fail
          ? json(400, { message: 'month must be a month (YYYY-MM)', code: 'billing.monthInvalid' })
          : json(200, { invoices: [], unmarked: [] });
      }
      return undefined;
    });
    renderApp('/billing/invoices/run');
    await userEvent.click(await screen.findByRole('button', { name: 'Preview' }));
    expect((await screen.findByRole('alert')).textContent).toBe('month must be a month (YYYY-MM)');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const drafts = await screen.findByRole('region', { name: 'Preview of December 2026' });
    expect(within(drafts).getByText('Nothing new to bill in this month.')).toBeTruthy();
    expect(within(drafts).getByRole<HTMLButtonElement>('button', { name: 'Create drafts' }).disabled).toBe(true);
  });

  it('lists invoices by status and month, kept in the URL', async () => {
    const asked: string[] = [];
    stubApi(adminClaims, (url) => {
      if (url.startsWith('/api/billing/invoices?')) {
        asked.push(url);
        return json(200, { invoices: [{ ...draft, lines: undefined }], totalCount: 1 });
      }
      return undefined;
    });
    const router = renderApp('/billing/invoices?status=draft');
    const link = await screen.findByRole('link', { name: 'Draft 9' });
    expect(link.getAttribute('href')).toBe('/billing/invoices/9');
    expect(screen.getByRole('row', { name: /Kaya family/ }).textContent).toContain('TRY');
    expect(new URL(asked[0]!, 'http://x').searchParams.get('status')).toBe('draft');
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '2026-11' } });
    await vi.waitFor(() => expect(router.state.location.search).toBe('?status=draft&month=2026-11'));
    await vi.waitFor(() => expect(asked.at(-1)).toContain('month=2026-11'));
  });

  it('issues a draft after asking, shows a refusal in place, and voids with a reason', async () => {
    let invoice: Invoice = draft;
    const posts: { url: string; body: Record<string, unknown> }[] = [];
    let refuse = true;
    let sendRefused = true;
    stubApi(adminClaims, (url, init) => {
      if (url === '/api/billing/invoices/9' && init?.method !== 'POST') return json(200, invoice);
      if (url.startsWith('/api/billing/invoices/9/') && init?.method === 'POST') {
        posts.push({ url, body: bodyOf(init) });
        if (url.endsWith('/send')) {
          return sendRefused
            ? json(400, {
                message: 'The account Kaya family has no email: add one to send its invoices',
                code: 'billing.accountNoEmail',
                values: { account: 'Kaya family' },
              })
            : json(200, {
                messageLogId: 77,
                email: 'kaya@example.com',
                message: 'Invoice 2026-0001 queued to kaya@example.com',
                code: 'billing.invoiceQueued',
                values: { number: '2026-0001', email: 'kaya@example.com' },
              });
        }
        if (url.endsWith('/issue')) {
          if (refuse) {
            refuse = false;
            return json(409, {
              message: 'Only a draft invoice can be issued; this one is issued',
              code: 'billing.notDraft',
              values: { status: 'issued' },
            });
          }
          invoice = { ...invoice, status: 'issued', number: '2026-0001', issuedAt: '2026-12-02T10:00:00.000Z' };
        } else {
          invoice = {
            ...invoice,
            status: 'void',
            voidedAt: '2026-12-02T10:05:00.000Z',
            voidReason: String(bodyOf(init).reason),
          };
        }
        return json(200, invoice);
      }
      return undefined;
    });
    renderApp('/billing/invoices/9');
    expect(await screen.findByRole('heading', { level: 1, name: /Draft 9/ })).toBeTruthy();
    const lines = screen.getByRole('region', { name: '2 lines' });
    expect(within(lines).getAllByText('TRY 1,250.00').length).toBeGreaterThan(0);
    expect(within(lines).getByText('Package')).toBeTruthy();
    expect(screen.getByTestId('invoice-total').textContent?.replace(/\s/g, ' ')).toBe('TRY 1,250.00');

    await userEvent.click(screen.getByRole('button', { name: 'Issue' }));
    const dialog = await screen.findByTestId('issue-dialog');
    expect(within(dialog).getByText(/adds TRY 1,250.00 to the account’s balance/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Issue' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Only a draft invoice can be issued; this one is issued',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Issue' }));
    expect(await screen.findByRole('heading', { level: 1, name: /Invoice 2026-0001/ })).toBeTruthy();
    expect(screen.queryByTestId('issue-dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Issue' })).toBeNull();

    // Send: refused (no email) said in place, then sent, with the way to the Message Log.
    await userEvent.click(screen.getByRole('button', { name: 'Send by email' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The account Kaya family has no email: add one to send its invoices',
    );
    sendRefused = false;
    await userEvent.click(screen.getByRole('button', { name: 'Send by email' }));
    const sent = await screen.findByText(/^Invoice 2026-0001 queued to kaya@example.com/, { selector: 'p' });
    expect(within(sent).getByRole('link', { name: 'Message Logs' }).getAttribute('href')).toBe('/message-logs');

    await userEvent.click(screen.getByRole('button', { name: 'Void invoice' }));
    const voiding = await screen.findByTestId('void-dialog');
    await userEvent.click(within(voiding).getByRole('button', { name: 'Void invoice' }));
    expect(within(voiding).getByText('A reason is required to void an invoice')).toBeTruthy();
    await userEvent.type(within(voiding).getByLabelText('Reason'), 'Billed twice');
    await userEvent.click(within(voiding).getByRole('button', { name: 'Void invoice' }));
    expect(await screen.findByText('Billed twice')).toBeTruthy();
    expect(posts.map((post) => post.url.split('/').at(-1))).toEqual(['issue', 'issue', 'send', 'send', 'void']);
    expect(posts[4]!.body).toEqual({ reason: 'Billed twice' });
    expect(screen.queryByRole('button', { name: 'Void invoice' })).toBeNull();
  });
});
