import { MAX_ID, messages } from '@ritim/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLocation, createPerson, createSession } from '../test/seed.js';
import { useTestApp } from '../test/use-test-app.js';

const ctx = useTestApp();
let admin: Record<string, string>;
let adminId: number;
let locationId: number;
let occurrenceId: number;

beforeAll(async () => {
  const person = await createPerson(ctx, { username: 'admin', role: 'admin' });
  admin = person.headers;
  adminId = person.id;
  const organiser = await createPerson(ctx, { username: 'organiser', role: 'editor' });
  locationId = await createLocation(ctx, admin, 'Kept');
  occurrenceId = await createSession(ctx, admin, {
    start: '2030-03-04T10:00',
    zone: 'Europe/Istanbul',
    organiserId: organiser.id,
    locationId,
  });
});

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

const SURROGATE_MESSAGE = {
  code: 'common.invalidUnicode',
  message: 'Text must be valid Unicode (a lone surrogate such as \\ud800 is not)',
};

describe('a lone surrogate in any JSON body', () => {
  // Written as JSON writes them (`\ud800`), as a client sends them: JSON.stringify of such a
  // string gives the same escape.
  it.each([
    [
      'POST /api/event-occurrences/:id/cancel (the audit row once made it a 500)',
      'POST',
      '/api/event-occurrences/:occurrence/cancel',
      '{"reason":"\\ud800"}',
    ],
    ['POST /api/locations (a low half alone)', 'POST', '/api/locations', '{"name":"a\\udfffb"}'],
    ['PATCH /api/locations/:id (a high half at the end)', 'PATCH', '/api/locations/:id', '{"name":"x\\udbff"}'],
    ['PATCH /api/users/:id/my-profile', 'PATCH', '/api/users/:admin/my-profile', '{"name":"\\ud83d"}'],
    ['POST /api/auth/login (password)', 'POST', '/api/auth/login', '{"username":"admin","password":"\\ud800"}'],
    ['a nested value', 'POST', '/api/locations', '{"name":"ok","deep":[{"x":["\\ud800"]}]}'],
    ['an object key', 'POST', '/api/locations', '{"name":"ok","k\\ud800":1}'],
  ] as const)('is refused with 400 in %s', async (_, method, path, payload) => {
    const url = path
      .replace(':occurrence', String(occurrenceId))
      .replace(':admin', String(adminId))
      .replace(':id', String(locationId));
    const response = await ctx.app.inject({
      method,
      url,
      headers: { ...admin, 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject(SURROGATE_MESSAGE);
  });

  it('leaves the session and the location as they were', async () => {
    const session = await ctx.app.inject({
      method: 'GET',
      url: `/api/event-occurrences/${occurrenceId}`,
      headers: admin,
    });
    expect(session.json()).toMatchObject({ status: 'scheduled' });
    const location = await ctx.app.inject({ method: 'GET', url: `/api/locations/${locationId}`, headers: admin });
    expect(location.json()).toMatchObject({ name: 'Kept' });
  });

  it('takes a well-formed pair (an emoji, escaped or not) and the same text written out', async () => {
    for (const payload of ['{"name":"\\ud83d\\ude00 escaped"}', '{"name":"\u{1F600} raw"}']) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/locations',
        headers: { ...admin, 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode).toBe(201);
      expect(response.json<{ name: string }>().name.startsWith('\u{1F600}')).toBe(true);
    }
  });

  it('cancels the session with a reason once it is valid text', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/event-occurrences/${occurrenceId}/cancel`,
      headers: admin,
      payload: { reason: 'Storm \u{1F327}' },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('bad input in the fields that carry a secret', () => {
  const long = 'p'.repeat(201);
  // Each written as a client could send it (raw JSON), against the route that checks the secret.
  it.each([
    [
      'my-profile: currentPassword a number',
      'PATCH',
      '/api/users/:admin/my-profile',
      '{"password":"new-password-1","currentPassword":42}',
    ],
    [
      'my-profile: currentPassword a list',
      'PATCH',
      '/api/users/:admin/my-profile',
      '{"password":"new-password-1","currentPassword":["a"]}',
    ],
    [
      'my-profile: currentPassword an object',
      'PATCH',
      '/api/users/:admin/my-profile',
      '{"password":"new-password-1","currentPassword":{"$ne":""}}',
    ],
    [
      'my-profile: currentPassword null',
      'PATCH',
      '/api/users/:admin/my-profile',
      '{"password":"new-password-1","currentPassword":null}',
    ],
    [
      'my-profile: currentPassword too long',
      'PATCH',
      '/api/users/:admin/my-profile',
      `{"password":"new-password-1","currentPassword":"${long}"}`,
    ],
    [
      'my-profile: currentPassword with NUL',
      'PATCH',
      '/api/users/:admin/my-profile',
      '{"password":"new-password-1","currentPassword":"a\\u0000"}',
    ],
    [
      'my-profile: currentPassword a lone surrogate',
      'PATCH',
      '/api/users/:admin/my-profile',
      '{"password":"new-password-1","currentPassword":"\\ud800"}',
    ],
    [
      'my-profile: a new password without the current one',
      'PATCH',
      '/api/users/:admin/my-profile',
      '{"password":"new-password-1"}',
    ],
    [
      'my-profile: the new password a number',
      'PATCH',
      '/api/users/:admin/my-profile',
      '{"password":12345678,"currentPassword":"x"}',
    ],
    ['my-profile: a body that is a list', 'PATCH', '/api/users/:admin/my-profile', '[{"password":"new-password-1"}]'],
    ['two-factor disable: password a number', 'POST', '/api/users/:admin/two-factor/disable', '{"password":42}'],
    ['two-factor disable: password too long', 'POST', '/api/users/:admin/two-factor/disable', `{"password":"${long}"}`],
    ['two-factor disable: a body that is text', 'POST', '/api/users/:admin/two-factor/disable', '"password"'],
    ['second step: challenge a number', 'POST', '/api/auth/login/two-factor', '{"challenge":42,"code":"123456"}'],
    ['second step: code a number', 'POST', '/api/auth/login/two-factor', '{"challenge":"x","code":123456}'],
    [
      'second step: a huge challenge',
      'POST',
      '/api/auth/login/two-factor',
      `{"challenge":"${'c'.repeat(50_000)}","code":"123456"}`,
    ],
    ['sign-in: password an object', 'POST', '/api/auth/login', '{"username":"admin","password":{"$gt":""}}'],
    ['reset: login too long', 'POST', '/api/auth/password-reset', `{"login":"${'l'.repeat(255)}"}`],
  ] as const)(
    '%s is a 4xx with a coded message, never a 5xx, and changes nothing',
    async (_, method, path, payload) => {
      const response = await ctx.app.inject({
        method,
        url: path.replace(':admin', String(adminId)),
        headers: { ...admin, 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, response.body).toBeLessThan(500);
      expect(response.json()).toHaveProperty('code');
      // The admin's session and password are as they were.
      expect((await ctx.app.inject({ method: 'GET', url: `/api/users/${adminId}`, headers: admin })).statusCode).toBe(
        200,
      );
    },
  );

  it('leaves the password as it was after all of them', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'admin', password: 'correct horse battery' },
      remoteAddress: '192.0.2.99',
    });
    expect(response.statusCode).toBe(200);
  });
});

/** Ids written any way but the canonical one (ids.ts), and ids out of range. */
const BAD_IDS = [' 1', '1 ', '0001', '01', '1e0', '+1', '1.0', '0x1', '-1', '0', '2147483648', '99999999999', 'abc'];

interface OpenApiParameter {
  in: string;
  name: string;
}
interface OpenApiSchema {
  type?: string;
  minimum?: number;
  maximum?: number;
  items?: OpenApiSchema;
  properties?: Record<string, OpenApiSchema>;
}
interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: OpenApiSchema }> };
}

/** Every route of the app (its OpenAPI document): method, path as Fastify writes it, operation. */
function routes(): { method: string; path: string; operation: OpenApiOperation }[] {
  const doc = ctx.app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );
}

/** A parameter or body field that holds a record id: `id`, `…Id`, `…Ids` (a chat's externalId is text, not a record). */
const isIdName = (name: string) => (name === 'id' || /[a-z]Ids?$/.test(name)) && name !== 'externalId';

describe('ids are canonical, decided in one place (shared ids.ts) for every route', () => {
  it('the walk finds the routes with ids in their path', () => {
    const withIds = routes().filter((route) => /\{id\}|Id\}/.test(route.path));
    // Every section's read/update/delete and the special ones (report, submit, retry, my-profile, feed).
    expect(withIds.length).toBeGreaterThan(30);
    expect(withIds.map((route) => `${route.method} ${route.path}`)).toEqual(
      expect.arrayContaining(['DELETE /api/lookups/{id}', 'GET /api/forms/{formId}/report/{occurrenceId}']),
    );
  });

  it.each(BAD_IDS)('a path id written %j is a 400 on every route', async (bad) => {
    const failures: string[] = [];
    for (const { method, path } of routes()) {
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!).filter(isIdName);
      for (const name of names) {
        const url = path.replace(/\{(\w+)\}/g, (_, param: string) => (param === name ? encodeURIComponent(bad) : '1'));
        const response = await ctx.app.inject({ method: method as 'GET', url, headers: admin });
        const body = response.json<{ message?: string }>();
        if (response.statusCode !== 400 || body.message !== messages.invalidId) {
          failures.push(`${method} ${url}: ${response.statusCode} ${JSON.stringify(body)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('an empty id inside a path is a 400, and an empty last segment is no id route', async () => {
    const inside = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/users//my-profile',
      headers: admin,
      payload: {},
    });
    expect(inside.statusCode).toBe(400);
    expect(inside.json()).toMatchObject({ message: messages.invalidId });
    // '/api/lookups/' is the list's own path (trailing slashes are ignored); nothing is deleted.
    const trailing = await ctx.app.inject({ method: 'DELETE', url: '/api/lookups/', headers: admin });
    expect(trailing.statusCode).toBe(404);
  });

  it('DELETE /api/lookups/%201 no longer deletes lookup 1', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/lookups',
      headers: admin,
      payload: { key: 'k', value: 'v', label: 'l' },
    });
    const { id } = created.json<{ id: number }>();
    for (const written of [` ${id}`, `0${id}`, `${id}.0`, `+${id}`, `${id}e0`]) {
      const response = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/lookups/${encodeURIComponent(written)}`,
        headers: admin,
      });
      expect(response.statusCode, written).toBe(400);
    }
    expect((await ctx.app.inject({ method: 'GET', url: `/api/lookups/${id}`, headers: admin })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/lookups/${id}`, headers: admin })).statusCode).toBe(
      204,
    );
  });

  it.each(BAD_IDS)('a query id written %j is a 400 on every route', async (bad) => {
    const failures: string[] = [];
    for (const { method, path, operation } of routes()) {
      const query = (operation.parameters ?? []).filter((param) => param.in === 'query').map((param) => param.name);
      if (path.includes('{')) continue;
      // The calendar needs its range (instants), the attendance summary its days; anything else
      // about the request is left at its default.
      const range = path.startsWith('/api/attendance/')
        ? 'from=2026-01-01&to=2026-01-02&'
        : 'from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z&';
      const base = query.includes('from') && query.includes('to') ? range : '';
      for (const name of query.filter(isIdName)) {
        const extra = name === 'lookupableIds' ? 'lookupableType=group&' : '';
        const url = `${path}?${base}${extra}${name}=${encodeURIComponent(bad)}`;
        const response = await ctx.app.inject({ method: method as 'GET', url, headers: admin });
        const body = response.json<{ message?: string }>();
        if (
          response.statusCode !== 400 ||
          !body.message?.includes(name === 'lookupableIds' ? name : `${name} must be an id`)
        ) {
          failures.push(`${method} ${url}: ${response.statusCode} ${JSON.stringify(body)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('every id in a request body is documented and checked as an integer from 1 to 2147483647', () => {
    const fields: string[] = [];
    const wrong: string[] = [];
    for (const { method, path, operation } of routes()) {
      const properties = operation.requestBody?.content?.['application/json']?.schema?.properties ?? {};
      for (const [name, schema] of Object.entries(properties).filter(([name]) => isIdName(name))) {
        fields.push(`${method} ${path} ${name}`);
        const id = name.endsWith('Ids') ? schema.items : schema;
        if (id?.type !== 'integer' || id.minimum !== 1 || id.maximum !== MAX_ID) {
          wrong.push(`${method} ${path} ${name}: ${JSON.stringify(schema)}`);
        }
      }
    }
    expect(fields).toEqual(
      expect.arrayContaining(['POST /api/event-occurrences/sendReport formId', 'POST /api/events locationId']),
    );
    expect(wrong).toEqual([]);
  });

  it.each([
    ['a string', '"1"'],
    ['a fraction', '1.5'],
    ['zero', '0'],
    ['a negative number', '-1'],
    ['a number past the integer range', '2147483648'],
  ])('a body id that is %s is a 400', async (_, written) => {
    const send = await ctx.app.inject({
      method: 'POST',
      url: '/api/event-occurrences/sendReport',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: `{"eventOccurrenceId":${written},"formId":1}`,
    });
    expect(send.statusCode).toBe(400);
    expect(send.json()).toMatchObject({ message: 'eventOccurrenceId must be an id' });
    const lookup = await ctx.app.inject({
      method: 'POST',
      url: '/api/lookups',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: `{"key":"k","value":"v","label":"l","parentId":${written}}`,
    });
    expect(lookup.statusCode).toBe(400);
    expect(lookup.json()).toMatchObject({ message: 'Parent must be a positive whole number' });
  });

  it('a body id written 1.0 or 1e0 is the number 1: JSON does not tell them apart', async () => {
    const parent = await ctx.app.inject({
      method: 'POST',
      url: '/api/lookups',
      headers: admin,
      payload: { key: 'parent', value: 'v', label: 'l' },
    });
    const { id } = parent.json<{ id: number }>();
    for (const written of [`${id}.0`, `${id}e0`]) {
      const child = await ctx.app.inject({
        method: 'POST',
        url: '/api/lookups',
        headers: { ...admin, 'content-type': 'application/json' },
        payload: `{"key":"child","value":"v","label":"l","parentId":${written}}`,
      });
      expect(child.statusCode).toBe(201);
      expect(child.json()).toMatchObject({ parentId: id });
    }
  });
});

describe('a key that reaches an object prototype in a JSON body', () => {
  it.each([
    ['__proto__ at the top', '{"name":"x","__proto__":{"isAdmin":true}}'],
    ['__proto__ nested', '{"name":"x","deep":[{"__proto__":{}}]}'],
    ['constructor.prototype', '{"name":"x","constructor":{"prototype":{"isAdmin":true}}}'],
  ])('is refused as such with 400 (%s), not as text that is not JSON', async (_, payload) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/locations',
      headers: { ...admin, 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'common.prototypeKey',
      message: 'Request body must not set __proto__ or constructor.prototype',
    });
  });

  it('leaves text that is not JSON its own message', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/locations',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: '{"name":"x",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'common.invalidJson', message: 'Request body is not valid JSON' });
  });

  it('takes the words as values: only a key is refused', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/locations',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: '{"name":"__proto__ constructor.prototype"}',
    });
    expect(response.statusCode).toBe(201);
  });
});
