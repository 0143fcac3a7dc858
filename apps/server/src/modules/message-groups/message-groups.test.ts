import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { lookups, users } from '../../db/schema.js';
import { createUser } from '../../test/harness.js';
import { createPerson } from '../../test/seed.js';
import { useTestApp } from '../../test/use-test-app.js';

const ctx = useTestApp({ people: true });
const { admin, editor, guest } = ctx.headers;

interface MessageGroupBody {
  id: number;
  name: string;
  externalId: string | null;
  createdAt: string;
  users: { id: number; username: string }[];
}
interface ListBody {
  messageGroups: MessageGroupBody[];
  totalCount: number;
}

const post = (payload: unknown, context = ctx, headers = admin) =>
  context.app.inject({ method: 'POST', url: '/api/message-groups', headers, payload: payload as object });
const create = async (name: string, externalId?: string, context = ctx, headers = admin) => {
  const response = await post({ name, externalId }, context, headers);
  expect(response.statusCode).toBe(201);
  return response.json<MessageGroupBody>();
};
const get = (id: number) => ctx.app.inject({ method: 'GET', url: `/api/message-groups/${id}`, headers: admin });
const patch = (id: number, payload: unknown) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/message-groups/${id}`, headers: admin, payload: payload as object });
const remove = (id: number) => ctx.app.inject({ method: 'DELETE', url: `/api/message-groups/${id}`, headers: admin });

/** Puts users in a message group the way the user form will: their message_group_id. */
const join = (groupId: number | null, ...userIds: number[]) =>
  ctx.database.db.update(users).set({ messageGroupId: groupId }).where(inArray(users.id, userIds));

describe('POST /api/message-groups', () => {
  it('creates a group with a trimmed name, no chat id and no users', async () => {
    const group = await create('  Parents of 5A ');
    expect(group).toMatchObject({ name: 'Parents of 5A', externalId: null, users: [] });
    expect(Number.isInteger(group.id)).toBe(true);
    expect(new Date(group.createdAt).toString()).not.toBe('Invalid Date');
  });

  it('keeps a trimmed chat id, and stores an empty one as none', async () => {
    expect(await create('With chat', '  120363000000000001@g.us ')).toMatchObject({
      externalId: '120363000000000001@g.us',
    });
    expect(await create('Empty chat', '   ')).toMatchObject({ externalId: null });
    const explicitNull = await post({ name: 'Null chat', externalId: null });
    expect(explicitNull.json()).toMatchObject({ externalId: null });
  });

  it("refuses a chat id another group uses with 409 'Another message group already uses this chat id'", async () => {
    await create('First holder', 'chat-taken');
    const response = await post({ name: 'Second holder', externalId: ' chat-taken ' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: 'Another message group already uses this chat id' });
  });

  it('lets any number of groups have no chat id', async () => {
    await create('No chat 1');
    await create('No chat 2', '');
  });

  it.each([
    ['a blank name', { name: '  ' }],
    ['a missing name', {}],
    ['a name that is not a string', { name: 7 }],
    ['a null name', { name: null }],
  ])("rejects %s with 'Message group name must be a non-empty string'", async (_, payload) => {
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Message group name must be a non-empty string' });
  });

  it.each([
    [{ name: 'x'.repeat(201) }, 'Message group name must be at most 200 characters'],
    [{ name: 'Long chat', externalId: 'c'.repeat(201) }, 'Chat id must be at most 200 characters'],
    [{ name: 'Numeric chat', externalId: 12345 }, 'Chat id must be text'],
  ])('rejects %j with a clear 400', async (payload, message) => {
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message });
  });
});

describe('GET /api/message-groups/:id', () => {
  it('returns the group with its users by username', async () => {
    const group = await create('Class 6B', 'chat-6b');
    const zeynep = await createUser(ctx.database, { username: 'zeynep', role: 'guest' });
    const ali = await createUser(ctx.database, { username: 'ali', role: 'guest' });
    await join(group.id, zeynep.id, ali.id);
    const response = await get(group.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ...group,
      users: [
        { id: ali.id, username: 'ali' },
        { id: zeynep.id, username: 'zeynep' },
      ],
    });
  });

  it("answers an unknown id with 404 'Message group not found'", async () => {
    const response = await get(999999);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'Message group not found' });
  });

  it.each(['abc', '0', '-1', '99999999999'])('answers the id %s with 400', async (id) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/message-groups/${id}`, headers: admin });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Id must be a positive whole number' });
  });
});

