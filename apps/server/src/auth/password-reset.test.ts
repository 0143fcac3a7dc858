import { type AuditLogList, type MessageLog, REDACTED } from '@ritim/shared';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loginFailures, messageLogs, passwordResets } from '../platform/db/schema.js';
import { messageOf, signIn } from '../test/harness.js';
import { createUsers, type Headers, headersOf, waitFor } from '../test/seed.js';
import { useTestApp } from '../test/use-test-app.js';
import { hashToken } from '../platform/access/tokens.js';

/**
 * A forgotten password (docs/domain.md#password-reset): POST /api/auth/password-reset {login}
 * sends a link through a real in-process SMTP server; POST /api/auth/password-reset/{token}
 * {password} spends it. The app's clock is moved to expire links.
 */
const ORIGIN = 'https://ritim.example.com';
const LINK = new RegExp(`${ORIGIN}/reset-password/([A-Za-z0-9_-]{43})`);
const REQUESTED = 'If an account matches, we sent it a link to choose a new password.';

let clock = new Date();
const ctx = useTestApp({ mail: true, now: () => clock, publicUrl: ORIGIN });
let admin: Headers;
let ip = 0;

/** Each request from its own address unless told, so the per-IP limit stays out of the way. */
const ask = (login: unknown, from = `10.0.0.${++ip}`) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { login }, remoteAddress: from });
const reset = (token: string, password: unknown) =>
  ctx.app.inject({ method: 'POST', url: `/api/auth/password-reset/${token}`, payload: { password } });
const login = (username: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });

/** The mails to `address` so far. */
const mailsTo = (address: string) => ctx.mails.filter((mail) => mail.to.includes(address));
/** Asks for a link for `who` and returns the token of the mail that arrives at `address`. */
async function tokenFor(who: string, address: string): Promise<string> {
  const before = mailsTo(address).length;
  expect((await ask(who)).statusCode).toBe(202);
  await ctx.app.idle();
  await waitFor(() => mailsTo(address).length > before, { what: `a reset mail to ${address}` });
  return LINK.exec(mailsTo(address).at(-1)!.text)![1]!;
}

beforeAll(async () => {
  await createUsers(ctx.database, [
    { username: 'admin', role: 'admin', email: 'admin@example.com' },
    { username: 'ayla', role: 'guest', name: 'Ayla', surname: 'Demir', email: 'ayla@example.com' },
    { username: 'Burak', role: 'editor', name: 'Burak', email: 'burak@example.com', language: 'tr' },
    { username: 'cem', role: 'guest', email: 'family@example.com' },
    { username: 'deniz', role: 'guest', email: 'family@example.com' },
    { username: 'eski', role: 'guest', email: 'eski@example.com', status: 'inactive' },
  ]);
  admin = await headersOf(ctx.app, 'admin');
});

beforeEach(() => {
  clock = new Date();
});

