import {
  type Form,
  type FormSubmission,
  type Lookup,
  messages,
  occurrenceMessages,
  SUBMISSION_TEXT_MAX,
  submissionMessages as m,
} from '@ritim/shared';
import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  eventOccurrences,
  formSubmissions,
  groups,
  locations,
  occurrenceGuests,
  userGroups,
} from '../../platform/db/schema.js';
import { messageOf } from '../../test/harness.js';
import { createEvent, createForm, createUsers, headersOf, insertRow, occurrenceIdsOf } from '../../test/seed.js';
import { useTestApp } from '../../test/use-test-app.js';

const ctx = useTestApp();
let admin: Record<string, string>;
let organiser: Record<string, string>;
let guestToken: Record<string, string>;
let adminId: number;
let organiserId: number;
let guestA: number;
let guestB: number;
let guestC: number;
let inactiveGuest: number;
/** Occurrences of the organiser's event (guests A and B, and the inactive one). */
let own: number[];
/** An occurrence of another editor's event (guest A). */
let others: number;
let everyKind: number;

const option = (value: string) => ({ key: value, value, label: value[0]!.toUpperCase() + value.slice(1) });
const EVERY_KIND = {
  fields: [
    { type: 'input', name: 'first_name', label: 'First name', required: true },
    { type: 'input', name: 'age', label: 'Age', subtype: 'number' },
    { type: 'input', name: 'email', label: 'Email', subtype: 'email' },
    { type: 'input', name: 'day', label: 'Day', subtype: 'date' },
    { type: 'input', name: 'at', label: 'Time', subtype: 'time' },
    { type: 'input', name: 'site', label: 'Website', subtype: 'url' },
    { type: 'input', name: 'session_date', label: 'Session date', subtype: 'date', disabled: true },
    {
      type: 'radiogroup',
      name: 'attendance',
      label: 'Attendance',
      required: true,
      defaultValue: 'attended',
      options: [option('attended'), option('absent')],
    },
    {
      type: 'checkbox',
      name: 'topics',
      label: 'Topics',
      multiple: true,
      options: [option('reading'), option('writing')],
    },
    { type: 'checkbox', name: 'follow_up', label: 'Follow-up' },
    { type: 'listbox', name: 'country', label: 'Country', lookupKey: 'country' },
    { type: 'listbox', name: 'city', label: 'City', lookupKey: 'city', parent: 'country' },
    { type: 'textarea', name: 'Aciklama', label: 'Notes' },
  ],
};

beforeAll(async () => {
  const db = ctx.database.db;
  const people = await createUsers(ctx.database, [
    { username: 'admin', role: 'admin' },
    { username: 'organiser', role: 'editor' },
    { username: 'other-editor', role: 'editor' },
    { username: 'guest-a', role: 'guest' },
    { username: 'guest-b', role: 'guest' },
    { username: 'guest-c', role: 'guest' },
    { username: 'guest-off', role: 'guest' },
  ]);
  adminId = people.admin;
  organiserId = people.organiser;
  guestA = people['guest-a'];
  guestB = people['guest-b'];
  guestC = people['guest-c'];
  inactiveGuest = people['guest-off'];
  admin = await headersOf(ctx.app, 'admin');
  organiser = await headersOf(ctx.app, 'organiser');
  guestToken = await headersOf(ctx.app, 'guest-a');

  const hall = await insertRow(ctx.database, locations, { name: 'Hall' });
  /** The occurrences, by start, of a daily session from 1 December 2026 `count` times. */
  const sessionOccurrences = async (organiserOf: number, guestIds: number[], count: number) => {
    const eventId = await createEvent(ctx, admin, {
      title: 'Session',
      locationId: hall.id,
      organiserId: organiserOf,
      guestIds,
      repeat: {
        doesNotRepeat: false,
        start: '2026-12-01T10:00',
        frequency: 'day',
        interval: 1,
        end: { type: 'after', count },
      },
    });
    return occurrenceIdsOf(ctx.database, eventId);
  };
  own = await sessionOccurrences(organiserId, [guestA, guestB, inactiveGuest], 8);
  others = (await sessionOccurrences(people['other-editor'], [guestA], 1))[0]!;
  // Guests are chosen while active; one leaves afterwards.
  const deactivated = await ctx.app.inject({
    method: 'PATCH',
    url: `/api/users/${inactiveGuest}`,
    headers: admin,
    payload: { status: 'inactive' },
  });
  expect(deactivated.statusCode, deactivated.body).toBe(200);

  // The organiser's group offers Turkey > Istanbul; another group offers England > London, a lookup
  // of no group France, one of a location the USA: only the organiser's group's lookups are choices.
  const [mine, theirs] = await db
    .insert(groups)
    // The organiser's group has the hall's id, so a lookup of the hall names the same id.
    .values([
      { id: hall.id, name: 'Mine' },
      { id: hall.id + 1, name: 'Theirs' },
    ])
    .returning({ id: groups.id });
  await db.insert(userGroups).values({ userId: organiserId, groupId: mine!.id });
  const lookup = async (payload: Record<string, unknown>) => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/lookups', headers: admin, payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Lookup>().id;
  };
  const ofGroup = (id: number) => ({ lookupableType: 'groups', lookupableId: id });
  const turkey = await lookup({ key: 'country', value: 'TR', label: 'Turkey', ...ofGroup(mine!.id) });
  await lookup({ key: 'city', value: 'IST', label: 'Istanbul', parentId: turkey, ...ofGroup(mine!.id) });
  await lookup({ key: 'country', value: 'DE', label: 'Germany', ...ofGroup(mine!.id) });
  const england = await lookup({ key: 'country', value: 'GB', label: 'England', ...ofGroup(theirs!.id) });
  await lookup({ key: 'city', value: 'LON', label: 'London', parentId: england, ...ofGroup(mine!.id) });
  await lookup({ key: 'country', value: 'FR', label: 'France' });
  await lookup({ key: 'country', value: 'US', label: 'Hall', lookupableType: 'locations', lookupableId: hall.id });

  everyKind = await createForm(ctx, admin, { title: 'Every kind', schema: EVERY_KIND, groupIds: [mine!.id] });
});

