import type {
  AuditLogList,
  BillingAccount,
  BillingAccountList,
  BillingPackage,
  BillingPackageList,
  BillingPolicy,
} from '@ritim/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { locations } from '../../platform/db/schema.js';
import { messageOf } from '../../test/harness.js';
import { createEvent, createUsers, type Headers, headersOf, insertRow } from '../../test/seed.js';
import { useTestApp } from '../../test/use-test-app.js';

/**
 * /api/billing (docs/domain.md#billing): who may, the policy, accounts and packages. The month's
 * run is run.test.ts's.
 */
const ctx = useTestApp();
let admin: Headers;
let editor: Headers;
let guest: Headers;
let ids: Record<'admin' | 'teacher' | 'ayla' | 'burak' | 'cem' | 'deniz', number>;
let eventId: number;

beforeAll(async () => {
  ids = await createUsers(ctx.database, [
    { username: 'admin', role: 'admin' },
    { username: 'teacher', role: 'editor' },
    { username: 'ayla', role: 'guest', name: 'Ayla', surname: 'Yılmaz' },
    { username: 'burak', role: 'guest', name: 'Burak', surname: 'Yılmaz' },
    { username: 'cem', role: 'guest', name: 'Cem', surname: 'Kaya' },
    { username: 'deniz', role: 'guest' },
  ]);
  admin = await headersOf(ctx.app, 'admin');
  editor = await headersOf(ctx.app, 'teacher');
  guest = await headersOf(ctx.app, 'ayla');
  const hall = (await insertRow(ctx.database, locations, { name: 'Hall' })).id;
  eventId = await createEvent(ctx, admin, {
    title: 'Piano',
    locationId: hall,
    organiserId: ids.teacher,
    guestIds: [ids.ayla],
    rrule: 'DTSTART;TZID=Europe/London:20260105T100000\nRRULE:FREQ=WEEKLY;COUNT=4',
    price: { amount: 2500, currency: 'GBP' },
  });
});

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Headers = admin,
) => ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const auditOf = async (entityType: string) =>
  (await call('GET', `/api/audit-logs?entityType=${entityType}&limit=100`)).json<AuditLogList>().auditLogs;

describe('who may use billing', () => {
  const routes: [method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string][] = [
    ['GET', '/api/billing/policy'],
    ['PUT', '/api/billing/policy'],
    ['GET', '/api/billing/accounts'],
    ['POST', '/api/billing/accounts'],
    ['GET', '/api/billing/accounts/1'],
    ['PATCH', '/api/billing/accounts/1'],
    ['DELETE', '/api/billing/accounts/1'],
    ['GET', '/api/billing/packages'],
    ['POST', '/api/billing/packages'],
    ['POST', '/api/billing/invoices/run'],
    ['GET', '/api/billing/invoices'],
    ['GET', '/api/billing/invoices/1'],
    ['POST', '/api/billing/invoices/1/issue'],
    ['POST', '/api/billing/invoices/1/void'],
    ['GET', '/api/billing/payments'],
    ['POST', '/api/billing/payments'],
    ['GET', '/api/billing/accounts/1/statement'],
    ['POST', '/api/billing/invoices/1/send'],
  ];

  it('answers 403 to editors and guests and 401 without a session on every billing route', async () => {
    const statuses = [];
    for (const [method, url] of routes) {
      const payload = method === 'GET' || method === 'DELETE' ? undefined : {};
      statuses.push([
        `${method} ${url}`,
        (await call(method, url, payload, editor)).statusCode,
        (await call(method, url, payload, guest)).statusCode,
        (await ctx.app.inject({ method, url, ...(payload ? { payload } : {}) })).statusCode,
      ]);
    }
    expect(statuses).toEqual(routes.map(([method, url]) => [`${method} ${url}`, 403, 403, 401]));
  });
});

