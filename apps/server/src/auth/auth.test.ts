import type { AuditLogList } from '@ritim/shared';
import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loginFailures } from '../platform/db/schema.js';
import { bearer, createTestApp, createTestDatabase, createUser, signIn, TEST_JWT_SECRET } from '../test/harness.js';
import { useTestApp } from '../test/use-test-app.js';
import { defaultThrottleLimits } from '../platform/access/throttle.js';

// The default limits but a higher one per address, so that one test's failures do not refuse another's.
const ctx = useTestApp({ throttleLimits: { ...defaultThrottleLimits, perAddress: 1000 } });

beforeAll(async () => {
  await createUser(ctx.database, { username: 'ayse', role: 'admin' });
  await createUser(ctx.database, { username: 'mehmet', role: 'editor' });
  await createUser(ctx.database, { username: 'passive', role: 'admin', status: 'inactive' });
});

const login = (payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object, headers });
const refresh = (token: string | undefined, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    headers: { ...(token ? { cookie: `ritim_refresh=${token}` } : {}), ...headers },
  });
const decode = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

describe('POST /api/auth/login', () => {
  it('returns an access token with the documented claims and sets an httpOnly strict refresh cookie', async () => {
    const response = await login({ username: 'ayse', password: 'correct horse battery' });
    expect(response.statusCode).toBe(200);
    const claims = decode(response.json<{ accessToken: string }>().accessToken);
    expect(claims).toMatchObject({ role: 'admin', timezone: 'Europe/Istanbul', username: 'ayse', groupIds: [] });
    expect(typeof claims.sub).toBe('string');
    expect((claims.exp as number) - (claims.iat as number)).toBe(15 * 60);
    const cookie = response.cookies.find((c) => c.name === 'ritim_refresh')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    // Beside it, a page-readable hint with no credential in it, for as long as the session lasts.
    const hint = response.cookies.find((c) => c.name === 'ritim_session')!;
    expect(hint).toMatchObject({ value: '1', path: '/', sameSite: 'Strict', maxAge: cookie.maxAge });
    expect(hint.httpOnly).toBeFalsy();
  });

  it('matches the username case-insensitively', async () => {
    expect((await login({ username: 'AYSE', password: 'correct horse battery' })).statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown user with the same 401 message', async () => {
    const wrong = await login({ username: 'mehmet', password: 'nope' }, { 'x-forwarded-for': '1' });
    const unknown = await login({ username: 'nobody', password: 'nope' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ message: 'Invalid username or password' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses an inactive account with the same message', async () => {
    const response = await login({ username: 'passive', password: 'correct horse battery' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ message: 'Invalid username or password' });
  });

  it('requires username and password', async () => {
    expect((await login({ password: 'x' })).json()).toMatchObject({ message: 'Username is required' });
    expect((await login({ username: '  ', password: 'x' })).json()).toMatchObject({ message: 'Username is required' });
    const noPassword = await login({ username: 'ayse' });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json()).toMatchObject({ message: 'Password is required' });
  });

  it('answers malformed JSON and wrong types with 400, never 500', async () => {
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "ayse",',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ message: 'Request body is not valid JSON' });
    const wrongTypes = await login({ username: 42, password: ['x'] });
    expect(wrongTypes.statusCode).toBe(400);
    expect(wrongTypes.json()).toMatchObject({ message: 'Username is required' });
  });
});

describe('login throttling', () => {
  const from = (remoteAddress: string, username: string, password: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress });

  it('answers 429 after 5 failures for an account from one address, the right password included, with Retry-After and when to try again', async () => {
    await createUser(ctx.database, { username: 'target' });
    for (let i = 0; i < 5; i++) {
      expect((await from('198.51.100.1', 'target', `guess-${i}`)).statusCode).toBe(401);
    }
    // However the name is typed: the failures are the account's.
    const blocked = await from('198.51.100.1', 'TARGET', 'correct horse battery');
    expect(blocked.statusCode).toBe(429);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(blocked.json()).toEqual({
      code: 'throttle.tooManyAttempts',
      message: 'Too many failed attempts. Try again in 15 minutes.',
      values: { minutes: 15 },
    });
    // The owner at another address is not locked out.
    expect((await from('198.51.100.2', 'target', 'correct horse battery')).statusCode).toBe(200);
  });

  it('lets the account in again from that address once the failures are older than 15 minutes', async () => {
    await createUser(ctx.database, { username: 'patient' });
    for (let i = 0; i < 5; i++) await from('198.51.100.3', 'patient', 'wrong');
    expect((await from('198.51.100.3', 'patient', 'correct horse battery')).statusCode).toBe(429);
    await ctx.database.db.execute(
      sql`update ${loginFailures} set at = at - interval '15 minutes 1 second' where key like '%198.51.100.3%'`,
    );
    expect((await from('198.51.100.3', 'patient', 'correct horse battery')).statusCode).toBe(200);
  });

  it('has a slower ceiling per account from every address: 50 in an hour', async () => {
    await createUser(ctx.database, { username: 'popular' });
    for (let i = 0; i < 50; i++) {
      expect((await from(`203.0.113.${i + 1}`, 'popular', 'wrong')).statusCode).toBe(401);
    }
    const blocked = await from('203.0.113.200', 'popular', 'correct horse battery');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(59 * 60);
    expect(blocked.json()).toMatchObject({ values: { minutes: 60 } });
  });

  it('answers 429 after repeated failures from one IP across usernames', async () => {
    const strict = await createTestApp({ throttleLimits: { ...defaultThrottleLimits, perAddress: 6 } });
    try {
      await createUser(strict.database, { username: 'ayse' });
      const at = (remoteAddress: string, username: string, password: string) =>
        strict.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password }, remoteAddress });
      for (let i = 0; i < 6; i++) expect((await at('203.0.113.7', `stranger${i}`, 'x')).statusCode).toBe(401);
      expect((await at('203.0.113.7', 'ayse', 'correct horse battery')).statusCode).toBe(429);
      // Another address is not affected.
      expect((await at('203.0.113.8', 'ayse', 'correct horse battery')).statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });

  it('clears the account’s failures from that address after a successful sign-in', async () => {
    await createUser(ctx.database, { username: 'forgetful' });
    for (let i = 0; i < 4; i++) await login({ username: 'forgetful', password: 'wrong' });
    expect((await login({ username: 'forgetful', password: 'correct horse battery' })).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) await login({ username: 'forgetful', password: 'wrong' });
    expect((await login({ username: 'forgetful', password: 'correct horse battery' })).statusCode).toBe(200);
  });

  it('records each wrong password as a failed sign-in with the name tried, nobody acting', async () => {
    const { accessToken } = await signIn(ctx.app, 'ayse');
    await from('198.51.100.9', 'mehmet', 'not his password');
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/audit-logs?action=loginFailed&limit=1',
      headers: bearer(accessToken),
    });
    expect(response.json<AuditLogList>().auditLogs[0]).toMatchObject({
      action: 'loginFailed',
      entityType: 'auth',
      entityId: null,
      entityName: 'mehmet',
      actor: null,
    });
  });
});