const submit = (formId: number | string, payload: unknown, headers = admin) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/forms/${formId}/submit`,
    headers,
    payload: payload as Record<string, unknown>,
  });
const submitted = async (formId: number, payload: Record<string, unknown>, headers = admin) => {
  const response = await submit(formId, payload, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<FormSubmission>();
};
const refused = async (response: Awaited<ReturnType<typeof submit>>, status: number, message: string) => {
  expect({ status: response.statusCode, body: response.json<unknown>() }).toMatchObject({ status, body: { message } });
};
const rowsOf = (formId: number, occurrenceId: number, guestId: number | null) =>
  ctx.database.db
    .select()
    .from(formSubmissions)
    .where(
      and(
        eq(formSubmissions.formId, formId),
        eq(formSubmissions.occurrenceId, occurrenceId),
        guestId === null ? isNull(formSubmissions.guestId) : eq(formSubmissions.guestId, guestId),
      ),
    );

/** A full, valid answer to form 1, Session notes (seeded by migration 0002). */
const notes = { first_name: 'Ayşe', last_name: 'Yılmaz', attendance: 'late', Aciklama: 'Joined at 10:20' };
/** The least the "every kind" form takes. */
const minimal = { first_name: 'Ayşe', attendance: 'absent' };

describe('POST /api/forms/:id/submit: who may submit', () => {
  it('answers 401 without a token and 403 to a guest, before reading anything', async () => {
    const payload = { data: notes, eventOccurrenceId: own[0], guestId: guestA };
    await refused(
      await ctx.app.inject({ method: 'POST', url: '/api/forms/1/submit', payload }),
      401,
      messages.notSignedIn,
    );
    await refused(await submit(1, payload, guestToken), 403, messages.forbidden);
    expect(await rowsOf(1, own[0]!, guestA)).toHaveLength(0);
  });

  it("lets an admin fill form 1 for any organiser's occurrence and answers with the stored submission", async () => {
    const body = await submitted(1, { data: notes, eventOccurrenceId: others, guestId: guestA });
    expect(body).toMatchObject({
      formId: 1,
      eventOccurrenceId: others,
      guestId: guestA,
      formVersion: 1,
      submissionData: notes,
    });
    expect(new Date(body.createdAt).toISOString()).toBe(body.createdAt);
    const [row] = await rowsOf(1, others, guestA);
    expect(row).toMatchObject({ id: body.id, formVersion: 1, data: notes, submittedBy: adminId });
  });

  it('lets an editor fill forms for the occurrences of the events they organise', async () => {
    const body = await submitted(1, { data: notes, eventOccurrenceId: own[0], guestId: guestB }, organiser);
    expect(body).toMatchObject({ eventOccurrenceId: own[0], guestId: guestB, submissionData: notes });
    const [row] = await rowsOf(1, own[0]!, guestB);
    expect(row?.submittedBy).toBe(organiserId);
  });

  it("answers 404 to an editor for another organiser's occurrence, as for one that does not exist", async () => {
    await refused(
      await submit(1, { data: notes, eventOccurrenceId: others, guestId: guestA }, organiser),
      404,
      m.occurrenceNotFound,
    );
    await refused(
      await submit(1, { data: notes, eventOccurrenceId: 999_999, guestId: guestA }, organiser),
      404,
      m.occurrenceNotFound,
    );
    await refused(
      await submit(1, { data: notes, eventOccurrenceId: 999_999, guestId: guestA }),
      404,
      m.occurrenceNotFound,
    );
  });
});

describe('POST /api/forms/:id/submit: the guest it is about', () => {
  it("refuses a user who is not one of the event's guests, for admins and editors alike", async () => {
    for (const headers of [admin, organiser]) {
      await refused(
        await submit(1, { data: notes, eventOccurrenceId: own[1], guestId: guestC }, headers),
        400,
        m.notAGuest({ id: guestC }).message,
      );
    }
    await refused(
      await submit(1, { data: notes, eventOccurrenceId: own[1], guestId: adminId }),
      400,
      m.notAGuest({ id: adminId }).message,
    );
    await refused(
      await submit(1, { data: notes, eventOccurrenceId: own[1], guestId: 999_999 }),
      400,
      m.notAGuest({ id: 999_999 }).message,
    );
  });

  it('refuses a guest who is no longer active', async () => {
    await refused(
      await submit(1, { data: notes, eventOccurrenceId: own[1], guestId: inactiveGuest }),
      400,
      m.notAGuest({ id: inactiveGuest }).message,
    );
  });

  it("uses the occurrence's own guest list when it has one", async () => {
    const occurrence = own[2]!;
    await ctx.database.db
      .update(eventOccurrences)
      .set({ hasGuestOverride: true })
      .where(eq(eventOccurrences.id, occurrence));
    await ctx.database.db.insert(occurrenceGuests).values({ occurrenceId: occurrence, userId: guestC });
    for (const headers of [admin, organiser]) {
      await refused(
        await submit(1, { data: notes, eventOccurrenceId: occurrence, guestId: guestA }, headers),
        400,
        m.notAGuest({ id: guestA }).message,
      );
    }
    await submitted(1, { data: notes, eventOccurrenceId: occurrence, guestId: guestC }, organiser);
    // The event's other occurrences keep the event's list.
    await refused(
      await submit(1, { data: notes, eventOccurrenceId: own[1], guestId: guestC }),
      400,
      m.notAGuest({ id: guestC }).message,
    );
  });

  it('takes a submission about no one guest (guestId null or absent), once per form and occurrence', async () => {
    const first = await submitted(1, { data: notes, eventOccurrenceId: own[3], guestId: null }, organiser);
    expect(first.guestId).toBeNull();
    const again = await submitted(
      1,
      { data: { ...notes, attendance: 'absent' }, eventOccurrenceId: own[3] },
      organiser,
    );
    expect(again).toMatchObject({ id: first.id, guestId: null, submissionData: { attendance: 'absent' } });
    expect(await rowsOf(1, own[3]!, null)).toHaveLength(1);
  });
});

describe('POST /api/forms/:id/submit: the form and the occurrence', () => {
  it("answers 404 'Form not found' for a form that does not exist", async () => {
    await refused(
      await submit(999_999, { data: {}, eventOccurrenceId: own[0], guestId: guestA }),
      404,
      'Form not found',
    );
  });

  it('refuses an archived form', async () => {
    const id = await createForm(ctx, admin, {
      title: 'Old',
      schema: { fields: [{ type: 'textarea', name: 'n', label: 'N' }] },
    });
    await submitted(id, { data: { n: 'before' }, eventOccurrenceId: own[0], guestId: guestA });
    const archived = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/forms/${id}`,
      headers: admin,
      payload: { status: 'archived' },
    });
    expect(archived.statusCode, archived.body).toBe(200);
    await refused(
      await submit(id, { data: { n: 'after' }, eventOccurrenceId: own[0], guestId: guestA }),
      400,
      m.formArchived,
    );
    const [row] = await rowsOf(id, own[0]!, guestA);
    expect(row?.data).toEqual({ n: 'before' });
  });

  it('refuses any change once the occurrence is completed (its report was sent), with 409', async () => {
    const occurrence = own[4]!;
    await submitted(1, { data: notes, eventOccurrenceId: occurrence, guestId: guestA });
    await ctx.database.db
      .update(eventOccurrences)
      .set({ status: 'completed' })
      .where(eq(eventOccurrences.id, occurrence));
    for (const guestId of [guestA, guestB]) {
      await refused(
        await submit(
          1,
          { data: { ...notes, Aciklama: 'rewritten' }, eventOccurrenceId: occurrence, guestId },
          organiser,
        ),
        409,
        occurrenceMessages.completedLocked,
      );
    }
    const [row] = await rowsOf(1, occurrence, guestA);
    expect(row?.data).toEqual(notes);
    expect(await rowsOf(1, occurrence, guestB)).toHaveLength(0);
  });
});

