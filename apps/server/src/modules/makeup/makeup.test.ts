import type { AuditLogList, EventOccurrence, MakeupOccurrence, MakeupSlots, OccurrenceCalendar } from '@ritim/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { locations } from '../../platform/db/schema.js';
import { messageOf } from '../../test/harness.js';
import {
  createEvent,
  createPerson,
  createSession,
  type Headers,
  insertRow,
  occurrenceIdsOf,
  occurrencesOf,
  type Person,
  type OccurrenceInput,
} from '../../test/seed.js';
import { useTestApp } from '../../test/use-test-app.js';

/**
 * Make-up sessions (docs/domain.md#make-ups): GET /api/event-occurrences/:id/makeup-slots and POST
 * /api/event-occurrences/:id/makeup. The clock is fixed per test (`clock`), each test in its own
 * week so the sessions of one do not take the times of another.
 */
const LONDON = 'Europe/London';
const ISTANBUL = 'Europe/Istanbul';

let clock = new Date('2026-03-27T12:00:00Z');
const ctx = useTestApp({ now: () => clock });
let admin: Person;
let emre: Person;
let deniz: Person;
let ayla: Person;
let burak: Person;
let cem: Person;
let room: number;
let hall: number;

const codeOf = (response: { json: () => unknown }) => (response.json() as { code: string }).code;
const slotsOf = (id: number | string, query: string, headers: Headers = admin.headers) =>
  ctx.app.inject({ method: 'GET', url: `/api/event-occurrences/${id}/makeup-slots?${query}`, headers });
const starts = async (id: number, guestId: number, days = 14) => {
  const response = await slotsOf(id, `guestId=${guestId}&days=${days}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MakeupSlots>().slots;
};
const book = (id: number | string, payload: unknown, headers: Headers = admin.headers) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/event-occurrences/${id}/makeup`,
    headers,
    payload: payload as Record<string, unknown>,
  });
