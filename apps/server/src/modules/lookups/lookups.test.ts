import type { CodedText, Lookup, LookupList } from '@ritim/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { forms, groups, locations, lookups, messageGroups, users } from '../../platform/db/schema.js';
import { messageOf as message } from '../../test/harness.js';
import { insertRow } from '../../test/seed.js';
import { useTestApp } from '../../test/use-test-app.js';

const ctx = useTestApp({ people: true });
const { admin, editor, guest } = ctx.headers;

/** Records of every lookupable type, inserted directly (their sections have their own tests). */
const records = {} as {
  namedUser: number;
  bareUser: number;
  group: number;
  otherGroup: number;
  location: number;
  form: number;
  messageGroup: number;
};

beforeAll(async () => {
  Object.assign(records, {
    namedUser: (
      await insertRow(ctx.database, users, {
        username: 'ayse',
        passwordHash: 'x',
        role: 'guest',
        name: 'Ayşe',
        surname: 'Yılmaz',
      })
    ).id,
    bareUser: (
      await insertRow(ctx.database, users, {
        username: 'nameless',
        passwordHash: 'x',
        role: 'guest',
        name: '  ',
        surname: null,
      })
    ).id,
    group: (await insertRow(ctx.database, groups, { name: 'Choir' })).id,
    otherGroup: (await insertRow(ctx.database, groups, { name: 'Orchestra' })).id,
    location: (await insertRow(ctx.database, locations, { name: 'Moda Hall' })).id,
    form: (await insertRow(ctx.database, forms, { title: 'Intake form' })).id,
    messageGroup: (await insertRow(ctx.database, messageGroups, { name: 'Parents chat' })).id,
  });
});

const post = (payload: unknown, headers = admin) =>
  ctx.app.inject({ method: 'POST', url: '/api/lookups', headers, payload: payload as object });