describe('POST /api/forms/:id/submit: form 1, Session notes', () => {
  const send = (data: Record<string, unknown>) =>
    submit(1, { data, eventOccurrenceId: own[5], guestId: guestA }, organiser);

  it('needs first name, last name and attendance; the default attendance is not an answer', async () => {
    await refused(await send({ last_name: 'Y', attendance: 'late' }), 400, 'First name is required');
    await refused(await send({ first_name: 'A', last_name: '  ', attendance: 'late' }), 400, 'Last name is required');
    await refused(await send({ first_name: 'A', last_name: 'Y' }), 400, 'Attendance is required');
    await refused(await send({ ...notes, attendance: 'sick' }), 400, 'Attendance must be one of its options');
    await refused(await send({ ...notes, surname: 'Y' }), 400, "Unknown field 'surname'");
    expect(await rowsOf(1, own[5]!, guestA)).toHaveLength(0);
  });

  it('stores trimmed text, notes optional', async () => {
    const body = await submitted(
      1,
      {
        data: { first_name: ' Ayşe ', last_name: 'Yılmaz\n', attendance: 'attended' },
        eventOccurrenceId: own[5],
        guestId: guestA,
      },
      organiser,
    );
    expect(body.submissionData).toEqual({ first_name: 'Ayşe', last_name: 'Yılmaz', attendance: 'attended' });
  });
});

