import { AUDIT_ACTIONS, type AuditLog, type AuditLogList } from '@ritim/shared';
import { sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, messageLogs } from '../../platform/db/schema.js';
import { createTestDatabase, createUser } from '../../test/harness.js';
import {
  createEvent,
  createSession,
  type Headers,
  headersOf,
  insertRow,
  occurrenceIdsOf,
  type Person,
} from '../../test/seed.js';
import { useTestApp } from '../../test/use-test-app.js';
import { recordAudit } from '../../platform/audit/record.js';

// An app with an outbox (sends and retries are recorded too).
const ctx = useTestApp({ people: true, mail: true });
const { editor, guest } = ctx.headers;
let admin: Person;
let organiser: Person;
beforeAll(() => {
  ({ admin, editor: organiser } = ctx.people);
});

const SECRET_PASSWORD = 'a-very-secret-password-42';

const call = async (
  method: 'POST' | 'PATCH' | 'DELETE' | 'PUT',
  url: string,
  payload?: object,
  headers = admin.headers,
) => ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

const list = async (query = '', headers: Headers = admin.headers) =>
  ctx.app.inject({ method: 'GET', url: `/api/audit-logs?${query}`, headers });

const rows = async (query: string): Promise<AuditLog[]> => {
  const response = await list(query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuditLogList>().auditLogs;
};

/** The newest row of a thing (its section and id). */
const latest = async (entityType: string, entityId: number) =>
  (await rows(`entityType=${entityType}&entityId=${entityId}&limit=1`))[0];

const count = async () =>
  Number(
    ((await ctx.database.db.execute(sql`select count(*)::integer as n from audit_logs`)) as { rows: { n: number }[] })
      .rows[0]!.n,
  );

describe('the generic sections (create, update, delete through platform/crud-routes.ts)', () => {
  it.each([
    ['locations', { name: 'Hall A' }, { name: 'Hall B' }, 'Hall A', 'name'],
    ['groups', { name: 'Strings' }, { name: 'Winds' }, 'Strings', 'name'],
    ['message-groups', { name: 'Parents' }, { name: 'Parents 5A' }, 'Parents', 'name'],
    [
      'forms',
      { title: 'Notes', groupIds: [], schema: null, description: null },
      { title: 'Notes 2' },
      'Notes',
      'title',
    ],
  ] as const)(
    'records %s: create, update (from/to) and delete, with actor and request id',
    async (section, create, update, name, field) => {
      const created = await call('POST', `/api/${section}`, create);
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json<{ id: number }>().id;
      const createdRow = await latest(section, id);
      expect(createdRow).toMatchObject({
        action: 'create',
        entityType: section,
        entityId: id,
        entityName: name,
        actor: { id: admin.id, username: 'admin' },
        requestId: created.headers['x-request-id'],
      });
      expect(createdRow!.changes![field]).toEqual({ from: null, to: name });

      const patched = await call('PATCH', `/api/${section}/${id}`, update);
      expect(patched.statusCode, patched.body).toBe(200);
      const updatedRow = await latest(section, id);
      expect(updatedRow).toMatchObject({ action: 'update', entityId: id, entityName: Object.values(update)[0] });
      expect(updatedRow!.changes).toEqual({ [field]: { from: name, to: Object.values(update)[0] } });

      const deleted = await call('DELETE', `/api/${section}/${id}`);
      expect(deleted.statusCode, deleted.body).toBe(204);
      const deletedRow = await latest(section, id);
      expect(deletedRow).toMatchObject({ action: 'delete', entityId: id, entityName: Object.values(update)[0] });
      expect(deletedRow!.changes![field]).toEqual({ from: Object.values(update)[0], to: null });
    },
  );

  it('records a lookup and a user (whose password is only ever "[redacted]")', async () => {
    const lookup = await call('POST', '/api/lookups', { key: 'instrument', value: 'vn', label: 'Violin' });
    expect(lookup.statusCode, lookup.body).toBe(201);
    const lookupId = lookup.json<{ id: number }>().id;
    expect(await latest('lookups', lookupId)).toMatchObject({ action: 'create', entityName: 'Violin' });

    const user = await call('POST', '/api/users', {
      username: 'newcomer',
      password: SECRET_PASSWORD,
      role: 'guest',
      timezone: 'Europe/Istanbul',
    });
    expect(user.statusCode, user.body).toBe(201);
    const userId = user.json<{ id: number }>().id;
    const createdRow = await latest('users', userId);
    expect(createdRow).toMatchObject({ action: 'create', entityName: 'newcomer' });
    expect(createdRow!.changes!.password).toEqual({ from: '[redacted]', to: '[redacted]' });
    expect(createdRow!.changes!.username).toEqual({ from: null, to: 'newcomer' });

    const patched = await call('PATCH', `/api/users/${userId}`, { password: `${SECRET_PASSWORD}-2`, name: 'Nil' });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await latest('users', userId))!.changes).toEqual({
      name: { from: null, to: 'Nil' },
      password: { from: '[redacted]', to: '[redacted]' },
    });
  });

  it('records a new event in the statement that stores it: who, and its fields as the API answers them', async () => {
    const location = (await call('POST', '/api/locations', { name: 'Hall' })).json<{ id: number }>().id;
    const guestOne = await createUser(ctx.database, { username: 'audit-guest-1', role: 'guest', name: 'Zeynep' });
    const before = await count();
    const response = await call(
      'POST',
      '/api/events',
      {
        title: 'Piano - Ayşe',
        description: '',
        locationId: location,
        organiserId: organiser.id,
        guestIds: [guestOne.id],
        rrule: 'DTSTART;TZID=Europe/Istanbul:20300107T100000\nRRULE:FREQ=WEEKLY;COUNT=4',
      },
      { ...admin.headers, 'x-request-id': 'req-create-event' },
    );
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<Record<string, unknown> & { id: number }>();
    expect(await count()).toBe(before + 1);
    const row = await latest('events', created.id);
    expect(row).toMatchObject({
      action: 'create',
      actor: { id: admin.id, username: admin.username },
      entityName: 'Piano - Ayşe',
      requestId: 'req-create-event',
    });
    const shown = ['title', 'description', 'conferenceLink', 'rrule', 'timezone', 'doesNotRepeat', 'status'];
    const expected = Object.fromEntries(
      [...shown, 'location', 'organiser', 'guests', 'guestIds']
        .filter((field) => created[field] !== null)
        .map((field) => [field, { from: null, to: created[field] }]),
    );
    expect(row!.changes).toEqual(expected);
    expect(row!.changes!.guests!.to).toEqual([expect.objectContaining({ id: guestOne.id, name: 'Zeynep' })]);
    // Refused (an unknown guest): nothing stored, nothing recorded.
    const refused = await call('POST', '/api/events', {
      title: 'Nobody',
      locationId: location,
      organiserId: organiser.id,
      guestIds: [999_999],
      rrule: 'DTSTART;TZID=Europe/Istanbul:20300107T100000\nRRULE:FREQ=WEEKLY;COUNT=4',
    });
    expect(refused.statusCode).toBe(400);
    expect(await count()).toBe(before + 1);
  });

  it('records an archived event as `archive`, its status from active to archived', async () => {
    const location = (await call('POST', '/api/locations', { name: 'Studio' })).json<{ id: number }>().id;
    const event = await call('POST', '/api/events', {
      title: 'Rehearsal',
      locationId: location,
      organiserId: organiser.id,
      guestIds: [],
      rrule: 'DTSTART;TZID=Europe/Istanbul:20200106T100000\nRRULE:FREQ=WEEKLY;COUNT=3',
    });
    expect(event.statusCode, event.body).toBe(201);
    const eventId = event.json<{ id: number }>().id;
    expect(await latest('events', eventId)).toMatchObject({ action: 'create', entityName: 'Rehearsal' });
    // Its sessions are in the past: history, so the delete archives it.
    const deleted = await call('DELETE', `/api/events/${eventId}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const row = await latest('events', eventId);
    expect(row).toMatchObject({ action: 'archive', entityName: 'Rehearsal' });
    expect(row!.changes!.status).toEqual({ from: 'active', to: 'archived' });
  });

  it('writes no row for a write that fails (the row is in the write’s transaction)', async () => {
    const before = await count();
    const location = (await call('POST', '/api/locations', { name: 'Busy room' })).json<{ id: number }>().id;
    await call('POST', '/api/events', {
      title: 'Holding the room',
      locationId: location,
      organiserId: organiser.id,
      guestIds: [],
      rrule: 'DTSTART;TZID=Europe/Istanbul:20200106T100000\nRRULE:FREQ=WEEKLY;COUNT=1',
    });
    const afterSetup = await count();
    expect(afterSetup).toBe(before + 2);
    // The event references the location: the database refuses the delete after the audit row was written.
    const refused = await call('DELETE', `/api/locations/${location}`);
    expect(refused.statusCode).toBe(409);
    const duplicate = await call('POST', '/api/message-groups', { name: 'Chat', externalId: 'chat-1' });
    expect(duplicate.statusCode).toBe(201);
    const again = await call('POST', '/api/message-groups', { name: 'Chat 2', externalId: 'chat-1' });
    expect(again.statusCode).toBe(409);
    expect(await count()).toBe(afterSetup + 1);
    expect(await latest('locations', location)).toMatchObject({ action: 'create' });
  });

  it('rolls a row back with the transaction it was written in', async () => {
    const before = await count();
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await recordAudit(tx, { action: 'update', entityType: 'locations', entityId: 1, changes: null });
        const inside = await tx.execute(sql`select count(*)::integer as n from audit_logs`);
        expect((inside as { rows: { n: number }[] }).rows[0]!.n).toBe(before + 1);
        throw new Error('the change fails after its row was written');
      }),
    ).rejects.toThrow('the change fails');
    expect(await count()).toBe(before);
  });
});

describe('state changes, sign-ins and the other writes', () => {
  /** A day a year ahead (UTC): sessions there are in the future whatever today is. */
  const ahead = (days: number) => new Date(Date.now() + (365 + days) * 86_400_000).toISOString().slice(0, 10);
  let locationId: number;
  let guestId: number;

  beforeAll(async () => {
    locationId = (await call('POST', '/api/locations', { name: 'State room' })).json<{ id: number }>().id;
    guestId = (await createUser(ctx.database, { username: 'ayla', role: 'guest', email: 'ayla@example.com' })).id;
  });

  const session = (day: string, title = 'Lesson') =>
    createSession(ctx, admin.headers, {
      title,
      start: `${day}T14:00`,
      zone: 'UTC',
      organiserId: organiser.id,
      locationId,
      guestIds: [guestId],
    });
  const occurrenceRow = (id: number) => latest('event-occurrences', id);

  it('records approve, send (each message) and unapprove of a day, with the status from and to and which session', async () => {
    const day = ahead(1);
    const id = await session(day, 'Approved lesson');
    const approved = await call('POST', '/api/event-occurrences/approveSchedule', { listDate: day, timezone: 'UTC' });
    expect(approved.statusCode, approved.body).toBe(200);
    // Its start, unchanged, says which session of the series (the sentence's day).
    const start = { from: `${day}T14:00:00.000Z`, to: `${day}T14:00:00.000Z` };
    expect(await occurrenceRow(id)).toMatchObject({
      action: 'approve',
      entityName: 'Approved lesson',
      actor: { id: admin.id },
      changes: { status: { from: 'scheduled', to: 'approved' }, startsAt: start },
      requestId: approved.headers['x-request-id'],
    });
    const sent = await call('POST', '/api/event-occurrences/sendReminders', { listDate: day, timezone: 'UTC' });
    expect(sent.statusCode, sent.body).toBe(200);
    const [log] = await ctx.database.db
      .select()
      .from(messageLogs)
      .where(sql`${messageLogs.occurrenceId} = ${id}`);
    expect(await latest('message-logs', log!.id)).toMatchObject({
      action: 'send',
      actor: { id: admin.id },
      changes: { type: { from: null, to: 'reminder' } },
    });
    await call('POST', '/api/event-occurrences/unapproveSchedule', { listDate: day, timezone: 'UTC' });
    expect(await occurrenceRow(id)).toMatchObject({
      action: 'unapprove',
      changes: { status: { from: 'approved', to: 'scheduled' }, startsAt: start },
    });
  });

  it('records a moved session, a cancel and a restore', async () => {
    const id = await session(ahead(2), 'Moved lesson');
    const moved = await call('PATCH', `/api/event-occurrences/${id}`, { occurrenceDate: `${ahead(3)}T15:00:00.000Z` });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await occurrenceRow(id)).toMatchObject({
      action: 'update',
      changes: { occurrenceDate: { from: `${ahead(2)}T14:00:00.000Z`, to: `${ahead(3)}T15:00:00.000Z` } },
    });
    const cancelled = await call('POST', `/api/event-occurrences/${id}/cancel`, { reason: 'Teacher is ill' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // The session's start, as it stayed, names it in the sentence ('cancelled 'Moved lesson' on ...').
    const start = { from: `${ahead(3)}T15:00:00.000Z`, to: `${ahead(3)}T15:00:00.000Z` };
    expect(await occurrenceRow(id)).toMatchObject({
      action: 'cancel',
      entityName: 'Moved lesson',
      changes: {
        startsAt: start,
        status: { from: 'scheduled', to: 'cancelled' },
        reason: { from: null, to: 'Teacher is ill' },
      },
    });
    expect((await call('POST', `/api/event-occurrences/${id}/restore`)).statusCode).toBe(200);
    expect(await occurrenceRow(id)).toMatchObject({
      action: 'restore',
      changes: { startsAt: start, status: { from: 'cancelled', to: 'scheduled' } },
    });
    // A change of its guests only: the start it was made to, and the guests.
    expect((await call('PATCH', `/api/event-occurrences/${id}`, { occurrenceGuestIds: [] })).statusCode).toBe(200);
    expect((await occurrenceRow(id))!.changes).toEqual({ startsAt: start, guestIds: { from: [guestId], to: [] } });
  });

  it('records a closure (and each session it cancels) and its removal', async () => {
    const day = ahead(10);
    const id = await session(day, 'Closed lesson');
    const created = await call('POST', '/api/closures', {
      title: 'Holiday',
      from: day,
      to: day,
      scope: { kind: 'all' },
      timezone: 'UTC',
    });
    expect(created.statusCode, created.body).toBe(201);
    const closureId = created.json<{ closure: { id: number } }>().closure.id;
    expect(await latest('closures', closureId)).toMatchObject({ action: 'create', entityName: 'Holiday' });
    expect(await occurrenceRow(id)).toMatchObject({
      action: 'cancel',
      changes: {
        startsAt: { from: `${day}T14:00:00.000Z`, to: `${day}T14:00:00.000Z` },
        status: { from: null, to: 'cancelled' },
        closureId: { from: null, to: closureId },
      },
    });
    expect((await call('DELETE', `/api/closures/${closureId}`)).statusCode).toBe(204);
    expect(await latest('closures', closureId)).toMatchObject({ action: 'delete', entityName: 'Holiday' });
  });

  it('records attendance marks and a form submission', async () => {
    const id = await session(ahead(4), 'Marked lesson');
    const marked = await call('PUT', `/api/event-occurrences/${id}/attendance`, {
      entries: [{ guestId, status: 'excused', note: 'Away' }],
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(await latest('attendance', id)).toMatchObject({
      action: 'update',
      entityName: 'Marked lesson',
      changes: {
        startsAt: { from: `${ahead(4)}T14:00:00.000Z`, to: `${ahead(4)}T14:00:00.000Z` },
        [`guest ${guestId}`]: { from: null, to: { status: 'excused', note: 'Away' } },
      },
    });
    const form = await call('POST', '/api/forms', {
      title: 'Homework',
      description: null,
      schema: { fields: [{ type: 'textarea', name: 'pages', label: 'Pages' }] },
      groupIds: [],
    });
    const formId = form.json<{ id: number }>().id;
    const submit = (data: object) =>
      call('POST', `/api/forms/${formId}/submit`, { data, eventOccurrenceId: id, guestId });
    const first = await submit({ pages: '10' });
    expect(first.statusCode, first.body).toBe(200);
    const submissionId = first.json<{ id: number }>().id;
    expect(await latest('form-submissions', submissionId)).toMatchObject({
      action: 'create',
      entityName: 'Homework',
      changes: { pages: { from: null, to: '10' }, eventOccurrenceId: { from: null, to: id } },
    });
    await submit({ pages: '12' });
    expect((await latest('form-submissions', submissionId))!.changes).toEqual({ pages: { from: '10', to: '12' } });
  });

  it('answers an event’s History (?eventId=): its own rows and its sessions’ cancellations and marks, no other event’s', async () => {
    const day = ahead(20);
    const eventId = await createEvent(ctx, admin.headers, {
      title: 'Weekly with history',
      locationId,
      organiserId: organiser.id,
      guestIds: [guestId],
      rrule: `DTSTART;TZID=UTC:${day.replace(/-/g, '')}T090000\nRRULE:FREQ=WEEKLY;COUNT=3`,
    });
    const [first, second] = await occurrenceIdsOf(ctx.database, eventId);
    const other = await session(day, 'Another lesson');
    for (const id of [first, other]) {
      expect((await call('POST', `/api/event-occurrences/${id}/cancel`, { reason: 'Rain' })).statusCode).toBe(200);
    }
    const marked = await call('PUT', `/api/event-occurrences/${second}/attendance`, {
      entries: [{ guestId, status: 'excused' }],
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect((await call('PATCH', `/api/events/${eventId}`, { title: 'Weekly, renamed' })).statusCode).toBe(200);

    const history = await rows(`eventId=${eventId}&limit=100`);
    expect(history.map((row) => [row.action, row.entityType, row.entityId])).toEqual([
      ['update', 'events', eventId],
      ['update', 'attendance', second],
      ['cancel', 'event-occurrences', first],
      ['create', 'events', eventId],
    ]);
    expect((await list(`eventId=${eventId}&limit=1`)).json<AuditLogList>().totalCount).toBe(4);
    // With the other filters, as any list.
    expect((await rows(`eventId=${eventId}&action=cancel`)).map((row) => row.entityId)).toEqual([first]);
    expect((await list('eventId=abc')).statusCode).toBe(400);
  });

  it('records "this and following" as a split of the event', async () => {
    const event = await call('POST', '/api/events', {
      title: 'Weekly',
      locationId,
      organiserId: organiser.id,
      guestIds: [],
      rrule: `DTSTART:${ahead(20).replace(/-/g, '')}T090000Z\nRRULE:FREQ=WEEKLY;COUNT=4`,
    });
    expect(event.statusCode, event.body).toBe(201);
    const eventId = event.json<{ id: number }>().id;
    const [, second] = await occurrenceIdsOf(ctx.database, eventId);
    const split = await call('PATCH', `/api/events/${eventId}`, { fromOccurrenceId: second, title: 'Weekly, later' });
    expect(split.statusCode, split.body).toBe(200);
    const laterId = split.json<{ id: number }>().id;
    expect(await latest('events', eventId)).toMatchObject({
      action: 'split',
      entityName: 'Weekly',
      changes: { id: { from: eventId, to: laterId }, title: { from: 'Weekly', to: 'Weekly, later' } },
    });
  });

  it('records a retry of a failed message', async () => {
    const failed = await insertRow(ctx.database, messageLogs, {
      type: 'reminder',
      idempotencyKey: 'audit-retry-1',
      recipientUserId: guestId,
      recipientName: 'Ayla',
      subject: 'Reminder',
      body: 'Tomorrow',
      status: 'failed',
      error: 'mailbox full',
    });
    const retried = await call('POST', `/api/message-logs/${failed.id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await latest('message-logs', failed.id)).toMatchObject({
      action: 'retry',
      entityName: 'Ayla',
      changes: { status: { from: 'failed', to: 'queued' } },
    });
  });

  it('records a change of your own profile, with you as the actor', async () => {
    const response = await call('PATCH', `/api/users/${organiser.id}/my-profile`, { name: 'Emre' }, editor);
    expect(response.statusCode, response.body).toBe(200);
    expect(await latest('users', organiser.id)).toMatchObject({
      action: 'update',
      actor: { id: organiser.id, username: 'editor' },
      changes: { name: { from: 'editor', to: 'Emre' } },
    });
  });

  it('records a new calendar feed address as a change of the user, never the address itself', async () => {
    const reset = await call('POST', `/api/users/${organiser.id}/calendar-feed/reset`);
    expect(reset.statusCode, reset.body).toBe(200);
    const token = /calendar-feeds\/([^.]+)\.ics$/.exec(reset.json<{ url: string }>().url)![1]!;
    expect(await latest('users', organiser.id)).toMatchObject({
      action: 'update',
      entityName: organiser.username,
      actor: { id: admin.id },
      changes: { calendarFeedToken: { from: '[redacted]', to: '[redacted]' } },
    });
    const text = await ctx.database.db.execute(sql`select string_agg(t::text, ' ') as all from audit_logs t`);
    expect((text as { rows: { all: string }[] }).rows[0]!.all).not.toContain(token);
  });

  it('records a sign-in (the user acting) and a failed one (the name tried, no actor, never the password)', async () => {
    await headersOf(ctx.app, 'ayla');
    expect((await rows('action=login&limit=1'))[0]).toMatchObject({
      entityType: 'auth',
      entityId: guestId,
      entityName: 'ayla',
      actor: { id: guestId, username: 'ayla' },
    });
    const failed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'aylaa', password: SECRET_PASSWORD },
    });
    expect(failed.statusCode).toBe(401);
    expect((await rows('action=loginFailed&limit=1'))[0]).toMatchObject({
      entityType: 'auth',
      entityId: null,
      entityName: 'aylaa',
      actor: null,
      changes: null,
    });
  });
});