const patch = (id: number, payload: unknown, headers = admin) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/lookups/${id}`, headers, payload: payload as object });
const remove = (id: number, headers = admin) =>
  ctx.app.inject({
    method: 'DELETE',
    url: `/api/lookups/${id}`,
    headers: { ...headers, 'content-type': 'application/json' },
  });
/** Lists as the given caller (admin by default, `null` for an anonymous call). */
const list = async (query: string, caller: Record<string, string> | null = admin) => {
  const headers = caller ?? undefined;
  const response = await ctx.app.inject({ method: 'GET', url: `/api/lookups?${query}`, headers });
  return { status: response.statusCode, body: response.json<LookupList & Partial<CodedText>>() };
};

let counter = 0;
/** Creates a lookup through the API; key, value and label default to unique texts. */
const create = async (fields: Record<string, unknown> = {}) => {
  counter += 1;
  const response = await post({ key: `key-${counter}`, value: `v${counter}`, label: `Label ${counter}`, ...fields });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Lookup>();
};

describe('POST /api/lookups', () => {
  it('creates a lookup with trimmed texts and no lookupable record', async () => {
    const response = await post({ key: '  city ', value: ' ist ', label: '  İstanbul  ' });
    expect(response.statusCode).toBe(201);
    const lookup = response.json<Lookup>();
    expect(lookup).toEqual({
      id: lookup.id,
      key: 'city',
      value: 'ist',
      label: 'İstanbul',
      parentId: null,
      lookupableType: null,
      lookupableId: null,
      lookupableDisplay: null,
    });
    const [row] = await ctx.database.db.select().from(lookups).where(eq(lookups.id, lookup.id));
    expect(row!.createdBy).toBe(ctx.people.admin.id);
  });

  it("stores a lookupable type of 'none' as null", async () => {
    const lookup = await create({ lookupableType: 'none', lookupableId: null });
    expect(lookup).toMatchObject({ lookupableType: null, lookupableId: null });
  });

  it.each([
    ['key', 'Key is required'],
    ['label', 'Label is required'],
  ])("rejects a blank, missing or non-text %s with '%s'", async (field, text) => {
    for (const bad of ['   ', undefined, 12]) {
      const payload: Record<string, unknown> = { key: 'k', value: 'v', label: 'l', [field]: bad };
      if (bad === undefined) delete payload[field];
      const response = await post(payload);
      expect(response.statusCode).toBe(400);
      expect(message(response)).toBe(text);
    }
  });

  it('rejects a key or label that is too long', async () => {
    expect(message(await post({ key: 'k'.repeat(101), value: 'v', label: 'l' }))).toBe(
      'Key must be at most 100 characters',
    );
    expect(message(await post({ key: 'k', value: 'v', label: 'l'.repeat(501) }))).toBe(
      'Label must be at most 500 characters',
    );
  });

  it('rejects a NUL character with 400', async () => {
    const response = await post({ key: 'a\u0000b', value: 'v', label: 'l' });
    expect(response.statusCode).toBe(400);
  });

  it('rejects an unknown lookupable type', async () => {
    const response = await post({ key: 'k', value: 'v', label: 'l', lookupableType: 'planets', lookupableId: 1 });
    expect(response.statusCode).toBe(400);
    expect(message(response)).toBe(
      'Lookupable type must be one of users, groups, locations, events, forms, message-groups or none',
    );
  });

  it('requires a record for a type and a type for a record', async () => {
    const noId = await post({ key: 'k', value: 'v', label: 'l', lookupableType: 'groups' });
    expect(noId.statusCode).toBe(400);
    expect(message(noId)).toBe('Lookupable record is required for this lookupable type');
    const noType = await post({ key: 'k', value: 'v', label: 'l', lookupableId: records.group });
    expect(noType.statusCode).toBe(400);
    expect(message(noType)).toBe('Lookupable type is required for a lookupable record');
  });

  it.each([[0], [-3], [1.5], ['7'], [2_147_483_648]])('rejects the lookupable id %j with 400', async (id) => {
    const response = await post({ key: 'k', value: 'v', label: 'l', lookupableType: 'groups', lookupableId: id });
    expect(response.statusCode).toBe(400);
    expect(message(response)).toBe('Lookupable record must be a positive whole number');
  });

  it.each([
    ['users', 'User'],
    ['groups', 'Group'],
    ['locations', 'Location'],
    ['forms', 'Form'],
    ['message-groups', 'Message group'],
  ])("refuses a %s record that does not exist with 400 '%s 999999 does not exist'", async (type, item) => {
    const before = (await list('limit=1000')).body.totalCount;
    const response = await post({ key: 'k', value: 'v', label: 'l', lookupableType: type, lookupableId: 999_999 });
    expect(response.statusCode).toBe(400);
    expect(message(response)).toBe(`${item} 999999 does not exist`);
    expect((await list('limit=1000')).body.totalCount).toBe(before);
  });

  it("refuses an event that does not exist with 400 'Event 1 does not exist'", async () => {
    const response = await post({ key: 'k', value: 'v', label: 'l', lookupableType: 'events', lookupableId: 1 });
    expect(response.statusCode).toBe(400);
    expect(message(response)).toBe('Event 1 does not exist');
  });

  it('names the record of every type in lookupableDisplay', async () => {
    const cases = [
      ['users', records.namedUser, 'Ayşe Yılmaz'],
      ['users', records.bareUser, 'nameless'],
      ['groups', records.group, 'Choir'],
      ['locations', records.location, 'Moda Hall'],
      ['forms', records.form, 'Intake form'],
      ['forms', 1, 'Session notes'],
      ['message-groups', records.messageGroup, 'Parents chat'],
    ] as const;
    const created: Lookup[] = [];
    for (const [type, id, display] of cases) {
      const lookup = await create({ key: 'display-test', lookupableType: type, lookupableId: id });
      expect(lookup).toMatchObject({ lookupableType: type, lookupableId: id, lookupableDisplay: display });
      created.push(lookup);
    }
    // The list names them too, in the same page query.
    const { body } = await list('q=display-test&limit=100');
    expect(body.lookups.map((l) => l.lookupableDisplay)).toEqual(cases.map(([, , display]) => display));
  });

  it('creates a child of an existing parent and refuses a parent that does not exist', async () => {
    const parent = await create();
    const child = await create({ parentId: parent.id });
    expect(child.parentId).toBe(parent.id);
    const response = await post({ key: 'k', value: 'v', label: 'l', parentId: 999_999 });
    expect(response.statusCode).toBe(400);
    expect(message(response)).toBe('Parent lookup 999999 does not exist');
    expect(message(await post({ key: 'k', value: 'v', label: 'l', parentId: -1 }))).toBe(
      'Parent must be a positive whole number',
    );
  });
});

describe('GET /api/lookups/:id', () => {
  it('returns one lookup with its record name', async () => {
    const lookup = await create({ lookupableType: 'locations', lookupableId: records.location });
    const response = await ctx.app.inject({ method: 'GET', url: `/api/lookups/${lookup.id}`, headers: admin });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...lookup, lookupableDisplay: 'Moda Hall' });
  });
});

describe('PATCH /api/lookups/:id', () => {
  it('changes the texts (trimmed), the record and the parent', async () => {
    const parent = await create();
    const lookup = await create();
    const response = await patch(lookup.id, {
      key: ' renamed ',
      value: ' new ',
      label: ' New label ',
      lookupableType: 'groups',
      lookupableId: records.otherGroup,
      parentId: parent.id,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: lookup.id,
      key: 'renamed',
      value: 'new',
      label: 'New label',
      parentId: parent.id,
      lookupableType: 'groups',
      lookupableId: records.otherGroup,
      lookupableDisplay: 'Orchestra',
    });
  });

  it("clears the record with a type of 'none' and the parent with null", async () => {
    const parent = await create();
    const lookup = await create({ lookupableType: 'groups', lookupableId: records.group, parentId: parent.id });
    const response = await patch(lookup.id, { lookupableType: 'none', parentId: null });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      lookupableType: null,
      lookupableId: null,
      lookupableDisplay: null,
      parentId: null,
    });
  });

  it("rejects a blank key with 'Key is required' and keeps the old one", async () => {
    const lookup = await create();
    const response = await patch(lookup.id, { key: '  ' });
    expect(response.statusCode).toBe(400);
    expect(message(response)).toBe('Key is required');
    const reread = await ctx.app.inject({ method: 'GET', url: `/api/lookups/${lookup.id}`, headers: admin });
    expect(reread.json<Lookup>().key).toBe(lookup.key);
  });

  it('changes the type and the record only together', async () => {
    const lookup = await create({ lookupableType: 'groups', lookupableId: records.group });
    const typeOnly = await patch(lookup.id, { lookupableType: 'locations' });
    expect(typeOnly.statusCode).toBe(400);
    expect(message(typeOnly)).toBe('lookupableType and lookupableId must be changed together');
    const idOnly = await patch(lookup.id, { lookupableId: records.otherGroup });
    expect(message(idOnly)).toBe('lookupableType and lookupableId must be changed together');
    const typeWithoutRecord = await patch(lookup.id, { lookupableType: 'locations', lookupableId: null });
    expect(message(typeWithoutRecord)).toBe('Lookupable record is required for this lookupable type');
  });

  it('refuses a record or an event that does not exist with 400', async () => {
    const lookup = await create();
    const group = await patch(lookup.id, { lookupableType: 'groups', lookupableId: 424_242 });
    expect(group.statusCode).toBe(400);
    expect(message(group)).toBe('Group 424242 does not exist');
    const event = await patch(lookup.id, { lookupableType: 'events', lookupableId: 3 });
    expect(event.statusCode).toBe(400);
    expect(message(event)).toBe('Event 3 does not exist');
  });

  it('refuses a parent that does not exist', async () => {
    const lookup = await create();
    const response = await patch(lookup.id, { parentId: 999_999 });
    expect(response.statusCode).toBe(400);
    expect(message(response)).toBe('Parent lookup 999999 does not exist');
  });

  it('refuses to make a lookup its own parent or ancestor', async () => {
    const a = await create();
    const b = await create({ parentId: a.id });
    const c = await create({ parentId: b.id });
    const self = await patch(a.id, { parentId: a.id });
    expect(self.statusCode).toBe(400);
    expect(message(self)).toBe('A lookup cannot be its own parent');
    const grandchild = await patch(a.id, { parentId: c.id });
    expect(grandchild.statusCode).toBe(400);
    expect(message(grandchild)).toBe(`Lookup ${c.id} is this lookup's descendant and cannot be its parent`);
    const child = await patch(a.id, { parentId: b.id });
    expect(child.statusCode).toBe(400);
    // Moving a subtree under an unrelated lookup is fine.
    const other = await create();
    expect((await patch(b.id, { parentId: other.id })).statusCode).toBe(200);
    expect((await patch(a.id, { parentId: c.id })).statusCode).toBe(200);
  });

  it('lets only one of two racing updates close a cycle', async () => {
    const pairs = await Promise.all(Array.from({ length: 25 }, async () => [await create(), await create()] as const));
    const results = await Promise.all(
      pairs.map(([a, b]) => Promise.all([patch(a.id, { parentId: b.id }), patch(b.id, { parentId: a.id })])),
    );
    for (const [first, second] of results) {
      expect([first.statusCode, second.statusCode].sort()).toEqual([200, 400]);
    }
  });
});

