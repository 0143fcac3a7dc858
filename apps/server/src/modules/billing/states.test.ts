import type {
  AccountStatement,
  AuditLogList,
  BillingAccount,
  BillingPackage,
  BillingPayment,
  BillingPaymentList,
  Invoice,
  InvoiceRun,
} from '@ritim/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { locations } from '../../platform/db/schema.js';
import { messageOf } from '../../test/harness.js';
import { createEvent, createUsers, type Headers, headersOf, insertRow, occurrenceIdsOf } from '../../test/seed.js';
import { useTestApp } from '../../test/use-test-app.js';

/**
 * Issuing, voiding, payments and the statement (docs/domain.md#billing). The clock is fixed:
 * 3 February 2026, 12:00Z; the sessions are January's.
 */
let now = new Date('2026-02-03T12:00:00Z');
const ctx = useTestApp({ now: () => now });
let admin: Headers;
let ids: Record<'admin' | 'teacher' | 'ayla' | 'burak' | 'cem' | 'deniz' | 'emre' | 'figen', number>;
let family: BillingAccount;
let piano: { eventId: number; occurrenceIds: number[] };
let drafts: Invoice[];

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: admin, ...(payload === undefined ? {} : { payload: payload as object }) });
const run = async () => {
  const response = await call('POST', '/api/billing/invoices/run', { month: '2026-01', timezone: 'Europe/Istanbul' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<InvoiceRun>();
};
const mark = async (occurrenceId: number, marks: Record<number, string>) => {
  const response = await call('PUT', `/api/event-occurrences/${occurrenceId}/attendance`, {
    entries: Object.entries(marks).map(([guestId, status]) => ({ guestId: Number(guestId), status })),
  });
  expect(response.statusCode, response.body).toBe(200);
};
const issue = (id: number) => call('POST', `/api/billing/invoices/${id}/issue`);
const statementOf = async (accountId: number, query = '') => {
  const response = await call('GET', `/api/billing/accounts/${accountId}/statement${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AccountStatement>();
};

beforeAll(async () => {
  ids = await createUsers(ctx.database, [
    { username: 'admin', role: 'admin', timezone: 'Europe/Istanbul' },
    { username: 'teacher', role: 'editor', timezone: 'Europe/Istanbul' },
    { username: 'ayla', role: 'guest', name: 'Ayla' },
    { username: 'burak', role: 'guest', name: 'Burak' },
    { username: 'cem', role: 'guest', name: 'Cem' },
    { username: 'deniz', role: 'guest', name: 'Deniz' },
    { username: 'emre', role: 'guest', name: 'Emre' },
    { username: 'figen', role: 'guest', name: 'Figen' },
  ]);
  admin = await headersOf(ctx.app, 'admin');
  const hall = (await insertRow(ctx.database, locations, { name: 'Hall' })).id;
  const response = await call('POST', '/api/billing/accounts', { name: 'Family', guestIds: [ids.ayla, ids.burak] });
  family = response.json<BillingAccount>();
  const eventId = await createEvent(ctx, admin, {
    title: 'Piano',
    locationId: hall,
    organiserId: ids.teacher,
    guestIds: [ids.ayla, ids.burak, ids.cem, ids.deniz, ids.emre, ids.figen],
    rrule: 'DTSTART;TZID=Europe/Istanbul:20260106T100000\nRRULE:FREQ=WEEKLY;COUNT=2',
    price: { amount: 125_000, currency: 'TRY' },
  });
  piano = { eventId, occurrenceIds: await occurrenceIdsOf(ctx.database, eventId) };
  await mark(piano.occurrenceIds[0]!, {
    [ids.ayla]: 'present',
    [ids.burak]: 'present',
    [ids.cem]: 'present',
    [ids.deniz]: 'present',
    [ids.emre]: 'present',
    [ids.figen]: 'present',
  });
  drafts = (await run()).invoices;
  expect(drafts.map((invoice) => invoice.account.name)).toEqual(['Cem', 'Deniz', 'Emre', 'Family', 'Figen']);
});

describe('POST /api/billing/invoices/{id}/issue', () => {
  it('gives the draft the next number of its year and freezes it', async () => {
    const familyDraft = drafts.find((invoice) => invoice.account.id === family.id)!;
    const response = await issue(familyDraft.id!);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Invoice>()).toMatchObject({
      id: familyDraft.id,
      status: 'issued',
      number: '2026-0001',
      issuedAt: '2026-02-03T12:00:00.000Z',
      total: 250_000,
    });
    const again = await issue(familyDraft.id!);
    expect(again.statusCode).toBe(409);
    expect(messageOf(again)).toBe('Only a draft invoice can be issued; this one is issued');
    const [row] = (await call('GET', '/api/audit-logs?entityType=billing-invoices&action=issue')).json<AuditLogList>()
      .auditLogs;
    expect(row).toMatchObject({
      entityId: familyDraft.id,
      entityName: '2026-0001',
      changes: { status: { from: 'draft', to: 'issued' }, number: { from: null, to: '2026-0001' } },
    });
  });

  it('numbers four issued at once 2026-0002 to 2026-0005, without a gap or a repeat', async () => {
    const others = drafts.filter((invoice) => invoice.account.id !== family.id);
    const responses = await Promise.all(others.map((invoice) => issue(invoice.id!)));
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
    expect(responses.map((response) => response.json<Invoice>().number).sort()).toEqual([
      '2026-0002',
      '2026-0003',
      '2026-0004',
      '2026-0005',
    ]);
  });

  it('starts again at 0001 in a new year, in the invoice’s zone', async () => {
    await mark(piano.occurrenceIds[1]!, { [ids.cem]: 'absent' });
    const [late] = (await run()).invoices;
    // 31 December 2026 22:30 UTC is already 2027 in Istanbul.
    now = new Date('2026-12-31T22:30:00Z');
    try {
      const response = await issue(late!.id!);
      expect(response.json<Invoice>().number).toBe('2027-0001');
    } finally {
      now = new Date('2026-02-03T12:00:00Z');
    }
  });

  it('answers 404 for an unknown invoice', async () => {
    expect((await issue(999_999)).statusCode).toBe(404);
  });
});

describe('an issued invoice never changes', () => {
  it('keeps its lines when a later run bills a mark made since: that goes to a new draft', async () => {
    const familyIssued = drafts.find((invoice) => invoice.account.id === family.id)!;
    await mark(piano.occurrenceIds[1]!, { [ids.ayla]: 'late' });
    const next = await run();
    expect(next.invoices.map((invoice) => [invoice.account.id, invoice.status, invoice.lineCount])).toEqual([
      [family.id, 'draft', 1],
    ]);
    expect(next.invoices[0]!.id).not.toBe(familyIssued.id);
    const issued = (await call('GET', `/api/billing/invoices/${familyIssued.id}`)).json<Invoice>();
    expect([issued.status, issued.lineCount, issued.total]).toEqual(['issued', 2, 250_000]);
  });
});

describe('POST /api/billing/invoices/{id}/void', () => {
  it('voids an issued invoice with a reason, and its sessions are billed again by the next run', async () => {
    const emre = drafts.find((invoice) => invoice.account.name === 'Emre')!;
    const refused = await call('POST', `/api/billing/invoices/${emre.id}/void`, { reason: ' ' });
    expect(refused.statusCode).toBe(400);
    expect(messageOf(refused)).toBe('A reason is required to void an invoice');
    const response = await call('POST', `/api/billing/invoices/${emre.id}/void`, { reason: 'Wrong price' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Invoice>()).toMatchObject({
      status: 'void',
      voidReason: 'Wrong price',
      number: expect.stringMatching(/^2026-000\d$/) as string,
    });
    const again = await call('POST', `/api/billing/invoices/${emre.id}/void`, { reason: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(messageOf(again)).toBe('The invoice is void already');
    expect((await issue(emre.id!)).statusCode).toBe(409);
    const rebilled = await run();
    expect(rebilled.invoices.map((invoice) => [invoice.account.name, invoice.lineCount, invoice.total])).toEqual([
      ['Emre', 1, 125_000],
    ]);
    const [row] = (await call('GET', '/api/audit-logs?entityType=billing-invoices&action=void')).json<AuditLogList>()
      .auditLogs;
    expect(row).toMatchObject({ entityId: emre.id, changes: { status: { from: 'issued', to: 'void' } } });
  });

  it('gives a voided draft’s package uses back', async () => {
    const pkg = (
      await call('POST', '/api/billing/packages', {
        accountId: drafts.find((invoice) => invoice.account.name === 'Deniz')!.account.id,
        sessions: 1,
        amount: 100_000,
        currency: 'TRY',
      })
    ).json<BillingPackage>();
    await mark(piano.occurrenceIds[1]!, { [ids.deniz]: 'present' });
    const [draft] = (await run()).invoices;
    expect(draft!.lines.map((line) => [line.amount, line.packageId])).toEqual([[0, pkg.id]]);
    await call('POST', `/api/billing/invoices/${draft!.id}/void`, { reason: 'Redo' });
    const packages = (await call('GET', `/api/billing/packages?accountId=${pkg.accountId}`)).json<{
      billingPackages: BillingPackage[];
    }>();
    expect(packages.billingPackages.map((entry) => entry.remaining)).toEqual([1]);
  });
});

describe('payments and the statement', () => {
  it('records a payment, refusing a bad one with 400, and logs it', async () => {
    const body = {
      accountId: family.id,
      amount: 100_000,
      currency: 'TRY',
      method: 'bankTransfer',
      receivedAt: '2026-02-10T09:00:00+03:00',
      note: ' February ',
    };
    const response = await call('POST', '/api/billing/payments', body);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<BillingPayment>()).toMatchObject({
      accountId: family.id,
      amount: 100_000,
      currency: 'TRY',
      method: 'bankTransfer',
      receivedAt: '2026-02-10T06:00:00.000Z',
      note: 'February',
    });
    for (const [change, text] of [
      [{ amount: 0 }, 'A payment’s amount must be more than 0'],
      [{ amount: 10.5 }, 'amount must be a whole number of minor units (1250 for 12.50), not a fraction'],
      [{ amount: -5 }, 'amount must not be negative'],
      [{ currency: 'JPY' }, 'currency must be one of TRY, GBP, EUR, USD'],
      [{ method: 'cheque' }, 'method must be cash, bankTransfer, card or other'],
      [{ receivedAt: 'yesterday' }, 'receivedAt must be an ISO date-time'],
      [{ accountId: 999_999 }, 'The account does not exist'],
    ] as const) {
      const refused = await call('POST', '/api/billing/payments', { ...body, ...change });
      expect({ change, status: refused.statusCode, text: messageOf(refused) }).toEqual({ change, status: 400, text });
    }
    const list = (await call('GET', `/api/billing/payments?accountId=${family.id}`)).json<BillingPaymentList>();
    expect(list.totalCount).toBe(1);
    const [row] = (await call('GET', '/api/audit-logs?entityType=billing-payments')).json<AuditLogList>().auditLogs;
    expect(row).toMatchObject({ action: 'create', changes: { amount: { from: null, to: 100_000 } } });
  });

  it('lists issued invoices, payments and voids with the running balance per currency', async () => {
    await call('POST', '/api/billing/payments', {
      accountId: family.id,
      amount: 2000,
      currency: 'GBP',
      method: 'cash',
      receivedAt: '2026-02-11T10:00:00Z',
    });
    const statement = await statementOf(family.id);
    expect(
      statement.entries.map(({ kind, ref, amount, currency, balance }) => [kind, ref, amount, currency, balance]),
    ).toEqual([
      ['invoice', '2026-0001', 250_000, 'TRY', 250_000],
      ['payment', expect.stringMatching(/^payment \d+$/), -100_000, 'TRY', 150_000],
      ['payment', expect.stringMatching(/^payment \d+$/), -2000, 'GBP', -2000],
    ]);
    expect(statement.balance).toEqual([
      { currency: 'GBP', amount: -2000 },
      { currency: 'TRY', amount: 150_000 },
    ]);
    const account = (await call('GET', `/api/billing/accounts/${family.id}`)).json<BillingAccount>();
    expect(account.balance).toEqual(statement.balance);
  });

  it('keeps the opening balance for a range, and shows a void of an issued invoice', async () => {
    const later = await statementOf(family.id, '?from=2026-02-11&to=2026-02-28&timezone=Europe/Istanbul');
    expect(later.entries.map((entry) => [entry.kind, entry.balance])).toEqual([['payment', -2000]]);
    const emreAccount = drafts.find((invoice) => invoice.account.name === 'Emre')!.account.id!;
    const emre = await statementOf(emreAccount);
    expect(emre.entries.map((entry) => [entry.kind, entry.amount, entry.balance])).toEqual([
      ['invoice', 125_000, 125_000],
      ['void', -125_000, 0],
    ]);
    expect(emre.balance).toEqual([{ currency: 'TRY', amount: 0 }]);
  });

  it('refuses a bad range with 400 and an unknown account with 404', async () => {
    const inverted = await call('GET', `/api/billing/accounts/${family.id}/statement?from=2026-03-01&to=2026-02-01`);
    expect(inverted.statusCode).toBe(400);
    expect(messageOf(inverted)).toBe('to must not be before from');
    expect((await call('GET', `/api/billing/accounts/${family.id}/statement?from=March`)).statusCode).toBe(400);
    const missing = await call('GET', '/api/billing/accounts/999999/statement');
    expect(missing.statusCode).toBe(404);
  });
});

describe('a mark changed after its session was invoiced', () => {
  it('appears on the next run as an adjustment line naming the invoice it corrects, negative or positive', async () => {
    const issued = drafts.find((invoice) => invoice.account.id === family.id)!;
    const jan6 = piano.occurrenceIds[0]!;
    await mark(jan6, { [ids.burak]: 'excused' });
    // (Deniz's 13 January, whose draft was voided above, is billed again beside it.)
    const credit = await run();
    expect(credit.invoices.map((invoice) => [invoice.account.name, invoice.status])).toEqual([
      ['Deniz', 'draft'],
      ['Family', 'draft'],
    ]);
    const draft = credit.invoices[1]!;
    expect(draft.lines.filter((line) => line.kind === 'adjustment')).toEqual([
      {
        occurrenceId: jan6,
        guestId: ids.burak,
        guestName: 'Burak',
        startsAt: '2026-01-06T07:00:00.000Z',
        title: 'Piano',
        status: 'excused',
        amount: -125_000,
        packageId: null,
        kind: 'adjustment',
        correctsInvoiceId: issued.id,
      },
    ]);
    // The draft also holds Ayla's late 13 January: 125,000 less the credit.
    expect(draft.total).toBe(0);
    // The issued invoice stays as it was.
    expect((await call('GET', `/api/billing/invoices/${issued.id}`)).json<Invoice>().total).toBe(250_000);
    expect((await run()).invoices).toEqual([]);

    await mark(jan6, { [ids.burak]: 'present' });
    const back = await run();
    expect(back.invoices.map((invoice) => invoice.id)).toEqual([draft.id]);
    expect(
      back.invoices[0]!.lines.filter((line) => line.kind === 'adjustment').map((line) => [
        line.amount,
        line.correctsInvoiceId,
      ]),
    ).toEqual([
      [-125_000, issued.id],
      [125_000, draft.id],
    ]);
    expect(back.invoices[0]!.total).toBe(125_000);
    // Another charged mark bills the same: nothing to adjust.
    await mark(jan6, { [ids.burak]: 'late' });
    expect((await run()).invoices).toEqual([]);
  });
});
