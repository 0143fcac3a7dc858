import type { GroupDetail, groupListSchema } from '@ritim/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { formGroups, forms, lookups, userGroups } from '../../platform/db/schema.js';
import { createUser } from '../../test/harness.js';
import { useTestApp } from '../../test/use-test-app.js';

const ctx = useTestApp({ people: true });
const { admin } = ctx.headers;
let memberId: number;

beforeAll(async () => {
  memberId = (await createUser(ctx.database, { username: 'member', role: 'editor' })).id;
});

type GroupList = z.infer<typeof groupListSchema>;

const create = async (name: string) => {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/groups', headers: admin, payload: { name } });
  expect(response.statusCode).toBe(201);
  return response.json<GroupDetail>();
};
const get = (id: number) => ctx.app.inject({ method: 'GET', url: `/api/groups/${id}`, headers: admin });
const remove = (id: number) => ctx.app.inject({ method: 'DELETE', url: `/api/groups/${id}`, headers: admin });

describe('POST /api/groups', () => {
  it('creates an active group with a trimmed name, its creator and no forms yet', async () => {
    const group = await create('   Kadıköy Team  ');
    expect(group).toMatchObject({ name: 'Kadıköy Team', status: 'active', user: { username: 'admin' }, forms: [] });
    expect(Number.isInteger(group.id)).toBe(true);
    expect(new Date(group.createdAt).toString()).not.toBe('Invalid Date');
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
});

describe('DELETE /api/groups/:id', () => {
  const IN_USE = { message: 'Group is used by users, forms or lookups and cannot be deleted; archive it instead' };

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
  it('answers each group with its creator by username, and without its forms', async () => {
    const group = await create('Listed team');
    const response = await ctx.app.inject({ method: 'GET', url: '/api/groups?q=listed%20team', headers: admin });
    expect(response.statusCode).toBe(200);
    const [row] = response.json<GroupList>().groups;
    expect(row).toMatchObject({ id: group.id, status: 'active', user: { username: 'admin' } });
    expect(Object.keys(row!).sort()).toEqual(['createdAt', 'id', 'name', 'status', 'user']);
  });
});