describe('POST /api/auth/password-reset', () => {
  it('mails the account a link to <origin>/reset-password/<token> in its language, by username or email', async () => {
    await tokenFor('ayla', 'ayla@example.com');
    const english = mailsTo('ayla@example.com').at(-1)!.text;
    expect(english).toContain('Choose a new Ritim password');
    expect(english).toContain('Hello Ayla Demir,');
    expect(english).toContain('(username: ayla)');
    expect(english).toContain('within 30 minutes');

    await tokenFor('BURAK@example.com', 'burak@example.com');
    const turkish = mailsTo('burak@example.com').at(-1)!.text;
    expect(turkish).toContain('parolasını sıfırlamak için bir istek aldık');
    expect(turkish).toContain('Merhaba Burak,');
    expect(turkish).toContain('30 dakika içinde');
  });

  it('answers 202 with the same body for an unknown login, an inactive account and a real one, and sends only to the real one', async () => {
    const before = await ctx.database.db.select().from(messageLogs);
    const known = await ask('ayla');
    const unknown = await ask('nobody-here');
    const unknownEmail = await ask('nobody@example.com');
    const inactive = await ask('eski');
    for (const response of [known, unknown, unknownEmail, inactive]) {
      expect(response.statusCode).toBe(202);
      expect(response.body).toBe(known.body);
    }
    expect(known.json()).toMatchObject({ code: 'passwordReset.requested', message: REQUESTED });
    await ctx.app.idle();
    const after = await ctx.database.db.select().from(messageLogs);
    expect(after.length - before.length).toBe(1);
    expect(after.at(-1)!.recipientName).toBe('Ayla Demir');
  });

  it('sends a link to each active account sharing an email address', async () => {
    const rows = async () =>
      (await ctx.database.db.select().from(messageLogs)).filter((row) => row.type === 'password-reset').length;
    const before = await rows();
    expect((await ask('family@example.com')).statusCode).toBe(202);
    await ctx.app.idle();
    expect((await rows()) - before).toBe(2);
    await waitFor(() => mailsTo('family@example.com').length >= 2, { what: 'two family mails' });
    const texts = mailsTo('family@example.com').map((mail) => mail.text);
    expect(texts.some((text) => text.includes('(username: cem)'))).toBe(true);
    expect(texts.some((text) => text.includes('(username: deniz)'))).toBe(true);
  });

  it('never shows the token: the Message Log (list and item) reads "[link hidden]", the database keeps only its hash', async () => {
    const token = await tokenFor('ayla', 'ayla@example.com');
    const list = await ctx.app.inject({ method: 'GET', url: '/api/message-logs?type=password-reset', headers: admin });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(token);
    const logged = list.json<{ messageLogs: MessageLog[] }>().messageLogs;
    const mine = logged.find((row) => row.recipient.name === 'Ayla Demir')!;
    expect(mine.message).toContain('[link hidden]');
    expect(mine.message).not.toContain('/reset-password/');
    const item = await ctx.app.inject({ method: 'GET', url: `/api/message-logs/${mine.id}`, headers: admin });
    expect(item.body).not.toContain(token);
    // Searching the log for the token finds nothing either.
    const searched = await ctx.app.inject({ method: 'GET', url: `/api/message-logs?q=${token}`, headers: admin });
    expect(searched.json<{ totalCount: number }>().totalCount).toBe(0);

    const [stored] = await ctx.database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.tokenHash, hashToken(token)));
    expect(stored).toBeDefined();
    const everything = JSON.stringify([
      await ctx.database.db.select().from(passwordResets),
      await ctx.database.db.select().from(messageLogs),
    ]);
    expect(everything).not.toContain(token);
    // The sealed link is forgotten once the message went out.
    await waitFor(
      async () =>
        (await ctx.database.db.select().from(messageLogs).where(eq(messageLogs.id, mine.id)))[0]!.status === 'sent',
      { what: 'the reset message sent' },
    );
    const [sent] = await ctx.database.db.select().from(messageLogs).where(eq(messageLogs.id, mine.id));
    expect(sent!.secret).toBeNull();
  });

  it('refuses a blank login with 400', async () => {
    const response = await ask('  ');
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe('Username or email is required');
  });

  it('answers 429 after 3 requests for one login in 15 minutes, known or not, and keeps other logins open', async () => {
    for (const who of ['throttled-unknown', 'cem']) {
      for (let i = 0; i < 3; i++) expect((await ask(who)).statusCode).toBe(202);
      const refused = await ask(` ${who.toUpperCase()}`);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
      expect(refused.json()).toMatchObject({
        code: 'passwordReset.tooManyRequestsFor',
        message: 'Too many password reset requests. Try again in 15 minutes.',
      });
    }
    expect((await ask('deniz')).statusCode).toBe(202);
    await ctx.app.idle();
  });

  it('sends an account at most 3 links in 15 minutes, however its login is spelled', async () => {
    const { ali } = await createUsers(ctx.database, [
      { username: 'ali', role: 'guest', email: 'Ali.Veli@example.com' },
    ]);
    const db = ctx.database.db;
    const links = async () => (await db.select().from(passwordResets)).filter((r) => r.userId === ali).length;
    const start = new Date();
    clock = start;
    for (let i = 0; i < 3; i++) expect((await ask('ali')).statusCode).toBe(202);
    // The email in three spellings: each answered 202 like any login, none mailed.
    for (const spelling of ['ali.veli@example.com', ' ALI.VELI@EXAMPLE.COM ', 'Ali.Veli@Example.Com']) {
      expect((await ask(spelling)).statusCode).toBe(202);
    }
    await ctx.app.idle();
    expect(await links()).toBe(3);
    const mailed = await db.select().from(messageLogs).where(eq(messageLogs.recipientUserId, ali));
    expect(mailed).toHaveLength(3);
    // Once the first ones are older than 15 minutes, another is sent (the requests counted per
    // login, by the database's clock, are made as old).
    clock = new Date(start.getTime() + 15 * 60_000 + 1000);
    await db.execute(sql`update ${loginFailures} set at = at - interval '15 minutes 1 second'`);
    expect((await ask('ali.veli@example.com')).statusCode).toBe(202);
    await ctx.app.idle();
    expect(await links()).toBe(4);
  });

  it('answers 429 after 20 requests from one address', async () => {
    for (let i = 0; i < 20; i++) expect((await ask(`someone-${i}`, '10.9.9.9')).statusCode).toBe(202);
    expect((await ask('someone-else', '10.9.9.9')).statusCode).toBe(429);
    await ctx.app.idle();
  });
});