describe('DELETE /api/lookups/:id', () => {
  it("refuses a parent with 409 'Lookup has child lookups and cannot be deleted', then deletes it once childless", async () => {
    const parent = await create();
    const child = await create({ parentId: parent.id });
    const refused = await remove(parent.id);
    expect(refused.statusCode).toBe(409);
    expect(message(refused)).toBe('Lookup has child lookups and cannot be deleted');
    expect((await ctx.app.inject({ method: 'GET', url: `/api/lookups/${parent.id}`, headers: admin })).statusCode).toBe(
      200,
    );
    expect((await remove(child.id)).statusCode).toBe(204);
    expect((await remove(parent.id)).statusCode).toBe(204);
  });
});

describe('records a lookup points at', () => {
  it('cannot be deleted: DELETE /api/locations/:id answers 409', async () => {
    const location = await insertRow(ctx.database, locations, { name: 'Referenced Room' });
    await create({ lookupableType: 'locations', lookupableId: location.id });
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/locations/${location.id}`,
      headers: admin,
    });
    expect(response.statusCode).toBe(409);
    const [still] = await ctx.database.db.select().from(locations).where(eq(locations.id, location.id));
    expect(still).toBeDefined();
  });

  it('cannot be deleted whatever their type: the database refuses it', async () => {
    const { db } = ctx.database;
    const [user] = await db.insert(users).values({ username: 'pinned', passwordHash: 'x', role: 'guest' }).returning();
    const [group] = await db.insert(groups).values({ name: 'Pinned group' }).returning();
    const [form] = await db.insert(forms).values({ title: 'Pinned form' }).returning();
    const [chat] = await db.insert(messageGroups).values({ name: 'Pinned chat' }).returning();
    await create({ lookupableType: 'users', lookupableId: user!.id });
    await create({ lookupableType: 'groups', lookupableId: group!.id });
    await create({ lookupableType: 'forms', lookupableId: form!.id });
    await create({ lookupableType: 'message-groups', lookupableId: chat!.id });
    await expect(db.delete(users).where(eq(users.id, user!.id))).rejects.toThrow();
    await expect(db.delete(groups).where(eq(groups.id, group!.id))).rejects.toThrow();
    await expect(db.delete(forms).where(eq(forms.id, form!.id))).rejects.toThrow();
    await expect(db.delete(messageGroups).where(eq(messageGroups.id, chat!.id))).rejects.toThrow();
  });
});

describe('GET /api/lookups (list)', () => {
  let sortKeys: Lookup[];

  beforeAll(async () => {
    sortKeys = [
      await create({ key: 'zz-sort', value: 'b-sort', label: 'Sorted one' }),
      await create({ key: 'aa-sort', value: 'c-sort', label: 'Sorted two' }),
      await create({ key: 'mm-sort', value: 'a-sort', label: 'Sorted three' }),
    ];
  });

  it('sorts by key, and refuses a sort by label with 400 "Unknown sort \'label\'"', async () => {
    const ids = sortKeys.map((l) => l.id);
    const order = async (sort: string) =>
      (await list(`q=-sort&limit=100${sort}`)).body.lookups.map((l) => l.id).filter((id) => ids.includes(id));
    expect(await order('&sort=key')).toEqual([ids[1], ids[2], ids[0]]);
    const unknown = await list('sort=label');
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe("Unknown sort 'label'");
  });

  it('searches key and label with q too, ignoring case and Turkish letters', async () => {
    const lookup = await create({ key: 'qsearch-key', value: 'qsearch-value', label: 'Şişli İlçesi' });
    for (const q of ['QSEARCH-KEY', 'sisli ilcesi']) {
      const { body } = await list(`q=${encodeURIComponent(q)}`);
      expect(body.lookups.map((l) => l.id)).toEqual([lookup.id]);
    }
  });

  it('refuses the listbox query (keys=) to guests (403) and to anonymous callers (401)', async () => {
    expect((await list('keys=a', guest)).status).toBe(403);
    expect((await list('keys=a', null)).status).toBe(401);
  });
});

describe('GET /api/lookups (listbox query)', () => {
  let choir: Lookup[];
  let orchestra: Lookup;

  beforeAll(async () => {
    choir = [
      await create({
        key: 'instrument',
        value: 'sop',
        label: 'Soprano',
        lookupableType: 'groups',
        lookupableId: records.group,
      }),
      await create({
        key: 'level',
        value: '1',
        label: 'Beginner',
        lookupableType: 'groups',
        lookupableId: records.group,
      }),
    ];
    orchestra = await create({
      key: 'instrument',
      value: 'vln',
      label: 'Violin',
      lookupableType: 'groups',
      lookupableId: records.otherGroup,
    });
    // Same key, other owners: never in a groups answer.
    await create({ key: 'instrument', value: 'x', label: 'Unowned' });
    await create({
      key: 'instrument',
      value: 'y',
      label: 'A location',
      lookupableType: 'locations',
      lookupableId: records.location,
    });
    await create({
      key: 'other-key',
      value: 'z',
      label: 'Other key',
      lookupableType: 'groups',
      lookupableId: records.group,
    });
  });

  const ids = (body: LookupList) => body.lookups.map((l) => l.id).sort((a, b) => a - b);

  it('answers the lookups of those keys that belong to those records, for admins and editors', async () => {
    const expected = [...choir, orchestra].map((l) => l.id).sort((a, b) => a - b);
    for (const headers of [admin, editor]) {
      for (const type of ['group', 'groups']) {
        const response = await list(
          `keys=instrument,level&lookupableIds=${records.group},${records.otherGroup}&lookupableType=${type}`,
          headers,
        );
        expect(response.status).toBe(200);
        expect(ids(response.body)).toEqual(expected);
        expect(response.body.totalCount).toBe(3);
        expect(response.body.lookups.find((l) => l.id === orchestra.id)?.lookupableDisplay).toBe('Orchestra');
      }
    }
    const oneGroup = await list(`keys=instrument&lookupableIds=${records.group}&lookupableType=group`, editor);
    expect(ids(oneGroup.body)).toEqual([choir[0]!.id]);
  });

  it('accepts the other types singular or plural', async () => {
    for (const type of ['location', 'locations']) {
      const { status, body } = await list(`keys=instrument&lookupableIds=${records.location}&lookupableType=${type}`);
      expect(status).toBe(200);
      expect(body.lookups.map((l) => l.label)).toEqual(['A location']);
    }
    for (const type of ['user', 'users', 'form', 'forms', 'message-group', 'message-groups', 'event', 'events']) {
      const { status, body } = await list(`keys=instrument&lookupableIds=1&lookupableType=${type}`);
      expect({ type, status, lookups: body.lookups }).toEqual({ type, status: 200, lookups: [] });
    }
  });

  it('answers by key alone, and by key and type', async () => {
    const byKey = await list('keys=instrument', editor);
    expect(byKey.body.lookups.map((l) => l.label).sort()).toEqual(['A location', 'Soprano', 'Unowned', 'Violin']);
    const unowned = await list('keys=instrument&lookupableType=none', editor);
    expect(unowned.body.lookups.map((l) => l.label)).toEqual(['Unowned']);
  });

  it('answers up to 1000 without a limit', async () => {
    const many = Array.from({ length: 60 }, (_, i) => ({ key: 'bulk-key', value: `${i}`, label: `Bulk ${i}` }));
    await ctx.database.db.insert(lookups).values(many);
    const { body } = await list('keys=bulk-key', editor);
    expect(body.lookups).toHaveLength(60);
    expect(body.totalCount).toBe(60);
  });

  it('is refused to editors without keys (403), whatever else they send', async () => {
    for (const query of ['', 'limit=1000', `lookupableIds=${records.group}&lookupableType=group`, 'sort=bogus']) {
      const response = await list(query, editor);
      expect({ query, status: response.status }).toEqual({ query, status: 403 });
    }
  });

  it.each([
    ['empty keys', 'keys='],
    ['a blank key', 'keys=a,,b'],
    ['too many keys', `keys=${Array.from({ length: 51 }, (_, i) => `k${i}`).join(',')}`],
    ['a key that is too long', `keys=${'k'.repeat(101)}`],
    ['ids that are not numbers', 'keys=a&lookupableType=group&lookupableIds=abc'],
    ['a zero id', 'keys=a&lookupableType=group&lookupableIds=0'],
    ['a negative id', 'keys=a&lookupableType=group&lookupableIds=-1'],
    ['an id out of range', 'keys=a&lookupableType=group&lookupableIds=99999999999'],
    ['empty ids', 'keys=a&lookupableType=group&lookupableIds='],
    ['ids without a type', 'keys=a&lookupableIds=1'],
    ['ids with type none', 'keys=a&lookupableIds=1&lookupableType=none'],
    ['an unknown type', 'keys=a&lookupableIds=1&lookupableType=planet'],
  ])('rejects %s with 400', async (_, query) => {
    for (const headers of [admin, editor]) {
      const response = await list(query, headers);
      expect({ query, status: response.status }).toEqual({ query, status: 400 });
      expect(response.body.message).toBeTruthy();
    }
  });

  it('names what is wrong', async () => {
    expect((await list('keys=')).body.message).toBe('keys must list 1 to 50 non-empty keys of at most 100 characters');
    expect((await list('keys=a&lookupableType=group&lookupableIds=x')).body.message).toBe(
      'lookupableIds must list 1 to 1000 positive whole numbers',
    );
    expect((await list('keys=a&lookupableIds=1')).body.message).toBe('lookupableIds needs a lookupableType');
  });
});

describe('API docs', () => {
  it('document the lookups routes', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/lookups', '/api/lookups/{id}']));
  });
});
