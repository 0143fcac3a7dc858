import type { AccessTokenClaims, CodedText, TokenResponse, User, UserList } from '@ritim/shared';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { groups, lookups, messageGroups, refreshTokens, userGroups, users } from '../../platform/db/schema.js';
import { bearer, createUser, signIn } from '../../test/harness.js';
import { createPerson, type Headers, headersOf } from '../../test/seed.js';
import { useTestApp } from '../../test/use-test-app.js';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

const ctx = useTestApp({ people: true });
const ids = ctx.ids;
const tokens = ctx.headers;
let choir: number;
let band: number;
let chat: number;

beforeAll(async () => {
  const db = ctx.database.db;
  [choir, band] = (
    await db
      .insert(groups)
      .values([{ name: 'Choir' }, { name: 'Band' }])
      .returning()
  ).map((g) => g.id) as [number, number];
  chat = (await db.insert(messageGroups).values({ name: 'Parents chat' }).returning())[0]!.id;
});

const call = (method: Method, url: string, headers: Headers = tokens.admin, payload?: unknown) =>
  ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

let serial = 0;
/** A username no other test uses. */
const unique = (prefix: string) => `${prefix}-${String(++serial).padStart(3, '0')}`;

async function createViaApi(fields: Record<string, unknown> = {}): Promise<User> {
  const response = await call('POST', '/api/users', tokens.admin, {
    username: unique('user'),
    password: 'initial-password',
    role: 'guest',
    timezone: 'Europe/Istanbul',
    ...fields,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<User>();
}

const list = async (query: string) => {
  const response = await call('GET', `/api/users?${query}`);
  return { status: response.statusCode, body: response.json<UserList & Partial<CodedText>>() };
};
const usernames = (body: UserList) => body.users.map((user) => user.username);

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as AccessTokenClaims;

const refresh = (refreshToken: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: `ritim_refresh=${refreshToken}` } });

const login = (username: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });

/** No response may carry a password or its hash. */
function expectNoPassword(body: string) {
  expect(body).not.toMatch(/password/i);
  expect(body).not.toContain('$argon2');
}

describe('GET /api/users', () => {
  it('lists users with their group names and message group, never a password hash', async () => {
    const created = await createViaApi({ name: 'Listed', groupIds: [choir, band], messageGroupId: chat });
    const response = await call('GET', `/api/users?q=${created.username}`);
    expect(response.statusCode).toBe(200);
    expectNoPassword(response.body);
    const body = response.json<UserList>();
    expect(body.totalCount).toBe(1);
    expect(body.users[0]).toEqual({
      ...created,
      groups: [
        { id: band, name: 'Band' },
        { id: choir, name: 'Choir' },
      ],
      groupIds: [band, choir],
      messageGroup: { id: chat, name: 'Parents chat' },
      messageGroupId: chat,
    });
  });

  it('searches username, name, surname and email, ignoring case and Turkish letters', async () => {
    const tag = unique('srch');
    await createViaApi({ username: `${tag}-one`, name: 'Şule' });
    await createViaApi({ username: `${tag}-two`, surname: 'IŞIK' });
    await createViaApi({ username: `${tag}-three`, email: `${tag}@Example.org` });
    expect(usernames((await list(`q=${tag}-ONE`)).body)).toEqual([`${tag}-one`]);
    expect(usernames((await list('q=sule')).body)).toEqual([`${tag}-one`]);
    expect(usernames((await list('q=ışık')).body)).toEqual([`${tag}-two`]);
    expect(usernames((await list(`q=${tag}@example`)).body)).toEqual([`${tag}-three`]);
    expect((await list('q=nobody-has-this')).body).toEqual({ users: [], totalCount: 0 });
  });

  it('refuses a sort by email with 400 "Unknown sort \'email\'"', async () => {
    const bad = await list('sort=email');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Unknown sort 'email'");
  });

  it('filters by role and status (role=editor&status=active), role ignoring case', async () => {
    const tag = unique('filter');
    await createViaApi({ username: `${tag}-active-editor`, role: 'editor' });
    await createViaApi({ username: `${tag}-inactive-editor`, role: 'editor', status: 'inactive' });
    await createViaApi({ username: `${tag}-guest`, role: 'guest' });
    expect(usernames((await list(`q=${tag}&role=editor&status=active`)).body)).toEqual([`${tag}-active-editor`]);
    expect(usernames((await list(`q=${tag}&role=Editor`)).body)).toEqual([
      `${tag}-active-editor`,
      `${tag}-inactive-editor`,
    ]);
    expect(usernames((await list(`q=${tag}&status=inactive`)).body)).toEqual([`${tag}-inactive-editor`]);
    const all = (await list('role=editor&status=active&limit=1000')).body;
    expect(all.users.every((user) => user.role === 'editor' && user.status === 'active')).toBe(true);
    expect(usernames(all)).toContain('editor');
  });

  it.each([
    ['role=boss', 'Role must be one of admin, editor, guest'],
    ['status=deleted', 'Status must be one of active, inactive'],
    ['limit=1001', 'limit: Too big: expected number to be <=1000'],
  ])('answers %s with 400', async (query, message) => {
    const response = await list(query);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
  });
});