describe('GET /api/auth/password-reset/{token}', () => {
  const check = (token: string) => ctx.app.inject({ method: 'GET', url: `/api/auth/password-reset/${token}` });

  it('answers a working link with the account’s language and its expiry, and leaves it working', async () => {
    clock = new Date('2026-05-04T10:00:00Z');
    const token = await tokenFor('Burak', 'burak@example.com');
    const response = await check(token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ language: 'tr', expiresAt: '2026-05-04T10:30:00.000Z' });
    expect((await reset(token, 'checked then chosen')).statusCode).toBe(204);
  });

  it('answers a used link 400, an expired one 400 and an unknown one 404, as spending it would', async () => {
    await createUsers(ctx.database, [{ username: 'irmak', role: 'guest', email: 'irmak@example.com' }]);
    const used = await tokenFor('irmak', 'irmak@example.com');
    expect((await reset(used, 'irmak new password')).statusCode).toBe(204);
    const spent = await check(used);
    expect(spent.statusCode).toBe(400);
    expect(spent.json()).toMatchObject({ code: 'passwordReset.linkSpent' });

    const start = new Date();
    clock = start;
    const expiring = await tokenFor('irmak', 'irmak@example.com');
    clock = new Date(start.getTime() + 30 * 60_000);
    expect((await check(expiring)).statusCode).toBe(400);

    const unknown = await check('A'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'passwordReset.linkNotFound' });
  });
});

