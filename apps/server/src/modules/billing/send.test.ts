import type {
  AuditLogList,
  BillingAccountList,
  Invoice,
  InvoiceList,
  InvoiceRun,
  InvoiceSend,
  MessageLog,
} from '@ritim/shared';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { locations, messageLogs } from '../../platform/db/schema.js';
import type { Mail } from '../../test/mail.js';
import {
  createEvent,
  createUsers,
  type Headers,
  headersOf,
  insertRow,
  occurrenceIdsOf,
  waitFor,
} from '../../test/seed.js';
import { useTestApp } from '../../test/use-test-app.js';

/**
 * POST /api/billing/invoices/{id}/send (docs/domain.md#billing): the outbox mails the PDF to the
 * account's email through a real SMTP server; the PDF is read back with a PDF parser.
 */
const NOW = new Date('2026-02-03T12:00:00Z');
const ctx = useTestApp({
  mail: true,
  now: () => NOW,
  centre: { name: 'Ritim Müzik Merkezi', address: 'Bağdat Caddesi 1, İstanbul' },
});
let admin: Headers;
let editor: Headers;
const accountIds: Record<string, number> = {};
const invoiceOf: Record<string, Invoice> = {};
let guestIds: Record<string, number>;

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown, headers = admin) =>
  ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