describe('two-factor sign-in', () => {
  it('records it turned on and off and its second step, never the secret, a code or a recovery code', async () => {
    const { id } = await createUser(ctx.database, { username: 'tuna', role: 'editor' });
    const headers = await headersOf(ctx.app, 'tuna');
    const setup = await call('POST', `/api/users/${id}/two-factor/setup`, undefined, headers);
    const { secret } = setup.json<{ secret: string }>();
    const code = () =>
      new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate();
    const enable = await call('POST', `/api/users/${id}/two-factor/enable`, { code: code() }, headers);
    expect(enable.statusCode, enable.body).toBe(200);
    const { recoveryCodes } = enable.json<{ recoveryCodes: string[] }>();
    expect(await latest('users', id)).toMatchObject({
      action: 'twoFactorEnable',
      entityName: 'tuna',
      actor: { id, username: 'tuna' },
      changes: null,
    });

    const challenge = async () =>
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: 'tuna', password: 'correct horse battery' },
        })
      ).json<{ challenge: string }>().challenge;
    const second = (payload: object) => ctx.app.inject({ method: 'POST', url: '/api/auth/login/two-factor', payload });
    // The password was right, the code not: a wrong second-step code (not a wrong password), the
    // account named, nobody acting.
    const failedSignIns = (await rows('action=loginFailed&limit=100')).length;
    const wrong = await second({ challenge: await challenge(), recoveryCode: 'WRONG-CODE1' });
    expect(wrong.statusCode).toBe(401);
    expect((await rows('action=twoFactorCodeFailed&limit=1'))[0]).toMatchObject({
      entityType: 'auth',
      entityId: id,
      entityName: 'tuna',
      actor: null,
      changes: null,
    });
    expect(await rows('action=loginFailed&limit=100')).toHaveLength(failedSignIns);
    const right = await second({ challenge: await challenge(), recoveryCode: recoveryCodes[0] });
    expect(right.statusCode, right.body).toBe(200);
    expect((await rows('action=login&limit=1'))[0]).toMatchObject({
      entityType: 'auth',
      entityId: id,
      actor: { id, username: 'tuna' },
    });

    // An admin turns it off for them.
    const off = await call('POST', `/api/users/${id}/two-factor/disable`);
    expect(off.statusCode, off.body).toBe(204);
    expect(await latest('users', id)).toMatchObject({
      action: 'twoFactorDisable',
      entityName: 'tuna',
      actor: { id: admin.id, username: admin.username },
    });

    const text = await ctx.database.db.execute(sql`select string_agg(t::text, ' ') as all from audit_logs t`);
    const all = (text as { rows: { all: string }[] }).rows[0]!.all;
    for (const kept of [secret, ...recoveryCodes]) expect(all).not.toContain(kept);
  });
});

