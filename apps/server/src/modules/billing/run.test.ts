import type {
  AuditLogList,
  BillingAccount,
  BillingPackage,
  Invoice,
  InvoiceList,
  InvoiceRun,
  Money,
} from '@ritim/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { billingInvoiceLines, billingInvoices, locations } from '../../platform/db/schema.js';
import { messageOf } from '../../test/harness.js';
import { createEvent, createUsers, type Headers, headersOf, insertRow, occurrenceIdsOf } from '../../test/seed.js';
import { useTestApp } from '../../test/use-test-app.js';

/**
 * POST /api/billing/invoices/run and the invoice reads (docs/domain.md#billing). The clock is
 * fixed after the sessions: 1 July 2026. Each describe block bills its own month.
 */
const NOW = new Date('2026-07-01T12:00:00Z');
const ctx = useTestApp({ now: () => NOW });
let admin: Headers;
let ids: Record<'admin' | 'teacher' | 'ayla' | 'burak' | 'cem' | 'deniz' | 'emre', number>;
let hall: number;

beforeAll(async () => {
  ids = await createUsers(ctx.database, [
    { username: 'admin', role: 'admin', timezone: 'Europe/London' },
    { username: 'teacher', role: 'editor', timezone: 'Europe/London' },
    { username: 'ayla', role: 'guest', name: 'Ayla', surname: 'Yılmaz', email: 'ayla@example.com' },
    { username: 'burak', role: 'guest', name: 'Burak', surname: 'Yılmaz' },
    { username: 'cem', role: 'guest', name: 'Cem', surname: 'Kaya', email: 'cem@example.com', language: 'tr' },
    { username: 'deniz', role: 'guest', name: 'Deniz' },
    { username: 'emre', role: 'guest', name: 'Emre' },
  ]);
  admin = await headersOf(ctx.app, 'admin');
  hall = (await insertRow(ctx.database, locations, { name: 'Hall' })).id;
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: admin, ...(payload === undefined ? {} : { payload: payload as object }) });
const run = async (body: Record<string, unknown>) => {
  const response = await call('POST', '/api/billing/invoices/run', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<InvoiceRun>();
};
/** Sessions of a weekly event in London from `start` (YYYYMMDDTHHmm), `count` of them; their occurrence ids. */
const sessions = async (input: {
  title: string;
  start: string;
  count?: number;
  guestIds: number[];
  price?: Money | null;
}) => {
  const eventId = await createEvent(ctx, admin, {
    title: input.title,
    locationId: hall,
    organiserId: ids.teacher,
    guestIds: input.guestIds,
    rrule: `DTSTART;TZID=Europe/London:${input.start}00\nRRULE:FREQ=WEEKLY;COUNT=${input.count ?? 1}`,
    ...(input.price === undefined ? {} : { price: input.price }),
  });
  return { eventId, occurrenceIds: await occurrenceIdsOf(ctx.database, eventId) };
};
const mark = async (occurrenceId: number, marks: Record<number, string>) => {
  const response = await call('PUT', `/api/event-occurrences/${occurrenceId}/attendance`, {
    entries: Object.entries(marks).map(([guestId, status]) => ({ guestId: Number(guestId), status })),
  });
  expect(response.statusCode, response.body).toBe(200);
};
const account = async (name: string, guestIds: number[]) => {
  const response = await call('POST', '/api/billing/accounts', { name, guestIds });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<BillingAccount>();
};
const invoiceCount = async () => (await ctx.database.db.select().from(billingInvoices)).length;
const lineSummary = (invoice: Invoice) =>
  invoice.lines.map((line) => [line.guestName, line.title, line.status, line.amount, line.packageId]);

describe('a month in the zone', () => {
  it('bills a session at 23:30 on the last day in London in that month in London and the next in Istanbul', async () => {
    const late = await sessions({
      title: 'Late lesson',
      start: '20260228T2330',
      guestIds: [ids.emre],
      price: { amount: 1000, currency: 'EUR' },
    });
    await mark(late.occurrenceIds[0]!, { [ids.emre]: 'present' });
    const london = await run({ month: '2026-02', timezone: 'Europe/London', dryRun: true });
    expect(london.invoices.map((invoice) => [invoice.account.name, invoice.month, invoice.total])).toEqual([
      ['Emre', '2026-02', 1000],
    ]);
    expect(london.invoices[0]).toMatchObject({ id: null, account: { id: null }, timezone: 'Europe/London' });
    expect((await run({ month: '2026-02', timezone: 'Europe/Istanbul', dryRun: true })).invoices).toEqual([]);
    const istanbul = await run({ month: '2026-03', timezone: 'Europe/Istanbul', dryRun: true });
    expect(istanbul.invoices.map((invoice) => invoice.lines[0]!.occurrenceId)).toEqual(late.occurrenceIds);
    // Without a zone, the caller's (London).
    expect((await run({ month: '2026-02', dryRun: true })).invoices).toHaveLength(1);
    // A dry run stores nothing: no invoice, no account of Emre's own.
    expect(await invoiceCount()).toBe(0);
    const accounts = await call('GET', '/api/billing/accounts?q=emre');
    expect(accounts.json<{ totalCount: number }>().totalCount).toBe(0);
  });

  it.each([
    [{ month: '2026-13' }, 'month must be a month (YYYY-MM)'],
    [{ month: '2026-1' }, 'month must be a month (YYYY-MM)'],
    [{}, 'month must be a month (YYYY-MM)'],
    [{ month: '2026-01', dryRun: 'yes' }, 'dryRun must be true or false'],
  ])('refuses %j with 400: %s', async (body, text) => {
    const response = await call('POST', '/api/billing/invoices/run', body);
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe(text);
  });

  it('refuses an unknown zone with 400', async () => {
    const response = await call('POST', '/api/billing/invoices/run', { month: '2026-01', timezone: 'Mars/Olympus' });
    expect(response.statusCode).toBe(400);
  });
});

describe('the January run', () => {
  let family: BillingAccount;
  let piano: Awaited<ReturnType<typeof sessions>>;
  let first: InvoiceRun;

  beforeAll(async () => {
    family = await account('Yılmaz family', [ids.ayla, ids.burak]);
    // Mondays 5, 12, 19 and 26 January, 10:00 London, £25 each.
    piano = await sessions({
      title: 'Piano',
      start: '20260105T1000',
      count: 4,
      guestIds: [ids.ayla, ids.burak, ids.cem],
      price: { amount: 2500, currency: 'GBP' },
    });
    const [jan5, jan12, jan19, jan26] = piano.occurrenceIds as [number, number, number, number];
    await mark(jan5, { [ids.ayla]: 'present', [ids.burak]: 'absent', [ids.cem]: 'late' });
    await mark(jan12, { [ids.ayla]: 'excused', [ids.burak]: 'lateCancelled', [ids.cem]: 'cancelled' });
    await mark(jan19, { [ids.ayla]: 'present' }); // Burak and Cem not marked yet
    // 26 January is cancelled: never charged, marked or not.
    await mark(jan26, { [ids.ayla]: 'present' });
    const cancel = await call('POST', `/api/event-occurrences/${jan26}/cancel`, { reason: 'Teacher ill' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    // A Turkish lesson in lira, and one without a price (never billed).
    const turkish = await sessions({
      title: 'Türkçe',
      start: '20260107T1700',
      guestIds: [ids.ayla],
      price: { amount: 125_050, currency: 'TRY' },
    });
    await mark(turkish.occurrenceIds[0]!, { [ids.ayla]: 'present' });
    const free = await sessions({ title: 'Open day', start: '20260110T1000', guestIds: [ids.ayla], price: null });
    await mark(free.occurrenceIds[0]!, { [ids.ayla]: 'present' });
    first = await run({ month: '2026-01', timezone: 'Europe/London' });
  });

  it('makes one draft per account and currency with the charged sessions and their exact total', async () => {
    expect(
      first.invoices.map((invoice) => [
        invoice.account.name,
        invoice.currency,
        invoice.status,
        invoice.total,
        invoice.lineCount,
      ]),
    ).toEqual([
      ['Cem Kaya', 'GBP', 'draft', 2500, 1],
      ['Yılmaz family', 'GBP', 'draft', 10_000, 4],
      ['Yılmaz family', 'TRY', 'draft', 125_050, 1],
    ]);
    const familyGbp = first.invoices[1]!;
    expect(familyGbp).toMatchObject({
      account: { id: family.id },
      month: '2026-01',
      timezone: 'Europe/London',
      number: null,
    });
    // Ayla's excused mark of 12 January is not charged; her 19 January is.
    expect(lineSummary(familyGbp)).toEqual([
      ['Ayla Yılmaz', 'Piano', 'present', 2500, null],
      ['Burak Yılmaz', 'Piano', 'absent', 2500, null],
      ['Burak Yılmaz', 'Piano', 'lateCancelled', 2500, null],
      ['Ayla Yılmaz', 'Piano', 'present', 2500, null],
    ]);
    expect(familyGbp.lines[0]).toEqual({
      occurrenceId: piano.occurrenceIds[0],
      guestId: ids.ayla,
      guestName: 'Ayla Yılmaz',
      startsAt: '2026-01-05T10:00:00.000Z',
      title: 'Piano',
      status: 'present',
      amount: 2500,
      packageId: null,
      kind: 'charge',
      correctsInvoiceId: null,
    });
  });

  it('lists the unmarked pairs and leaves them out', () => {
    expect(first.unmarked.map((pair) => [pair.occurrenceId, pair.guestId])).toEqual([
      [piano.occurrenceIds[2], ids.burak],
      [piano.occurrenceIds[2], ids.cem],
    ]);
  });

  it('bills a guest in no account on an account of their own, made by the run with their details', async () => {
    const own = first.invoices[0]!.account;
    const made = (await call('GET', `/api/billing/accounts/${own.id}`)).json<BillingAccount>();
    expect(made).toMatchObject({
      name: 'Cem Kaya',
      email: 'cem@example.com',
      language: 'tr',
      guests: [{ id: ids.cem, name: 'Cem Kaya' }],
      balance: [],
    });
  });

  it('adds only what is new when run again: the pairs marked since, to the same drafts', async () => {
    const again = await run({ month: '2026-01', timezone: 'Europe/London' });
    expect(again).toEqual({ invoices: [], unmarked: first.unmarked });
    await mark(piano.occurrenceIds[2]!, { [ids.burak]: 'present', [ids.cem]: 'excused' });
    const preview = await run({ month: '2026-01', timezone: 'Europe/London', dryRun: true });
    expect(preview.invoices.map((invoice) => [invoice.id, invoice.total, invoice.lineCount])).toEqual([
      [first.invoices[1]!.id, 12_500, 5],
    ]);
    const third = await run({ month: '2026-01', timezone: 'Europe/London' });
    expect(third.unmarked).toEqual([]);
    expect(third.invoices.map((invoice) => [invoice.id, invoice.total, invoice.lineCount])).toEqual([
      [first.invoices[1]!.id, 12_500, 5],
    ]);
    expect(third.invoices[0]!.lines.map((line) => [line.occurrenceId, line.guestId])).toEqual([
      [piano.occurrenceIds[0], ids.ayla],
      [piano.occurrenceIds[0], ids.burak],
      [piano.occurrenceIds[1], ids.burak],
      [piano.occurrenceIds[2], ids.ayla],
      [piano.occurrenceIds[2], ids.burak],
    ]);
    expect(await invoiceCount()).toBe(3);
  });

  it('reads the drafts: the list filtered by status, account and month, and one with its lines', async () => {
    const list = (
      await call('GET', `/api/billing/invoices?accountId=${family.id}&status=draft&month=2026-01`)
    ).json<InvoiceList>();
    expect(list.totalCount).toBe(2);
    expect(list.invoices.map((invoice) => [invoice.currency, invoice.total, invoice.lineCount])).toEqual([
      ['TRY', 125_050, 1],
      ['GBP', 12_500, 5],
    ]);
    expect((await call('GET', '/api/billing/invoices?status=issued')).json<InvoiceList>().totalCount).toBe(0);
    expect((await call('GET', '/api/billing/invoices?month=2026-02')).json<InvoiceList>().totalCount).toBe(0);
    expect((await call('GET', '/api/billing/invoices?q=kaya')).json<InvoiceList>().totalCount).toBe(1);
    expect((await call('GET', '/api/billing/invoices?status=paid')).statusCode).toBe(400);
    const one = await call('GET', `/api/billing/invoices/${first.invoices[1]!.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json<Invoice>().lines).toHaveLength(5);
    const missing = await call('GET', '/api/billing/invoices/999999');
    expect(missing.statusCode).toBe(404);
    expect(messageOf(missing)).toBe('Invoice not found');
  });

  it('logs each draft it made or added to, and the account it made', async () => {
    const rows = (await call('GET', '/api/audit-logs?entityType=billing-invoices&limit=100')).json<AuditLogList>()
      .auditLogs;
    expect(rows.map((row) => [row.action, row.entityName]).reverse()).toEqual([
      ['create', 'Yılmaz family 2026-01 GBP'],
      ['create', 'Cem Kaya 2026-01 GBP'],
      ['create', 'Yılmaz family 2026-01 TRY'],
      ['update', 'Yılmaz family 2026-01 GBP'],
    ]);
    expect(rows[0]!.changes).toEqual({ lineCount: { from: 4, to: 5 }, total: { from: 10_000, to: 12_500 } });
    const accounts = (await call('GET', '/api/audit-logs?entityType=billing-accounts&limit=100')).json<AuditLogList>();
    expect(accounts.auditLogs.map((row) => row.entityName)).toContain('Cem Kaya');
  });

  it('charges what the policy says', async () => {
    await call('PUT', '/api/billing/policy', { chargedStatuses: ['present'] });
    const march = await sessions({
      title: 'Policy',
      start: '20260302T1000',
      guestIds: [ids.deniz],
      price: { amount: 700, currency: 'USD' },
    });
    await mark(march.occurrenceIds[0]!, { [ids.deniz]: 'absent' });
    expect((await run({ month: '2026-03', timezone: 'Europe/London', dryRun: true })).invoices).toEqual([]);
    await call('PUT', '/api/billing/policy', { chargedStatuses: ['present', 'late', 'absent', 'lateCancelled'] });
    expect((await run({ month: '2026-03', timezone: 'Europe/London', dryRun: true })).invoices).toHaveLength(1);
  });
});

describe('two runs at once', () => {
  it('make one set of drafts, each pair billed once', async () => {
    const april = await sessions({
      title: 'Choir',
      start: '20260406T1800',
      count: 3,
      guestIds: [ids.ayla, ids.burak, ids.cem, ids.deniz],
      price: { amount: 1500, currency: 'EUR' },
    });
    for (const occurrenceId of april.occurrenceIds) {
      await mark(occurrenceId, {
        [ids.ayla]: 'present',
        [ids.burak]: 'present',
        [ids.cem]: 'late',
        [ids.deniz]: 'absent',
      });
    }
    const before = await invoiceCount();
    const [one, two] = await Promise.all([
      call('POST', '/api/billing/invoices/run', { month: '2026-04', timezone: 'Europe/London' }),
      call('POST', '/api/billing/invoices/run', { month: '2026-04', timezone: 'Europe/London' }),
    ]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    const made = [...one.json<InvoiceRun>().invoices, ...two.json<InvoiceRun>().invoices];
    // Family (Ayla, Burak), Cem's own, Deniz's own: three drafts, made by whichever ran first.
    expect(made).toHaveLength(3);
    expect(await invoiceCount()).toBe(before + 3);
    const lines = await ctx.database.db.select().from(billingInvoiceLines);
    const april12 = lines.filter((line) => april.occurrenceIds.includes(line.occurrenceId));
    expect(april12).toHaveLength(12);
    expect(new Set(april12.map((line) => `${line.occurrenceId}:${line.guestId}`)).size).toBe(12);
    const deniz = await call('GET', '/api/billing/accounts?q=deniz');
    expect(deniz.json<{ totalCount: number }>().totalCount).toBe(1);
  });
});

describe('packages in the run', () => {
  it('uses the oldest valid package with sessions left, of the event and currency, then prices the rest', async () => {
    const payer = await account('Packages', [ids.emre]);
    const may = await sessions({
      title: 'Violin',
      start: '20260504T1000',
      count: 4,
      guestIds: [ids.emre],
      price: { amount: 3000, currency: 'GBP' },
    });
    const other = await sessions({
      title: 'Cello',
      start: '20260505T1000',
      guestIds: [ids.emre],
      price: { amount: 4000, currency: 'GBP' },
    });
    for (const occurrenceId of [...may.occurrenceIds, ...other.occurrenceIds])
      await mark(occurrenceId, { [ids.emre]: 'present' });
    const pkg = async (body: Record<string, unknown>) => {
      const response = await call('POST', '/api/billing/packages', {
        accountId: payer.id,
        currency: 'GBP',
        amount: 5000,
        ...body,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<BillingPackage>();
    };
    // In the order bought: an expired one, one in lira, the violin's two sessions, then any event's one.
    const expired = await pkg({ sessions: 5, validUntil: '2026-04-30' });
    const lira = await pkg({ sessions: 5, currency: 'TRY' });
    const violin = await pkg({ sessions: 2, eventId: may.eventId });
    const any = await pkg({ sessions: 1 });
    const result = await run({ month: '2026-05', timezone: 'Europe/London' });
    const invoice = result.invoices.find((entry) => entry.account.id === payer.id)!;
    expect(lineSummary(invoice).map(([, title, , amount, packageId]) => [title, amount, packageId])).toEqual([
      ['Violin', 0, violin.id],
      ['Cello', 0, any.id],
      ['Violin', 0, violin.id],
      ['Violin', 3000, null],
      ['Violin', 3000, null],
    ]);
    expect(invoice.total).toBe(6000);
    const left = (await call('GET', `/api/billing/packages?accountId=${payer.id}`)).json<{
      billingPackages: BillingPackage[];
    }>();
    expect(left.billingPackages.map((entry) => [entry.id, entry.used, entry.remaining])).toEqual([
      [expired.id, 0, 5],
      [lira.id, 0, 5],
      [violin.id, 2, 0],
      [any.id, 1, 0],
    ]);
  });
});
