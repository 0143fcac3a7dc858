import type { Form, formListSchema } from '@ritim/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { formGroups, groups, lookups } from '../../platform/db/schema.js';
import { createPerson, insertRow } from '../../test/seed.js';
import { useTestApp } from '../../test/use-test-app.js';

const ctx = useTestApp({ people: true });
const { admin, editor } = ctx.headers;

type FormList = z.infer<typeof formListSchema>;

const notes = { type: 'textarea', name: 'notes', label: 'Notes' };
const attendance = {
  type: 'radiogroup',
  name: 'attendance',
  label: 'Attendance',
  defaultValue: 'yes',
  options: [
    { key: 'yes', value: 'yes', label: 'Yes' },
    { key: 'no', value: 'no', label: 'No', description: 'Did not come' },
  ],
};
const schemaOf = (...fields: unknown[]) => ({ fields });

const post = (payload: unknown, headers = admin) =>
  ctx.app.inject({ method: 'POST', url: '/api/forms', headers, payload: payload as Record<string, unknown> });
const patch = (id: number, payload: unknown, headers = admin) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/forms/${id}`, headers, payload: payload as Record<string, unknown> });
const get = (id: number | string, headers = admin) =>
  ctx.app.inject({ method: 'GET', url: `/api/forms/${id}`, headers });
const del = (id: number, headers = admin) => ctx.app.inject({ method: 'DELETE', url: `/api/forms/${id}`, headers });

const create = async (payload: Record<string, unknown>) => {
  const response = await post(payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Form>();
};
const createGroup = async (name: string) => (await insertRow(ctx.database, groups, { name })).id;
const expect400 = async (response: Awaited<ReturnType<typeof post>>, message: string) => {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({ message });
};

describe('the seeded form 1', () => {
  it("is 'Session notes', version 1, with a notes textarea named Aciklama", async () => {
    const response = await get(1);
    expect(response.statusCode).toBe(200);
    const form = response.json<Form>();
    expect(form).toMatchObject({ id: 1, title: 'Session notes', version: 1, status: 'active', user: null });
    expect(form.schema?.fields.map((field) => field.name)).toEqual([
      'first_name',
      'last_name',
      'attendance',
      'Aciklama',
    ]);
    expect(form.schema?.fields.find((field) => field.name === 'Aciklama')).toMatchObject({
      type: 'textarea',
      label: 'Notes',
    });
    expect(form.schema?.fields.find((field) => field.name === 'attendance')).toMatchObject({
      type: 'radiogroup',
      defaultValue: 'attended',
    });
  });

  it('can be edited, and its schema round-trips through the API without a version change', async () => {
    const original = (await get(1)).json<Form>();
    const same = await patch(1, { title: 'Session notes (edited)', schema: original.schema });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ title: 'Session notes (edited)', version: 1 });
    const back = await patch(1, { title: 'Session notes' });
    expect(back.json()).toMatchObject({ title: 'Session notes', version: 1 });
  });

  it('cannot be deleted: 409 saying Upcoming Events offers it', async () => {
    const response = await del(1);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      message: 'Form 1 cannot be deleted: Upcoming Events offers it for filling. You can edit it instead.',
    });
    expect((await get(1)).statusCode).toBe(200);
  });

  it('cannot be archived (Upcoming Events would offer an archived form)', async () => {
    const response = await patch(1, { status: 'archived' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      message: 'Form 1 cannot be archived: Upcoming Events offers it for filling',
    });
    expect((await get(1)).json()).toMatchObject({ status: 'active' });
  });
});

describe('POST /api/forms', () => {
  it('creates a form with trimmed texts, its schema, its groups and its creator, at version 1', async () => {
    const zeta = await createGroup('Zeta team');
    const alpha = await createGroup('Alpha team');
    const form = await create({
      title: '  Intake  ',
      description: '  First visit  ',
      schema: schemaOf({ ...notes, label: '  Notes  ' }, attendance),
      groupIds: [zeta, alpha, zeta],
    });
    expect(form).toMatchObject({
      title: 'Intake',
      description: 'First visit',
      version: 1,
      status: 'active',
      user: { username: 'admin' },
      schema: schemaOf(notes, attendance),
      groups: [
        { id: alpha, name: 'Alpha team' },
        { id: zeta, name: 'Zeta team' },
      ],
      groupIds: [alpha, zeta],
    });
    expect(new Date(form.createdAt).toString()).not.toBe('Invalid Date');
    expect((await get(form.id)).json()).toEqual(form);
  });

  it('accepts the schema as JSON text (what the editor sends) and stores it as an object', async () => {
    const form = await create({ title: 'From text', schema: JSON.stringify(schemaOf(notes), null, 2) });
    expect(form.schema).toEqual(schemaOf(notes));
  });

  it.each([
    ['null', { schema: null, description: null }],
    ['empty text', { schema: '', description: '' }],
    ['blank text', { schema: '  \n ', description: '   ' }],
    ['missing', {}],
  ])('stores a %s schema and description as null', async (_, extra) => {
    const form = await create({ title: 'Empty parts', ...extra });
    expect(form).toMatchObject({ schema: null, description: null, groups: [], groupIds: [] });
  });

  it('rejects an overlong description, or one that is not text', async () => {
    await expect400(
      await post({ title: 'Long', description: 'd'.repeat(2001) }),
      'Description must be at most 2000 characters',
    );
    await expect400(await post({ title: 'Typed', description: 5 }), 'Description must be text');
  });

  it.each([
    [
      'a defaultValue outside the options',
      schemaOf({ ...attendance, defaultValue: 'maybe' }),
      'Field "attendance": defaultValue must be one of the option values',
    ],
    [
      'a listbox parent that does not exist',
      schemaOf({ type: 'listbox', name: 'city', label: 'City', lookupKey: 'city', parent: 'country' }),
      'Field "city": parent "country" does not exist',
    ],
    ['a duplicate field name', schemaOf(notes, attendance, notes), 'Duplicate field name "notes"'],
    [
      'an unknown kind of field',
      schemaOf({ ...notes, type: 'slider' }),
      'Field "notes": type must be one of input, textarea, radiogroup, checkbox, listbox',
    ],
    [
      'duplicate option keys',
      schemaOf({ ...attendance, options: [attendance.options[0], { ...attendance.options[1], key: 'yes' }] }),
      'Field "attendance": option key "yes" is used twice',
    ],
    ['an unknown property', schemaOf({ ...notes, colour: 'red' }), 'Field "notes": unknown property "colour"'],
    ['a schema without fields', {}, 'Schema must have a "fields" list'],
  ])('rejects %s with a message naming the field, and creates nothing', async (_, schema, message) => {
    const before = (
      await ctx.app.inject({ method: 'GET', url: '/api/forms?archived=true', headers: admin })
    ).json<FormList>();
    await expect400(await post({ title: 'Bad schema', schema }), message);
    const after = (
      await ctx.app.inject({ method: 'GET', url: '/api/forms?archived=true', headers: admin })
    ).json<FormList>();
    expect(after.totalCount).toBe(before.totalCount);
  });

  it('rejects schema text that is not JSON, saying where the error is', async () => {
    await expect400(
      await post({ title: 'Broken', schema: '{\n  "fields": [\n    {"type": "textarea",}\n  ]\n}' }),
      'Schema is not valid JSON: unexpected "," before "}" (line 3, column 24)',
    );
  });

  it('rejects schema text with a format error, naming the field and where it is', async () => {
    await expect400(
      await post({ title: 'Broken', schema: '{"fields": [\n  {"type": "input", "name": "a"}\n]}' }),
      'Field "a": label is required (line 2, column 3)',
    );
  });

  it.each([
    ['a number', 5],
    ['a list', [notes]],
    ['true', true],
  ])('rejects a schema that is %s', async (_, schema) => {
    await expect400(
      await post({ title: 'Odd', schema }),
      'Schema must be a JSON object with a "fields" list, or its JSON text',
    );
  });

  it('rejects schema text over 100,000 characters', async () => {
    await expect400(
      await post({ title: 'Huge', schema: `${' '.repeat(100_000)}{"fields": []}` }),
      'Schema must be at most 100000 characters',
    );
  });

  it('rejects the NUL character inside a schema', async () => {
    await expect400(
      await post({ title: 'Nul', schema: schemaOf({ ...notes, label: 'a\u0000b' }) }),
      'Text must not contain the NUL character (U+0000)',
    );
  });

  it('rejects an unknown group id naming it, and creates nothing', async () => {
    const real = await createGroup('Real group');
    await expect400(await post({ title: 'Grouped', groupIds: [real, 987654] }), 'Group 987654 does not exist');
    const list = (
      await ctx.app.inject({ method: 'GET', url: '/api/forms?q=Grouped', headers: admin })
    ).json<FormList>();
    expect(list.forms).toHaveLength(0);
  });

  it.each([
    ['not a list', 'abc'],
    ['a list of text', ['1']],
    ['negative ids', [-1]],
    ['fractional ids', [1.5]],
    ['huge ids', [99_999_999_999]],
  ])('rejects groupIds that are %s', async (_, groupIds) => {
    await expect400(await post({ title: 'Bad groups', groupIds }), 'Groups must be a list of group ids');
  });
});

describe('PATCH /api/forms/:id', () => {
  it('bumps the version by one when the schema changes, and only then', async () => {
    const group = await createGroup('Versioned group');
    const form = await create({ title: 'Versioned', schema: schemaOf(notes) });
    expect(form.version).toBe(1);

    const titled = await patch(form.id, { title: 'Versioned (renamed)', description: 'Now described' });
    expect(titled.json()).toMatchObject({ title: 'Versioned (renamed)', description: 'Now described', version: 1 });
    const grouped = await patch(form.id, { groupIds: [group] });
    expect(grouped.json()).toMatchObject({ version: 1, groupIds: [group] });
    const archived = await patch(form.id, { status: 'archived' });
    expect(archived.json()).toMatchObject({ version: 1, status: 'archived' });

    const changed = await patch(form.id, { schema: schemaOf(notes, attendance) });
    expect(changed.json()).toMatchObject({ version: 2, schema: schemaOf(notes, attendance) });
    const again = await patch(form.id, { schema: schemaOf(notes, attendance), title: 'Same schema' });
    expect(again.json()).toMatchObject({ version: 2, title: 'Same schema' });

    const cleared = await patch(form.id, { schema: null });
    expect(cleared.json()).toMatchObject({ version: 3, schema: null });
    const stillEmpty = await patch(form.id, { schema: '' });
    expect(stillEmpty.json()).toMatchObject({ version: 3, schema: null });
    const refilled = await patch(form.id, { schema: schemaOf(notes) });
    expect(refilled.json()).toMatchObject({ version: 4 });
  });

  it('compares schemas structurally: key order and spacing do not count, trimmed texts do not either', async () => {
    const form = await create({ title: 'Structural', schema: schemaOf(attendance) });
    const reordered = JSON.stringify(
      {
        fields: [
          {
            options: attendance.options,
            label: attendance.label,
            name: 'attendance',
            defaultValue: 'yes',
            type: 'radiogroup',
          },
        ],
      },
      null,
      4,
    );
    expect((await patch(form.id, { schema: reordered })).json()).toMatchObject({ version: 1 });
    expect((await patch(form.id, { schema: schemaOf({ ...attendance, label: ' Attendance ' }) })).json()).toMatchObject(
      {
        version: 1,
      },
    );
    expect((await patch(form.id, { schema: schemaOf({ ...attendance, required: false }) })).json()).toMatchObject({
      version: 2,
    });
    const reversed = schemaOf({ ...attendance, required: false, options: [...attendance.options].reverse() });
    expect((await patch(form.id, { schema: reversed })).json()).toMatchObject({ version: 3 });
  });

  it('counts every schema change when two edits race', async () => {
    const form = await create({ title: 'Racing', schema: schemaOf(notes) });
    const [a, b] = await Promise.all([
      patch(form.id, { schema: schemaOf(notes, attendance) }),
      patch(form.id, { schema: schemaOf(attendance) }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect((await get(form.id)).json()).toMatchObject({ version: 3 });
  });

  it('keeps what is not sent: schema, description and groups', async () => {
    const group = await createGroup('Kept group');
    const form = await create({ title: 'Keeper', description: 'Kept', schema: schemaOf(notes), groupIds: [group] });
    const response = await patch(form.id, { title: 'Keeper 2' });
    expect(response.json()).toMatchObject({
      title: 'Keeper 2',
      description: 'Kept',
      schema: schemaOf(notes),
      groupIds: [group],
      version: 1,
    });
  });

  it('clears the description with empty text', async () => {
    const form = await create({ title: 'Described', description: 'Something' });
    expect((await patch(form.id, { description: '  ' })).json()).toMatchObject({ description: null });
  });

  it('replaces the groups when groupIds is sent, and clears them with an empty list', async () => {
    const [a, b, c] = [await createGroup('Group A'), await createGroup('Group B'), await createGroup('Group C')];
    const form = await create({ title: 'Regrouped', groupIds: [a, b] });
    expect((await patch(form.id, { groupIds: [b, c] })).json()).toMatchObject({ groupIds: [b, c] });
    expect((await patch(form.id, { groupIds: [] })).json()).toMatchObject({ groupIds: [], groups: [] });
  });

  it('keeps an archived group on a form', async () => {
    const group = await createGroup('Retired group');
    await ctx.database.db.execute(sql`update groups set status = 'archived' where id = ${group}`);
    const form = await create({ title: 'Old groups', groupIds: [group] });
    expect((await patch(form.id, { title: 'Old groups 2', groupIds: [group] })).json()).toMatchObject({
      groupIds: [group],
    });
  });

  it('changes nothing when a group does not exist (one transaction)', async () => {
    const group = await createGroup('Stays');
    const form = await create({ title: 'Atomic', schema: schemaOf(notes), groupIds: [group] });
    await expect400(
      await patch(form.id, { title: 'Changed', schema: schemaOf(attendance), groupIds: [123456] }),
      'Group 123456 does not exist',
    );
    expect((await get(form.id)).json()).toMatchObject({
      title: 'Atomic',
      version: 1,
      schema: schemaOf(notes),
      groupIds: [group],
    });
  });

  it('rejects a bad schema and keeps the form', async () => {
    const form = await create({ title: 'Unchanged', schema: schemaOf(notes) });
    await expect400(await patch(form.id, { schema: schemaOf(notes, notes) }), 'Duplicate field name "notes"');
    expect((await get(form.id)).json()).toMatchObject({ title: 'Unchanged', version: 1, schema: schemaOf(notes) });
  });
});

describe('DELETE /api/forms/:id', () => {
  it('deletes a form and its group links, accepting a JSON content type with no body', async () => {
    const group = await createGroup('Linked group');
    const form = await create({ title: 'Short-lived form', groupIds: [group] });
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/forms/${form.id}`,
      headers: { ...admin, 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const links = await ctx.database.db
      .select()
      .from(formGroups)
      .where(sql`${formGroups.formId} = ${form.id}`);
    expect(links).toEqual([]);
    const again = await del(form.id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ message: 'Form not found' });
  });

  it('refuses with 409 while a lookup belongs to the form, and deletes nothing', async () => {
    const form = await create({ title: 'Looked up' });
    await ctx.database.db.insert(lookups).values({
      key: 'topic',
      value: 'x',
      label: 'X',
      lookupableType: 'forms',
      lookupableId: form.id,
      createdBy: ctx.people.admin.id,
    });
    const response = await del(form.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: 'Form is in use and cannot be deleted; archive it instead' });
    expect((await get(form.id)).statusCode).toBe(200);
    expect((await patch(form.id, { status: 'archived' })).statusCode).toBe(200);
  });
});

