import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { formGroups, forms, lookups, userGroups } from '../../db/schema.js';
import { createUser } from '../../test/harness.js';
import { createPerson } from '../../test/seed.js';
import { useTestApp } from '../../test/use-test-app.js';

const ctx = useTestApp({ people: true });
const { admin, editor, guest } = ctx.headers;
let memberId: number;

beforeAll(async () => {
  memberId = (await createUser(ctx.database, { username: 'member', role: 'editor' })).id;
});

interface GroupBody {
  id: number;
  name: string;
  status: string;
  createdAt: string;
  user: { username: string } | null;
  forms?: { id: number; title: string }[];
}
interface ListBody {
  groups: GroupBody[];
  totalCount: number;
}

const create = async (name: string) => {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/groups', headers: admin, payload: { name } });
  expect(response.statusCode).toBe(201);
  return response.json<GroupBody>();
};
const get = (id: number) => ctx.app.inject({ method: 'GET', url: `/api/groups/${id}`, headers: admin });
const remove = (id: number) => ctx.app.inject({ method: 'DELETE', url: `/api/groups/${id}`, headers: admin });
const names = (body: ListBody) => body.groups.map((g) => g.name);

describe('POST /api/groups', () => {
  it('creates an active group with a trimmed name, its creator and no forms yet', async () => {
    const group = await create('   Kadıköy Team  ');
    expect(group).toMatchObject({ name: 'Kadıköy Team', status: 'active', user: { username: 'admin' }, forms: [] });
    expect(Number.isInteger(group.id)).toBe(true);
    expect(new Date(group.createdAt).toString()).not.toBe('Invalid Date');
  });

  it.each([
    ['a blank name', { name: '   ' }],
    ['an empty name', { name: '' }],
    ['a missing name', {}],
    ['a name that is not a string', { name: 42 }],
    ['a null name', { name: null }],
  ])("rejects %s with 'Group name must be a non-empty string'", async (_, payload) => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/groups', headers: admin, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Group name must be a non-empty string' });
  });

  it('rejects a name longer than 200 characters', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/groups',
      headers: admin,
      payload: { name: 'x'.repeat(201) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Group name must be at most 200 characters' });
  });

  it('rejects a name holding U+0000 with 400, not 500', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/groups',
      headers: admin,
      payload: { name: 'a\u0000b' },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('GET /api/groups/:id', () => {
  it('returns one group with the forms whose groups include it, by title', async () => {
    const group = await create('Form users');
    const [extra] = await ctx.database.db
      .insert(forms)
      .values({ title: 'Attendance sheet' })
      .returning({ id: forms.id });
    await ctx.database.db.insert(formGroups).values([
      { formId: 1, groupId: group.id },
      { formId: extra!.id, groupId: group.id },
    ]);
    const response = await get(group.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ...group,
      forms: [
        { id: extra!.id, title: 'Attendance sheet' },
        { id: 1, title: 'Session notes' },
      ],
    });
  });

  it("answers an unknown id with 404 'Group not found'", async () => {
    const response = await get(999999);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'Group not found' });
  });

  it.each(['abc', '1.5', '-3', '0', '99999999999'])('answers the id %s with 400, not 500', async (id) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/groups/${id}`, headers: admin });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Id must be a positive whole number' });
  });
});

describe('PATCH /api/groups/:id', () => {
  const patch = (id: number, payload: unknown) =>
    ctx.app.inject({ method: 'PATCH', url: `/api/groups/${id}`, headers: admin, payload: payload as object });

  it('renames with a trimmed name', async () => {
    const group = await create('Old team');
    const response = await patch(group.id, { name: '  New team ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: group.id, name: 'New team', status: 'active' });
  });

  it('archives and restores, and refuses an unknown status', async () => {
    const group = await create('Seasonal team');
    expect((await patch(group.id, { status: 'archived' })).json()).toMatchObject({ status: 'archived' });
    expect((await get(group.id)).json()).toMatchObject({ status: 'archived' });
    expect((await patch(group.id, { status: 'active' })).json()).toMatchObject({ status: 'active' });
    expect((await patch(group.id, { status: 'deleted' })).statusCode).toBe(400);
  });

  it("rejects a blank name with 'Group name must be a non-empty string' and keeps the old one", async () => {
    const group = await create('Keeps its name');
    const response = await patch(group.id, { name: ' ' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Group name must be a non-empty string' });
    expect((await get(group.id)).json()).toMatchObject({ name: 'Keeps its name' });
  });

  it('rejects a body that changes nothing', async () => {
    const group = await create('Unchanged');
    const response = await patch(group.id, {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Nothing to update' });
  });

  it("answers an unknown id with 404 'Group not found'", async () => {
    const response = await patch(999999, { name: 'x' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'Group not found' });
  });
});

describe('DELETE /api/groups/:id', () => {
  const IN_USE = { message: 'Group is used by users, forms or lookups and cannot be deleted; archive it instead' };

  it('deletes, accepting a JSON content type with no body, then answers 404', async () => {
    const group = await create('Short-lived');
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/groups/${group.id}`,
      headers: { ...admin, 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await get(group.id)).statusCode).toBe(404);
    const again = await remove(group.id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ message: 'Group not found' });
  });

  it('refuses with 409 while a user is a member, and deletes once the member leaves', async () => {
    const group = await create('Has members');
    await ctx.database.db.insert(userGroups).values({ userId: memberId, groupId: group.id });
    const response = await remove(group.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject(IN_USE);
    expect((await get(group.id)).statusCode).toBe(200);
    await ctx.database.db
      .delete(userGroups)
      .where(and(eq(userGroups.userId, memberId), eq(userGroups.groupId, group.id)));
    expect((await remove(group.id)).statusCode).toBe(204);
  });

  it('refuses with 409 while a form belongs to it', async () => {
    const group = await create('Has forms');
    await ctx.database.db.insert(formGroups).values({ formId: 1, groupId: group.id });
    const response = await remove(group.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject(IN_USE);
    expect((await get(group.id)).json()).toMatchObject({ forms: [{ id: 1, title: 'Session notes' }] });
  });

  it('refuses with 409 while a lookup belongs to it', async () => {
    const group = await create('Has lookups');
    await ctx.database.db
      .insert(lookups)
      .values({ key: 'topic', value: 'math', label: 'Math', lookupableType: 'groups', lookupableId: group.id });
    const response = await remove(group.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject(IN_USE);
    expect((await get(group.id)).statusCode).toBe(200);
  });

  it('deletes a group whose id a lookup of another type happens to carry', async () => {
    const group = await create('Same number, other type');
    await ctx.database.db
      .insert(lookups)
      .values({ key: 'room', value: 'r', label: 'R', lookupableType: 'forms', lookupableId: 1 });
    await ctx.database.db.insert(lookups).values({ key: 'plain', value: String(group.id), label: 'No owner' });
    expect((await remove(group.id)).statusCode).toBe(204);
  });
});

describe('GET /api/groups (list)', () => {
  const fresh = useTestApp();
  let token: Record<string, string>;
  const freshList = async (query: string) => {
    const response = await fresh.app.inject({ method: 'GET', url: `/api/groups?${query}`, headers: token });
    return { status: response.statusCode, body: response.json<ListBody & { message?: string }>() };
  };

  beforeAll(async () => {
    token = (await createPerson(fresh, { username: 'lister' })).headers;
    const make = (name: string) =>
      fresh.app.inject({ method: 'POST', url: '/api/groups', headers: token, payload: { name } });
    for (const name of ['İSTANBUL Ekibi', 'Şişli Grubu', 'Ilgaz', 'London Team', '100% Team', 'çamlıca']) {
      await make(name);
    }
    for (let i = 1; i <= 55; i++) await make(`Team ${String(i).padStart(2, '0')}`);
  });

  it('answers {groups, totalCount}, 50 per page by default, with the creator by username', async () => {
    const { status, body } = await freshList('');
    expect(status).toBe(200);
    expect(body.groups).toHaveLength(50);
    expect(body.totalCount).toBe(61);
    expect(body.groups[0]).toMatchObject({ status: 'active', user: { username: 'lister' } });
    expect(Object.keys(body.groups[0]!).sort()).toEqual(['createdAt', 'id', 'name', 'status', 'user']);
  });

  it('pages with limit and offset', async () => {
    const page2 = await freshList('limit=50&offset=50');
    expect(page2.body.groups).toHaveLength(11);
    expect(page2.body.totalCount).toBe(61);
    expect((await freshList('offset=500')).body).toEqual({ groups: [], totalCount: 61 });
  });

  it.each([
    ['istanbul', ['İSTANBUL Ekibi']],
    ['SISLI', ['Şişli Grubu']],
    ['ılgaz', ['Ilgaz']],
    ['ÇAMLICA', ['çamlıca']],
    ['100%', ['100% Team']],
    ['team 0', ['Team 01', 'Team 02', 'Team 03', 'Team 04', 'Team 05', 'Team 06', 'Team 07', 'Team 08', 'Team 09']],
  ])('searches the name for %s case-insensitively, Turkish letters too', async (q, expected) => {
    const { body } = await freshList(`q=${encodeURIComponent(q)}&sort=name`);
    expect(names(body)).toEqual(expected);
    expect(body.totalCount).toBe(expected.length);
  });

  it('sorts by name (the default), by date (newest first) and by status', async () => {
    expect(names((await freshList('limit=3')).body)).toEqual(['100% Team', 'Ilgaz', 'London Team']);
    expect(names((await freshList('sort=name&limit=3')).body)).toEqual(['100% Team', 'Ilgaz', 'London Team']);
    expect(names((await freshList('sort=date&limit=2')).body)).toEqual(['Team 55', 'Team 54']);
  });

  it("hides archived groups unless 'archived=true' asks for them; status sorts active first", async () => {
    const target = (await freshList('q=london')).body.groups[0]!;
    await fresh.app.inject({
      method: 'PATCH',
      url: `/api/groups/${target.id}`,
      headers: token,
      payload: { status: 'archived' },
    });
    expect((await freshList('q=london')).body.totalCount).toBe(0);
    expect((await freshList('archived=false')).body.totalCount).toBe(60);
    const withArchived = await freshList('archived=true&sort=status&limit=1000');
    expect(withArchived.body.totalCount).toBe(61);
    expect(withArchived.body.groups.at(-1)).toMatchObject({ name: 'London Team', status: 'archived' });
  });

  it('answers an unknown sort with 400 "Unknown sort \'color\'"', async () => {
    const { status, body } = await freshList('sort=color');
    expect(status).toBe(400);
    expect(body).toMatchObject({ message: "Unknown sort 'color'" });
  });

  it.each(['limit=0', 'limit=1001', 'limit=abc', 'offset=-1', `q=${'x'.repeat(201)}`])(
    'answers %s with 400',
    async (query) => {
      const { status, body } = await freshList(query);
      expect(status).toBe(400);
      expect(typeof body.message).toBe('string');
    },
  );

  it('serves choice lists with limit=1000', async () => {
    const { status, body } = await freshList('limit=1000');
    expect(status).toBe(200);
    expect(body.groups.length).toBe(body.totalCount);
  });
});

describe('who may call the groups routes', () => {
  let groupId: number;
  beforeAll(async () => {
    groupId = (await create('Access checked')).id;
  });

  const routes = () => [
    { method: 'GET' as const, url: '/api/groups', ok: 200 },
    { method: 'GET' as const, url: `/api/groups/${groupId}`, ok: 200 },
    { method: 'POST' as const, url: '/api/groups', payload: { name: 'By role' }, ok: 201 },
    { method: 'PATCH' as const, url: `/api/groups/${groupId}`, payload: { name: 'Access checked' }, ok: 200 },
    { method: 'DELETE' as const, url: `/api/groups/${groupId}`, ok: 204 },
  ];

  it('answers anonymous callers 401, guests and editors 403, and changes nothing', async () => {
    for (const route of routes()) {
      const anonymous = await ctx.app.inject({ method: route.method, url: route.url, payload: route.payload });
      expect({ route: `${route.method} ${route.url}`, status: anonymous.statusCode }).toMatchObject({ status: 401 });
      for (const headers of [guest, editor]) {
        const response = await ctx.app.inject({
          method: route.method,
          url: route.url,
          headers,
          payload: route.payload,
        });
        expect({ route: `${route.method} ${route.url}`, status: response.statusCode }).toMatchObject({ status: 403 });
      }
    }
    expect((await get(groupId)).statusCode).toBe(200);
  });

  it('lets admins call every route', async () => {
    for (const route of routes()) {
      const response = await ctx.app.inject({
        method: route.method,
        url: route.url,
        headers: admin,
        payload: route.payload,
      });
      expect({ route: `${route.method} ${route.url}`, status: response.statusCode }).toEqual({
        route: `${route.method} ${route.url}`,
        status: route.ok,
      });
    }
  });
});