describe('PATCH /api/message-groups/:id', () => {
  it('renames and leaves the chat id alone when it is absent', async () => {
    const group = await create('Before', 'chat-rename');
    const response = await patch(group.id, { name: '  After ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'After', externalId: 'chat-rename' });
  });

  it('sets, changes and clears the chat id, keeping the name', async () => {
    const group = await create('Chat changes');
    expect((await patch(group.id, { externalId: ' chat-a ' })).json()).toMatchObject({ externalId: 'chat-a' });
    expect((await patch(group.id, { externalId: 'chat-b' })).json()).toMatchObject({ externalId: 'chat-b' });
    expect((await patch(group.id, { externalId: '' })).json()).toMatchObject({
      name: 'Chat changes',
      externalId: null,
    });
    await patch(group.id, { externalId: 'chat-c' });
    expect((await patch(group.id, { externalId: null })).json()).toMatchObject({ externalId: null });
  });

  it("refuses another group's chat id with 409 and keeps its own", async () => {
    await create('Owner', 'chat-owned');
    const group = await create('Taker', 'chat-mine');
    const response = await patch(group.id, { externalId: 'chat-owned' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: 'Another message group already uses this chat id' });
    expect((await get(group.id)).json()).toMatchObject({ externalId: 'chat-mine' });
  });

  it('accepts its own chat id again', async () => {
    const group = await create('Same chat', 'chat-same');
    expect((await patch(group.id, { name: 'Same chat', externalId: 'chat-same' })).statusCode).toBe(200);
  });

  it("rejects a blank name with 'Message group name must be a non-empty string'", async () => {
    const group = await create('Named');
    const response = await patch(group.id, { name: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Message group name must be a non-empty string' });
    expect((await get(group.id)).json()).toMatchObject({ name: 'Named' });
  });

  it('rejects a body that changes nothing', async () => {
    const group = await create('Idle');
    const response = await patch(group.id, {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Nothing to update' });
  });

  it("answers an unknown id with 404 'Message group not found'", async () => {
    const response = await patch(999999, { name: 'x' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'Message group not found' });
  });
});

describe('DELETE /api/message-groups/:id', () => {
  it('deletes and lets its members go (their message group becomes none), then answers 404', async () => {
    const group = await create('Closing chat', 'chat-closing');
    const member = await createUser(ctx.database, { username: 'leaving-member', role: 'guest' });
    await join(group.id, member.id);
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/message-groups/${group.id}`,
      headers: { ...admin, 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const [after] = await ctx.database.db
      .select({ messageGroupId: users.messageGroupId })
      .from(users)
      .where(eq(users.id, member.id));
    expect(after).toMatchObject({ messageGroupId: null });
    const again = await remove(group.id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ message: 'Message group not found' });
  });

  it('frees the chat id for another group', async () => {
    const group = await create('Old chat', 'chat-reused');
    expect((await remove(group.id)).statusCode).toBe(204);
    await create('New chat', 'chat-reused');
  });

  it('refuses with 409 while a lookup belongs to it, and deletes nothing', async () => {
    const group = await create('Has lookups');
    await ctx.database.db.insert(lookups).values({
      key: 'class',
      value: '5a',
      label: '5A',
      lookupableType: 'message-groups',
      lookupableId: group.id,
    });
    const response = await remove(group.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      message: 'Message group is used by lookups or logged messages and cannot be deleted',
    });
    expect((await get(group.id)).statusCode).toBe(200);
  });
});

describe('GET /api/message-groups (list)', () => {
  const fresh = useTestApp();
  let token: Record<string, string>;
  const freshList = async (query: string) => {
    const response = await fresh.app.inject({ method: 'GET', url: `/api/message-groups?${query}`, headers: token });
    return { status: response.statusCode, body: response.json<ListBody & { message?: string }>() };
  };
  const names = (body: ListBody) => body.messageGroups.map((g) => g.name);
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    token = (await createPerson(fresh, { username: 'lister' })).headers;
    for (const [name, chat] of [
      ['Şişli Velileri', 'chat-sisli'],
      ['İSTANBUL Ekibi', undefined],
      ['Ankara', '905551112233@g.us'],
      ['100% Club', undefined],
    ] as const) {
      ids[name] = (await create(name, chat, fresh, token)).id;
    }
    for (let i = 1; i <= 52; i++) await create(`Chat ${String(i).padStart(2, '0')}`, undefined, fresh, token);
    const member = async (username: string, group: string) => {
      const user = await createUser(fresh.database, { username, role: 'guest' });
      await fresh.database.db.update(users).set({ messageGroupId: ids[group]! }).where(eq(users.id, user.id));
    };
    await member('zehra', 'Ankara');
    await member('can', 'Ankara');
    await member('mert', 'Ankara');
    await member('deniz', 'Şişli Velileri');
  });

  it('answers {messageGroups, totalCount}, 50 per page, each with its users by username', async () => {
    const { status, body } = await freshList('limit=3');
    expect(status).toBe(200);
    expect(body.totalCount).toBe(56);
    expect(body.messageGroups.map((g) => [g.name, g.users.map((u) => u.username)])).toEqual([
      ['100% Club', []],
      ['Ankara', ['can', 'mert', 'zehra']],
      ['Chat 01', []],
    ]);
    expect((await freshList('')).body.messageGroups).toHaveLength(50);
    expect((await freshList('offset=50')).body.messageGroups).toHaveLength(6);
  });

  it('sorts by name (the default) and by id', async () => {
    expect(names((await freshList('sort=name&limit=2')).body)).toEqual(['100% Club', 'Ankara']);
    expect(names((await freshList('sort=id&limit=3')).body)).toEqual(['Şişli Velileri', 'İSTANBUL Ekibi', 'Ankara']);
  });

  it.each([
    ['sisli', ['Şişli Velileri']],
    ['istanbul', ['İSTANBUL Ekibi']],
    ['100%', ['100% Club']],
    ['905551112233', ['Ankara']],
    ['g.us', ['Ankara']],
  ])('searches the name and the chat id for %s', async (q, expected) => {
    const { body } = await freshList(`q=${encodeURIComponent(q)}`);
    expect(names(body)).toEqual(expected);
    expect(body.totalCount).toBe(expected.length);
  });

  it('answers an unknown sort with 400', async () => {
    const { status, body } = await freshList('sort=date');
    expect(status).toBe(400);
    expect(body).toMatchObject({ message: "Unknown sort 'date'" });
  });

  it.each(['limit=0', 'limit=1001', 'offset=-5', 'limit=1e3x'])('answers %s with 400', async (query) => {
    expect((await freshList(query)).status).toBe(400);
  });

  it('serves the user form with limit=1000', async () => {
    const { status, body } = await freshList('limit=1000');
    expect(status).toBe(200);
    expect(body.messageGroups).toHaveLength(56);
  });
});

describe('who may call the message groups routes', () => {
  let groupId: number;
  beforeAll(async () => {
    groupId = (await create('Access checked')).id;
  });

  const routes = () => [
    { method: 'GET' as const, url: '/api/message-groups', ok: 200 },
    { method: 'GET' as const, url: `/api/message-groups/${groupId}`, ok: 200 },
    { method: 'POST' as const, url: '/api/message-groups', payload: { name: 'By role' }, ok: 201 },
    { method: 'PATCH' as const, url: `/api/message-groups/${groupId}`, payload: { name: 'Access checked' }, ok: 200 },
    { method: 'DELETE' as const, url: `/api/message-groups/${groupId}`, ok: 204 },
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