describe('GET /api/forms (list)', () => {
  const fresh = useTestApp();
  let token: Record<string, string>;
  const freshList = async (query: string) => {
    const response = await fresh.app.inject({ method: 'GET', url: `/api/forms?${query}`, headers: token });
    return { status: response.statusCode, body: response.json<FormList & { message?: string }>() };
  };
  const titles = (body: FormList) => body.forms.map((form) => form.title);
  const freshCreate = async (payload: Record<string, unknown>) => {
    const response = await fresh.app.inject({ method: 'POST', url: '/api/forms', headers: token, payload });
    expect(response.statusCode).toBe(201);
    return response.json<Form>();
  };

  beforeAll(async () => {
    token = (await createPerson(fresh, { username: 'lister', role: 'admin' })).headers;
    await freshCreate({ title: 'Beta check', description: 'İstanbul şubesi', schema: schemaOf(notes) });
    await freshCreate({ title: 'Alpha check' });
    const archived = await freshCreate({ title: 'Archived check' });
    const response = await fresh.app.inject({
      method: 'PATCH',
      url: `/api/forms/${archived.id}`,
      headers: token,
      payload: { status: 'archived' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('lists the columns of the list, sorted by title by default, hiding archived forms', async () => {
    const { status, body } = await freshList('');
    expect(status).toBe(200);
    expect(titles(body)).toEqual(['Alpha check', 'Beta check', 'Session notes']);
    expect(body.totalCount).toBe(3);
    expect(Object.keys(body.forms[0]!).sort()).toEqual(
      ['createdAt', 'description', 'id', 'status', 'title', 'user', 'version'].sort(),
    );
    expect(body.forms[1]).toMatchObject({ description: 'İstanbul şubesi', version: 1, user: { username: 'lister' } });
    expect(body.forms[2]).toMatchObject({ id: 1, user: null });
  });

  it('searches title and description, folding case and Turkish letters', async () => {
    expect(titles((await freshList('q=ALPHA')).body)).toEqual(['Alpha check']);
    expect(titles((await freshList('q=istanbul')).body)).toEqual(['Beta check']);
    expect(titles((await freshList('q=check&archived=true')).body)).toHaveLength(3);
    expect((await freshList('q=zzz')).body).toEqual({ forms: [], totalCount: 0 });
  });
});

describe('who may call the forms API', () => {
  let formId: number;
  beforeAll(async () => {
    formId = (await create({ title: 'Access check', schema: schemaOf(notes) })).id;
  });

  it('lets editors read one form with its schema (they fill it)', async () => {
    const response = await get(formId, editor);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: formId, schema: schemaOf(notes) });
    expect((await get(1, editor)).json()).toMatchObject({ title: 'Session notes' });
  });
});

describe('API documentation', () => {
  it('describes the forms routes', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/forms', '/api/forms/{id}']) as unknown);
  });
});