/** The base64 body of the MIME part with this content type, decoded. */
function attachmentOf(raw: string, contentType: string): Buffer | undefined {
  const at = raw.indexOf(`Content-Type: ${contentType}`);
  if (at < 0) return undefined;
  const body = raw.slice(raw.indexOf('\r\n\r\n', at) + 4);
  return Buffer.from(body.slice(0, body.indexOf('\r\n--')).replace(/\s+/g, ''), 'base64');
}
const pdfText = async (pdf: Buffer) => {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text;
};
/** The Subject header with its RFC 2047 words (`=?UTF-8?Q?…?=`) decoded. */
const subjectOf = (mail: Mail) => {
  const header = /^Subject: (.*(?:\r\n[ \t].*)*)/m.exec(mail.raw)![1]!;
  return header.replace(/\r\n[ \t]/g, ' ').replace(/=\?UTF-8\?Q\?(.*?)\?=\s*/gi, (_, word: string) =>
    Buffer.from(
      word.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8'),
  );
};
const mailsTo = (address: string) => ctx.mails.filter((mail) => mail.to.includes(address));
const nextMailTo = async (address: string, before: number): Promise<Mail> => {
  await waitFor(() => mailsTo(address).length > before, { what: `a mail to ${address}` });
  return mailsTo(address)[before]!;
};
const logRow = async (id: number) => {
  const [row] = await ctx.database.db.select().from(messageLogs).where(eq(messageLogs.id, id));
  return row!;
};

beforeAll(async () => {
  const ids = await createUsers(ctx.database, [
    { username: 'admin', role: 'admin', timezone: 'Europe/Istanbul' },
    { username: 'teacher', role: 'editor', timezone: 'Europe/Istanbul' },
    { username: 'ayse', role: 'guest', name: 'Ayşe', surname: 'Çağlar' },
    { username: 'jane', role: 'guest', name: 'Jane', surname: 'Smith' },
    { username: 'kemal', role: 'guest', name: 'Kemal', surname: 'Ok' },
  ]);
  guestIds = ids;
  admin = await headersOf(ctx.app, 'admin');
  editor = await headersOf(ctx.app, 'teacher');
  const hall = (await insertRow(ctx.database, locations, { name: 'Hall' })).id;
  for (const [key, account] of [
    ['tr', { name: 'Çağlar ailesi', language: 'tr', email: 'aile@example.com', guestIds: [ids.ayse] }],
    ['en', { name: 'Smith family', language: 'en', email: 'smith@example.com', guestIds: [ids.jane] }],
    ['none', { name: 'Ok ailesi', language: 'tr', guestIds: [ids.kemal] }],
  ] as const) {
    const created = await call('POST', '/api/billing/accounts', account);
    expect(created.statusCode, created.body).toBe(201);
    accountIds[key] = created.json<{ id: number }>().id;
  }
  for (const [title, guestId, price] of [
    ['Şan dersi', ids.ayse, { amount: 125_000, currency: 'TRY' }],
    ['Piano', ids.jane, { amount: 4_500, currency: 'GBP' }],
    ['Keman', ids.kemal, { amount: 90_000, currency: 'TRY' }],
  ] as const) {
    const eventId = await createEvent(ctx, admin, {
      title,
      locationId: hall,
      organiserId: ids.teacher,
      guestIds: [guestId],
      rrule: 'DTSTART;TZID=Europe/Istanbul:20260106T100000\nRRULE:FREQ=DAILY;COUNT=1',
      price,
    });
    const [occurrenceId] = await occurrenceIdsOf(ctx.database, eventId);
    const marked = await call('PUT', `/api/event-occurrences/${occurrenceId}/attendance`, {
      entries: [{ guestId, status: 'present' }],
    });
    expect(marked.statusCode, marked.body).toBe(200);
  }
  const run = await call('POST', '/api/billing/invoices/run', { month: '2026-01' });
  expect(run.statusCode, run.body).toBe(200);
  for (const invoice of run.json<InvoiceRun>().invoices) {
    const key = Object.entries(accountIds).find(([, id]) => id === invoice.account.id)![0];
    invoiceOf[key] = invoice;
  }
});

describe('POST /api/billing/invoices/{id}/send', () => {
  it('refuses a draft (409), an unknown invoice (404) and editors (403)', async () => {
    const draft = await call('POST', `/api/billing/invoices/${invoiceOf.tr!.id}/send`);
    expect(draft.statusCode).toBe(409);
    expect(draft.json()).toMatchObject({
      code: 'billing.notIssued',
      message: 'Only an issued invoice can be sent; this one is draft',
    });
    expect((await call('POST', '/api/billing/invoices/999999/send')).statusCode).toBe(404);
    expect((await call('POST', `/api/billing/invoices/${invoiceOf.tr!.id}/send`, undefined, editor)).statusCode).toBe(
      403,
    );
    const rows = await ctx.database.db.select().from(messageLogs).where(eq(messageLogs.type, 'invoice'));
    expect(rows).toEqual([]);
  });

  it('mails an issued invoice with its PDF in the account’s language, logged and audited', async () => {
    const issued = await call('POST', `/api/billing/invoices/${invoiceOf.tr!.id}/issue`);
    expect(issued.statusCode, issued.body).toBe(200);
    const number = issued.json<Invoice>().number!;
    const before = mailsTo('aile@example.com').length;
    const sent = await call('POST', `/api/billing/invoices/${invoiceOf.tr!.id}/send`);
    expect(sent.statusCode, sent.body).toBe(200);
    const answer = sent.json<InvoiceSend>();
    expect(answer).toMatchObject({
      email: 'aile@example.com',
      code: 'billing.invoiceQueued',
      message: `Invoice ${number} queued to aile@example.com`,
    });

    const mail = await nextMailTo('aile@example.com', before);
    expect(subjectOf(mail)).toBe(`Ritim Müzik Merkezi: ${number} numaralı fatura`);
    expect(mail.text).toContain(`Ocak 2026 dönemine ait ${number} numaralı fatura ektedir: toplam ₺1.250,00.`);
    expect(mail.raw).toMatch(new RegExp(`filename="?invoice-${number}\\.pdf`));
    const text = await pdfText(attachmentOf(mail.raw, 'application/pdf')!);
    expect(text).toContain('Ritim Müzik Merkezi');
    expect(text).toContain('Bağdat Caddesi 1, İstanbul');
    expect(text).toContain('Fatura');
    expect(text).toContain(number);
    expect(text).toContain('Çağlar ailesi');
    expect(text).toContain('Şan dersi');
    expect(text).toContain('₺1.250,00');

    await waitFor(async () => (await logRow(answer.messageLogId)).status === 'sent', { what: 'the row sent' });
    const log = await call('GET', '/api/message-logs?type=invoice');
    expect(log.statusCode, log.body).toBe(200);
    const [logged] = log.json<{ messageLogs: MessageLog[] }>().messageLogs;
    expect(logged).toMatchObject({
      id: answer.messageLogId,
      type: 'invoice',
      status: 'sent',
      recipient: { name: 'Çağlar ailesi' },
      month: '2026-01',
      subject: `Ritim Müzik Merkezi: ${number} numaralı fatura`,
    });

    const audit = (await call('GET', '/api/audit-logs?entityType=billing-invoices&limit=100')).json<AuditLogList>()
      .auditLogs;
    expect(audit.find((row) => row.action === 'send' && row.entityId === invoiceOf.tr!.id)).toMatchObject({
      entityName: number,
      actor: { username: 'admin' },
    });
    const messageAudit = (await call('GET', '/api/audit-logs?entityType=message-logs&limit=100')).json<AuditLogList>()
      .auditLogs;
    expect(messageAudit.some((row) => row.action === 'send' && row.entityId === answer.messageLogId)).toBe(true);
  });

  it('writes the English account’s mail in English, its money the English way', async () => {
    const number = (await call('POST', `/api/billing/invoices/${invoiceOf.en!.id}/issue`)).json<Invoice>().number!;
    const before = mailsTo('smith@example.com').length;
    const sent = await call('POST', `/api/billing/invoices/${invoiceOf.en!.id}/send`);
    expect(sent.statusCode, sent.body).toBe(200);
    const mail = await nextMailTo('smith@example.com', before);
    expect(subjectOf(mail)).toBe(`Ritim Müzik Merkezi: invoice ${number}`);
    expect(mail.text).toContain(`Invoice ${number} for January 2026 is attached: £45.00 in total.`);
    const text = await pdfText(attachmentOf(mail.raw, 'application/pdf')!);
    expect(text).toContain('Invoice');
    expect(text).toContain('Piano');
    expect(text).toContain('£45.00');
  });

  it('answers 400 with a clear message for an account with no email, and queues nothing', async () => {
    await call('POST', `/api/billing/invoices/${invoiceOf.none!.id}/issue`);
    const response = await call('POST', `/api/billing/invoices/${invoiceOf.none!.id}/send`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'billing.accountNoEmail',
      message: 'The account Ok ailesi has no email address: add one to the account to send its invoices',
    });
    const rows = await ctx.database.db
      .select()
      .from(messageLogs)
      .where(eq(messageLogs.recipientBillingAccountId, accountIds.none!));
    expect(rows).toEqual([]);
  });

  it('refuses a second send while the first is on its way, and sends again once it ended', async () => {
    const [first] = await ctx.database.db
      .select()
      .from(messageLogs)
      .where(eq(messageLogs.recipientBillingAccountId, accountIds.en!));
    // The first send as if still on its way.
    await ctx.database.db.update(messageLogs).set({ status: 'sending' }).where(eq(messageLogs.id, first!.id));
    const busy = await call('POST', `/api/billing/invoices/${invoiceOf.en!.id}/send`);
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({ code: 'billing.sendUnderWay' });
    await ctx.database.db.update(messageLogs).set({ status: 'sent' }).where(eq(messageLogs.id, first!.id));
    const before = mailsTo('smith@example.com').length;
    const again = await call('POST', `/api/billing/invoices/${invoiceOf.en!.id}/send`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<InvoiceSend>().messageLogId).not.toBe(first!.id);
    await nextMailTo('smith@example.com', before);
  });

  it('is retried from the Message Log to the account’s email as it is then', async () => {
    const [row] = await ctx.database.db
      .select()
      .from(messageLogs)
      .where(eq(messageLogs.recipientBillingAccountId, accountIds.tr!));
    // A delivery that failed (the address bounced); the office fixes the address and retries.
    await ctx.database.db
      .update(messageLogs)
      .set({ status: 'failed', error: 'mailbox unavailable' })
      .where(eq(messageLogs.id, row!.id));
    const patched = await call('PATCH', `/api/billing/accounts/${accountIds.tr}`, { email: 'veli@example.com' });
    expect(patched.statusCode, patched.body).toBe(200);
    const retry = await call('POST', `/api/message-logs/${row!.id}/retry`, {});
    expect(retry.statusCode, retry.body).toBe(200);
    const mail = await nextMailTo('veli@example.com', 0);
    const text = await pdfText(attachmentOf(mail.raw, 'application/pdf')!);
    expect(text).toContain(invoiceOf.tr!.lines[0]!.title);
    await waitFor(async () => (await logRow(row!.id)).status === 'sent', { what: 'the retried row sent' });
  });

  it('refuses a void invoice (409)', async () => {
    const voided = await call('POST', `/api/billing/invoices/${invoiceOf.none!.id}/void`, { reason: 'Wrong month' });
    expect(voided.statusCode, voided.body).toBe(200);
    const response = await call('POST', `/api/billing/invoices/${invoiceOf.none!.id}/send`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: 'Only an issued invoice can be sent; this one is void' });
  });
});

