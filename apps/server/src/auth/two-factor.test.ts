import type { User } from '@ritim/shared';
import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.js';
import type { Database } from '../platform/db/client.js';
import { auditLogs, twoFactor, twoFactorChallenges } from '../platform/db/schema.js';
import { bearer, createTestDatabase, createUser, messageOf, signIn, TEST_JWT_SECRET } from '../test/harness.js';

/**
 * Two-factor sign-in (docs/domain.md#two-factor): codes are computed here from the secret the
 * setup answers, at the app's clock, which each test sets.
 */
const T0 = new Date('2026-11-28T10:00:15Z');
let clock = T0;
let database: Database;
let app: App;

const codeAt = (secret: string, at: Date) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: at.getTime(),
  });
const post = (url: string, headers: Record<string, string>, payload?: object) =>
  app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
const login = (username: string, password = 'correct horse battery') =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
const second = (payload: object, remoteAddress = '127.0.0.1') =>
  app.inject({ method: 'POST', url: '/api/auth/login/two-factor', payload, remoteAddress });

/** A new user with two-factor sign-in on: their secret, recovery codes and bearer headers. */
async function enrolled(username: string, role: 'admin' | 'editor' | 'guest' = 'guest') {
  const { id } = await createUser(database, { username, role });
  const headers = bearer((await signIn(app, username)).accessToken);
  clock = T0;
  const setup = await post(`/api/users/${id}/two-factor/setup`, headers);
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret, otpauthUrl } = setup.json<{ secret: string; otpauthUrl: string }>();
  expect(otpauthUrl).toMatch(new RegExp(`^otpauth://totp/Ritim:${username}\\?`));
  expect(otpauthUrl).toContain(`secret=${secret}`);
  const enable = await post(`/api/users/${id}/two-factor/enable`, headers, { code: codeAt(secret, T0) });
  expect(enable.statusCode, enable.body).toBe(200);
  return { id, secret, headers, recoveryCodes: enable.json<{ recoveryCodes: string[] }>().recoveryCodes };
}
const challengeOf = async (username: string) => {
  const response = await login(username);
  expect(response.statusCode).toBe(200);
  const body = response.json<{ twoFactorRequired: boolean; challenge: string; accessToken?: string }>();
  expect(body.twoFactorRequired).toBe(true);
  expect(body.accessToken).toBeUndefined();
  expect(response.cookies.find((cookie) => cookie.name === 'ritim_refresh')).toBeUndefined();
  return body.challenge;
};

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ database, jwtSecret: TEST_JWT_SECRET, webRoot: null, now: () => clock });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.close();
});

describe('setting up', () => {
  it('answers 10 different recovery codes, shows twoFactorEnabled, and never answers the secret again', async () => {
    const { id, headers, recoveryCodes } = await enrolled('ayla');
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const user = (await app.inject({ method: 'GET', url: `/api/users/${id}`, headers })).json<User>();
    expect(user.twoFactorEnabled).toBe(true);
    const again = await post(`/api/users/${id}/two-factor/setup`, headers);
    expect(again.statusCode).toBe(409);
    expect(messageOf(again)).toBe('Two-factor sign-in is already on');
    // The database holds the secret sealed, not as the app shows it.
    const [row] = await database.db.select().from(twoFactor);
    expect(row!.secret).toMatch(/^v1\./);
  });

  it('refuses a wrong code (400) and enabling before setting up (409)', async () => {
    const { id } = await createUser(database, { username: 'bora', role: 'guest' });
    const headers = bearer((await signIn(app, 'bora')).accessToken);
    const early = await post(`/api/users/${id}/two-factor/enable`, headers, { code: '123456' });
    expect(early.statusCode).toBe(409);
    const { secret } = (await post(`/api/users/${id}/two-factor/setup`, headers)).json<{ secret: string }>();
    const wrong = await post(`/api/users/${id}/two-factor/enable`, headers, {
      code: codeAt(secret, new Date(T0.getTime() + 5 * 60_000)),
    });
    expect(wrong.statusCode).toBe(400);
    expect(messageOf(wrong)).toBe('The code is not valid');
    const malformed = await post(`/api/users/${id}/two-factor/enable`, headers, { code: '12ab56' });
    expect(messageOf(malformed)).toBe('Code must be 6 digits');
  });

  it("is each user's own: an admin cannot set up or enable it for another (403)", async () => {
    const { id: adminId } = await createUser(database, { username: 'root', role: 'admin' });
    const { id } = await createUser(database, { username: 'cem', role: 'guest' });
    const admin = bearer((await signIn(app, 'root')).accessToken);
    expect((await post(`/api/users/${id}/two-factor/setup`, admin)).statusCode).toBe(403);
    expect((await post(`/api/users/${id}/two-factor/enable`, admin, { code: '123456' })).statusCode).toBe(403);
    expect(adminId).toBeGreaterThan(0);
  });
});

