import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, signIn, type TestContext } from '../../test/harness.js';

let ctx: TestContext;
let ids: Record<'admin' | 'editor' | 'guest', number>;
let tokens: Record<'admin' | 'editor' | 'guest', Record<string, string>>;

beforeAll(async () => {
  ctx = await createTestApp();
  const admin = await createUser(ctx.database, { username: 'admin', role: 'admin' });
  const editor = await createUser(ctx.database, { username: 'editor', role: 'editor' });
  const guest = await createUser(ctx.database, { username: 'guest', role: 'guest' });
  ids = { admin: admin.id, editor: editor.id, guest: guest.id };
  tokens = {
    admin: bearer((await signIn(ctx.app, 'admin')).accessToken),
    editor: bearer((await signIn(ctx.app, 'editor')).accessToken),
    guest: bearer((await signIn(ctx.app, 'guest')).accessToken),
  };
});
afterAll(() => ctx.close());

const patchProfile = (id: number, headers: Record<string, string>, payload: object) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/users/${id}/my-profile`, headers, payload });

describe('GET /api/users/:id', () => {
  it('lets a user read themselves, without the password hash', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/users/${ids.guest}`, headers: tokens.guest });
    expect(response.statusCode).toBe(200);
    const body = response.json<Record<string, unknown>>();
    expect(body).toMatchObject({ id: ids.guest, username: 'guest', role: 'guest', status: 'active' });
    expect(body).not.toHaveProperty('passwordHash');
  });

  it('lets an admin read anyone, and refuses others with 403', async () => {
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/users/${ids.editor}`, headers: tokens.admin })).statusCode,
    ).toBe(200);
    const refused = await ctx.app.inject({ method: 'GET', url: `/api/users/${ids.admin}`, headers: tokens.guest });
    expect(refused.statusCode).toBe(403);
  });

  it("answers an unknown id with 404 'User not found'", async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/users/99999', headers: tokens.admin });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'User not found' });
  });
});

describe('PATCH /api/users/:id/my-profile', () => {
  it('updates the own profile, trimming text and storing empty as null', async () => {
    const response = await patchProfile(ids.editor, tokens.editor, {
      name: '  Ayşe ',
      surname: 'Yılmaz',
      email: ' ayse@example.com ',
      phone: '   ',
      address: '',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Ayşe',
      surname: 'Yılmaz',
      email: 'ayse@example.com',
      phone: null,
      address: null,
    });
  });

  it('leaves fields that are not sent unchanged', async () => {
    await patchProfile(ids.guest, tokens.guest, { name: 'Kept', phone: '+90 555 000 00 00' });
    const response = await patchProfile(ids.guest, tokens.guest, { surname: 'Only' });
    expect(response.json()).toMatchObject({ name: 'Kept', phone: '+90 555 000 00 00', surname: 'Only' });
  });

  it('changes the password: the new one signs in, the old one no longer does', async () => {
    await createUser(ctx.database, { username: 'mover', role: 'guest', password: 'old-password-1' });
    const session = await signIn(ctx.app, 'mover', 'old-password-1');
    const me = JSON.parse(Buffer.from(session.accessToken.split('.')[1]!, 'base64url').toString()) as { sub: string };
    const response = await patchProfile(Number(me.sub), bearer(session.accessToken), { password: 'new-password-2' });
    expect(response.statusCode).toBe(200);
    await expect(signIn(ctx.app, 'mover', 'old-password-1')).rejects.toThrow(/401/);
    await expect(signIn(ctx.app, 'mover', 'new-password-2')).resolves.toHaveProperty('accessToken');
  });

  it('keeps the password when the field is empty', async () => {
    await createUser(ctx.database, { username: 'keeper', role: 'guest', password: 'keeper-password' });
    const session = await signIn(ctx.app, 'keeper', 'keeper-password');
    const me = JSON.parse(Buffer.from(session.accessToken.split('.')[1]!, 'base64url').toString()) as { sub: string };
    expect((await patchProfile(Number(me.sub), bearer(session.accessToken), { password: '' })).statusCode).toBe(200);
    await expect(signIn(ctx.app, 'keeper', 'keeper-password')).resolves.toHaveProperty('accessToken');
  });

  it.each([
    [{ email: 'not-an-email' }, 'Email must be a valid email address'],
    [{ password: 'short' }, 'Password must be at least 8 characters'],
    [{ name: 42 }, 'Name must be text'],
    [{ address: 'x'.repeat(501) }, 'Address must be at most 500 characters'],
  ])('rejects %o with its message and changes nothing', async (payload, message) => {
    const before = (
      await ctx.app.inject({ method: 'GET', url: `/api/users/${ids.guest}`, headers: tokens.guest })
    ).json<object>();
    const response = await patchProfile(ids.guest, tokens.guest, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    const after = await ctx.app.inject({ method: 'GET', url: `/api/users/${ids.guest}`, headers: tokens.guest });
    expect(after.json()).toEqual(before);
  });

  it("refuses to change someone else's profile, even for an admin", async () => {
    for (const [id, headers] of [
      [ids.admin, tokens.guest],
      [ids.editor, tokens.admin],
    ] as const) {
      const response = await patchProfile(id, headers, { name: 'Intruder' });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'You can only change your own profile' });
    }
  });

  it('refuses an anonymous caller with 401', async () => {
    expect((await patchProfile(ids.guest, {}, { name: 'x' })).statusCode).toBe(401);
  });
});