describe('POST /api/auth/refresh', () => {
  it('rotates the refresh cookie and returns a fresh access token', async () => {
    const session = await signIn(ctx.app, 'ayse');
    const response = await refresh(session.refreshToken);
    expect(response.statusCode).toBe(200);
    expect(decode(response.json<{ accessToken: string }>().accessToken)).toMatchObject({ username: 'ayse' });
    const next = response.cookies.find((c) => c.name === 'ritim_refresh')!;
    expect(next.value).not.toBe(session.refreshToken);
    expect((await refresh(next.value)).statusCode).toBe(200);
  });

  it('treats a reused refresh token as theft and revokes the whole family', async () => {
    const session = await signIn(ctx.app, 'ayse');
    const first = await refresh(session.refreshToken);
    const rotated = first.cookies.find((c) => c.name === 'ritim_refresh')!.value;
    const replay = await refresh(session.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ message: 'Your session has expired. Please sign in again.' });
    expect(replay.cookies.find((c) => c.name === 'ritim_session')?.value).toBe('');
    // The legitimate holder's newer token died with the family.
    expect((await refresh(rotated)).statusCode).toBe(401);
  });

  it('lets only one of two racing refreshes win, and revokes the family', async () => {
    const session = await signIn(ctx.app, 'ayse');
    const results = await Promise.all([refresh(session.refreshToken), refresh(session.refreshToken)]);
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 401]);
    const winner = results.find((r) => r.statusCode === 200)!;
    const winnerToken = winner.cookies.find((c) => c.name === 'ritim_refresh')!.value;
    expect((await refresh(winnerToken)).statusCode).toBe(401);
  });

  it('refuses a missing or unknown cookie', async () => {
    expect((await refresh(undefined)).statusCode).toBe(401);
    expect((await refresh('made-up-token')).statusCode).toBe(401);
  });

  it('refuses a cross-site request so the cookie cannot be used by another site', async () => {
    const session = await signIn(ctx.app, 'ayse');
    const crossOrigin = await refresh(session.refreshToken, { origin: 'https://evil.example', host: 'localhost' });
    expect(crossOrigin.statusCode).toBe(403);
    expect(crossOrigin.json()).toMatchObject({ message: 'Cross-site request refused' });
    const crossSite = await refresh(session.refreshToken, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);
    // The refused attempts did not burn the token.
    expect(
      (await refresh(session.refreshToken, { origin: 'http://localhost:80', host: 'localhost:80' })).statusCode,
    ).toBe(200);
  });

  it('stops refreshing once the account is deactivated', async () => {
    const user = await createUser(ctx.database, { username: 'leaver' });
    const session = await signIn(ctx.app, 'leaver');
    await ctx.database.db.execute(`update users set status = 'inactive' where id = ${user.id}`);
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the session and answers with a message, accepting a JSON content type with no body', async () => {
    const session = await signIn(ctx.app, 'ayse');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'content-type': 'application/json', cookie: `ritim_refresh=${session.refreshToken}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: 'Signed out' });
    expect(response.cookies.find((c) => c.name === 'ritim_refresh')?.value).toBe('');
    expect(response.cookies.find((c) => c.name === 'ritim_session')).toMatchObject({ value: '', path: '/' });
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
  });

  it('refuses a cross-site sign-out', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('access tokens', () => {
  const locations = (headers: Record<string, string>) =>
    ctx.app.inject({ method: 'GET', url: '/api/locations', headers });

  it('refuses a request without a token', async () => {
    const response = await locations({});
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ message: 'Not signed in' });
  });

  it('refuses alg none, tampered, foreign-key and expired tokens', async () => {
    const { accessToken } = await signIn(ctx.app, 'ayse');
    const [header, payload] = accessToken.split('.') as [string, string, string];
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const claims = { ...decode(accessToken), role: 'admin', username: 'mehmet' };
    const tampered = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${accessToken.split('.')[2]}`;
    const sign = (secret: string, exp: number) =>
      new SignJWT({ role: 'admin', timezone: 'Europe/Istanbul', username: 'ayse', groupIds: [] })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('1')
        .setExpirationTime(exp)
        .sign(new TextEncoder().encode(secret));
    const foreign = await sign('another-secret-that-is-long-enough-for-hs256', Math.floor(Date.now() / 1000) + 600);
    const expired = await sign(TEST_JWT_SECRET, Math.floor(Date.now() / 1000) - 10);
    for (const token of [none, tampered, foreign, expired, 'not-a-jwt']) {
      const response = await locations(bearer(token));
      expect(response.statusCode, token).toBe(401);
    }
    expect((await locations(bearer(accessToken))).statusCode).toBe(200);
  });

  it('refuses a role the route does not allow with 403', async () => {
    const { accessToken } = await signIn(ctx.app, 'mehmet');
    const response = await locations(bearer(accessToken));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: 'You do not have permission to do this' });
  });
});

describe('route registration', () => {
  it('refuses to register an API route that does not declare who may call it', async () => {
    const database = await createTestDatabase();
    const app = await buildApp({ database, jwtSecret: TEST_JWT_SECRET, webRoot: null });
    try {
      await expect(async () => {
        app.get('/api/unguarded', async () => ({ ok: true }));
        await app.ready();
      }).rejects.toThrow(/does not declare config.access/);
    } finally {
      await database.close();
    }
  });
});
