import type { AuditLogList, Event } from '@ritim/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { locations } from '../../platform/db/schema.js';
import { messageOf } from '../../test/harness.js';
import { createUsers, headersOf, insertRow, occurrenceIdsOf } from '../../test/seed.js';
import { useTestApp } from '../../test/use-test-app.js';

/** An event's price (docs/domain.md#billing): integer minor units with a currency, on POST/PATCH and in answers. */
const NOW = new Date('2026-03-02T09:00:00Z');
const ctx = useTestApp({ now: () => NOW });
let admin: Record<string, string>;
let organiser: number;
let guest: number;
let hall: number;

beforeAll(async () => {
  const people = await createUsers(ctx.database, [
    { username: 'admin', role: 'admin' },
    { username: 'teacher', role: 'editor', timezone: 'Europe/London' },
    { username: 'pupil', role: 'guest' },
  ]);
  organiser = people.teacher;
  guest = people.pupil;
  hall = (await insertRow(ctx.database, locations, { name: 'Hall' })).id;
  admin = await headersOf(ctx.app, 'admin');
});

const body = (extra: Record<string, unknown>) => ({
  title: 'Piano',
  locationId: hall,
  organiserId: organiser,
  guestIds: [guest],
  repeat: {
    doesNotRepeat: false,
    start: '2026-03-09T10:00',
    frequency: 'week',
    interval: 1,
    weekdays: [],
    end: { type: 'after', count: 4 },
  },
  endTime: '11:00',
  ...extra,
});
const post = (extra: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/events', headers: admin, payload: body(extra) });
const patch = (id: number, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/events/${id}`, headers: admin, payload });
const read = async (id: number) =>
  (await ctx.app.inject({ method: 'GET', url: `/api/events/${id}`, headers: admin })).json<Event>();

describe('an event’s price', () => {
  it('is stored as minor units with its currency and answered by POST, GET and the list', async () => {
    const response = await post({ price: { amount: 125_000, currency: 'TRY' } });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<Event>();
    expect(created.price).toEqual({ amount: 125_000, currency: 'TRY' });
    expect((await read(created.id)).price).toEqual({ amount: 125_000, currency: 'TRY' });
    const list = await ctx.app.inject({ method: 'GET', url: '/api/events?q=Piano', headers: admin });
    expect(list.json<{ events: Event[] }>().events.find((event) => event.id === created.id)?.price).toEqual({
      amount: 125_000,
      currency: 'TRY',
    });
  });

  it('is null when left out, and a 0 price is a price', async () => {
    expect((await post({})).json<Event>().price).toBeNull();
    expect((await post({ price: null })).json<Event>().price).toBeNull();
    expect((await post({ price: { amount: 0, currency: 'GBP' } })).json<Event>().price).toEqual({
      amount: 0,
      currency: 'GBP',
    });
  });

  it.each([
    [
      { amount: 12.5, currency: 'GBP' },
      'amount must be a whole number of minor units (1250 for 12.50), not a fraction',
    ],
    [{ amount: -100, currency: 'GBP' }, 'amount must not be negative'],
    [{ amount: 1e12, currency: 'GBP' }, 'amount must be at most 100000000 minor units (1,000,000.00)'],
    [
      { amount: '1250', currency: 'GBP' },
      'amount must be a whole number of minor units (1250 for 12.50), not a fraction',
    ],
    [{ amount: 1250, currency: 'JPY' }, 'currency must be one of TRY, GBP, EUR, USD'],
    [{ amount: 1250, currency: 'gbp' }, 'currency must be one of TRY, GBP, EUR, USD'],
    [{ amount: 1250 }, 'currency must be one of TRY, GBP, EUR, USD'],
    [
      { amount: 1250, currency: 'GBP', vat: 20 },
      'A price must be {amount, currency}: amount a whole number of minor units (pence, kuruş, cents)',
    ],
    [1250, 'A price must be {amount, currency}: amount a whole number of minor units (pence, kuruş, cents)'],
  ])('refuses %j with 400 and a clear message, storing nothing', async (price, text) => {
    const response = await post({ title: 'Refused', price });
    expect(response.statusCode, response.body).toBe(400);
    expect(messageOf(response)).toBe(text);
    expect(response.json<{ code: string }>().code).toMatch(/^billing\./);
  });

  it('is changed by PATCH, kept when PATCH leaves it out, cleared by null, and each change is in the audit log', async () => {
    const { id } = (await post({ price: { amount: 2000, currency: 'GBP' } })).json<Event>();
    const changed = await patch(id, { price: { amount: 2500, currency: 'EUR' } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Event>().price).toEqual({ amount: 2500, currency: 'EUR' });
    expect((await patch(id, { title: 'Piano 2' })).json<Event>().price).toEqual({ amount: 2500, currency: 'EUR' });
    expect((await patch(id, { price: null })).json<Event>().price).toBeNull();
    expect((await patch(id, { price: { amount: 1.5, currency: 'EUR' } })).statusCode).toBe(400);
    expect((await read(id)).price).toBeNull();

    const log = await ctx.app.inject({
      method: 'GET',
      url: `/api/audit-logs?entityType=events&entityId=${id}`,
      headers: admin,
    });
    const rows = log.json<AuditLogList>().auditLogs.reverse();
    expect(rows.map((row) => [row.action, row.changes?.price])).toEqual([
      ['create', { from: null, to: { amount: 2000, currency: 'GBP' } }],
      ['update', { from: { amount: 2000, currency: 'GBP' }, to: { amount: 2500, currency: 'EUR' } }],
      ['update', undefined],
      ['update', { from: { amount: 2500, currency: 'EUR' }, to: null }],
    ]);
  });

  it('goes with the later part of a split, or takes the split’s new price', async () => {
    const { id } = (await post({ price: { amount: 3000, currency: 'USD' } })).json<Event>();
    const [, second, third] = await occurrenceIdsOf(ctx.database, id);
    const kept = await patch(id, { fromOccurrenceId: second, title: 'Piano later' });
    expect(kept.statusCode, kept.body).toBe(200);
    const later = kept.json<Event>();
    expect(later.id).not.toBe(id);
    expect(later.price).toEqual({ amount: 3000, currency: 'USD' });
    const repriced = await patch(later.id, { fromOccurrenceId: third, price: { amount: 3500, currency: 'USD' } });
    expect(repriced.statusCode, repriced.body).toBe(200);
    expect(repriced.json<Event>().price).toEqual({ amount: 3500, currency: 'USD' });
    expect((await read(later.id)).price).toEqual({ amount: 3000, currency: 'USD' });
    expect((await read(id)).price).toEqual({ amount: 3000, currency: 'USD' });
  });
});