describe('signing in', () => {
  it('answers a challenge without tokens, then the usual answer for a code of this step or one either side', async () => {
    const { secret } = await enrolled('deniz');
    for (const offset of [-30_000, 0, 30_000]) {
      clock = new Date(T0.getTime() + 10 * 60_000);
      const challenge = await challengeOf('deniz');
      const response = await second({ challenge, code: codeAt(secret, new Date(clock.getTime() + offset)) });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<{ accessToken: string }>().accessToken).toBeTruthy();
      expect(response.cookies.find((cookie) => cookie.name === 'ritim_refresh')).toBeDefined();
      // The next offset is a later step: move on so each code is a new one.
      T0.setTime(T0.getTime() + 90_000);
    }
  });

  it('refuses a code two steps away and a code already used (401), and a challenge once used', async () => {
    const { secret } = await enrolled('emel');
    clock = new Date(T0.getTime() + 30 * 60_000);
    const challenge = await challengeOf('emel');
    const far = await second({ challenge, code: codeAt(secret, new Date(clock.getTime() - 60_000)) });
    expect(far.statusCode).toBe(401);
    expect(messageOf(far)).toBe('The code is not valid');
    const code = codeAt(secret, clock);
    expect((await second({ challenge, code })).statusCode).toBe(200);
    // The same challenge again, and the same code on a new challenge: both refused.
    const reused = await second({ challenge, code });
    expect(reused.statusCode).toBe(401);
    expect(messageOf(reused)).toBe('This sign-in has expired. Please sign in again.');
    expect((await second({ challenge: await challengeOf('emel'), code })).statusCode).toBe(401);
  });

  it('lets a challenge wait 5 minutes, not more', async () => {
    const { secret } = await enrolled('fatma');
    clock = new Date(T0.getTime() + 60 * 60_000);
    const challenge = await challengeOf('fatma');
    clock = new Date(clock.getTime() + 5 * 60_000 + 1000);
    const late = await second({ challenge, code: codeAt(secret, clock) });
    expect(late.statusCode).toBe(401);
    expect(messageOf(late)).toBe('This sign-in has expired. Please sign in again.');
  });

  it("removes a user's expired challenges at their next sign-in", async () => {
    const { id } = await enrolled('filiz');
    clock = new Date(T0.getTime() + 70 * 60_000);
    await challengeOf('filiz');
    await challengeOf('filiz');
    clock = new Date(clock.getTime() + 6 * 60_000);
    await challengeOf('filiz');
    const left = await database.db.select().from(twoFactorChallenges).where(eq(twoFactorChallenges.userId, id));
    expect(left).toHaveLength(1);
  });

  it('accepts each recovery code once, ignoring case and the dash', async () => {
    const { recoveryCodes } = await enrolled('gul');
    const [first, other] = recoveryCodes as [string, string];
    expect((await second({ challenge: await challengeOf('gul'), recoveryCode: first })).statusCode).toBe(200);
    expect((await second({ challenge: await challengeOf('gul'), recoveryCode: first })).statusCode).toBe(401);
    const typed = other.toLowerCase().replace('-', ' ');
    expect((await second({ challenge: await challengeOf('gul'), recoveryCode: typed })).statusCode).toBe(200);
    const both = await second({ challenge: 'x', code: '123456', recoveryCode: first });
    expect(both.statusCode).toBe(400);
    expect(messageOf(both)).toBe('Give either a code or a recovery code');
  });

  it('counts wrong codes toward the sign-in throttle: after 5 from one address even the right code is 429 there, not elsewhere', async () => {
    const { id, secret } = await enrolled('hale');
    clock = new Date(T0.getTime() + 2 * 3600_000);
    const challenge = await challengeOf('hale');
    for (let i = 0; i < 5; i++) {
      const wrong = await second({ challenge, code: '000000' }, '10.1.1.1');
      expect(wrong.statusCode).toBe(401);
      expect(messageOf(wrong)).toBe('The code is not valid');
    }
    const blocked = await second({ challenge, code: codeAt(secret, clock) }, '10.1.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(blocked.json()).toMatchObject({ code: 'throttle.tooManyAttempts', values: { minutes: 15 } });
    const signInThere = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'hale', password: 'correct horse battery' },
      remoteAddress: '10.1.1.1',
    });
    expect(signInThere.statusCode).toBe(429);
    // The owner elsewhere is not locked out.
    expect((await second({ challenge, code: codeAt(secret, clock) }, '10.1.1.2')).statusCode).toBe(200);

    // Each wrong code is in the audit log as such: not a wrong password, and nobody signed in.
    await createUser(database, { username: 'auditor', role: 'admin' });
    const admin = bearer((await signIn(app, 'auditor')).accessToken);
    const audit = await app.inject({
      method: 'GET',
      url: `/api/audit-logs?entityType=auth&entityId=${id}&limit=100`,
      headers: admin,
    });
    const rows = audit.json<{ auditLogs: { action: string; actor: unknown; entityName: string }[] }>().auditLogs;
    const failed = rows.filter((row) => row.action === 'twoFactorCodeFailed');
    expect(failed).toHaveLength(5);
    expect(failed.every((row) => row.actor === null && row.entityName === 'hale')).toBe(true);
    expect(rows.some((row) => row.action === 'loginFailed')).toBe(false);
  });
});