describe('POST /api/auth/password-reset/{token}', () => {
  it('sets the new password (204) and ends every session of the account; the old password stops working', async () => {
    await createUsers(ctx.database, [{ username: 'emel', role: 'guest', email: 'emel@example.com' }]);
    const session = await signIn(ctx.app, 'emel');
    const me = JSON.parse(Buffer.from(session.accessToken.split('.')[1]!, 'base64url').toString()) as { sub: string };
    const own = { authorization: `Bearer ${session.accessToken}` };
    expect((await ctx.app.inject({ method: 'GET', url: `/api/users/${me.sub}`, headers: own })).statusCode).toBe(200);
    const token = await tokenFor('emel', 'emel@example.com');
    const response = await reset(token, 'a brand new password');
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await login('emel', 'correct horse battery')).statusCode).toBe(401);
    expect((await login('emel', 'a brand new password')).statusCode).toBe(200);
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { ritim_refresh: session.refreshToken },
    });
    expect(refreshed.statusCode).toBe(401);
    // The access token from before the reset is refused too, not only once it expires.
    const before = await ctx.app.inject({ method: 'GET', url: `/api/users/${me.sub}`, headers: own });
    expect(before.statusCode).toBe(401);
    expect(before.json()).toMatchObject({ code: 'common.sessionExpired' });
    // The audit log has the reset, by the account's owner, and never the password or the token.
    const audit = await ctx.app.inject({ method: 'GET', url: '/api/audit-logs?action=passwordReset', headers: admin });
    const [row] = audit.json<AuditLogList>().auditLogs;
    expect(row).toMatchObject({
      entityType: 'auth',
      entityName: 'emel',
      actor: { username: 'emel' },
      changes: { password: { from: REDACTED, to: REDACTED } },
    });
    expect(audit.body).not.toContain('a brand new password');
    expect(audit.body).not.toContain(token);
  });

  it('works once: the same link again is 400, and spending one link spends the others sent before', async () => {
    await createUsers(ctx.database, [{ username: 'fatma', role: 'guest', email: 'fatma@example.com' }]);
    const first = await tokenFor('fatma', 'fatma@example.com');
    const second = await tokenFor('fatma', 'fatma@example.com');
    expect((await reset(second, 'password number one')).statusCode).toBe(204);
    const again = await reset(second, 'password number two');
    expect(again.statusCode).toBe(400);
    expect(messageOf(again)).toBe('This password reset link has expired or was already used. Ask for a new one.');
    expect((await reset(first, 'password number three')).statusCode).toBe(400);
    expect((await login('fatma', 'password number one')).statusCode).toBe(200);
  });

  it('expires after 30 minutes (400), not before', async () => {
    await createUsers(ctx.database, [{ username: 'gul', role: 'guest', email: 'gul@example.com' }]);
    const start = new Date();
    clock = start;
    const early = await tokenFor('gul', 'gul@example.com');
    const late = await tokenFor('gul', 'gul@example.com');
    clock = new Date(start.getTime() + 30 * 60_000 + 1000);
    const expired = await reset(late, 'too late a password');
    expect(expired.statusCode).toBe(400);
    expect(messageOf(expired)).toBe('This password reset link has expired or was already used. Ask for a new one.');
    clock = new Date(start.getTime() + 29 * 60_000);
    expect((await reset(early, 'just in time password')).statusCode).toBe(204);
  });

  it('answers 404 for an unknown link', async () => {
    const response = await reset('A'.repeat(43), 'whatever password');
    expect(response.statusCode).toBe(404);
    expect(messageOf(response)).toBe('This password reset link is not valid');
  });

  it('holds the new password to the user form rules (400), leaving the link usable', async () => {
    await createUsers(ctx.database, [{ username: 'hale', role: 'guest', email: 'hale@example.com' }]);
    const token = await tokenFor('hale', 'hale@example.com');
    const short = await reset(token, 'short');
    expect(short.statusCode).toBe(400);
    expect(messageOf(short)).toBe('Password must be at least 8 characters');
    const missing = await ctx.app.inject({ method: 'POST', url: `/api/auth/password-reset/${token}`, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(messageOf(missing)).toBe('Password is required');
    expect((await reset(token, 'long enough now')).statusCode).toBe(204);
  });
});

describe('without a message transport', () => {
  const bare = useTestApp();

  it('still answers 202 and sends nothing', async () => {
    await createUsers(bare.database, [{ username: 'ilke', role: 'admin', email: 'ilke@example.com' }]);
    const response = await bare.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { login: 'ilke' },
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({ message: REQUESTED });
    await bare.app.idle();
    expect(await bare.database.db.select().from(messageLogs)).toEqual([]);
    expect(await bare.database.db.select().from(passwordResets)).toEqual([]);
  });
});