describe('POST /api/users', () => {
  it('creates a user with trimmed text, empty text as null, defaults, groups and a message group', async () => {
    const username = unique('new');
    const response = await call('POST', '/api/users', tokens.admin, {
      username: `  ${username}  `,
      password: 'a-good-password',
      role: 'editor',
      timezone: ' Europe/Istanbul ',
      name: '  Ayşe ',
      surname: 'Yılmaz',
      email: ' ayse@example.com ',
      phone: ' +90 (555) 010-20-30 ',
      address: '   ',
      groupIds: [choir, choir, band],
      messageGroupId: chat,
    });
    expect(response.statusCode).toBe(201);
    expectNoPassword(response.body);
    expect(response.json()).toMatchObject({
      username,
      role: 'editor',
      status: 'active',
      timezone: 'Europe/Istanbul',
      name: 'Ayşe',
      surname: 'Yılmaz',
      email: 'ayse@example.com',
      phone: '+90 (555) 010-20-30',
      address: null,
      groupIds: [band, choir],
      messageGroup: { id: chat, name: 'Parents chat' },
    });
    // The password is stored (hashed): the new user signs in with it.
    expect((await login(username.toUpperCase(), 'a-good-password')).statusCode).toBe(200);
  });

  it('takes London as the timezone and inactive as the status when asked', async () => {
    const user = await createViaApi({ timezone: 'Europe/London', status: 'inactive' });
    expect(user).toMatchObject({ timezone: 'Europe/London', status: 'inactive', groups: [], messageGroup: null });
  });

  it.each([
    ['an empty timezone', { timezone: '  ' }, 'Timezone is required'],
    ['a null timezone', { timezone: null }, 'Timezone is required'],
    ['no timezone (the API has no default, docs/product.md §5)', { timezone: undefined }, 'Timezone is required'],
    ['an unknown timezone', { timezone: 'America/New_York' }, 'Timezone must be one of Europe/Istanbul, Europe/London'],
    ['a missing password', { password: undefined }, 'Password is required'],
    ['an empty password', { password: '' }, 'Password is required'],
    ['a short password', { password: 'short' }, 'Password must be at least 8 characters'],
    ['a huge password', { password: 'p'.repeat(201) }, 'Password must be at most 200 characters'],
    ['an unknown role', { role: 'owner' }, 'Role must be one of admin, editor, guest'],
    ['a missing role', { role: undefined }, 'Role must be one of admin, editor, guest'],
    ['an unknown status', { status: 'banned' }, 'Status must be one of active, inactive'],
    ['a bad email', { email: 'not-an-email' }, 'Email must be a valid email address'],
    ['a phone with letters', { phone: '555-CALL-NOW' }, 'Phone must be a valid phone number'],
    ['a phone with too few digits', { phone: '12 34' }, 'Phone must be a valid phone number'],
    ['a name that is not text', { name: 42 }, 'Name must be text'],
    ['an address of 501 characters', { address: 'a'.repeat(501) }, 'Address must be at most 500 characters'],
    ['group ids that are not a list', { groupIds: 'choir' }, 'Groups must be a list of group ids'],
    ['a negative group id', { groupIds: [-1] }, 'Groups must be a list of group ids'],
    ['a huge group id', { groupIds: [2 ** 40] }, 'Groups must be a list of group ids'],
    ['a message group id as text', { messageGroupId: '1' }, 'Message group must be a message group id or null'],
    ['a zero message group id', { messageGroupId: 0 }, 'Message group must be a message group id or null'],
  ])('rejects %s with 400 and its message', async (_, fields, message) => {
    const username = unique('bad');
    const response = await call('POST', '/api/users', tokens.admin, {
      username,
      password: 'a-good-password',
      role: 'guest',
      timezone: 'Europe/Istanbul',
      ...fields,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message });
    expect((await list(`q=${username}`)).body.totalCount).toBe(0);
  });

  it("answers a username taken in another case with 409 'Username is already taken'", async () => {
    const user = await createViaApi();
    for (const username of [user.username.toUpperCase(), ` ${user.username} `, 'ADMIN']) {
      const response = await call('POST', '/api/users', tokens.admin, {
        username,
        password: 'a-good-password',
        role: 'guest',
        timezone: 'Europe/London',
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ message: 'Username is already taken' });
    }
  });

  it('answers an unknown group with 400 naming it, and creates nothing', async () => {
    const username = unique('nogroup');
    const response = await call('POST', '/api/users', tokens.admin, {
      username,
      password: 'a-good-password',
      role: 'guest',
      timezone: 'Europe/Istanbul',
      groupIds: [choir, 999999],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Group 999999 does not exist' });
    // The user row went with the failed membership: the username is still free.
    expect((await list(`q=${username}`)).body.totalCount).toBe(0);
    await createViaApi({ username });
  });

  it('answers an unknown message group with 400 naming it', async () => {
    const response = await call('POST', '/api/users', tokens.admin, {
      username: unique('nochat'),
      password: 'a-good-password',
      role: 'guest',
      timezone: 'Europe/Istanbul',
      messageGroupId: 888888,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Message group 888888 does not exist' });
  });
});

describe('PATCH /api/users/:id', () => {
  const patch = (id: number, payload: unknown, headers = tokens.admin) =>
    call('PATCH', `/api/users/${id}`, headers, payload);

  it('changes the given fields, trims them, and leaves the others as they were', async () => {
    const user = await createViaApi({ name: 'Before', phone: '+90 555 000 00 00', groupIds: [choir] });
    const response = await patch(user.id, { surname: '  After ', email: '', timezone: 'Europe/London' });
    expect(response.statusCode).toBe(200);
    expectNoPassword(response.body);
    expect(response.json()).toEqual({
      ...user,
      surname: 'After',
      email: null,
      timezone: 'Europe/London',
    });
  });

  it('replaces the whole group set when groupIds is given, and clears the message group with null', async () => {
    const user = await createViaApi({ groupIds: [choir], messageGroupId: chat });
    const swapped = await patch(user.id, { groupIds: [band] });
    expect(swapped.json()).toMatchObject({ groupIds: [band], messageGroup: { id: chat } });
    const cleared = await patch(user.id, { groupIds: [], messageGroupId: null });
    expect(cleared.json()).toMatchObject({ groups: [], groupIds: [], messageGroup: null, messageGroupId: null });
    const rows = await ctx.database.db.select().from(userGroups).where(eq(userGroups.userId, user.id));
    expect(rows).toEqual([]);
  });

  it('answers an unknown group with 400 and changes nothing else in that request', async () => {
    const user = await createViaApi({ name: 'Unchanged', groupIds: [choir] });
    const response = await patch(user.id, { name: 'Changed', groupIds: [band, 777777] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Group 777777 does not exist' });
    expect((await call('GET', `/api/users/${user.id}`)).json()).toEqual(user);
  });

  it("answers someone else's username (in any case) with 409, but lets a user change the case of their own", async () => {
    const user = await createViaApi({ username: unique('casey') });
    const taken = await patch(user.id, { username: 'EDITOR' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ message: 'Username is already taken' });
    const recased = await patch(user.id, { username: user.username.toUpperCase() });
    expect(recased.statusCode).toBe(200);
    expect(recased.json()).toMatchObject({ username: user.username.toUpperCase() });
  });

  it('keeps the password when it is empty', async () => {
    const user = await createViaApi({ password: 'kept-password' });
    expect((await patch(user.id, { password: '', name: 'Renamed' })).statusCode).toBe(200);
    expect((await login(user.username, 'kept-password')).statusCode).toBe(200);
  });

  it("changes the password and ends the user's sessions: refresh and access tokens refused", async () => {
    const user = await createViaApi({ password: 'old-password-1' });
    const session = await signIn(ctx.app, user.username, 'old-password-1');
    expect((await call('GET', `/api/users/${user.id}`, bearer(session.accessToken))).statusCode).toBe(200);
    expect((await patch(user.id, { password: 'new-password-2' })).statusCode).toBe(200);
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
    expect((await call('GET', `/api/users/${user.id}`, bearer(session.accessToken))).statusCode).toBe(401);
    expect((await login(user.username, 'old-password-1')).statusCode).toBe(401);
    expect((await login(user.username, 'new-password-2')).statusCode).toBe(200);
  });

  it('deactivates a user: their refresh tokens stop working and they cannot sign in until reactivated', async () => {
    const user = await createViaApi({ password: 'active-password' });
    const session = await signIn(ctx.app, user.username, 'active-password');
    const response = await patch(user.id, { status: 'inactive' });
    expect(response.json()).toMatchObject({ status: 'inactive' });
    const tokensLeft = await ctx.database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(tokensLeft.every((token) => token.revokedAt !== null)).toBe(true);
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
    expect((await call('GET', `/api/users/${user.id}`, bearer(session.accessToken))).statusCode).toBe(401);
    const refused = await login(user.username, 'active-password');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ message: 'Invalid username or password' });

    await patch(user.id, { status: 'active' });
    expect((await login(user.username, 'active-password')).statusCode).toBe(200);
  });

  it('refuses an admin their own new password here (400): My profile asks for the current one', async () => {
    const response = await patch(ids.admin, { password: 'token-alone-password', name: 'Admin' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'users.ownPasswordInProfile' });
    expect((await call('GET', `/api/users/${ids.admin}`)).statusCode).toBe(200);
  });

  it('refuses an admin deactivating or demoting themselves with 409', async () => {
    const deactivate = await patch(ids.admin, { status: 'inactive' });
    expect(deactivate.statusCode).toBe(409);
    expect(deactivate.json()).toMatchObject({ message: 'You cannot deactivate your own account' });
    const demote = await patch(ids.admin, { role: 'editor' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toMatchObject({ message: 'You cannot remove your own admin role' });
    // Anything else about themselves is fine.
    expect((await patch(ids.admin, { role: 'admin', status: 'active', surname: 'Self' })).statusCode).toBe(200);
  });
});

describe('DELETE /api/users/:id', () => {
  it('deletes a user with their memberships and refresh tokens', async () => {
    const user = await createViaApi({ password: 'doomed-password', groupIds: [choir] });
    await signIn(ctx.app, user.username, 'doomed-password');
    const response = await call('DELETE', `/api/users/${user.id}`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await call('GET', `/api/users/${user.id}`)).statusCode).toBe(404);
    const db = ctx.database.db;
    expect(await db.select().from(userGroups).where(eq(userGroups.userId, user.id))).toEqual([]);
    expect(await db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id))).toEqual([]);
  });

  it('refuses an admin deleting themselves with 409', async () => {
    const response = await call('DELETE', `/api/users/${ids.admin}`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: 'You cannot delete your own account' });
  });

  it('refuses a user that a lookup refers to with 409 and says to deactivate instead', async () => {
    const user = await createViaApi();
    await ctx.database.db
      .insert(lookups)
      .values({ key: 'coach', value: 'c1', label: 'Coach', lookupableType: 'users', lookupableId: user.id });
    const response = await call('DELETE', `/api/users/${user.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      message: 'User is used by events, forms or lookups and cannot be deleted; deactivate them instead',
    });
    expect((await call('GET', `/api/users/${user.id}`)).statusCode).toBe(200);
  });
});

describe('the access token groupIds claim', () => {
  it("carries the user's groups on sign-in, and the new set after a change on refresh", async () => {
    const user = await createViaApi({ password: 'member-password', groupIds: [choir, band] });
    const session = await signIn(ctx.app, user.username, 'member-password');
    expect(claimsOf(session.accessToken).groupIds).toEqual([choir, band].sort((a, b) => a - b));

    await call('PATCH', `/api/users/${user.id}`, tokens.admin, { groupIds: [band] });
    const refreshed = await refresh(session.refreshToken);
    expect(refreshed.statusCode).toBe(200);
    expect(claimsOf(refreshed.json<TokenResponse>().accessToken).groupIds).toEqual([band]);
  });

  it('is empty for a user in no group', async () => {
    const user = await createViaApi({ password: 'loner-password' });
    expect(claimsOf((await signIn(ctx.app, user.username, 'loner-password')).accessToken).groupIds).toEqual([]);
  });
});

describe('the last active admin', () => {
  // A database of its own: here the admins are the only ones there are.
  const own = useTestApp();
  let root: { id: number; headers: Headers };
  let second: { id: number; headers: Headers };
  const inOwn = (method: Method, url: string, headers: Headers, payload?: unknown) =>
    own.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  // Read from the database: whichever admin lost, their session ended with it.
  const activeAdmins = async () =>
    (
      await own.database.db
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.role, 'admin'), eq(users.status, 'active')))
    )[0]!.n;

  beforeAll(async () => {
    root = await createPerson(own, { username: 'root', role: 'admin' });
    second = await createPerson(own, { username: 'second', role: 'admin' });
  });
  /** Both admins signed in again (a deactivation ends every session of the account). */
  const signInBoth = async () => {
    root.headers = await headersOf(own.app, 'root');
    second.headers = await headersOf(own.app, 'second');
  };

  it('cannot be deleted, deactivated or demoted by an admin whose own account was deactivated meanwhile', async () => {
    expect((await inOwn('PATCH', `/api/users/${second.id}`, root.headers, { status: 'inactive' })).statusCode).toBe(
      200,
    );
    // `second` still holds an access token from before: it is refused at the door, the
    // deactivation ended the session (and root is the only active admin).
    for (const [method, payload] of [
      ['DELETE', undefined],
      ['PATCH', { status: 'inactive' }],
      ['PATCH', { role: 'guest' }],
    ] as const) {
      const response = await inOwn(method, `/api/users/${root.id}`, second.headers, payload);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'common.sessionExpired' });
    }
    expect((await inOwn('GET', `/api/users/${root.id}`, root.headers)).json()).toMatchObject({
      role: 'admin',
      status: 'active',
    });
    // An inactive admin is not one of those that must remain.
    const spare = await createUser(own.database, { username: 'spare', role: 'admin', status: 'inactive' });
    expect((await inOwn('DELETE', `/api/users/${spare.id}`, root.headers)).statusCode).toBe(204);
  });

  it.each([
    ['deactivate', { status: 'inactive' }],
    ['demote', { role: 'editor' }],
  ])('lets only one of two admins who %s each other at once succeed', async (_, change) => {
    await inOwn('PATCH', `/api/users/${second.id}`, root.headers, { status: 'active', role: 'admin' });
    await signInBoth();
    expect(await activeAdmins()).toBe(2);
    const results = await Promise.all([
      inOwn('PATCH', `/api/users/${second.id}`, root.headers, change),
      inOwn('PATCH', `/api/users/${root.id}`, second.headers, change),
    ]);
    // The loser is refused under the admins' lock (409), or at the door when the winner's change
    // committed before its request was let in (401: the change ended its session).
    const [won, lost] = [...results].sort((a, b) => a.statusCode - b.statusCode);
    expect(won!.statusCode).toBe(200);
    expect(lost!.json()).toMatchObject(
      lost!.statusCode === 409
        ? { message: 'At least one active admin must remain' }
        : { code: 'common.sessionExpired' },
    );
    expect(await activeAdmins()).toBe(1);
    // Put both back for the next case.
    const survivor = results[0].statusCode === 200 ? root : second;
    const other = survivor === root ? second : root;
    await inOwn('PATCH', `/api/users/${other.id}`, survivor.headers, { status: 'active', role: 'admin' });
  });

  it('lets only one of two admins who delete each other at once succeed', async () => {
    await signInBoth();
    expect(await activeAdmins()).toBe(2);
    const results = await Promise.all([
      inOwn('DELETE', `/api/users/${second.id}`, root.headers),
      inOwn('DELETE', `/api/users/${root.id}`, second.headers),
    ]);
    // The loser is refused under the lock (409), or at the door once its account is gone (401).
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses[0]).toBe(204);
    expect([401, 409]).toContain(statuses[1]);
    expect(await activeAdmins()).toBe(1);
  });
});

describe('who may call the users routes', () => {
  const routes: [Method, () => string, () => unknown][] = [
    ['GET', () => '/api/users', () => undefined],
    ['POST', () => '/api/users', () => ({ username: unique('role'), password: 'a-good-password', role: 'guest' })],
    ['PATCH', () => `/api/users/${ids.guest}`, () => ({ address: 'Moda' })],
    ['DELETE', () => `/api/users/${ids.guest}`, () => undefined],
  ];

  it.each(routes)('%s %s: anonymous 401, guest and editor 403', async (method, url, payload) => {
    expect((await call(method, url(), {}, payload())).statusCode).toBe(401);
    for (const role of ['guest', 'editor'] as const) {
      const response = await call(method, url(), tokens[role], payload());
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ message: 'You do not have permission to do this' });
    }
  });

  it('GET /api/users/:id: anonymous 401, yourself 200, someone else 403 unless admin', async () => {
    expect((await call('GET', `/api/users/${ids.guest}`, {})).statusCode).toBe(401);
    for (const role of ['guest', 'editor'] as const) {
      expect((await call('GET', `/api/users/${ids[role]}`, tokens[role])).statusCode).toBe(200);
      expect((await call('GET', `/api/users/${ids.admin}`, tokens[role])).statusCode).toBe(403);
    }
    expect((await call('GET', `/api/users/${ids.guest}`, tokens.admin)).statusCode).toBe(200);
  });
});

describe('GET /api/users/:id', () => {
  it('lets a user read themselves, with their groups, without the password hash', async () => {
    await ctx.database.db.insert(userGroups).values({ userId: ids.guest, groupId: choir }).onConflictDoNothing();
    const response = await call('GET', `/api/users/${ids.guest}`, tokens.guest);
    expect(response.statusCode).toBe(200);
    expectNoPassword(response.body);
    expect(response.json()).toMatchObject({
      id: ids.guest,
      username: 'guest',
      role: 'guest',
      status: 'active',
      groups: [{ id: choir, name: 'Choir' }],
      groupIds: [choir],
      messageGroup: null,
    });
  });
});

describe('PATCH /api/users/:id/my-profile', () => {
  const patchProfile = (id: number, headers: Headers, payload: object) =>
    call('PATCH', `/api/users/${id}/my-profile`, headers, payload);

  it('updates the own profile for every role, trimming text and storing empty as null', async () => {
    for (const role of ['admin', 'editor', 'guest'] as const) {
      const response = await patchProfile(ids[role], tokens[role], {
        name: '  Ayşe ',
        surname: 'Yılmaz',
        email: ' ayse@example.com ',
        phone: '   ',
        address: '',
      });
      expect(response.statusCode).toBe(200);
      expectNoPassword(response.body);
      expect(response.json()).toMatchObject({
        role,
        name: 'Ayşe',
        surname: 'Yılmaz',
        email: 'ayse@example.com',
        phone: null,
        address: null,
      });
    }
  });

  it('leaves fields that are not sent unchanged', async () => {
    await patchProfile(ids.guest, tokens.guest, { name: 'Kept', phone: '+90 555 000 00 00' });
    const response = await patchProfile(ids.guest, tokens.guest, { surname: 'Only' });
    expect(response.json()).toMatchObject({ name: 'Kept', phone: '+90 555 000 00 00', surname: 'Only' });
  });

  it('changes the password with the current one: the new one signs in, the old one no longer does, every old session ends', async () => {
    await createUser(ctx.database, { username: 'mover', role: 'guest', password: 'old-password-1' });
    const session = await signIn(ctx.app, 'mover', 'old-password-1');
    const other = await signIn(ctx.app, 'mover', 'old-password-1');
    const me = Number(claimsOf(session.accessToken).sub);
    const response = await patchProfile(me, bearer(session.accessToken), {
      password: 'new-password-2',
      currentPassword: 'old-password-1',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    // Every refresh token and access token from before is refused, the caller's own included...
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
    expect((await refresh(other.refreshToken)).statusCode).toBe(401);
    for (const token of [session.accessToken, other.accessToken]) {
      const refused = await call('GET', `/api/users/${me}`, bearer(token));
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ code: 'common.sessionExpired' });
    }
    // ...and the caller goes on in a new session: an access token in the answer, a refresh cookie beside it.
    const { accessToken } = response.json<{ accessToken: string }>();
    expect((await call('GET', `/api/users/${me}`, bearer(accessToken))).statusCode).toBe(200);
    const cookie = response.cookies.find((c) => c.name === 'ritim_refresh')!;
    expect(cookie).toMatchObject({ httpOnly: true, path: '/api/auth' });
    expect((await refresh(cookie.value)).statusCode).toBe(200);
    await expect(signIn(ctx.app, 'mover', 'old-password-1')).rejects.toThrow(/401/);
    await expect(signIn(ctx.app, 'mover', 'new-password-2')).resolves.toHaveProperty('accessToken');
  });

  it('refuses a new password without the current one (400) or with a wrong one (400, recorded), changing nothing', async () => {
    await createUser(ctx.database, { username: 'careful', role: 'editor', password: 'careful-password' });
    const session = await signIn(ctx.app, 'careful', 'careful-password');
    const me = Number(claimsOf(session.accessToken).sub);
    const own = bearer(session.accessToken);
    const missing = await patchProfile(me, own, { password: 'stolen-token-password' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      code: 'users.currentPasswordRequired',
      message: 'Current password is required to set a new one',
    });
    const empty = await patchProfile(me, own, { password: 'stolen-token-password', currentPassword: '' });
    expect(empty.json()).toMatchObject({ code: 'users.currentPasswordRequired' });
    const wrong = await patchProfile(me, own, {
      name: 'Not saved either',
      password: 'stolen-token-password',
      currentPassword: 'a guess',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 'users.currentPasswordWrong', message: 'Current password is not correct' });
    // Nothing changed: the session is on, the password and the name as they were.
    expect((await refresh(session.refreshToken)).statusCode).toBe(200);
    expect((await login('careful', 'careful-password')).statusCode).toBe(200);
    expect((await call('GET', `/api/users/${me}`, own)).json()).toMatchObject({ name: 'careful' });
    // The wrong one is in the audit log as such, by the token's holder, without the password.
    const audit = await call('GET', `/api/audit-logs?action=passwordChangeFailed&entityId=${me}`);
    expect(audit.json<{ auditLogs: unknown[] }>().auditLogs).toEqual([
      expect.objectContaining({
        action: 'passwordChangeFailed',
        entityType: 'auth',
        entityId: me,
        entityName: 'careful',
        actor: { id: me, username: 'careful' },
        changes: null,
      }),
    ]);
    expect(audit.body).not.toContain('a guess');
  });

  it('takes the current password alone as no change of the password', async () => {
    await createUser(ctx.database, { username: 'idle', role: 'guest', password: 'idle-password' });
    const session = await signIn(ctx.app, 'idle', 'idle-password');
    const me = Number(claimsOf(session.accessToken).sub);
    const response = await patchProfile(me, bearer(session.accessToken), { currentPassword: 'anything at all' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).not.toHaveProperty('accessToken');
    expect((await call('GET', `/api/users/${me}`, bearer(session.accessToken))).statusCode).toBe(200);
  });

  it('keeps the password (and the sessions) when the field is empty', async () => {
    await createUser(ctx.database, { username: 'keeper', role: 'guest', password: 'keeper-password' });
    const session = await signIn(ctx.app, 'keeper', 'keeper-password');
    const me = Number(claimsOf(session.accessToken).sub);
    expect((await patchProfile(me, bearer(session.accessToken), { password: '' })).statusCode).toBe(200);
    expect((await refresh(session.refreshToken)).statusCode).toBe(200);
    await expect(signIn(ctx.app, 'keeper', 'keeper-password')).resolves.toHaveProperty('accessToken');
  });

  it.each([
    [{ role: 'admin' }, 'role cannot be changed through My profile'],
    [{ username: 'renamed' }, 'username cannot be changed through My profile'],
    [{ status: 'inactive' }, 'status cannot be changed through My profile'],
    [{ groupIds: [1] }, 'groupIds cannot be changed through My profile'],
    [{ messageGroupId: 1 }, 'messageGroupId cannot be changed through My profile'],
    [{ name: 'Sneaky', timezone: 'Europe/London' }, 'timezone cannot be changed through My profile'],
  ])(
    'refuses %o with 400 and changes nothing (role, username, status... are not profile fields)',
    async (payload, message) => {
      const before = (await call('GET', `/api/users/${ids.guest}`, tokens.guest)).json<object>();
      const response = await patchProfile(ids.guest, tokens.guest, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message });
      expect((await call('GET', `/api/users/${ids.guest}`, tokens.guest)).json()).toEqual(before);
    },
  );

  it.each([
    [{ email: 'not-an-email' }, 'Email must be a valid email address'],
    [{ phone: 'call me' }, 'Phone must be a valid phone number'],
    [{ password: 'short' }, 'Password must be at least 8 characters'],
    [{ name: 42 }, 'Name must be text'],
    [{ address: 'x'.repeat(501) }, 'Address must be at most 500 characters'],
  ])('rejects %o with its message and changes nothing', async (payload, message) => {
    const before = (await call('GET', `/api/users/${ids.guest}`, tokens.guest)).json<object>();
    const response = await patchProfile(ids.guest, tokens.guest, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message });
    expect((await call('GET', `/api/users/${ids.guest}`, tokens.guest)).json()).toEqual(before);
  });

  it("refuses to change someone else's profile, even for an admin", async () => {
    for (const [id, headers] of [
      [ids.admin, tokens.guest],
      [ids.editor, tokens.admin],
    ] as const) {
      const response = await patchProfile(id, headers, { name: 'Intruder' });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ message: 'You can only change your own profile' });
    }
  });

  it('refuses an anonymous caller with 401', async () => {
    expect((await patchProfile(ids.guest, {}, { name: 'x' })).statusCode).toBe(401);
  });
});

describe('a user’s language', () => {
  it('is English unless given, is stored as given, and changes through My Profile', async () => {
    const plain = await call('POST', '/api/users', tokens.admin, {
      username: unique('lang'),
      password: 'a-good-password',
      timezone: 'Europe/Istanbul',
      role: 'guest',
    });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json()).toMatchObject({ language: 'en' });

    const username = unique('dil');
    const created = await call('POST', '/api/users', tokens.admin, {
      username,
      password: 'a-good-password',
      timezone: 'Europe/Istanbul',
      role: 'editor',
      language: 'tr',
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<User>();
    expect((await call('GET', `/api/users/${id}`)).json()).toMatchObject({ language: 'tr' });
    // The access token names it: the web starts in it at sign-in.
    const { accessToken } = await signIn(ctx.app, username, 'a-good-password');
    expect(JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString())).toMatchObject({
      language: 'tr',
    });

    const own = bearer(accessToken);
    const changed = await call('PATCH', `/api/users/${id}/my-profile`, own, { language: 'en' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ language: 'en' });
    expect((await call('PATCH', `/api/users/${id}`, tokens.admin, { language: 'tr' })).json()).toMatchObject({
      language: 'tr',
    });
  });

  it('refuses a language other than en and tr with 400, its code and its text', async () => {
    for (const language of ['de', 'TR', '', null, 1]) {
      const response = await call('POST', '/api/users', tokens.admin, {
        username: unique('bad-lang'),
        password: 'a-good-password',
        timezone: 'Europe/Istanbul',
        role: 'guest',
        language,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Language must be one of en, tr', code: 'users.languageInvalid' });
    }
  });
});

describe('error codes', () => {
  it('answers a text built from values with its code and values beside the message', async () => {
    const response = await call('POST', '/api/users', tokens.admin, {
      username: unique('coded'),
      password: 'a-good-password',
      timezone: 'Europe/Istanbul',
      role: 'guest',
      messageGroupId: 2_000_000,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Message group 2000000 does not exist',
      code: 'users.messageGroupNotFound',
      values: { id: 2_000_000 },
    });
  });

  it('answers a fixed text, a validation text and a generic zod text with their codes', async () => {
    const taken = await call('POST', '/api/users', tokens.admin, {
      username: 'admin',
      password: 'a-good-password',
      timezone: 'Europe/Istanbul',
      role: 'guest',
    });
    expect(taken.json()).toEqual({ message: 'Username is already taken', code: 'users.usernameTaken' });
    const notFound = await call('GET', '/api/users/2000000');
    expect(notFound.json()).toEqual({ message: 'User not found', code: 'common.notFound', values: { item: 'User' } });
    const badQuery = await call('GET', '/api/users?limit=abc');
    expect(badQuery.statusCode).toBe(400);
    expect(badQuery.json()).toMatchObject({ code: expect.stringMatching(/^common\./) as unknown });
  });
});