describe('POST /api/forms/:id/submit: every kind of field', () => {
  const send = (data: unknown) => submit(everyKind, { data, eventOccurrenceId: own[6], guestId: guestA }, organiser);

  it('stores a full answer normalised: numbers as numbers, trimmed text, disabled fields dropped', async () => {
    const body = await submitted(
      everyKind,
      {
        data: {
          first_name: ' Ayşe ',
          age: ' 42 ',
          email: 'ayse@example.com',
          day: '2024-02-29',
          at: '09:30',
          site: 'https://example.com',
          session_date: '2000-01-01',
          attendance: 'attended',
          topics: ['writing', 'reading'],
          follow_up: true,
          country: 'TR',
          city: 'IST',
          Aciklama: 'Fine',
        },
        eventOccurrenceId: own[6],
        guestId: guestA,
      },
      organiser,
    );
    expect(body.submissionData).toEqual({
      first_name: 'Ayşe',
      age: 42,
      email: 'ayse@example.com',
      day: '2024-02-29',
      at: '09:30',
      site: 'https://example.com',
      attendance: 'attended',
      topics: ['writing', 'reading'],
      follow_up: true,
      country: 'TR',
      city: 'IST',
      Aciklama: 'Fine',
    });
    const [row] = await rowsOf(everyKind, own[6]!, guestA);
    expect(row?.data).toEqual(body.submissionData);
  });

  it.each([
    ['a missing required field', { attendance: 'absent' }, 'First name is required'],
    ['text that is not text', { ...minimal, first_name: 7 }, 'First name must be text'],
    [
      'text over the limit',
      { ...minimal, Aciklama: 'x'.repeat(SUBMISSION_TEXT_MAX + 1) },
      `Notes must be at most ${SUBMISSION_TEXT_MAX} characters`,
    ],
    ['a number that is not one', { ...minimal, age: '4O' }, 'Age must be a number'],
    ['an email that is not one', { ...minimal, email: 'ayse.example.com' }, 'Email must be an email address'],
    ['a day that does not exist', { ...minimal, day: '2023-02-29' }, 'Day must be a date (YYYY-MM-DD)'],
    ['a time that is not HH:mm', { ...minimal, at: '9:30' }, 'Time must be a time (HH:mm)'],
    ['a URL that is not http(s)', { ...minimal, site: 'javascript:alert(1)' }, 'Website must be a URL'],
    [
      'a radiogroup value that is not an option',
      { ...minimal, attendance: 'late' },
      'Attendance must be one of its options',
    ],
    [
      'a repeated checkbox option',
      { ...minimal, topics: ['reading', 'reading'] },
      'Topics must be a list of its options',
    ],
    ['a yes/no box that is not true or false', { ...minimal, follow_up: 'yes' }, 'Follow-up must be true or false'],
    ['a name the form does not have', { ...minimal, colour: 'red' }, "Unknown field 'colour'"],
  ])('refuses %s, naming the field', async (_, data, message) => {
    await refused(await send(data), 400, message);
  });

  it("takes listbox values only from the organiser's groups' lookups", async () => {
    const ok = await submitted(
      everyKind,
      { data: { ...minimal, country: 'DE' }, eventOccurrenceId: own[6], guestId: guestB },
      organiser,
    );
    expect(ok.submissionData).toMatchObject({ country: 'DE' });
    // GB belongs to another group, FR to no group, US to a location with the group's id, XX does not exist.
    for (const country of ['GB', 'FR', 'US', 'XX']) {
      await refused(await send({ ...minimal, country }), 400, 'Country must be one of its choices');
    }
    // The same rule when an admin fills it: the organiser's groups, not the admin's.
    await refused(
      await submit(everyKind, { data: { ...minimal, country: 'GB' }, eventOccurrenceId: own[6], guestId: guestA }),
      400,
      'Country must be one of its choices',
    );
  });

  it('needs a dependent listbox to be a child of the lookup chosen in its parent', async () => {
    await refused(
      await send({ ...minimal, country: 'TR', city: 'LON' }),
      400,
      'City does not belong to the chosen Country',
    );
    await refused(
      await send({ ...minimal, country: 'DE', city: 'IST' }),
      400,
      'City does not belong to the chosen Country',
    );
    await refused(await send({ ...minimal, city: 'IST' }), 400, 'City does not belong to the chosen Country');
    await refused(await send({ ...minimal, country: 'TR', city: 'ANK' }), 400, 'City must be one of its choices');
  });

  it('takes data as JSON text (the web client sends it so)', async () => {
    const body = await submitted(
      everyKind,
      { data: JSON.stringify({ ...minimal, age: 7 }), eventOccurrenceId: own[6], guestId: guestB },
      organiser,
    );
    expect(body.submissionData).toEqual({ ...minimal, age: 7 });
  });

  it.each([
    ['text that is not JSON', '{"first_name": ', m.dataJson],
    ['JSON text of a list', '["a"]', m.dataType],
    ['a list', ['a'], m.dataType],
    ['a number', 42, m.dataType],
    ['null', null, m.dataType],
  ])('refuses data that is %s', async (_, data, message) => {
    await refused(await send(data), 400, message);
  });

  it('refuses a body without data', async () => {
    await refused(await submit(everyKind, { eventOccurrenceId: own[6], guestId: guestA }, organiser), 400, m.dataType);
  });
});