describe('turning it off', () => {
  it('takes your password (400 without it or wrong), then sign-in needs no code', async () => {
    const { id, headers } = await enrolled('ilke');
    const none = await post(`/api/users/${id}/two-factor/disable`, headers, {});
    expect(none.statusCode).toBe(400);
    const wrong = await post(`/api/users/${id}/two-factor/disable`, headers, { password: 'not it at all' });
    expect(wrong.statusCode).toBe(400);
    expect(messageOf(wrong)).toBe('Password is not correct');
    // Recorded as such, by the token's holder, without the password.
    const [row] = await database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'twoFactorDisableFailed'), eq(auditLogs.entityId, id)));
    expect(row).toMatchObject({ entityType: 'auth', entityName: 'ilke', actorId: id, changes: null });
    const done = await post(`/api/users/${id}/two-factor/disable`, headers, { password: 'correct horse battery' });
    expect(done.statusCode).toBe(204);
    expect((await login('ilke')).json()).toHaveProperty('accessToken');
    const user = (await app.inject({ method: 'GET', url: `/api/users/${id}`, headers })).json<User>();
    expect(user.twoFactorEnabled).toBe(false);
  });

  it('counts wrong passwords toward the sign-in throttle: after 5 from one address, 429 there even with the right one', async () => {
    const { id, headers } = await enrolled('mert');
    const disable = (password: string, remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: `/api/users/${id}/two-factor/disable`,
        headers,
        payload: { password },
        remoteAddress,
      });
    for (let i = 0; i < 5; i++) expect((await disable(`guess ${i}`, '10.2.2.2')).statusCode).toBe(400);
    const blocked = await disable('correct horse battery', '10.2.2.2');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(blocked.json()).toMatchObject({ code: 'throttle.tooManyAttempts', values: { minutes: 15 } });
    // Still on; from another address the right password turns it off.
    expect((await disable('correct horse battery', '10.2.2.3')).statusCode).toBe(204);
  });

  it('lets an admin turn it off for another user without a body; others get 403', async () => {
    const { id } = await enrolled('jale');
    const { headers: editor } = await enrolled('kaan', 'editor');
    expect((await post(`/api/users/${id}/two-factor/disable`, editor, {})).statusCode).toBe(403);
    await createUser(database, { username: 'boss', role: 'admin' });
    const admin = bearer((await signIn(app, 'boss')).accessToken);
    const off = await post(`/api/users/${id}/two-factor/disable`, admin);
    expect(off.statusCode, off.body).toBe(204);
    expect((await login('jale')).json()).toHaveProperty('accessToken');
    const again = await post(`/api/users/${id}/two-factor/disable`, admin);
    expect(again.statusCode).toBe(409);
    expect(messageOf(again)).toBe('Two-factor sign-in is not on');
  });
});
