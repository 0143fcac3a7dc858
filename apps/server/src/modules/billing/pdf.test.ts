import type { Invoice, InvoiceRun } from '@ritim/shared';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { locations } from '../../platform/db/schema.js';
import { createEvent, createUsers, type Headers, headersOf, insertRow, occurrenceIdsOf } from '../../test/seed.js';
import { useTestApp } from '../../test/use-test-app.js';
import { formatMoney } from './pdf.js';

/** GET /api/billing/invoices/{id}/pdf (docs/domain.md#billing): its text read back with a PDF parser. */
const NOW = new Date('2026-02-03T12:00:00Z');
const ctx = useTestApp({
  now: () => NOW,
  centre: { name: 'Ritim Müzik Merkezi', address: 'Bağdat Caddesi 1, İstanbul' },
});
let admin: Headers;
let invoices: Invoice[];

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: admin, ...(payload === undefined ? {} : { payload: payload as object }) });
const textOf = async (body: Buffer) => {
  const pdf = await getDocumentProxy(new Uint8Array(body));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
};

beforeAll(async () => {
  const ids = await createUsers(ctx.database, [
    { username: 'admin', role: 'admin', timezone: 'Europe/Istanbul' },
    { username: 'teacher', role: 'editor', timezone: 'Europe/Istanbul' },
    { username: 'ayse', role: 'guest', name: 'Ayşe', surname: 'Çağlar' },
    { username: 'jane', role: 'guest', name: 'Jane', surname: 'Smith' },
  ]);
  admin = await headersOf(ctx.app, 'admin');
  const hall = (await insertRow(ctx.database, locations, { name: 'Hall' })).id;
  await call('POST', '/api/billing/accounts', {
    name: 'Çağlar ailesi',
    language: 'tr',
    email: 'aile@example.com',
    guestIds: [ids.ayse],
  });
  await call('POST', '/api/billing/accounts', { name: 'Smith family', language: 'en', guestIds: [ids.jane] });
  for (const [title, guestId, price] of [
    ['Şan dersi', ids.ayse, { amount: 125_000, currency: 'TRY' }],
    ['Piano', ids.jane, { amount: 125_000, currency: 'GBP' }],
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
    await call('PUT', `/api/event-occurrences/${occurrenceId}/attendance`, {
      entries: [{ guestId, status: 'present' }],
    });
  }
  invoices = (await call('POST', '/api/billing/invoices/run', { month: '2026-01' })).json<InvoiceRun>().invoices;
});

describe('formatMoney', () => {
  it('writes money the way each language does', () => {
    expect(formatMoney(125_000, 'TRY', 'tr')).toBe('₺1.250,00');
    expect(formatMoney(125_000, 'GBP', 'en')).toBe('£1,250.00');
    expect(formatMoney(-2550, 'EUR', 'en')).toBe('-€25.50');
  });
});

describe('GET /api/billing/invoices/{id}/pdf', () => {
  it('is a PDF in the account’s language with the centre, the number, the lines and the total', async () => {
    const turkish = invoices.find((invoice) => invoice.currency === 'TRY')!;
    const issued = await call('POST', `/api/billing/invoices/${turkish.id}/issue`);
    expect(issued.statusCode).toBe(200);
    const response = await call('GET', `/api/billing/invoices/${turkish.id}/pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="invoice-2026-0001.pdf"');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await textOf(response.rawPayload);
    for (const part of [
      'Ritim Müzik Merkezi',
      'Bağdat Caddesi 1, İstanbul',
      'Fatura',
      '2026-0001',
      'Çağlar ailesi',
      'Şan dersi',
      'Ayşe Çağlar',
      'Geldi',
      '₺1.250,00',
      'Toplam',
    ]) {
      expect(text).toContain(part);
    }
  });

  it('writes an English account’s draft in English', async () => {
    const english = invoices.find((invoice) => invoice.currency === 'GBP')!;
    const response = await call('GET', `/api/billing/invoices/${english.id}/pdf`);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="invoice-draft-${english.id}.pdf"`);
    const text = await textOf(response.rawPayload);
    for (const part of ['Draft invoice', 'Smith family', 'Piano', 'Jane Smith', 'Present', '£1,250.00', 'Total']) {
      expect(text).toContain(part);
    }
  });

  it('answers 404 for an unknown invoice', async () => {
    expect((await call('GET', '/api/billing/invoices/999999/pdf')).statusCode).toBe(404);
  });
});
