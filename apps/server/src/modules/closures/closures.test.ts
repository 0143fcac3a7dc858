import type { ClosureList, ClosureResult, EventOccurrence } from '@ritim/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import {
  closures,
  eventOccurrences,
  formSubmissions,
  messageLogs,
  occurrenceCancellations,
  users,
} from '../../platform/db/schema.js';
import { messageOf, TEST_JWT_SECRET } from '../../test/harness.js';
import {
  createEvent,
  createLocation,
  createSession,
  createUsers,
  type Headers,
  headersOf,
  insertRow,
  occurrenceIdsOf,
  type OccurrenceInput,
  waitFor,
} from '../../test/seed.js';
import { useTestApp } from '../../test/use-test-app.js';
import { extendHorizons } from '../events/horizon.js';

/**
 * /api/closures (docs/domain.md#closures): who may, what is refused, what a closure cancels and
 * keeps, its days in its zone across DST, sessions made or moved into it later, and DELETE
 * restoring. The clock is fixed: Friday 20 March 2026, 12:00Z.
 */
const NOW = new Date('2026-03-20T12:00:00Z');
const LONDON = 'Europe/London';
const ISTANBUL = 'Europe/Istanbul';

const ctx = useTestApp({ mail: true, now: () => NOW });

let ids: Record<'admin' | 'emre' | 'elif' | 'ozan' | 'ayla' | 'burak', number>;
let admin: Headers;
let editor: Headers;
let guest: Headers;
let room: number;
let hall: number;

const post = (payload: unknown, headers: Headers = admin) =>
  ctx.app.inject({ method: 'POST', url: '/api/closures', headers, payload: payload as object });
const close = async (payload: Record<string, unknown>) => {
  const response = await post({ title: 'Office closed', scope: { kind: 'all' }, timezone: LONDON, ...payload });
  expect(response.statusCode, response.body).toBe(payload.dryRun ? 200 : 201);
  return response.json<ClosureResult>();
};
const remove = (id: number, headers: Headers = admin, query = '') =>
  ctx.app.inject({ method: 'DELETE', url: `/api/closures/${id}${query}`, headers });