describe('GET /api/audit-logs', () => {
  it('answers admins only: editor 403, guest 403, signed out 401', async () => {
    expect((await list('', editor)).statusCode).toBe(403);
    expect((await list('', guest)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/audit-logs' })).statusCode).toBe(401);
  });

  it.each([
    ['entityType=nope', 'entityType must be an API section'],
    ['action=explode', 'action must be a known action'],
    ['entityId=abc', undefined],
    ['actorId=-1', undefined],
    ['from=yesterday', 'from must be a day or an ISO date-time'],
    ['to=2026-02-30', 'to must be a day or an ISO date-time'],
    ['limit=0', undefined],
    ['limit=101', undefined],
    ['offset=-1', undefined],
    ['timezone=Mars/Olympus', undefined],
  ])('refuses %s with 400', async (query, message) => {
    const response = await list(query);
    expect(response.statusCode, response.body).toBe(400);
    if (message) expect(response.json()).toMatchObject({ message });
  });

  it('lists newest first, pages with limit and offset, and counts the whole match', async () => {
    const all = await rows('limit=100');
    const total = (await list('limit=1')).json<AuditLogList>().totalCount;
    expect(total).toBe(all.length);
    const order = all.map((row) => [Date.parse(row.at), row.id] as const);
    expect(order).toEqual([...order].sort((a, b) => b[0] - a[0] || b[1] - a[1]));
    const second = await list('limit=2&offset=2');
    expect(second.json<AuditLogList>()).toEqual({ auditLogs: all.slice(2, 4), totalCount: total });
    expect((await list(`offset=${total + 5}`)).json<AuditLogList>()).toEqual({ auditLogs: [], totalCount: total });
  });

  it('filters by section, id, actor, action and time (instants, and days in a zone)', async () => {
    const all = await rows('limit=100');
    expect((await rows('entityType=locations&limit=100')).every((row) => row.entityType === 'locations')).toBe(true);
    const one = all.find((row) => row.entityType === 'groups')!;
    expect(
      (await rows(`entityType=groups&entityId=${one.entityId}`)).every((row) => row.entityId === one.entityId),
    ).toBe(true);
    expect((await rows(`actorId=${admin.id}&limit=100`)).length).toBe(
      all.filter((row) => row.actor?.id === admin.id).length,
    );
    expect((await rows('action=delete&limit=100')).map((row) => row.id)).toEqual(
      all.filter((row) => row.action === 'delete').map((row) => row.id),
    );
    const newest = all[0]!;
    expect((await rows(`from=${encodeURIComponent(newest.at)}&limit=100`)).map((row) => row.id)).toEqual(
      all.filter((row) => row.at === newest.at).map((row) => row.id),
    );
    expect(await rows(`to=${encodeURIComponent(new Date(Date.parse(all.at(-1)!.at) - 1).toISOString())}`)).toEqual([]);
    const today = newest.at.slice(0, 10);
    expect((await rows(`from=${today}&to=${today}&limit=100`)).length).toBe(all.length);
    // Istanbul is 3 hours ahead of UTC: its day ends before the UTC day does.
    const dayAfter = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect(await rows(`from=${dayAfter}&timezone=Europe/Istanbul&limit=100`)).toEqual(
      all.filter((row) => Date.parse(row.at) >= Date.parse(`${today}T21:00:00Z`)),
    );
  });

  it('counts the unfiltered total from the insert trigger’s pieces: exact through folds, concurrent writes and a rollback', async () => {
    const db = ctx.database.db;
    const total = async () => (await list('limit=1')).json<AuditLogList>().totalCount;
    // This file's delivery worker may record a send at any moment: compare when no row came in between.
    const exactTotal = async () => {
      for (;;) {
        const before = await count();
        const answered = await total();
        if ((await count()) === before) return { answered, counted: before };
      }
    };
    const pieces = async () =>
      ((await db.execute(sql`select count(*)::integer as n from audit_log_counts`)) as { rows: { n: number }[] })
        .rows[0]!.n;
    const row = (n: number) => ({
      action: 'create' as const,
      entityType: 'locations' as const,
      entityName: `Piece ${n}`,
    });
    // 100 single-row writes (100 pieces) and one of three rows, with lists (and so folds) running among them.
    await Promise.all(
      Array.from({ length: 100 }, async (_, n) => {
        await db.insert(auditLogs).values(row(n));
        if (n % 10 === 0) await total();
      }),
    );
    await db.insert(auditLogs).values([row(101), row(102), row(103)]);
    await db
      .transaction(async (tx) => {
        await tx.insert(auditLogs).values(row(104));
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    const first = await exactTotal();
    expect(first.answered).toBe(first.counted);
    // That list folded the hundred pieces into one (plus any written since); the total follows new rows.
    expect(await pieces()).toBeLessThan(10);
    await db.insert(auditLogs).values(row(105));
    const second = await exactTotal();
    expect(second.answered).toBe(second.counted);
  });

  it('sends the request id back as x-request-id, the one the client sent when it sent one', async () => {
    const response = await call(
      'POST',
      '/api/locations',
      { name: 'Tagged' },
      { ...admin.headers, 'x-request-id': 'req-abc-1' },
    );
    expect(response.headers['x-request-id']).toBe('req-abc-1');
    const id = response.json<{ id: number }>().id;
    expect(await latest('locations', id)).toMatchObject({ requestId: 'req-abc-1' });
    expect((await list()).headers['x-request-id']).toEqual(expect.any(String));
  });
});

describe('the audit_logs table', () => {
  it('refuses UPDATE, DELETE and TRUNCATE', async () => {
    const db = ctx.database.db;
    expect(await count()).toBeGreaterThan(0);
    await expect(db.update(auditLogs).set({ entityName: 'changed' })).rejects.toThrow();
    await expect(db.delete(auditLogs)).rejects.toThrow();
    await expect(db.execute(sql`truncate audit_logs`)).rejects.toThrow();
    const changed = await db.execute(sql`select count(*)::integer as n from audit_logs where entity_name = 'changed'`);
    expect((changed as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('holds no password, hash or token anywhere', async () => {
    const text = await ctx.database.db.execute(sql`select string_agg(t::text, ' ') as all from audit_logs t`);
    const all = (text as { rows: { all: string }[] }).rows[0]!.all;
    expect(all).toContain('[redacted]');
    for (const secret of [SECRET_PASSWORD, '$argon2', '$2b$', 'Bearer']) expect(all).not.toContain(secret);
  });
});

describe('the actions the database takes', () => {
  it('stores a row of each action the API knows (the migrations’ check names them all)', async () => {
    // A database of its own: rows of every kind, read by no other test.
    const database = await createTestDatabase();
    try {
      for (const action of AUDIT_ACTIONS) {
        await recordAudit(database.db, { action, entityType: 'auth', entityId: null, actor: null });
      }
      const stored = await database.db.select({ action: auditLogs.action }).from(auditLogs);
      expect(new Set(stored.map((row) => row.action))).toEqual(new Set(AUDIT_ACTIONS));
    } finally {
      await database.close();
    }
  });
});
