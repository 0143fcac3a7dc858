import { buildApp } from '../../app.js';
import { describe, expect, it } from 'vitest';
import { bearer, createCountingApp, createUser, signIn, TEST_JWT_SECRET } from '../../test/harness.js';
import { useTestApp } from '../../test/use-test-app.js';

/**
 * The session check of every signed-in request (sign-in-versions.ts): a password change ends every session
 * of the account, access tokens included, at once and in every process, without a query per
 * request of its own.
 */
const ctx = useTestApp();

const subOf = (token: string) =>
  Number((JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub);
const changePassword = (token: string, body: object, remoteAddress = '127.0.0.1') =>
  ctx.app.inject({
    method: 'PATCH',
    url: `/api/users/${subOf(token)}/my-profile`,
    headers: bearer(token),
    payload: body,
    remoteAddress,
  });

describe('a password change refuses every access token signed before it', () => {
  it('on cached lists and plain reads alike, while the new token and other accounts go on', async () => {
    await createUser(ctx.database, { username: 'owner', role: 'admin' });
    await createUser(ctx.database, { username: 'bystander', role: 'admin' });
    const old = await signIn(ctx.app, 'owner');
    const other = await signIn(ctx.app, 'bystander');
    const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
    // Both answers are in the answer cache and the token's check is remembered.
    expect((await get('/api/users', old.accessToken)).statusCode).toBe(200);
    expect((await get('/api/locations', old.accessToken)).statusCode).toBe(200);

    const changed = await changePassword(old.accessToken, {
      password: 'owner-new-password',
      currentPassword: 'correct horse battery',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    for (const url of ['/api/users', '/api/locations', `/api/users/${subOf(old.accessToken)}`]) {
      const refused = await get(url, old.accessToken);
      expect({ url, status: refused.statusCode }).toEqual({ url, status: 401 });
    }
    const { accessToken } = changed.json<{ accessToken: string }>();
    expect((await get('/api/users', accessToken)).statusCode).toBe(200);
    expect((await get('/api/users', other.accessToken)).statusCode).toBe(200);
  });

  it('in another process on the same database from its next request', async () => {
    await createUser(ctx.database, { username: 'roamer', role: 'admin' });
    const session = await signIn(ctx.app, 'roamer');
    const elsewhere = await buildApp({ database: ctx.database, jwtSecret: TEST_JWT_SECRET, webRoot: null });
    try {
      const read = () =>
        elsewhere.inject({ method: 'GET', url: '/api/locations', headers: bearer(session.accessToken) });
      expect((await read()).statusCode).toBe(200);
      const changed = await changePassword(session.accessToken, {
        password: 'roamer-new-password',
        currentPassword: 'correct horse battery',
      });
      expect(changed.statusCode).toBe(200);
      expect((await read()).statusCode).toBe(401);
    } finally {
      await elsewhere.close();
    }
  });

  it('costs no query of its own on a cached read once the user is known, and one read after a write', async () => {
    await createUser(ctx.database, { username: 'counted', role: 'admin' });
    const { accessToken } = await signIn(ctx.app, 'counted');
    const counting = await createCountingApp(ctx.database);
    try {
      const list = async () => {
        counting.queries = 0;
        const response = await counting.app.inject({ method: 'GET', url: '/api/users', headers: bearer(accessToken) });
        expect(response.statusCode).toBe(200);
        return counting.queries;
      };
      await list();
      // The answer cache's data version, read once for the session check and the cache together.
      expect(await list()).toBe(1);
      expect(await list()).toBe(1);
      await ctx.app.inject({
        method: 'POST',
        url: '/api/locations',
        headers: bearer(accessToken),
        payload: { name: 'A write elsewhere' },
      });
      // The data version moved: the user's row is read again, then the list (no longer cached).
      expect(await list()).toBeGreaterThan(1);
      expect(await list()).toBe(1);
    } finally {
      await counting.close();
    }
  });
});

describe('the current password of a change is checked like a sign-in', () => {
  it('answers 429 with Retry-After after 5 wrong ones from one address, even the right one; sign-in there too, not elsewhere', async () => {
    await createUser(ctx.database, { username: 'guessed', role: 'guest' });
    const { accessToken } = await signIn(ctx.app, 'guessed');
    for (let i = 0; i < 5; i++) {
      const wrong = await changePassword(
        accessToken,
        { password: 'attacker-password', currentPassword: `guess ${i}` },
        '192.0.2.5',
      );
      expect(wrong.statusCode).toBe(400);
    }
    const blocked = await changePassword(
      accessToken,
      { password: 'attacker-password', currentPassword: 'correct horse battery' },
      '192.0.2.5',
    );
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(blocked.json()).toMatchObject({
      code: 'throttle.tooManyAttempts',
      message: 'Too many failed attempts. Try again in 15 minutes.',
    });
    const signInThere = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'guessed', password: 'correct horse battery' },
      remoteAddress: '192.0.2.5',
    });
    expect(signInThere.statusCode).toBe(429);
    // The password did not change; the owner elsewhere signs in with it.
    await expect(signIn(ctx.app, 'guessed')).resolves.toHaveProperty('accessToken');
  });
});
