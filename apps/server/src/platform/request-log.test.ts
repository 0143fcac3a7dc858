import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { bearer, signIn } from '../test/harness.js';
import { useTestApp } from '../test/use-test-app.js';
import { redactedUrl } from './request-log.js';

/** Every line the app's logger wrote, parsed. */
const lines: Record<string, unknown>[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as never);
    done();
  },
});

const ctx = useTestApp({ logger: { level: 'info', stream }, people: true });
const { admin } = ctx.headers;

// Shaped like the real ones (43 base64url characters), so a leak would be plain to see.
const TOKEN = 'Secret-Token_0123456789abcdefghijABCDEFGHIJ';

describe('the request log', () => {
  it.each([
    ['a reset page', 'GET', `/reset-password/${TOKEN}`, '/reset-password/<redacted>'],
    ['the reset API', 'POST', `/api/auth/password-reset/${TOKEN}`, '/api/auth/password-reset/<redacted>'],
    ['an RSVP page', 'GET', `/rsvp/${TOKEN}?lang=tr`, '/rsvp/<redacted>?lang=tr'],
    ['the RSVP API', 'GET', `/api/rsvp/${TOKEN}`, '/api/rsvp/<redacted>'],
    ['an RSVP answer', 'POST', `/api/rsvp/${TOKEN}`, '/api/rsvp/<redacted>'],
    ['a calendar feed', 'GET', `/api/calendar-feeds/${TOKEN}.ics`, '/api/calendar-feeds/<redacted>.ics'],
    ['a path no route has', 'GET', `//API/RSVP/${TOKEN}/`, '//API/RSVP/<redacted>/'],
  ] as const)('never writes the token of %s, only its place', async (_, method, url, logged) => {
    const before = lines.length;
    await ctx.app.inject({ method, url, payload: method === 'POST' ? { password: 'x', answer: 'yes' } : undefined });
    const written = lines.slice(before);
    expect(written.length).toBeGreaterThan(0);
    expect(JSON.stringify(written)).not.toContain(TOKEN);
    expect(written.map((line) => (line.req as { url?: string } | undefined)?.url).filter(Boolean)).toEqual([logged]);
  });

  it('writes other URLs as they came', () => {
    expect(redactedUrl('/api/locations?q=rsvp')).toBe('/api/locations?q=rsvp');
    expect(redactedUrl('/api/users/4/calendar-feed')).toBe('/api/users/4/calendar-feed');
  });

  it("masks the real feed address a user's calendar reads", async () => {
    const feed = await ctx.app.inject({
      method: 'GET',
      url: `/api/users/${ctx.ids.admin}/calendar-feed`,
      headers: admin,
    });
    const path = new URL(feed.json<{ url: string }>().url).pathname;
    const before = lines.length;
    expect((await ctx.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
    const token = path.split('/').pop()!.replace('.ics', '');
    expect(JSON.stringify(lines.slice(before))).not.toContain(token);
  });
});

describe('Cache-Control', () => {
  const noStore = (response: { headers: Record<string, unknown> }) => response.headers['cache-control'];

  it('is no-store on sign-in (success and refusal), refresh and sign-out', async () => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'admin', password: 'correct horse battery' },
    });
    expect(login.statusCode).toBe(200);
    expect(noStore(login)).toBe('no-store');
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'nobody', password: 'wrong' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(noStore(wrong)).toBe('no-store');
    const cookie = login.cookies.find((c) => c.name === 'ritim_refresh')!;
    const refresh = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { ritim_refresh: cookie.value },
    });
    expect(refresh.statusCode).toBe(200);
    expect(noStore(refresh)).toBe('no-store');
    const logout = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(noStore(logout)).toBe('no-store');
  });

  it('is no-store on two-factor set-up (it carries the secret) and the audit log', async () => {
    const { accessToken } = await signIn(ctx.app, 'admin');
    const setup = await ctx.app.inject({
      method: 'POST',
      url: `/api/users/${ctx.ids.admin}/two-factor/setup`,
      headers: bearer(accessToken),
      payload: { password: 'correct horse battery' },
    });
    expect(setup.statusCode).toBe(200);
    expect(setup.json()).toHaveProperty('secret');
    expect(noStore(setup)).toBe('no-store');
    const audit = await ctx.app.inject({ method: 'GET', url: '/api/audit-logs', headers: admin });
    expect(audit.statusCode).toBe(200);
    expect(noStore(audit)).toBe('no-store');
  });

  it('is no-store on an RSVP link, even one that opens nothing', async () => {
    const rsvp = await ctx.app.inject({ method: 'GET', url: `/api/rsvp/${TOKEN}` });
    expect(rsvp.statusCode).toBe(404);
    expect(noStore(rsvp)).toBe('no-store');
  });

  it('is private on a calendar feed, with its ETag (a 304 too)', async () => {
    const feed = await ctx.app.inject({
      method: 'GET',
      url: `/api/users/${ctx.ids.admin}/calendar-feed`,
      headers: admin,
    });
    const path = new URL(feed.json<{ url: string }>().url).pathname;
    const first = await ctx.app.inject({ method: 'GET', url: path });
    expect(first.headers['cache-control']).toMatch(/^private\b/);
    expect(first.headers.etag).toBeTruthy();
    const again = await ctx.app.inject({
      method: 'GET',
      url: path,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toMatch(/^private\b/);
  });
});
