import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.js';
import { createPerson } from '../test/seed.js';

let ctx: TestContext;
let admin: Record<string, string>;
let locationId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await createPerson(ctx, { username: 'admin', role: 'admin' })).headers;
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/locations',
    headers: admin,
    payload: { name: 'Kept' },
  });
  locationId = created.json<{ id: number }>().id;
});
afterAll(() => ctx.close());

const NUL_MESSAGE = { message: 'Text must not contain the NUL character (U+0000)' };

describe('U+0000 in any body or query', () => {
  it.each([
    ['POST /api/locations', 'POST', '/api/locations', { name: 'a\u0000b' }],
    ['PATCH /api/locations/:id', 'PATCH', '/api/locations/:id', { name: 'x\u0000' }],
    ['POST /api/auth/login (username)', 'POST', '/api/auth/login', { username: 'ad\u0000min', password: 'x' }],
    ['POST /api/auth/login (password)', 'POST', '/api/auth/login', { username: 'admin', password: '\u0000' }],
    ['a nested value', 'POST', '/api/locations', { name: 'ok', deep: [{ x: ['\u0000'] }] }],
    ['an object key', 'POST', '/api/locations', { name: 'ok', 'k\u0000': 1 }],
  ] as const)('is refused with 400 in %s', async (_, method, path, payload: Record<string, unknown>) => {
    const url = path.replace(':id', String(locationId));
    const response = await ctx.app.inject({ method, url, headers: admin, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject(NUL_MESSAGE);
  });

  it('is refused with 400 in a query string', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/locations?q=abc%00def', headers: admin });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject(NUL_MESSAGE);
  });

  it('leaves the stored data as it was', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/locations/${locationId}`, headers: admin });
    expect(response.json()).toMatchObject({ name: 'Kept' });
  });

  it('does not mistake an escaped backslash followed by u0000 for NUL', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/locations',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: '{"name":"C:\\\\u0000"}',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ name: 'C:\\u0000' });
  });

  it('survives a deeply nested body', async () => {
    const deep = `${'['.repeat(5000)}"\\u0000"${']'.repeat(5000)}`;
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/locations',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: `{"name":"n","x":${deep}}`,
    });
    expect(response.statusCode).toBe(400);
  });
});
