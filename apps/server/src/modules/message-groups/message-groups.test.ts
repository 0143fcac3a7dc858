import type { MessageGroup, messageGroupListSchema } from '@ritim/shared';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { lookups, users } from '../../platform/db/schema.js';
import { createUser } from '../../test/harness.js';
import { createPerson } from '../../test/seed.js';
import { useTestApp } from '../../test/use-test-app.js';

const ctx = useTestApp({ people: true });
const { admin } = ctx.headers;

type ListBody = z.infer<typeof messageGroupListSchema>;

const post = (payload: unknown, context = ctx, headers = admin) =>
  context.app.inject({ method: 'POST', url: '/api/message-groups', headers, payload: payload as object });
const create = async (name: string, externalId?: string, context = ctx, headers = admin) => {
  const response = await post({ name, externalId }, context, headers);
  expect(response.statusCode).toBe(201);
  return response.json<MessageGroup>();
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
    const member = async (username: string, group: string) => {
      const user = await createUser(fresh.database, { username, role: 'guest' });
      await fresh.database.db.update(users).set({ messageGroupId: ids[group]! }).where(eq(users.id, user.id));
    };
    await member('zehra', 'Ankara');
    await member('can', 'Ankara');
    await member('mert', 'Ankara');
    await member('deniz', 'Şişli Velileri');
  });

  it('answers each group with its users by username', async () => {
    const { status, body } = await freshList('limit=2');
    expect(status).toBe(200);
    expect(body.messageGroups.map((g) => [g.name, g.users.map((u) => u.username)])).toEqual([
      ['100% Club', []],
      ['Ankara', ['can', 'mert', 'zehra']],
    ]);
  });

  it.each([
    ['905551112233', ['Ankara']],
    ['g.us', ['Ankara']],
  ])('searches the chat id too, for %s', async (q, expected) => {
    const { body } = await freshList(`q=${encodeURIComponent(q)}`);
    expect(names(body)).toEqual(expected);
    expect(body.totalCount).toBe(expected.length);
  });
});