describe('the lists Home and a guest’s page read', () => {
  const unpaid = async () =>
    (await call('GET', '/api/billing/invoices?unpaid=true')).json<InvoiceList>().invoices.map((invoice) => invoice.id);

  it('GET /api/billing/invoices?unpaid=true: issued invoices the payments do not cover, oldest paid first', async () => {
    // Issued above: the Turkish and the English; the third was voided.
    expect((await unpaid()).sort()).toEqual([invoiceOf.tr!.id, invoiceOf.en!.id].sort());
    const pay = (accountId: number, amount: number, currency: string) =>
      call('POST', '/api/billing/payments', {
        accountId,
        amount,
        currency,
        method: 'cash',
        receivedAt: '2026-02-03T10:00:00Z',
      });
    expect((await pay(accountIds.en!, 2000, 'GBP')).statusCode).toBe(201);
    expect((await pay(accountIds.tr!, 125_000, 'TRY')).statusCode).toBe(201);
    // Paid in full: gone; £20.00 of £45.00: still unpaid.
    expect(await unpaid()).toEqual([invoiceOf.en!.id]);
    // A payment in another currency pays nothing of it.
    expect((await pay(accountIds.en!, 2500, 'EUR')).statusCode).toBe(201);
    expect(await unpaid()).toEqual([invoiceOf.en!.id]);
    expect((await call('GET', '/api/billing/invoices?unpaid=maybe')).statusCode).toBe(400);
  });

  it('GET /api/billing/accounts?guestId: the account that pays for the guest, or none', async () => {
    const of = async (guestId: number | string) => {
      const response = await call('GET', `/api/billing/accounts?guestId=${guestId}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<BillingAccountList>().billingAccounts.map((account) => account.name);
    };
    expect(await of(guestIds.ayse!)).toEqual(['Çağlar ailesi']);
    expect(await of(guestIds.teacher!)).toEqual([]);
    const bad = await call('GET', '/api/billing/accounts?guestId=x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'Filter guestId must be an id: the guest whose account to find' });
  });
});