const read = async (id: number, headers: Headers = admin.headers) => {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/event-occurrences/${id}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<EventOccurrence>();
};
const mark = async (id: number, guestId: number, status: string) => {
  const response = await ctx.app.inject({
    method: 'PUT',
    url: `/api/event-occurrences/${id}/attendance`,
    headers: admin.headers,
    payload: { entries: [{ guestId, status }] },
  });
  expect(response.statusCode, response.body).toBe(200);
};
const cancel = async (id: number) => {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/event-occurrences/${id}/cancel`,
    headers: admin.headers,
    payload: { reason: 'Teacher is ill' },
  });
  expect(response.statusCode, response.body).toBe(200);
};
const session = (input: Partial<OccurrenceInput> = {}) =>
  createSession(ctx, admin.headers, {
    start: '2026-03-26T10:00',
    zone: LONDON,
    organiserId: emre.id,
    locationId: room,
    guestIds: [ayla.id],
    ...input,
  });
/** A past session of Emre's in the room at `start` (London) with `guests`, each marked `status`. */
const missed = async (start: string, guests: number[] = [ayla.id], status = 'absent') => {
  const id = await session({ start, guestIds: guests });
  for (const guest of guests) await mark(id, guest, status);
  return id;
};
const pairs = (slots: MakeupSlots['slots']) => slots.map((slot) => [slot.startsAt, slot.endsAt]);
const hour = (start: string) => [start, new Date(Date.parse(start) + 3_600_000).toISOString()];

beforeAll(async () => {
  admin = await createPerson(ctx, { username: 'admin', role: 'admin', name: 'Ada', timezone: LONDON });
  emre = await createPerson(ctx, { username: 'emre', role: 'editor', name: 'Emre', timezone: LONDON });
  deniz = await createPerson(ctx, { username: 'deniz', role: 'editor', name: 'Deniz', timezone: ISTANBUL });
  ayla = await createPerson(ctx, { username: 'ayla', role: 'guest', name: 'Ayla', timezone: LONDON });
  burak = await createPerson(ctx, { username: 'burak', role: 'guest', name: 'Burak', timezone: ISTANBUL });
  cem = await createPerson(ctx, { username: 'cem', role: 'guest', name: 'Cem', timezone: LONDON });
  room = (await insertRow(ctx.database, locations, { name: 'Room' })).id;
  hall = (await insertRow(ctx.database, locations, { name: 'Hall' })).id;
}, 60_000);

describe('GET /api/event-occurrences/:id/makeup-slots', () => {
  it('proposes the earliest free grid times after now, two a day three hours apart, across London’s spring DST change', async () => {
    // Friday 27 March 2026, 12:00 GMT; on Sunday 29 March London moves to BST.
    clock = new Date('2026-03-27T12:00:00Z');
    const id = await missed('2026-03-26T10:00');
    expect(pairs(await starts(id, ayla.id))).toEqual([
      hour('2026-03-27T12:30:00.000Z'),
      hour('2026-03-27T15:30:00.000Z'),
      hour('2026-03-28T08:00:00.000Z'),
      hour('2026-03-28T11:00:00.000Z'),
      // 08:00 BST is 07:00Z.
      hour('2026-03-29T07:00:00.000Z'),
    ]);
    // The default is 14 days; one day (24 hours) ends on Saturday at 12:00, before Sunday.
    expect((await slotsOf(id, `guestId=${ayla.id}`)).json<MakeupSlots>().slots).toHaveLength(5);
    expect(pairs(await starts(id, ayla.id, 1))).toEqual([
      hour('2026-03-27T12:30:00.000Z'),
      hour('2026-03-27T15:30:00.000Z'),
      hour('2026-03-28T08:00:00.000Z'),
      hour('2026-03-28T11:00:00.000Z'),
    ]);
  });

  it('ends by 20:00 local on London’s autumn DST change, and reads Istanbul’s 08:00-20:00 for an Istanbul organiser', async () => {
    // Saturday 24 October 2026, 18:00 BST (17:00Z); on Sunday 25 October London is back on GMT.
    clock = new Date('2026-10-24T17:00:00Z');
    const london = await missed('2026-10-22T10:00');
    expect(pairs(await starts(london, ayla.id))).toEqual([
      hour('2026-10-24T17:30:00.000Z'),
      hour('2026-10-25T08:00:00.000Z'),
      hour('2026-10-25T11:00:00.000Z'),
      hour('2026-10-26T08:00:00.000Z'),
      hour('2026-10-26T11:00:00.000Z'),
    ]);
    // Deniz organises in Istanbul (UTC+3; 20:00 there already): a 90-minute session cancelled ahead.
    const eventId = await createEvent(ctx, admin.headers, {
      title: 'Piano',
      locationId: hall,
      organiserId: deniz.id,
      guestIds: [burak.id],
      rrule: 'DTSTART;TZID=Europe/Istanbul:20261030T100000\nRRULE:FREQ=DAILY;COUNT=1',
      endDate: '2026-10-30T08:30:00Z',
    });
    const [istanbul] = await occurrenceIdsOf(ctx.database, eventId);
    await cancel(istanbul!);
    const slots = await starts(istanbul!, burak.id, 3);
    const ninety = (start: string) => [start, new Date(Date.parse(start) + 5_400_000).toISOString()];
    expect(pairs(slots)).toEqual([
      ninety('2026-10-25T05:00:00.000Z'),
      ninety('2026-10-25T08:00:00.000Z'),
      ninety('2026-10-26T05:00:00.000Z'),
      ninety('2026-10-26T08:00:00.000Z'),
      ninety('2026-10-27T05:00:00.000Z'),
    ]);
  });

  it('skips the times the organiser, the guest or the location is busy; a cancelled session takes nothing', async () => {
    // Monday 13 April 2026, 07:00 BST.
    clock = new Date('2026-04-13T06:00:00Z');
    const id = await missed('2026-04-10T10:00');
    // Ayla at 08:00-09:00 with Deniz in the hall; Emre at 09:00-10:00 in the hall with Cem; the room
    // at 10:00-11:00 with Deniz and Burak. Each shares one thing only with the make-up.
    await session({ start: '2026-04-13T08:00', organiserId: deniz.id, locationId: hall, guestIds: [ayla.id] });
    await session({ start: '2026-04-13T09:00', locationId: hall, guestIds: [cem.id] });
    const roomTaken = await session({ start: '2026-04-13T10:00', organiserId: deniz.id, guestIds: [burak.id] });
    expect(pairs(await starts(id, ayla.id, 1))).toEqual([
      hour('2026-04-13T10:00:00.000Z'),
      hour('2026-04-13T13:00:00.000Z'),
    ]);
    await cancel(roomTaken);
    expect(pairs(await starts(id, ayla.id, 1))).toEqual([
      hour('2026-04-13T09:00:00.000Z'),
      hour('2026-04-13T12:00:00.000Z'),
    ]);
  });

  it('leaves out the days a closure covers for the organiser, and POST into one is 409', async () => {
    // Monday 20 April 2026, 07:00 BST; Emre is away Monday and Tuesday.
    clock = new Date('2026-04-20T06:00:00Z');
    const id = await missed('2026-04-17T10:00');
    const closure = await ctx.app.inject({
      method: 'POST',
      url: '/api/closures',
      headers: admin.headers,
      payload: {
        title: 'Leave',
        from: '2026-04-20',
        to: '2026-04-21',
        scope: { kind: 'organiser', id: emre.id },
        timezone: LONDON,
      },
    });
    expect(closure.statusCode, closure.body).toBe(201);
    expect(pairs(await starts(id, ayla.id, 3))).toEqual([
      hour('2026-04-22T07:00:00.000Z'),
      hour('2026-04-22T10:00:00.000Z'),
    ]);
    const refused = await book(id, { guestId: ayla.id, startsAt: '2026-04-21T09:00:00Z' });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(codeOf(refused)).toBe('makeup.slotClosed');
  });

  it.each(['absent', 'cancelled', 'lateCancelled', 'excused'])('is for a guest marked %s', async (status) => {
    clock = new Date('2026-05-04T06:00:00Z');
    const id = await missed('2026-05-01T10:00', [ayla.id], status);
    expect(await starts(id, ayla.id, 1)).toHaveLength(2);
  });

  it('refuses a guest who came, was late, is unmarked or is not on the session with 400', async () => {
    clock = new Date('2026-05-04T06:00:00Z');
    const id = await session({ start: '2026-05-01T11:00', guestIds: [ayla.id, burak.id, cem.id] });
    await mark(id, ayla.id, 'present');
    await mark(id, burak.id, 'late');
    for (const guestId of [ayla.id, burak.id, cem.id, deniz.id]) {
      const response = await slotsOf(id, `guestId=${guestId}`);
      expect(response.statusCode, response.body).toBe(400);
      expect(messageOf(response)).toMatch(/^A make-up is only for a guest marked absent/);
      expect((await book(id, { guestId, startsAt: '2026-05-04T09:00:00Z' })).statusCode).toBe(400);
    }
    // A cancelled session: every guest on its list, marked or not.
    const called = await session({ start: '2026-05-06T11:00', guestIds: [ayla.id, cem.id] });
    await cancel(called);
    expect(await starts(called, cem.id, 1)).toHaveLength(2);
    expect((await slotsOf(called, `guestId=${burak.id}`)).statusCode).toBe(400);
  });

  it.each([
    ['no guestId', ''],
    ['a guestId that is not an id', 'guestId=abc'],
    ['days 0', 'guestId=1&days=0'],
    ['days 61', 'guestId=1&days=61'],
    ['days 1.5', 'guestId=1&days=1.5'],
    ['days that is not a number', 'guestId=1&days=many'],
  ])('refuses %s with 400', async (_, query) => {
    const response = await slotsOf(1, query);
    expect(response.statusCode, response.body).toBe(400);
  });

  it('is for admins and the session’s organiser: another editor 404, a guest 403, an unknown session 404', async () => {
    clock = new Date('2026-05-04T06:00:00Z');
    const id = await missed('2026-05-01T12:00');
    expect((await slotsOf(id, `guestId=${ayla.id}&days=1`, emre.headers)).statusCode).toBe(200);
    expect((await slotsOf(id, `guestId=${ayla.id}`, deniz.headers)).statusCode).toBe(404);
    expect((await slotsOf(id, `guestId=${ayla.id}`, ayla.headers)).statusCode).toBe(403);
    expect((await slotsOf(999_999, `guestId=${ayla.id}`)).statusCode).toBe(404);
    expect((await slotsOf('abc', `guestId=${ayla.id}`)).statusCode).toBe(400);
  });
});

describe('POST /api/event-occurrences/:id/makeup', () => {
  it('books a session of the same event with that guest alone, marked makeupOf in every read', async () => {
    // Monday 11 May 2026, 07:00 BST.
    clock = new Date('2026-05-11T06:00:00Z');
    const id = await missed('2026-05-08T10:00', [ayla.id, burak.id]);
    const [first] = await starts(id, ayla.id);
    const response = await book(id, { guestId: ayla.id, startsAt: first!.startsAt });
    expect(response.statusCode, response.body).toBe(201);
    const booked = response.json<MakeupOccurrence>();
    const original = await read(id);
    expect(booked).toEqual({
      id: expect.any(Number) as number,
      eventId: original.eventId,
      startsAt: '2026-05-11T07:00:00.000Z',
      endsAt: '2026-05-11T08:00:00.000Z',
      makeupOf: { occurrenceId: id, guestId: ayla.id },
    });
    // The audit log has the booking, by whom, of which session.
    const audit = await ctx.app.inject({
      method: 'GET',
      url: `/api/audit-logs?action=makeup&entityId=${booked.id}`,
      headers: admin.headers,
    });
    expect(audit.json<AuditLogList>().auditLogs).toMatchObject([
      {
        entityType: 'event-occurrences',
        actor: { id: admin.id, username: 'admin' },
        changes: {
          occurrenceDate: { from: null, to: booked.startsAt },
          makeupOf: { from: null, to: { occurrenceId: id, guestId: ayla.id } },
        },
      },
    ]);
    expect(original.makeupOf).toBeNull();
    // The original names the make-up beside its guest (and only theirs), for the guest too.
    expect(original.guests.map(({ id: guestId, makeup }) => [guestId, makeup])).toEqual([
      [ayla.id, { occurrenceId: booked.id, startsAt: booked.startsAt }],
      [burak.id, null],
    ]);
    expect((await read(id, ayla.headers)).guests[0]?.makeup).toEqual({
      occurrenceId: booked.id,
      startsAt: booked.startsAt,
    });
    const makeup = await read(booked.id);
    expect(makeup).toMatchObject({
      eventId: original.eventId,
      occurrenceDate: booked.startsAt,
      endDate: booked.endsAt,
      status: 'scheduled',
      hasGuestOverride: true,
      makeupOf: { occurrenceId: id, guestId: ayla.id },
      cancellation: null,
    });
    expect(makeup.guests.map((guest) => guest.id)).toEqual([ayla.id]);
    // The lists, the guest's own view and the calendar carry it.
    const listed = (await occurrencesOf(ctx, admin.headers, original.eventId)).find((row) => row.id === booked.id);
    expect(listed?.makeupOf).toEqual({ occurrenceId: id, guestId: ayla.id });
    expect((await read(booked.id, ayla.headers)).makeupOf).toEqual({ occurrenceId: id, guestId: ayla.id });
    const hidden = await ctx.app.inject({
      method: 'GET',
      url: `/api/event-occurrences/${booked.id}`,
      headers: burak.headers,
    });
    expect(hidden.statusCode).toBe(404);
    const calendar = await ctx.app.inject({
      method: 'GET',
      url: '/api/event-occurrences/calendar?from=2026-05-08T00:00:00Z&to=2026-05-12T00:00:00Z',
      headers: admin.headers,
    });
    const sessions = calendar.json<OccurrenceCalendar>().sessions;
    expect(sessions.find((s) => s.id === booked.id)?.makeupOf).toEqual({ occurrenceId: id, guestId: ayla.id });
    expect(sessions.find((s) => s.id === id)?.makeupOf).toBeNull();
    // That time is the organiser's now: Burak's proposals move on, and booking it is 409.
    expect((await starts(id, burak.id))[0]?.startsAt).not.toBe(first!.startsAt);
    const taken = await book(id, { guestId: burak.id, startsAt: first!.startsAt });
    expect(taken.statusCode, taken.body).toBe(409);
    expect(codeOf(taken)).toBe('makeup.slotTaken');
  });

  it('allows one live make-up per (session, guest): a second is 409 until the first is cancelled', async () => {
    clock = new Date('2026-05-18T06:00:00Z');
    const id = await missed('2026-05-15T10:00');
    const first = await book(id, { guestId: ayla.id, startsAt: '2026-05-18T09:00:00Z' });
    expect(first.statusCode, first.body).toBe(201);
    const second = await book(id, { guestId: ayla.id, startsAt: '2026-05-19T09:00:00Z' });
    expect(second.statusCode).toBe(409);
    expect(codeOf(second)).toBe('makeup.alreadyBooked');
    await cancel(first.json<MakeupOccurrence>().id);
    // A cancelled make-up is no longer the guest's make-up.
    expect((await read(id)).guests.find((guest) => guest.id === ayla.id)?.makeup).toBeNull();
    expect((await book(id, { guestId: ayla.id, startsAt: '2026-05-19T09:00:00Z' })).statusCode).toBe(201);
  });

  it.each([
    ['a quarter past', '2026-05-26T09:15:00Z', 'makeup.slotOffGrid'],
    ['07:30 local', '2026-05-26T06:30:00Z', 'makeup.slotOffGrid'],
    ['an hour that ends after 20:00 local', '2026-05-26T18:30:00Z', 'makeup.slotOffGrid'],
    ['seconds off the grid', '2026-05-26T09:00:30Z', 'makeup.slotOffGrid'],
    ['the past', '2026-05-25T09:00:00Z', 'makeup.slotPast'],
    ['now', '2026-05-25T12:00:00Z', 'makeup.slotPast'],
  ])('refuses %s with 409', async (_, startsAt, code) => {
    // Monday 25 May 2026, 13:00 BST.
    clock = new Date('2026-05-25T12:00:00Z');
    const id = await missed('2026-05-22T10:00');
    const response = await book(id, { guestId: ayla.id, startsAt });
    expect(response.statusCode, response.body).toBe(409);
    expect(codeOf(response)).toBe(code);
    // 19:00-20:00 BST ends at 20:00: on the grid.
    const last = await book(id, { guestId: ayla.id, startsAt: '2026-05-26T18:00:00Z' });
    expect(last.statusCode, last.body).toBe(201);
    await cancel(last.json<MakeupOccurrence>().id);
  });

  it('refuses a time the guest or the location has taken meanwhile with 409', async () => {
    clock = new Date('2026-06-01T06:00:00Z');
    const id = await missed('2026-05-29T10:00');
    await session({ start: '2026-06-01T14:00', organiserId: deniz.id, locationId: hall, guestIds: [ayla.id] });
    await session({ start: '2026-06-01T16:00', organiserId: deniz.id, guestIds: [cem.id] });
    for (const startsAt of ['2026-06-01T13:30:00Z', '2026-06-01T14:30:00Z']) {
      const response = await book(id, { guestId: ayla.id, startsAt });
      expect(response.statusCode, response.body).toBe(409);
      expect(codeOf(response)).toBe('makeup.slotTaken');
    }
    // Touching is free: 13:00-14:00 BST ends as the guest's 14:00 BST (13:00Z) begins.
    expect((await book(id, { guestId: ayla.id, startsAt: '2026-06-01T12:00:00Z' })).statusCode).toBe(201);
  });

  it('books one of two concurrent requests for the same time: the other is 409', async () => {
    clock = new Date('2026-06-08T06:00:00Z');
    const id = await missed('2026-06-05T10:00', [ayla.id, burak.id]);
    const [a, b] = await Promise.all([
      book(id, { guestId: ayla.id, startsAt: '2026-06-08T09:00:00Z' }),
      book(id, { guestId: burak.id, startsAt: '2026-06-08T09:00:00Z' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    // Two for the same guest at once: one make-up.
    const other = await missed('2026-06-05T12:00', [cem.id]);
    const both = await Promise.all([
      book(other, { guestId: cem.id, startsAt: '2026-06-09T09:00:00Z' }),
      book(other, { guestId: cem.id, startsAt: '2026-06-10T09:00:00Z' }),
    ]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([201, 409]);
  });

  it('is for admins and the session’s organiser; the others 403 or 404; bad bodies 400', async () => {
    clock = new Date('2026-06-15T06:00:00Z');
    const id = await missed('2026-06-12T10:00', [ayla.id, burak.id]);
    const body = { guestId: ayla.id, startsAt: '2026-06-15T09:00:00Z' };
    expect((await book(id, body, ayla.headers)).statusCode).toBe(403);
    expect((await book(id, body, deniz.headers)).statusCode).toBe(404);
    expect((await book(999_999, body)).statusCode).toBe(404);
    for (const bad of [
      {},
      { guestId: ayla.id },
      { startsAt: body.startsAt },
      { guestId: 'x', startsAt: body.startsAt },
      { guestId: ayla.id, startsAt: '2026-06-15 09:00' },
      { guestId: ayla.id, startsAt: 12 },
      { ...body, extra: true },
    ]) {
      expect((await book(id, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await book('abc', body)).statusCode).toBe(400);
    const own = await book(id, body, emre.headers);
    expect(own.statusCode, own.body).toBe(201);
  });

  it('keeps the make-up when the series is edited, and its session cannot be deleted before it', async () => {
    clock = new Date('2026-06-24T06:00:00Z');
    // Weekly on Mondays at 10:00 London from 15 June; Ayla missed the 22nd.
    const eventId = await createEvent(ctx, admin.headers, {
      title: 'Weekly',
      locationId: room,
      organiserId: emre.id,
      guestIds: [ayla.id],
      rrule: 'DTSTART;TZID=Europe/London:20260615T100000\nRRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=8',
    });
    const [, missedId] = await occurrenceIdsOf(ctx.database, eventId);
    await mark(missedId!, ayla.id, 'absent');
    const made = await book(missedId!, { guestId: ayla.id, startsAt: '2026-06-25T09:00:00Z' });
    expect(made.statusCode, made.body).toBe(201);
    const makeupId = made.json<MakeupOccurrence>().id;
    // The rule moves to Tuesdays at 11:00: the untouched future sessions are made again, the make-up stays.
    const edit = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/events/${eventId}`,
      headers: admin.headers,
      payload: { rrule: 'DTSTART;TZID=Europe/London:20260616T110000\nRRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=8' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const after = await read(makeupId);
    expect(after).toMatchObject({
      eventId,
      occurrenceDate: '2026-06-25T09:00:00.000Z',
      endDate: '2026-06-25T10:00:00.000Z',
      makeupOf: { occurrenceId: missedId, guestId: ayla.id },
    });
    expect(after.guests.map((guest) => guest.id)).toEqual([ayla.id]);
    // Extending the series (as the horizon job does) leaves it too.
    const longer = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/events/${eventId}`,
      headers: admin.headers,
      payload: { rrule: 'DTSTART;TZID=Europe/London:20260616T110000\nRRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=12' },
    });
    expect(longer.statusCode, longer.body).toBe(200);
    expect((await read(makeupId)).occurrenceDate).toBe('2026-06-25T09:00:00.000Z');

    // A cancelled session without marks that has a make-up cannot be deleted: the make-up refers to it.
    const called = await session({ start: '2026-06-30T15:00', guestIds: [cem.id] });
    await cancel(called);
    expect((await book(called, { guestId: cem.id, startsAt: '2026-06-26T09:00:00Z' })).statusCode).toBe(201);
    const refused = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/event-occurrences/${called}`,
      headers: admin.headers,
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(codeOf(refused)).toBe('makeup.hasMakeup');
  });
});