describe('POST /api/forms/:id/submit: filling again', () => {
  it('updates the one submission per form, occurrence and guest, keeping its id and creation time', async () => {
    const payload = (Aciklama: string) => ({
      data: { ...notes, Aciklama },
      eventOccurrenceId: own[7],
      guestId: guestA,
    });
    const first = await submitted(1, payload('first'), organiser);
    const second = await submitted(1, payload('second'), admin);
    expect(second).toMatchObject({ id: first.id, createdAt: first.createdAt, submissionData: { Aciklama: 'second' } });
    expect(new Date(second.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(first.updatedAt).getTime());
    const rows = await rowsOf(1, own[7]!, guestA);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ data: { Aciklama: 'second' }, submittedBy: adminId });
  });

  it("stores the form's version with each submission; an untouched one keeps the version it was made with", async () => {
    const formId = await createForm(ctx, admin, {
      title: 'Versioned',
      schema: { fields: [{ type: 'textarea', name: 'n', label: 'N' }] },
    });
    const kept = await submitted(formId, { data: { n: 'a' }, eventOccurrenceId: own[0], guestId: guestA });
    const redone = await submitted(formId, { data: { n: 'b' }, eventOccurrenceId: own[1], guestId: guestA });
    expect([kept.formVersion, redone.formVersion]).toEqual([1, 1]);

    const edited = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/forms/${formId}`,
      headers: admin,
      payload: {
        schema: {
          fields: [
            { type: 'textarea', name: 'n', label: 'N' },
            { type: 'input', name: 'extra', label: 'Extra' },
          ],
        },
      },
    });
    expect(edited.json<Form>().version).toBe(2);
    const again = await submitted(formId, { data: { n: 'c', extra: 'x' }, eventOccurrenceId: own[1], guestId: guestA });
    expect(again).toMatchObject({ id: redone.id, formVersion: 2, submissionData: { n: 'c', extra: 'x' } });
    const [untouched] = await rowsOf(formId, own[0]!, guestA);
    expect(untouched).toMatchObject({ formVersion: 1, data: { n: 'a' } });
  });

  it('leaves one row when the same submission is sent several times at once', async () => {
    const sends = ['a', 'b', 'c', 'd', 'e'].map((Aciklama) =>
      submit(1, { data: { ...notes, Aciklama }, eventOccurrenceId: own[1], guestId: guestB }, organiser),
    );
    const responses = await Promise.all(sends);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(responses.map((response) => response.json<FormSubmission>().id)).size).toBe(1);
    const rows = await rowsOf(1, own[1]!, guestB);
    expect(rows).toHaveLength(1);
    expect(['a', 'b', 'c', 'd', 'e']).toContain((rows[0]?.data as { Aciklama: string }).Aciklama);
  });
});

describe('POST /api/forms/:id/submit: bad input', () => {
  const valid = () => ({ data: notes, eventOccurrenceId: own[0], guestId: guestA });

  it('refuses NUL in the data, sent as an object or inside JSON text', async () => {
    await refused(
      await submit(1, { ...valid(), data: { ...notes, Aciklama: 'a\u0000b' } }),
      400,
      messages.nulCharacter,
    );
    await refused(
      await submit(1, { ...valid(), data: JSON.stringify({ ...notes, Aciklama: 'a\u0000b' }) }),
      400,
      messages.nulCharacter,
    );
  });

  it('refuses text jsonb cannot hold (a lone surrogate), in the body or inside the data text, never with a 500', async () => {
    const raw = (data: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/forms/1/submit',
        headers: { ...admin, 'content-type': 'application/json' },
        payload: `{"data": ${data}, "eventOccurrenceId": ${own[0]}, "guestId": ${guestA}}`,
      });
    await refused(
      await raw('{"first_name": "\\ud800", "last_name": "Y", "attendance": "late"}'),
      400,
      messages.invalidUnicode,
    );
    const listbox = await submit(everyKind, {
      data: JSON.stringify({ ...minimal, country: 'T\ud800' }),
      eventOccurrenceId: own[0],
      guestId: guestA,
    });
    await refused(listbox, 400, messages.invalidUnicode);
  });

  it('refuses huge data text and huge answers', async () => {
    const huge = await submit(1, { ...valid(), data: ' '.repeat(1_000_001) });
    // The contract's zod rule words this one (see packages/shared form-submissions.schema.ts).
    expect(huge.statusCode).toBe(400);
    expect(messageOf(huge)).toMatch(/1,?000,?000/);
    await refused(
      await submit(1, { ...valid(), data: { ...notes, Aciklama: 'x'.repeat(200_000) } }),
      400,
      `Notes must be at most ${SUBMISSION_TEXT_MAX} characters`,
    );
  });

  it('refuses a body that is not JSON', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/forms/1/submit',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: '{"data": {"first_name": "A"',
    });
    await refused(response, 400, 'Request body is not valid JSON');
  });

  // Changes to a valid body (the occurrence ids exist only once beforeAll ran).
  it.each([
    ['a negative form id', '-1', {}, 'Id must be a positive whole number'],
    ['a form id that is not a number', 'abc', {}, 'Id must be a positive whole number'],
    ['a negative occurrence id', '1', { eventOccurrenceId: -5 }, 'eventOccurrenceId must be an id'],
    ['an occurrence id as text', '1', { eventOccurrenceId: '5' }, 'eventOccurrenceId must be an id'],
    ['an occurrence id past int4', '1', { eventOccurrenceId: 2 ** 31 }, 'eventOccurrenceId must be an id'],
    ['no occurrence id', '1', { eventOccurrenceId: undefined }, 'eventOccurrenceId must be an id'],
    ['a guest id of 0', '1', { guestId: 0 }, 'guestId must be an id'],
    ['a fractional guest id', '1', { guestId: 1.5 }, 'guestId must be an id'],
  ])('refuses %s', async (_, formId, change, message) => {
    await refused(await submit(formId, { ...valid(), ...change }), 400, message);
  });
});
