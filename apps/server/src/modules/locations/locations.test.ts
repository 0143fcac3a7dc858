import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPerson } from '../../test/seed.js';
import { useTestApp } from '../../test/use-test-app.js';

const ctx = useTestApp({ people: true });
const { admin, editor, guest } = ctx.headers;

interface LocationBody {
  id: number;
  name: string;
  status: string;
  createdAt: string;
  user: { username: string } | null;
}
interface ListBody {
  locations: LocationBody[];
  totalCount: number;
}

const create = async (name: string) => {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/locations', headers: admin, payload: { name } });
  expect(response.statusCode).toBe(201);
  return response.json<LocationBody>();
};
const list = async (query: string, headers = admin) => {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/locations?${query}`, headers });
  return { status: response.statusCode, body: response.json<ListBody & { message?: string }>() };
};
const names = (body: ListBody) => body.locations.map((l) => l.name);

describe('POST /api/locations', () => {
  it('creates a location with a trimmed name and records its creator', async () => {
    const location = await create('   Kadıköy Room 1  ');
    expect(location).toMatchObject({ name: 'Kadıköy Room 1', status: 'active', user: { username: 'admin' } });
    expect(Number.isInteger(location.id)).toBe(true);
    expect(new Date(location.createdAt).toString()).not.toBe('Invalid Date');
  });

  it.each([
    ['a blank name', { name: '   ' }],
    ['a missing name', {}],
    ['a name that is not a string', { name: 123 }],
  ])("rejects %s with 'Location name must be a non-empty string'", async (_, payload) => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/locations', headers: admin, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Location name must be a non-empty string' });
  });

  it('answers malformed JSON with 400 and creates nothing', async () => {
    const before = (await list('limit=1000&archived=true')).body.totalCount;
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/locations',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect((await list('limit=1000&archived=true')).body.totalCount).toBe(before);
  });

  it('is refused to editors and guests (403) and to anonymous callers (401)', async () => {
    for (const headers of [editor, guest]) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/locations', headers, payload: { name: 'X' } });
      expect(response.statusCode).toBe(403);
    }
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/locations', payload: { name: 'X' } });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /api/locations/:id', () => {
  it('returns one location', async () => {
    const location = await create('Moda Studio');
    const response = await ctx.app.inject({ method: 'GET', url: `/api/locations/${location.id}`, headers: admin });
    expect(response.json()).toEqual(location);
  });

  it("answers an unknown id with 404 'Location not found'", async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/locations/999999', headers: admin });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'Location not found' });
  });

  it.each(['abc', '1.5', '-3', '0', '99999999999'])('answers the id %s with 400, not 500', async (id) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/locations/${id}`, headers: admin });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Id must be a positive whole number' });
  });
});