const read = async (id: number) => {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/event-occurrences/${id}`, headers: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<EventOccurrence>();
};
const statusOf = async (id: number) => (await read(id)).status;
const session = (input: Partial<OccurrenceInput> = {}) =>
  createSession(ctx, admin, {
    start: '2026-04-01T10:00',
    zone: LONDON,
    organiserId: ids.emre,
    locationId: room,
    guestIds: [ids.ayla],
    ...input,
  });
const cancellationLogsOf = (occurrenceIds: number[]) =>
  ctx.database.db
    .select()
    .from(messageLogs)
    .where(and(inArray(messageLogs.occurrenceId, occurrenceIds), eq(messageLogs.type, 'cancellation')));
const restorationLogsOf = (occurrenceIds: number[]) =>
  ctx.database.db
    .select()
    .from(messageLogs)
    .where(and(inArray(messageLogs.occurrenceId, occurrenceIds), eq(messageLogs.type, 'restoration')));
const cancellationsOf = (occurrenceId: number) =>
  ctx.database.db.select().from(occurrenceCancellations).where(eq(occurrenceCancellations.occurrenceId, occurrenceId));

beforeAll(async () => {
  ids = await createUsers(ctx.database, [
    { username: 'admin', role: 'admin', name: 'Ada', surname: 'Admin', timezone: ISTANBUL },
    { username: 'emre', role: 'editor', name: 'Emre', timezone: LONDON },
    { username: 'elif', role: 'editor', name: 'Elif', timezone: ISTANBUL },
    { username: 'ozan', role: 'editor', name: 'Ozan', timezone: LONDON },
    { username: 'ayla', role: 'guest', name: 'Ayla', timezone: LONDON, email: 'ayla@example.com' },
    {
      username: 'burak',
      role: 'guest',
      name: 'Burak',
      timezone: ISTANBUL,
      email: 'burak@example.com',
      language: 'tr',
    },
  ]);
  admin = await headersOf(ctx.app, 'admin');
  editor = await headersOf(ctx.app, 'emre');
  guest = await headersOf(ctx.app, 'ayla');
  room = await createLocation(ctx, admin, 'Room');
  hall = await createLocation(ctx, admin, 'Hall');
}, 60_000);

describe('POST /api/closures', () => {
  it('is for admins only: editors and guests get 403', async () => {
    const body = { title: 'Closed', from: '2026-05-01', to: '2026-05-01', scope: { kind: 'all' } };
    expect((await post(body, editor)).statusCode).toBe(403);
    expect((await post(body, guest)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/closures', headers: guest })).statusCode).toBe(403);
    expect((await remove(1, editor)).statusCode).toBe(403);
  });

  it.each([
    [{ from: '2026-05-02', to: '2026-05-01' }, 'The closure’s last day (to) must not be before its first (from)'],
    [{ from: '2026-05-01', to: '2027-05-02' }, 'A closure covers at most 366 days'],
    [{ from: '2026-02-30', to: '2026-03-01' }, 'Date must be a day (YYYY-MM-DD)'],
    [{ from: 'tomorrow' }, 'Date must be a day (YYYY-MM-DD)'],
    [{ from: undefined }, 'from must be a day (YYYY-MM-DD)'],
    [{ title: '  ' }, 'A closure title is required'],
    [{ scope: { kind: 'room' } }, 'scope must be {kind: "all"}, {kind: "location", id} or {kind: "organiser", id}'],
    [{ scope: 'all' }, 'scope must be {kind: "all"}, {kind: "location", id} or {kind: "organiser", id}'],
    [{ scope: { kind: 'location' } }, 'A location or organiser scope needs the id of one'],
    [{ scope: { kind: 'organiser', id: 'x' } }, 'A location or organiser scope needs the id of one'],
    [{ scope: { kind: 'location', id: 999_999 } }, 'The scope’s location does not exist'],
    [{ scope: { kind: 'organiser', id: 999_999 } }, 'The scope’s organiser does not exist'],
    [{ scope: { kind: 'all', id: 1 } }, 'Unrecognized key: "id"'],
    [{ colour: 'red' }, 'Unrecognized key: "colour"'],
    [{ dryRun: 'yes' }, 'dryRun must be true or false'],
    [{ timezone: 'Mars/Olympus' }, null],
  ])('refuses %j with 400', async (change, message) => {
    const body = { title: 'Closed', from: '2026-05-01', to: '2026-05-01', scope: { kind: 'all' }, ...change };
    const response = await post(body);
    expect(response.statusCode, response.body).toBe(400);
    if (message) expect(messageOf(response)).toContain(message);
  });

  it('cancels the sessions of its days with its title as the reason, keeps completed and answered ones, and dryRun stores nothing', async () => {
    const plain = await session({ start: '2026-04-02T09:00' });
    const approved = await session({ start: '2026-04-02T11:00' });
    const completed = await session({ start: '2026-04-02T13:00' });
    const answered = await session({ start: '2026-04-02T15:00' });
    const cancelledBefore = await session({ start: '2026-04-02T17:00' });
    const nextDay = await session({ start: '2026-04-03T09:00' });
    await ctx.database.db.update(eventOccurrences).set({ status: 'approved' }).where(eq(eventOccurrences.id, approved));
    await ctx.database.db
      .update(eventOccurrences)
      .set({ status: 'completed' })
      .where(eq(eventOccurrences.id, completed));
    await insertRow(ctx.database, formSubmissions, {
      formId: 1,
      occurrenceId: answered,
      guestId: ids.ayla,
      formVersion: 1,
      data: { notes: 'fine' },
    });
    const manual = await ctx.app.inject({
      method: 'POST',
      url: `/api/event-occurrences/${cancelledBefore}/cancel`,
      headers: admin,
      payload: { reason: 'Ill' },
    });
    expect(manual.statusCode, manual.body).toBe(200);

    const body = { title: ' Bank holiday ', from: '2026-04-02', to: '2026-04-02', scope: { kind: 'all' } };
    const preview = await close({ ...body, dryRun: true });
    expect(preview.closure).toEqual({
      id: null,
      title: 'Bank holiday',
      from: '2026-04-02',
      to: '2026-04-02',
      timezone: LONDON,
      scope: { kind: 'all' },
      cancelledCount: 2,
    });
    expect(preview.cancelled).toEqual([
      {
        occurrenceId: plain,
        eventId: expect.any(Number) as number,
        title: 'Session',
        startsAt: '2026-04-02T08:00:00.000Z',
      },
      {
        occurrenceId: approved,
        eventId: expect.any(Number) as number,
        title: 'Session',
        startsAt: '2026-04-02T10:00:00.000Z',
      },
    ]);
    expect(preview.kept.map(({ occurrenceId, reason }) => ({ occurrenceId, reason }))).toEqual([
      { occurrenceId: completed, reason: 'completed' },
      { occurrenceId: answered, reason: 'hasAnswers' },
    ]);
    // Who would be told: the guests of the cancelled sessions only.
    expect(preview.guests).toEqual([{ id: ids.ayla, name: 'Ayla', sessionCount: 2 }]);
    expect(await statusOf(plain)).toBe('scheduled');
    expect(await ctx.database.db.select().from(closures)).toEqual([]);

    const stored = await close(body);
    expect(stored.closure.id).toEqual(expect.any(Number));
    expect({ ...stored, closure: { ...stored.closure, id: null } }).toEqual(preview);
    expect(await read(plain)).toMatchObject({ status: 'cancelled', cancellation: { reason: 'Bank holiday' } });
    expect(await statusOf(approved)).toBe('cancelled');
    expect(await statusOf(completed)).toBe('completed');
    expect(await statusOf(answered)).toBe('scheduled');
    expect(await statusOf(nextDay)).toBe('scheduled');
    expect(await cancellationsOf(plain)).toHaveLength(1);
    expect((await read(cancelledBefore)).cancellation?.reason).toBe('Ill');
    // Without notify, nobody is messaged.
    expect(await cancellationLogsOf([plain, approved])).toEqual([]);

    const list = await ctx.app.inject({ method: 'GET', url: '/api/closures?limit=10', headers: admin });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<ClosureList>().closures.find((c) => c.id === stored.closure.id)).toEqual(stored.closure);

    // Delete restores what it cancelled, as it was; a session cancelled by hand stays cancelled.
    expect((await remove(stored.closure.id!)).statusCode).toBe(204);
    expect(await statusOf(plain)).toBe('scheduled');
    expect(await statusOf(approved)).toBe('approved');
    expect(await cancellationsOf(plain)).toEqual([]);
    expect(await statusOf(cancelledBefore)).toBe('cancelled');
    expect((await remove(stored.closure.id!)).statusCode).toBe(404);
  });

  it('closes one location or one organiser only', async () => {
    const inRoom = await session({ start: '2026-04-06T09:00', locationId: room, organiserId: ids.emre });
    const inHall = await session({ start: '2026-04-06T10:00', locationId: hall, organiserId: ids.elif });
    const byElif = await session({ start: '2026-04-06T11:00', locationId: room, organiserId: ids.elif });
    const hallClosed = await close({ from: '2026-04-06', to: '2026-04-06', scope: { kind: 'location', id: hall } });
    expect(hallClosed.cancelled.map((s) => s.occurrenceId)).toEqual([inHall]);
    expect(hallClosed.closure.scope).toEqual({ kind: 'location', id: hall });
    const elifAway = await close({ from: '2026-04-06', to: '2026-04-06', scope: { kind: 'organiser', id: ids.elif } });
    // The hall's session is cancelled already: in neither list.
    expect(elifAway.cancelled.map((s) => s.occurrenceId)).toEqual([byElif]);
    expect(await statusOf(inRoom)).toBe('scheduled');
    const list = await ctx.app.inject({ method: 'GET', url: '/api/closures?q=office&sort=from', headers: admin });
    expect(list.json<ClosureList>().closures.find((c) => c.id === elifAway.closure.id)?.scope).toEqual({
      kind: 'organiser',
      id: ids.elif,
      name: 'Elif',
    });
    // Restored from the hall's closure, the hall's session is Elif's too: her closure cancels it now.
    expect((await remove(hallClosed.closure.id!)).statusCode).toBe(204);
    expect(await statusOf(inHall)).toBe('cancelled');
    expect(await cancellationsOf(inHall)).toMatchObject([{ closureId: elifAway.closure.id }]);
    expect((await remove(elifAway.closure.id!)).statusCode).toBe(204);
    expect(await statusOf(inHall)).toBe('scheduled');
    expect(await statusOf(byElif)).toBe('scheduled');
  });

  it('reads its days in its zone: London’s 23-hour spring-forward day, and Istanbul’s day', async () => {
    const before = await session({ start: '2026-03-28T23:30' });
    const first = await session({ start: '2026-03-29T00:30' });
    const last = await session({ start: '2026-03-29T23:30' });
    const after = await session({ start: '2026-03-30T00:30' });
    const london = await close({ from: '2026-03-29', to: '2026-03-29', timezone: LONDON });
    expect(london.cancelled.map((s) => s.occurrenceId)).toEqual([first, last]);
    expect(await statusOf(before)).toBe('scheduled');
    expect(await statusOf(after)).toBe('scheduled');

    // 22:30 in London on 14 April is 00:30 on the 15th in Istanbul; 22:30 on the 15th is the 16th there.
    const lateLondon = await session({ start: '2026-04-14T22:30' });
    const nextInIstanbul = await session({ start: '2026-04-15T22:30' });
    // Without a timezone, the caller's (the admin's Istanbul).
    const response = await post({ title: 'Bayram', from: '2026-04-15', to: '2026-04-15', scope: { kind: 'all' } });
    expect(response.statusCode, response.body).toBe(201);
    const istanbul = response.json<ClosureResult>();
    expect(istanbul.closure.timezone).toBe(ISTANBUL);
    expect(istanbul.cancelled.map((s) => s.occurrenceId)).toEqual([lateLondon]);
    expect(await statusOf(nextInIstanbul)).toBe('scheduled');
  });
});

describe('sessions made or moved inside a closure', () => {
  it('cancels the sessions of a new event there, with one cancellation each, and DELETE restores them', async () => {
    const closed = await close({
      title: 'Renovation',
      from: '2026-05-11',
      to: '2026-05-12',
      scope: { kind: 'location', id: room },
    });
    const eventId = await createEvent(ctx, admin, {
      title: 'Daily',
      locationId: room,
      organiserId: ids.emre,
      guestIds: [],
      rrule: 'DTSTART;TZID=Europe/London:20260510T090000\nRRULE:FREQ=DAILY;COUNT=4',
    });
    const [d10, d11, d12, d13] = await occurrenceIdsOf(ctx.database, eventId);
    expect(await statusOf(d10!)).toBe('scheduled');
    expect(await read(d11!)).toMatchObject({ status: 'cancelled', cancellation: { reason: 'Renovation' } });
    expect(await statusOf(d12!)).toBe('cancelled');
    expect(await statusOf(d13!)).toBe('scheduled');
    expect(await cancellationsOf(d11!)).toMatchObject([{ closureId: closed.closure.id, previousStatus: 'scheduled' }]);
    // Another location's event on those days is left alone.
    const elsewhere = await session({ start: '2026-05-11T09:00', locationId: hall });
    expect(await statusOf(elsewhere)).toBe('scheduled');
    const list = await ctx.app.inject({ method: 'GET', url: '/api/closures', headers: admin });
    expect(list.json<ClosureList>().closures.find((c) => c.id === closed.closure.id)?.cancelledCount).toBe(2);

    expect((await remove(closed.closure.id!)).statusCode).toBe(204);
    expect(await statusOf(d11!)).toBe('scheduled');
    expect(await cancellationsOf(d11!)).toEqual([]);
  });

  it('cancels the sessions a series edit makes there', async () => {
    const eventId = await createEvent(ctx, admin, {
      title: 'Weekly',
      locationId: room,
      organiserId: ids.emre,
      guestIds: [],
      rrule: 'DTSTART;TZID=Europe/London:20260518T090000\nRRULE:FREQ=WEEKLY;COUNT=3',
    });
    await close({
      title: 'Emre away',
      from: '2026-05-26',
      to: '2026-05-26',
      scope: { kind: 'organiser', id: ids.elif },
    });
    // Moved to Tuesdays and to Elif: the 26th is inside her closure.
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/events/${eventId}`,
      headers: admin,
      payload: {
        organiserId: ids.elif,
        rrule: 'DTSTART;TZID=Europe/London:20260519T090000\nRRULE:FREQ=WEEKLY;COUNT=3',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [first, second, third] = await occurrenceIdsOf(ctx.database, eventId);
    expect(await statusOf(first!)).toBe('scheduled');
    expect(await read(second!)).toMatchObject({ status: 'cancelled', cancellation: { reason: 'Emre away' } });
    expect(await statusOf(third!)).toBe('scheduled');
  });

  it('cancels the sessions the horizon job adds there', async () => {
    const eventId = await createEvent(ctx, admin, {
      title: 'Forever',
      locationId: hall,
      organiserId: ids.emre,
      guestIds: [],
      rrule: 'DTSTART;TZID=Europe/London:20260323T090000\nRRULE:FREQ=WEEKLY',
    });
    const stored = await occurrenceIdsOf(ctx.database, eventId);
    await close({ title: 'Summer 2027', from: '2027-04-01', to: '2027-04-30', scope: { kind: 'location', id: hall } });
    expect(await extendHorizons(ctx.database.db, new Date('2026-06-01T12:00:00Z'))).toBeGreaterThan(0);
    const rows = await ctx.database.db
      .select({ id: eventOccurrences.id, startsAt: eventOccurrences.startsAt, status: eventOccurrences.status })
      .from(eventOccurrences)
      .where(eq(eventOccurrences.eventId, eventId));
    const added = rows.filter((row) => !stored.includes(row.id));
    const inApril = (row: { startsAt: Date }) => row.startsAt.toISOString().startsWith('2027-04');
    expect(added.filter(inApril).length).toBe(4);
    expect(added.filter(inApril).every((row) => row.status === 'cancelled')).toBe(true);
    expect(added.filter((row) => !inApril(row)).every((row) => row.status === 'scheduled')).toBe(true);
    for (const row of added.filter(inApril)) expect(await cancellationsOf(row.id)).toHaveLength(1);
  });

  it('cancels a session moved into a closed day', async () => {
    await close({ title: 'Inspection', from: '2026-06-10', to: '2026-06-10', scope: { kind: 'all' } });
    const id = await session({ start: '2026-06-09T09:00' });
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/event-occurrences/${id}`,
      headers: admin,
      payload: { occurrenceDate: '2026-06-10T09:00' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await read(id)).toMatchObject({ status: 'cancelled', cancellation: { reason: 'Inspection' } });
    expect(await cancellationsOf(id)).toHaveLength(1);
  });
});

describe('POST /api/closures with notify', () => {
  it('tells each guest of each cancelled session in their language, and the preview names them', async () => {
    const first = await session({ start: '2026-07-06T10:00', title: 'Piano', guestIds: [ids.ayla, ids.burak] });
    const second = await session({ start: '2026-07-07T10:00', title: 'Violin', guestIds: [ids.burak] });
    const body = { title: 'Summer break', from: '2026-07-06', to: '2026-07-07', notify: true };
    const preview = await close({ ...body, dryRun: true });
    expect(preview.guests).toEqual([
      { id: ids.ayla, name: 'Ayla', sessionCount: 1 },
      { id: ids.burak, name: 'Burak', sessionCount: 2 },
    ]);
    expect(await cancellationLogsOf([first, second])).toEqual([]);

    await close(body);
    await waitFor(
      async () => {
        const logs = await cancellationLogsOf([first, second]);
        return logs.length === 3 && logs.every((log) => log.status === 'sent');
      },
      { what: 'the three cancellations sent' },
    );
    const toAyla = ctx.mails.filter((mail) => mail.to.includes('ayla@example.com'));
    const toBurak = ctx.mails.filter((mail) => mail.to.includes('burak@example.com'));
    expect(toAyla).toHaveLength(1);
    expect(toAyla[0]!.text).toContain('Piano is cancelled:');
    expect(toAyla[0]!.text).toContain('Reason: Summer break');
    // Burak reads Turkish, with each time in Istanbul.
    expect(toBurak.map((mail) => mail.text.match(/(\S+) iptal edildi:/)?.[1]).sort()).toEqual(['Piano', 'Violin']);
    expect(toBurak.find((mail) => mail.text.includes('Violin'))?.text).toContain(
      'Ne zaman: 7 Temmuz 2026 Salı 12:00–13:00 (Europe/Istanbul)',
    );
  });

  it('without a message transport, refuses with 503 and closes nothing', async () => {
    const bare = await buildApp({ database: ctx.database, jwtSecret: TEST_JWT_SECRET, webRoot: null, now: () => NOW });
    try {
      await bare.ready();
      const id = await session({ start: '2026-07-13T10:00' });
      const response = await bare.inject({
        method: 'POST',
        url: '/api/closures',
        headers: admin,
        payload: { title: 'Closed', from: '2026-07-13', to: '2026-07-13', scope: { kind: 'all' }, notify: true },
      });
      expect(response.statusCode, response.body).toBe(503);
      expect(await statusOf(id)).toBe('scheduled');
      expect(
        (await ctx.database.db.select().from(closures)).filter((closure) => closure.fromDay === '2026-07-13'),
      ).toEqual([]);
    } finally {
      await bare.close();
    }
  });
});

describe('DELETE /api/closures/{id}?notify=true', () => {
  it('tells each guest of each session that comes back, in their language; not of one another closure still cancels', async () => {
    const piano = await session({ start: '2026-07-20T10:00', title: 'Piano', guestIds: [ids.ayla, ids.burak] });
    const violin = await session({ start: '2026-07-21T10:00', title: 'Violin', guestIds: [ids.burak] });
    const flute = await session({ start: '2026-07-21T15:00', title: 'Flute', guestIds: [ids.ayla], locationId: hall });
    const summer = await close({ title: 'Summer break', from: '2026-07-20', to: '2026-07-21' });
    await close({ title: 'Hall painted', from: '2026-07-21', to: '2026-07-21', scope: { kind: 'location', id: hall } });

    expect((await remove(summer.closure.id!, admin, '?notify=true')).statusCode).toBe(204);
    expect(await statusOf(piano)).toBe('scheduled');
    expect(await statusOf(violin)).toBe('scheduled');
    // The hall is still closed that day: Flute stays cancelled, and Ayla hears nothing of it.
    expect(await read(flute)).toMatchObject({ status: 'cancelled', cancellation: { reason: 'Hall painted' } });
    await waitFor(
      async () => {
        const logs = await restorationLogsOf([piano, violin, flute]);
        return logs.length === 3 && logs.every((log) => log.status === 'sent');
      },
      { what: 'the three restorations sent' },
    );
    expect(
      (await restorationLogsOf([piano, violin, flute])).map((log) => [log.occurrenceId, log.recipientName]).sort(),
    ).toEqual(
      [
        [piano, 'Ayla'],
        [piano, 'Burak'],
        [violin, 'Burak'],
      ].sort(),
    );
    const toAyla = ctx.mails.filter((mail) => mail.to.includes('ayla@example.com') && mail.text.includes('after all'));
    expect(toAyla).toHaveLength(1);
    expect(toAyla[0]!.text).toContain('Piano takes place after all:');
    expect(toAyla[0]!.text).toContain('When: Monday 20/07/2026 10:00–11:00 (Europe/London)');
    expect(toAyla[0]!.text).toContain('No longer closed: Summer break');
    // Burak reads Turkish, with each time in Istanbul.
    const toBurak = ctx.mails.filter((mail) => mail.to.includes('burak@example.com') && mail.text.includes('yine de'));
    expect(toBurak.map((mail) => mail.text.match(/(\S+) yine de yapılacak:/)?.[1]).sort()).toEqual(['Piano', 'Violin']);
    expect(toBurak.find((mail) => mail.text.includes('Violin'))?.text).toContain(
      'Ne zaman: 21 Temmuz 2026 Salı 12:00–13:00 (Europe/Istanbul)',
    );
    expect(toBurak[0]!.text).toContain('Kapanış kaldırıldı: Summer break');

    // In the Message Log as their own type.
    const log = await ctx.app.inject({
      method: 'GET',
      url: '/api/message-logs?type=restoration&limit=100',
      headers: admin,
    });
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json<{ totalCount: number }>().totalCount).toBe(3);
  });

  it('tells nobody of a session that has started already, and logs a guest it cannot reach as failed for Retry', async () => {
    const [nur] = Object.values(
      await createUsers(ctx.database, [{ username: 'nur', role: 'guest', name: 'Nur', timezone: LONDON }]),
    );
    // Friday 20 March, 12:00Z: the morning's session has started, the afternoon's is ahead.
    const morning = await session({ start: '2026-03-20T09:00', guestIds: [ids.ayla, nur!] });
    const afternoon = await session({ start: '2026-03-20T15:00', title: 'Cello', guestIds: [nur!] });
    const inspection = await close({ title: 'Inspection', from: '2026-03-20', to: '2026-03-20' });
    expect(inspection.cancelled.map((cancelled) => cancelled.occurrenceId)).toEqual([morning, afternoon]);

    expect((await remove(inspection.closure.id!, admin, '?notify=true')).statusCode).toBe(204);
    expect(await statusOf(morning)).toBe('scheduled');
    expect(await restorationLogsOf([morning])).toEqual([]);
    const [failed] = await restorationLogsOf([afternoon]);
    expect(failed).toMatchObject({ status: 'failed', recipientName: 'Nur' });
    await ctx.database.db.update(users).set({ email: 'nur@example.com' }).where(eq(users.id, nur!));
    const retry = await ctx.app.inject({
      method: 'POST',
      url: `/api/message-logs/${failed!.id}/retry`,
      headers: admin,
    });
    expect(retry.statusCode, retry.body).toBe(200);
    await waitFor(async () => (await restorationLogsOf([afternoon]))[0]?.status === 'sent', { what: 'the retry sent' });
    expect(ctx.mails.find((mail) => mail.to.includes('nur@example.com'))?.text).toContain(
      'Cello takes place after all:',
    );
  });

  it('sends nothing without notify (or with notify=false), and refuses another value with 400', async () => {
    const id = await session({ start: '2026-07-27T10:00', guestIds: [ids.ayla, ids.burak] });
    const quiet = await close({ title: 'Quiet', from: '2026-07-27', to: '2026-07-27' });
    const refused = await remove(quiet.closure.id!, admin, '?notify=yes');
    expect(refused.statusCode, refused.body).toBe(400);
    expect(messageOf(refused)).toBe('notify must be true or false');
    expect(await statusOf(id)).toBe('cancelled');
    expect((await remove(quiet.closure.id!)).statusCode).toBe(204);
    expect(await statusOf(id)).toBe('scheduled');

    const again = await close({ title: 'Quiet again', from: '2026-07-27', to: '2026-07-27' });
    expect((await remove(again.closure.id!, admin, '?notify=false')).statusCode).toBe(204);
    expect(await statusOf(id)).toBe('scheduled');
    expect(await restorationLogsOf([id])).toEqual([]);
  });

  it('without a message transport, refuses with 503 and keeps the closure and its cancellations', async () => {
    const bare = await buildApp({ database: ctx.database, jwtSecret: TEST_JWT_SECRET, webRoot: null, now: () => NOW });
    try {
      await bare.ready();
      const id = await session({ start: '2026-10-05T10:00' });
      const closed = await close({ title: 'Closed', from: '2026-10-05', to: '2026-10-05' });
      const response = await bare.inject({
        method: 'DELETE',
        url: `/api/closures/${closed.closure.id}?notify=true`,
        headers: admin,
      });
      expect(response.statusCode, response.body).toBe(503);
      expect(await statusOf(id)).toBe('cancelled');
      expect((await ctx.database.db.select().from(closures)).some((closure) => closure.id === closed.closure.id)).toBe(
        true,
      );
    } finally {
      await bare.close();
    }
  });
});

describe('an edit that puts sessions inside a closure', () => {
  const weeklyEvent = (title: string, rrule: string) =>
    createEvent(ctx, admin, { title, locationId: room, organiserId: ids.emre, guestIds: [], rrule });

  it('"this and following" to an organiser who is away cancels the later sessions on their closed days', async () => {
    const eventId = await weeklyEvent('Split', 'DTSTART;TZID=Europe/London:20260803T090000\nRRULE:FREQ=WEEKLY;COUNT=4');
    const [, second, third, fourth] = await occurrenceIdsOf(ctx.database, eventId);
    await close({
      title: 'Ozan away',
      from: '2026-08-17',
      to: '2026-08-17',
      scope: { kind: 'organiser', id: ids.ozan },
    });
    await close({
      title: 'Ozan away too',
      from: '2026-08-03',
      to: '2026-08-03',
      scope: { kind: 'organiser', id: ids.ozan },
    });
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/events/${eventId}`,
      headers: admin,
      payload: { fromOccurrenceId: second, organiserId: ids.ozan },
    });
    expect(response.statusCode, response.body).toBe(200);
    // Ozan is in London too: the later sessions move to the new event as they are, ids and all.
    const laterId = response.json<{ id: number }>().id;
    expect(await occurrenceIdsOf(ctx.database, laterId)).toEqual([second, third, fourth]);
    expect(await statusOf(second!)).toBe('scheduled');
    expect(await read(third!)).toMatchObject({ status: 'cancelled', cancellation: { reason: 'Ozan away' } });
    expect(await statusOf(fourth!)).toBe('scheduled');
  });

  it('a new location for the whole series cancels its sessions ahead on the location’s closed days', async () => {
    const eventId = await weeklyEvent('Moved', 'DTSTART;TZID=Europe/London:20260901T090000\nRRULE:FREQ=WEEKLY;COUNT=3');
    const [first, second, third] = await occurrenceIdsOf(ctx.database, eventId);
    await close({ title: 'Hall painted', from: '2026-09-08', to: '2026-09-08', scope: { kind: 'location', id: hall } });
    expect(await statusOf(second!)).toBe('scheduled');
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/events/${eventId}`,
      headers: admin,
      payload: { locationId: hall },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await statusOf(first!)).toBe('scheduled');
    expect(await read(second!)).toMatchObject({ status: 'cancelled', cancellation: { reason: 'Hall painted' } });
    expect(await statusOf(third!)).toBe('scheduled');
  });
});