describe('GET/PUT /api/billing/policy', () => {
  it('charges present, late, absent and lateCancelled until changed', async () => {
    const response = await call('GET', '/api/billing/policy');
    expect(response.statusCode).toBe(200);
    expect(response.json<BillingPolicy>()).toEqual({ chargedStatuses: ['present', 'late', 'absent', 'lateCancelled'] });
  });

  it('stores each status once in the attendance order, and logs the change', async () => {
    const put = await call('PUT', '/api/billing/policy', {
      chargedStatuses: ['absent', 'present', 'present', 'excused'],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<BillingPolicy>()).toEqual({ chargedStatuses: ['present', 'absent', 'excused'] });
    expect((await call('GET', '/api/billing/policy')).json<BillingPolicy>().chargedStatuses).toEqual([
      'present',
      'absent',
      'excused',
    ]);
    const [row] = await auditOf('billing-policy');
    expect(row).toMatchObject({
      action: 'update',
      actor: { id: ids.admin },
      changes: {
        chargedStatuses: {
          from: ['present', 'late', 'absent', 'lateCancelled'],
          to: ['present', 'absent', 'excused'],
        },
      },
    });
    await call('PUT', '/api/billing/policy', { chargedStatuses: ['present', 'late', 'absent', 'lateCancelled'] });
  });

  it.each([[{ chargedStatuses: ['present', 'maybe'] }], [{ chargedStatuses: 'present' }], [{}]])(
    'refuses %j with 400',
    async (body) => {
      const response = await call('PUT', '/api/billing/policy', body);
      expect(response.statusCode).toBe(400);
      expect(messageOf(response)).toBe(
        'chargedStatuses must be a list of attendance statuses (present, late, absent, excused, cancelled, lateCancelled)',
      );
    },
  );
});

describe('/api/billing/accounts', () => {
  let family: BillingAccount;

  it('creates an account for its guests, with no balance yet, and logs it', async () => {
    const response = await call('POST', '/api/billing/accounts', {
      name: '  Yılmaz family ',
      email: 'aile@example.com',
      phone: '+90 532 000 0000',
      language: 'tr',
      guestIds: [ids.burak, ids.ayla, ids.ayla],
    });
    expect(response.statusCode, response.body).toBe(201);
    family = response.json<BillingAccount>();
    expect(family).toEqual({
      id: expect.any(Number) as number,
      name: 'Yılmaz family',
      email: 'aile@example.com',
      phone: '+90 532 000 0000',
      language: 'tr',
      guests: [
        { id: ids.ayla, name: 'Ayla Yılmaz' },
        { id: ids.burak, name: 'Burak Yılmaz' },
      ],
      balance: [],
      createdAt: expect.any(String) as string,
    });
    const [row] = await auditOf('billing-accounts');
    expect(row).toMatchObject({ action: 'create', entityId: family.id, entityName: 'Yılmaz family' });
    expect(row!.changes?.guests?.to).toHaveLength(2);
  });

  it('refuses a guest who is in another account, naming it, and ids that are not guests', async () => {
    const taken = await call('POST', '/api/billing/accounts', { name: 'Other', guestIds: [ids.cem, ids.ayla] });
    expect(taken.statusCode).toBe(400);
    expect(messageOf(taken)).toBe(
      `Guest ${ids.ayla} is already in the account Yılmaz family; a guest is in at most one account`,
    );
    const teacher = await call('POST', '/api/billing/accounts', { name: 'Other', guestIds: [ids.teacher] });
    expect(teacher.statusCode).toBe(400);
    expect(messageOf(teacher)).toBe(`Guest ${ids.teacher} is not a guest`);
    const nobody = await call('POST', '/api/billing/accounts', { name: 'Other', guestIds: [999999] });
    expect(messageOf(nobody)).toBe('Guest 999999 is not a guest');
    const list = await call('GET', '/api/billing/accounts?q=other');
    expect(list.json<BillingAccountList>().totalCount).toBe(0);
  });

  it.each([
    [{ name: '' }, 'An account name is required'],
    [{ name: 'X', email: 'not-an-email' }, 'email must be an email address'],
    [{ name: 'X', phone: '12' }, 'phone must be a phone number (7 to 20 digits)'],
    [{ name: 'X', language: 'de' }, 'language must be en or tr'],
    [{ name: 'X', guestIds: ['1'] }, 'guestIds must be a list of at most 50 guest ids'],
  ])('refuses %j with 400: %s', async (body, text) => {
    const response = await call('POST', '/api/billing/accounts', body);
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe(text);
  });

  it('lists accounts by name, searched case- and accent-insensitively, paged', async () => {
    const second = await call('POST', '/api/billing/accounts', { name: 'Kaya', guestIds: [ids.cem] });
    expect(second.statusCode, second.body).toBe(201);
    const all = (await call('GET', '/api/billing/accounts')).json<BillingAccountList>();
    expect(all.billingAccounts.map((account) => account.name)).toEqual(['Kaya', 'Yılmaz family']);
    expect(all.totalCount).toBe(2);
    const found = (await call('GET', '/api/billing/accounts?q=YILMAZ')).json<BillingAccountList>();
    expect(found.billingAccounts.map((account) => account.id)).toEqual([family.id]);
    const page = (await call('GET', '/api/billing/accounts?limit=1&offset=1')).json<BillingAccountList>();
    expect(page).toMatchObject({ totalCount: 2, billingAccounts: [{ name: 'Yılmaz family' }] });
    expect((await call('GET', '/api/billing/accounts?sort=balance')).statusCode).toBe(400);
  });

  it('reads one, changes it (guestIds replaces the guests), and 404s an unknown one', async () => {
    expect((await call('GET', `/api/billing/accounts/${family.id}`)).json<BillingAccount>()).toEqual(family);
    const changed = await call('PATCH', `/api/billing/accounts/${family.id}`, {
      phone: '',
      guestIds: [ids.ayla, ids.deniz],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<BillingAccount>()).toMatchObject({
      phone: null,
      guests: [
        { id: ids.ayla, name: 'Ayla Yılmaz' },
        { id: ids.deniz, name: 'deniz' },
      ],
    });
    // Burak is free again: another account may take him.
    const burak = await call('POST', '/api/billing/accounts', { name: 'Burak', guestIds: [ids.burak] });
    expect(burak.statusCode, burak.body).toBe(201);
    const [row] = await auditOf('billing-accounts');
    expect(row).toMatchObject({ action: 'create', entityName: 'Burak' });
    const update = (await auditOf('billing-accounts')).find((entry) => entry.action === 'update');
    expect(update).toMatchObject({ entityId: family.id, changes: { phone: { from: '+90 532 000 0000', to: null } } });
    expect((await call('PATCH', `/api/billing/accounts/${family.id}`, {})).statusCode).toBe(400);
    const missing = await call('GET', '/api/billing/accounts/999999');
    expect(missing.statusCode).toBe(404);
    expect(messageOf(missing)).toBe('Billing account not found');
    expect((await call('PATCH', '/api/billing/accounts/999999', { name: 'X' })).statusCode).toBe(404);
  });

  it('deletes an account nothing references (its guests are free again), and refuses one with a package with 409', async () => {
    const spare = await call('POST', '/api/billing/accounts', { name: 'Spare', guestIds: [] });
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/billing/accounts/${spare.json<BillingAccount>().id}`,
      headers: admin,
    });
    expect(deleted.statusCode).toBe(204);
    const [row] = await auditOf('billing-accounts');
    expect(row).toMatchObject({ action: 'delete', entityName: 'Spare' });
  });

  it('lets one of two accounts at once take a guest, and refuses the other with 400', async () => {
    const [first, second] = await Promise.all([
      call('POST', '/api/billing/accounts', { name: 'Race one', guestIds: [ids.cem] }),
      call('POST', '/api/billing/accounts', { name: 'Race two', guestIds: [ids.cem] }),
    ]);
    // Cem is in Kaya's account already: both are refused, neither with a 500.
    expect([first.statusCode, second.statusCode]).toEqual([400, 400]);
  });
});

describe('/api/billing/packages', () => {
  it('stores prepaid sessions of an account, lists them oldest first with what is left, and logs it', async () => {
    const [account] = (await call('GET', '/api/billing/accounts?q=kaya')).json<BillingAccountList>().billingAccounts;
    const first = await call('POST', '/api/billing/packages', {
      accountId: account!.id,
      sessions: 10,
      amount: 20_000,
      currency: 'GBP',
      eventId,
      validUntil: '2026-06-30',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<BillingPackage>()).toEqual({
      id: expect.any(Number) as number,
      accountId: account!.id,
      sessions: 10,
      amount: 20_000,
      currency: 'GBP',
      eventId,
      validUntil: '2026-06-30',
      used: 0,
      remaining: 10,
      createdAt: expect.any(String) as string,
    });
    const second = await call('POST', '/api/billing/packages', {
      accountId: account!.id,
      sessions: 5,
      amount: 0,
      currency: 'TRY',
    });
    expect(second.json<BillingPackage>()).toMatchObject({ eventId: null, validUntil: null, remaining: 5 });
    const list = (await call('GET', `/api/billing/packages?accountId=${account!.id}`)).json<BillingPackageList>();
    expect(list.billingPackages.map((pkg) => pkg.sessions)).toEqual([10, 5]);
    expect(list.totalCount).toBe(2);
    expect((await call('GET', '/api/billing/packages?accountId=999999')).json<BillingPackageList>().totalCount).toBe(0);
    const [row] = await auditOf('billing-packages');
    expect(row).toMatchObject({ action: 'create', entityId: second.json<BillingPackage>().id });
  });

  it.each([
    [{ accountId: 999999, sessions: 1, amount: 100, currency: 'GBP' }, 'The account does not exist'],
    [{ sessions: 1, amount: 100, currency: 'GBP' }, 'accountId must be an id'],
    [{ accountId: 1, sessions: 0, amount: 100, currency: 'GBP' }, 'sessions must be a whole number from 1 to 1000'],
    [{ accountId: 1, sessions: 2.5, amount: 100, currency: 'GBP' }, 'sessions must be a whole number from 1 to 1000'],
    [
      { accountId: 1, sessions: 1, amount: 99.99, currency: 'GBP' },
      'amount must be a whole number of minor units (1250 for 12.50), not a fraction',
    ],
    [{ accountId: 1, sessions: 1, amount: -1, currency: 'GBP' }, 'amount must not be negative'],
    [{ accountId: 1, sessions: 1, amount: 100, currency: 'CHF' }, 'currency must be one of TRY, GBP, EUR, USD'],
    [
      { accountId: 1, sessions: 1, amount: 100, currency: 'GBP', validUntil: '2026-02-30' },
      'validUntil must be a day (YYYY-MM-DD)',
    ],
  ])('refuses %j with 400: %s', async (body, text) => {
    const response = await call('POST', '/api/billing/packages', body);
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe(text);
  });

  it('keeps an account that has a package: deleting it is a 409', async () => {
    const [account] = (await call('GET', '/api/billing/accounts?q=kaya')).json<BillingAccountList>().billingAccounts;
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/billing/accounts/${account!.id}`,
      headers: admin,
    });
    expect(response.statusCode).toBe(409);
    expect(messageOf(response)).toBe('The account has invoices, packages or payments and cannot be deleted');
  });

  it('refuses an event that does not exist with 400', async () => {
    const [account] = (await call('GET', '/api/billing/accounts?q=kaya')).json<BillingAccountList>().billingAccounts;
    const response = await call('POST', '/api/billing/packages', {
      accountId: account!.id,
      sessions: 1,
      amount: 100,
      currency: 'GBP',
      eventId: 999999,
    });
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe('The event does not exist');
  });
});