describe('PATCH /api/locations/:id', () => {
  it('renames with a trimmed name', async () => {
    const location = await create('Old name');
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/locations/${location.id}`,
      headers: admin,
      payload: { name: '  New name ' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: location.id, name: 'New name' });
  });

  it('archives and restores', async () => {
    const location = await create('Seasonal hall');
    const patch = (status: string) =>
      ctx.app.inject({ method: 'PATCH', url: `/api/locations/${location.id}`, headers: admin, payload: { status } });
    expect((await patch('archived')).json()).toMatchObject({ status: 'archived' });
    expect((await patch('active')).json()).toMatchObject({ status: 'active' });
    expect((await patch('deleted')).statusCode).toBe(400);
  });

  it('rejects a blank name and keeps the old one', async () => {
    const location = await create('Keeps its name');
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/locations/${location.id}`,
      headers: admin,
      payload: { name: ' ' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Location name must be a non-empty string' });
    const after = await ctx.app.inject({ method: 'GET', url: `/api/locations/${location.id}`, headers: admin });
    expect(after.json()).toMatchObject({ name: 'Keeps its name' });
  });

  it('answers an unknown id with 404', async () => {
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/locations/999999',
      headers: admin,
      payload: { name: 'x' },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('DELETE /api/locations/:id', () => {
  it('deletes, accepting a JSON content type with no body', async () => {
    const location = await create('Short-lived');
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/locations/${location.id}`,
      headers: { ...admin, 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const again = await ctx.app.inject({ method: 'DELETE', url: `/api/locations/${location.id}`, headers: admin });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ message: 'Location not found' });
  });

  it('refuses with 409 while something still references the location, and deletes nothing', async () => {
    const location = await create('Busy room');
    // Every table that points at a location does so with a RESTRICT foreign key, as events will.
    await ctx.database.db.execute(
      sql.raw(
        'create table location_holders (location_id integer not null references locations(id) on delete restrict)',
      ),
    );
    await ctx.database.db.execute(sql.raw(`insert into location_holders values (${location.id})`));
    const response = await ctx.app.inject({ method: 'DELETE', url: `/api/locations/${location.id}`, headers: admin });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      message: 'Location is used by events and cannot be deleted; archive it instead',
    });
    const still = await ctx.app.inject({ method: 'GET', url: `/api/locations/${location.id}`, headers: admin });
    expect(still.statusCode).toBe(200);
    await ctx.database.db.execute(sql.raw('drop table location_holders'));
  });

  it('is refused to an editor', async () => {
    const location = await create('Protected');
    const response = await ctx.app.inject({ method: 'DELETE', url: `/api/locations/${location.id}`, headers: editor });
    expect(response.statusCode).toBe(403);
  });
});

describe('GET /api/locations (list)', () => {
  const fresh = useTestApp();
  let token: Record<string, string>;
  const freshList = async (query: string) => {
    const response = await fresh.app.inject({ method: 'GET', url: `/api/locations?${query}`, headers: token });
    return { status: response.statusCode, body: response.json<ListBody & { message?: string }>() };
  };

  beforeAll(async () => {
    token = (await createPerson(fresh, { username: 'lister' })).headers;
    const make = (name: string) =>
      fresh.app.inject({ method: 'POST', url: '/api/locations', headers: token, payload: { name } });
    for (const name of ['İSTANBUL Merkez', 'Şişli Ofis', 'Ilgaz Salonu', 'London Bridge', '100% Room', 'çamlıca']) {
      await make(name);
    }
    for (let i = 1; i <= 55; i++) await make(`Room ${String(i).padStart(2, '0')}`);
  });

  it('answers the section under its camelCase name with the total count, 50 per page by default', async () => {
    const { status, body } = await freshList('');
    expect(status).toBe(200);
    expect(body.locations).toHaveLength(50);
    expect(body.totalCount).toBe(61);
  });

  it('pages with limit and offset', async () => {
    const page2 = await freshList('limit=50&offset=50');
    expect(page2.body.locations).toHaveLength(11);
    expect(page2.body.totalCount).toBe(61);
    const beyond = await freshList('offset=500');
    expect(beyond.body).toEqual({ locations: [], totalCount: 61 });
  });

  it.each([
    ['istanbul', ['İSTANBUL Merkez']],
    ['SISLI', ['Şişli Ofis']],
    ['ılgaz', ['Ilgaz Salonu']],
    ['ÇAMLICA', ['çamlıca']],
    ['100%', ['100% Room']],
    ['room 0', ['Room 01', 'Room 02', 'Room 03', 'Room 04', 'Room 05', 'Room 06', 'Room 07', 'Room 08', 'Room 09']],
  ])('searches %s case-insensitively, Turkish letters too', async (q, expected) => {
    const { body } = await freshList(`q=${encodeURIComponent(q)}&sort=name`);
    expect(names(body)).toEqual(expected);
    expect(body.totalCount).toBe(expected.length);
  });

  it('sorts by name, by date (newest first) and by status', async () => {
    const byName = names((await freshList('sort=name&limit=3')).body);
    expect(byName).toEqual(['100% Room', 'Ilgaz Salonu', 'London Bridge']);
    const byDate = names((await freshList('sort=date&limit=2')).body);
    expect(byDate).toEqual(['Room 55', 'Room 54']);
  });

  it('hides archived locations unless the checkbox filter asks for them', async () => {
    const target = (await freshList('q=London')).body.locations[0]!;
    await fresh.app.inject({
      method: 'PATCH',
      url: `/api/locations/${target.id}`,
      headers: token,
      payload: { status: 'archived' },
    });
    expect((await freshList('q=London')).body.totalCount).toBe(0);
    const withArchived = await freshList('q=London&archived=true&sort=status');
    expect(withArchived.body.locations).toMatchObject([{ name: 'London Bridge', status: 'archived' }]);
  });

  it('answers an unknown sort with 400 "Unknown sort \'color\'"', async () => {
    const { status, body } = await freshList('sort=color');
    expect(status).toBe(400);
    expect(body).toMatchObject({ message: "Unknown sort 'color'" });
  });

  it.each(['limit=0', 'limit=1001', 'limit=abc', 'offset=-1'])('answers %s with 400', async (query) => {
    const { status, body } = await freshList(query);
    expect(status).toBe(400);
    expect(typeof body.message).toBe('string');
  });

  it('is refused to a guest', async () => {
    expect((await list('', guest)).status).toBe(403);
  });
});
