import { type EventOccurrence, WEEKDAY_CODES } from '@ritim/shared';
import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventOccurrences, events, formSubmissions, locations } from '../../platform/db/schema.js';
import { messageOf as message } from '../../test/harness.js';
import { createEvent, createUsers, type EventInput, headersOf, insertRow, occurrencesOf } from '../../test/seed.js';
import { useTestApp } from '../../test/use-test-app.js';
import { extendHorizons } from '../events/horizon.js';

/**
 * An admin's changes to occurrences: the occurrence's own guest list, moving it, deleting it (and
 * the EXDATEs that keep both from coming back), the completed lock, and approving a day.
 */
const ctx = useTestApp();
let admin: Record<string, string>;
let londonAdmin: Record<string, string>;
let ids: Record<string, number>;
let room: number;

const url = (id: number | string) => `/api/event-occurrences/${id}`;
const patch = (id: number | string, payload: unknown) =>
  ctx.app.inject({ method: 'PATCH', url: url(id), headers: admin, payload: payload as Record<string, unknown> });
const del = (id: number | string) => ctx.app.inject({ method: 'DELETE', url: url(id), headers: admin });
const read = (id: number, headers = admin) => ctx.app.inject({ method: 'GET', url: url(id), headers });
const starts = (list: EventOccurrence[]) => list.map((o) => o.occurrenceDate);
const ruleOf = async (eventId: number) =>
  (await ctx.database.db.select({ rrule: events.rrule }).from(events).where(eq(events.id, eventId)))[0]!.rrule;
const setStatus = (id: number, status: 'scheduled' | 'approved' | 'completed') =>
  ctx.database.db.update(eventOccurrences).set({ status }).where(eq(eventOccurrences.id, id));

/** A session in the room organised by Emre for Ayla, unless `event` says otherwise. */
const createSession = (event: Partial<EventInput>) =>
  createEvent(ctx, admin, {
    title: 'Session',
    locationId: room,
    organiserId: ids.istanbul!,
    guestIds: [ids.guestA!],
    ...event,
  });
const editEvent = async (eventId: number, payload: Record<string, unknown>) => {
  const response = await ctx.app.inject({ method: 'PATCH', url: `/api/events/${eventId}`, headers: admin, payload });
  expect(response.statusCode, response.body).toBe(200);
};
/** A day `days` from today in `zone`, YYYY-MM-DD. */
const day = (days: number, zone = 'Europe/Istanbul') => DateTime.now().setZone(zone).plus({ days }).toISODate()!;

beforeAll(async () => {
  ids = await createUsers(ctx.database, [
    { username: 'admin', role: 'admin', name: 'Ada', timezone: 'Europe/Istanbul' },
    { username: 'londonAdmin', role: 'admin', name: 'Lena', timezone: 'Europe/London' },
    { username: 'istanbul', role: 'editor', name: 'Emre', timezone: 'Europe/Istanbul' },
    { username: 'newYork', role: 'editor', name: 'Nora', timezone: 'America/New_York' },
    { username: 'guestA', role: 'guest', name: 'Ayla', timezone: 'Europe/Istanbul' },
    { username: 'guestB', role: 'guest', name: 'Burak', timezone: 'Europe/Istanbul' },
    { username: 'offGuest', role: 'guest', name: 'Olcay', timezone: 'Europe/Istanbul', status: 'inactive' },
  ]);
  admin = await headersOf(ctx.app, 'admin');
  londonAdmin = await headersOf(ctx.app, 'londonAdmin');
  room = (await insertRow(ctx.database, locations, { name: 'Room' })).id;
});

describe('PATCH /api/event-occurrences/:id: guests', () => {
  it('sets the occurrence’s own guest list, which then counts instead of the event’s', async () => {
    const eventId = await createSession({
      rrule: `DTSTART;TZID=Europe/Istanbul:${day(10).replace(/-/g, '')}T100000\nRRULE:FREQ=DAILY;COUNT=3`,
    });
    const [first, second] = await occurrencesOf(ctx, admin, eventId);
    const response = await patch(first!.id, { occurrenceGuestIds: [ids.guestB, ids.guestA, ids.guestB] });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<EventOccurrence>();
    expect(body).toMatchObject({ id: first!.id, hasGuestOverride: true, event: { guests: [{ id: ids.guestA }] } });
    expect(body.occurrenceGuests.map((g) => g.id)).toEqual([ids.guestA, ids.guestB]);
    expect(body.guests.map((g) => g.id)).toEqual([ids.guestA, ids.guestB]);
    expect((await read(second!.id)).json<EventOccurrence>()).toMatchObject({
      hasGuestOverride: false,
      occurrenceGuests: [],
      guests: [{ id: ids.guestA }],
    });
    // An empty list is a list: nobody comes to that one.
    const emptied = await patch(first!.id, { occurrenceGuestIds: [] });
    expect(emptied.json<EventOccurrence>()).toMatchObject({ hasGuestOverride: true, occurrenceGuests: [], guests: [] });
  });

  it('refuses an id that is not an active guest with 400 and changes nothing', async () => {
    const eventId = await createSession({
      rrule: `DTSTART;TZID=Europe/Istanbul:${day(11).replace(/-/g, '')}T100000\nRRULE:FREQ=DAILY;COUNT=1`,
    });
    const [only] = await occurrencesOf(ctx, admin, eventId);
    for (const bad of [ids.offGuest!, ids.istanbul!, ids.admin!, 99999]) {
      const response = await patch(only!.id, { occurrenceGuestIds: [ids.guestB, bad] });
      expect(response.statusCode).toBe(400);
      expect(message(response)).toBe(`Guest ${bad} is not an active guest`);
    }
    expect((await read(only!.id)).json<EventOccurrence>()).toMatchObject({
      hasGuestOverride: false,
      occurrenceGuests: [],
    });
  });
});

describe('PATCH /api/event-occurrences/:id: moving', () => {
  let eventId: number;
  let list: EventOccurrence[];

  beforeAll(async () => {
    // 09:00-09:45 New York, 10-12 March 2027 (before the 14 March spring-forward).
    eventId = await createSession({
      organiserId: ids.newYork,
      rrule: 'DTSTART;TZID=America/New_York:20270310T090000\nRRULE:FREQ=DAILY;COUNT=3',
      endTime: '09:45',
    });
    list = await occurrencesOf(ctx, admin, eventId);
    expect(starts(list)).toEqual(['2027-03-10T14:00:00.000Z', '2027-03-11T14:00:00.000Z', '2027-03-12T14:00:00.000Z']);
  });

  it('reads a local time in the event’s zone (a time in the spring-forward gap moves on), keeps the length, marks it moved and excludes the old start', async () => {
    const response = await patch(list[0]!.id, { occurrenceDate: '2027-03-14T02:30' });
    expect(response.statusCode, response.body).toBe(200);
    // 02:30 does not exist that night: 03:30 EDT.
    expect(response.json<EventOccurrence>()).toMatchObject({
      occurrenceDate: '2027-03-14T07:30:00.000Z',
      endDate: '2027-03-14T08:15:00.000Z',
      status: 'scheduled',
    });
    const [row] = await ctx.database.db.select().from(eventOccurrences).where(eq(eventOccurrences.id, list[0]!.id));
    expect(row!.moved).toBe(true);
    expect(await ruleOf(eventId)).toBe(
      'DTSTART;TZID=America/New_York:20270310T090000\nRRULE:FREQ=DAILY;INTERVAL=1;COUNT=3\nEXDATE;TZID=America/New_York:20270310T090000',
    );
  });

  it('takes an ISO instant with an offset, and the same time again changes nothing', async () => {
    const response = await patch(list[1]!.id, { occurrenceDate: '2027-03-20T10:00:00+01:00' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<EventOccurrence>()).toMatchObject({
      occurrenceDate: '2027-03-20T09:00:00.000Z',
      endDate: '2027-03-20T09:45:00.000Z',
    });
    const rule = await ruleOf(eventId);
    expect(rule).toMatch(/EXDATE;TZID=America\/New_York:20270310T090000,20270311T090000$/);
    expect((await patch(list[1]!.id, { occurrenceDate: '2027-03-20T05:00' })).statusCode).toBe(200);
    expect(await ruleOf(eventId)).toBe(rule);
  });

  it('refuses the time of another occurrence of the same event with 409', async () => {
    for (const occurrenceDate of ['2027-03-14T07:30:00Z', '2027-03-14T03:30', '2027-03-20T09:00:00.000Z']) {
      const response = await patch(list[2]!.id, { occurrenceDate });
      expect(response.statusCode, occurrenceDate).toBe(409);
      expect(message(response)).toBe('The event already has an occurrence at that time');
    }
    expect((await read(list[2]!.id)).json<EventOccurrence>().occurrenceDate).toBe('2027-03-12T14:00:00.000Z');
  });

  it.each([
    [{ occurrenceDate: '' }, 'Occurrence date must be set'],
    [{ occurrenceDate: '   ' }, 'Occurrence date must be set'],
    [{ occurrenceDate: null }, 'Occurrence date must be set'],
    [{ occurrenceDate: 'tomorrow' }, 'Occurrence date must be an ISO date-time or a local YYYY-MM-DDTHH:mm'],
    [{ occurrenceDate: '2027-02-30T10:00' }, 'Occurrence date must be an ISO date-time or a local YYYY-MM-DDTHH:mm'],
    [{ occurrenceDate: '2027-03-10T24:00' }, 'Occurrence date must be an ISO date-time or a local YYYY-MM-DDTHH:mm'],
    [{ occurrenceDate: '3500-01-01T10:00' }, 'Occurrence date must be between the years 1900 and 2999'],
    [{ occurrenceDate: '0000-01-01T10:00:00Z' }, 'Occurrence date must be between the years 1900 and 2999'],
    [{ occurrenceDate: '2027-03-10T10:00\u0000' }, 'Text must not contain the NUL character (U+0000)'],
    [{ occurrenceGuestIds: ['x'] }, 'Guest must be an id'],
    [{ occurrenceGuestIds: [0] }, 'Guest must be an id'],
    [{ occurrenceGuestIds: 5 }, ''],
    [{ status: 'completed' }, ''],
    [{ eventId: 1 }, ''],
  ])('refuses %j with 400', async (payload, expected) => {
    const response = await patch(list[2]!.id, payload);
    expect(response.statusCode, response.body).toBe(400);
    if (expected) expect(message(response)).toBe(expected);
    expect((await read(list[2]!.id)).json<EventOccurrence>()).toMatchObject({
      occurrenceDate: '2027-03-12T14:00:00.000Z',
      status: 'scheduled',
      hasGuestOverride: false,
    });
  });

  it('answers 404 for an occurrence that does not exist and 400 for a bad id', async () => {
    expect((await patch(999999, { occurrenceGuestIds: [] })).statusCode).toBe(404);
    expect(message(await patch(999999, {}))).toBe('Event occurrence not found');
    expect((await patch('abc', {})).statusCode).toBe(400);
  });

  it('keeps moved occurrences and never brings their old slots back when the event’s rule is edited', async () => {
    const expected = ['2027-03-12T14:00:00.000Z', '2027-03-14T07:30:00.000Z', '2027-03-20T09:00:00.000Z'];
    // The stored rule read again (a new end time), the form's repeat choices, and rule text
    // without the EXDATEs: the deleted slots stay deleted each time.
    await editEvent(eventId, { endTime: '10:00' });
    expect(starts(await occurrencesOf(ctx, admin, eventId))).toEqual(expected);
    await editEvent(eventId, {
      repeat: {
        doesNotRepeat: false,
        start: '2027-03-10T09:00',
        frequency: 'day',
        interval: 1,
        weekdays: [],
        end: { type: 'after', count: 3 },
      },
    });
    expect(starts(await occurrencesOf(ctx, admin, eventId))).toEqual(expected);
    await editEvent(eventId, { rrule: 'DTSTART;TZID=America/New_York:20270310T090000\nRRULE:FREQ=DAILY;COUNT=3' });
    const after = await occurrencesOf(ctx, admin, eventId);
    expect(starts(after)).toEqual(expected);
    // The regenerated one has the new length; the moved ones keep theirs.
    expect(after.map((o) => o.endDate)).toEqual([
      '2027-03-12T15:00:00.000Z',
      '2027-03-14T08:15:00.000Z',
      '2027-03-20T09:45:00.000Z',
    ]);
    expect(await ruleOf(eventId)).toContain('EXDATE;TZID=America/New_York:20270310T090000,20270311T090000');
  });
});

describe('completed occurrences', () => {
  it('cannot be changed or deleted (409)', async () => {
    const eventId = await createSession({
      rrule: `DTSTART;TZID=Europe/Istanbul:${day(12).replace(/-/g, '')}T100000\nRRULE:FREQ=DAILY;COUNT=1`,
    });
    const [only] = await occurrencesOf(ctx, admin, eventId);
    await setStatus(only!.id, 'completed');
    for (const response of [
      await patch(only!.id, { occurrenceGuestIds: [ids.guestB] }),
      await patch(only!.id, { occurrenceDate: `${day(13)}T10:00` }),
      await del(only!.id),
    ]) {
      expect(response.statusCode).toBe(409);
      expect(message(response)).toBe('A completed occurrence cannot be changed');
    }
    expect((await read(only!.id)).json<EventOccurrence>()).toMatchObject({
      status: 'completed',
      hasGuestOverride: false,
    });
  });
});

describe('DELETE /api/event-occurrences/:id', () => {
  it('deletes it with an EXDATE, so neither editing the event nor the horizon job brings it back', async () => {
    const start = DateTime.now().setZone('Europe/Istanbul').plus({ days: 7 });
    const weekday = WEEKDAY_CODES[start.weekday - 1]!;
    const repeat: EventInput['repeat'] = {
      doesNotRepeat: false,
      start: `${start.toISODate()}T18:00`,
      frequency: 'week',
      interval: 1,
      weekdays: [weekday],
      end: { type: 'never' },
    };
    const eventId = await createSession({ repeat, endTime: '19:00' });
    const before = await occurrencesOf(ctx, admin, eventId);
    expect(before.length).toBeGreaterThanOrEqual(50);
    const gone = before[1]!;
    const response = await del(gone.id);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await read(gone.id)).statusCode).toBe(404);
    const local = DateTime.fromISO(gone.occurrenceDate, { zone: 'Europe/Istanbul' }).toFormat("yyyyMMdd'T'HHmmss");
    expect(await ruleOf(eventId)).toContain(`EXDATE;TZID=Europe/Istanbul:${local}`);
    const remaining = starts(before).filter((s) => s !== gone.occurrenceDate);
    expect(starts(await occurrencesOf(ctx, admin, eventId))).toEqual(remaining);

    // Edited through the form's repeat choices (a new end time regenerates the future).
    await editEvent(eventId, { repeat, endTime: '19:30' });
    expect(starts(await occurrencesOf(ctx, admin, eventId))).toEqual(remaining);
    await editEvent(eventId, { endTime: '20:00' });
    expect(starts(await occurrencesOf(ctx, admin, eventId))).toEqual(remaining);

    // The horizon job regenerating from before the deleted slot: the last one comes back, the deleted one does not.
    const db = ctx.database.db;
    const last = (await occurrencesOf(ctx, admin, eventId)).at(-1)!;
    await db.delete(eventOccurrences).where(eq(eventOccurrences.id, last.id));
    await db
      .update(events)
      .set({ generatedUntil: new Date(before[0]!.occurrenceDate) })
      .where(eq(events.id, eventId));
    expect(await extendHorizons(db, new Date())).toBe(1);
    expect(starts(await occurrencesOf(ctx, admin, eventId))).toEqual(remaining);
  });

  it('keeps a deleted slot deleted at its wall-clock time when the organiser’s zone changes', async () => {
    const first = day(16).replace(/-/g, '');
    const eventId = await createSession({
      rrule: `DTSTART;TZID=Europe/Istanbul:${first}T100000\nRRULE:FREQ=DAILY;COUNT=3`,
    });
    const [, second] = await occurrencesOf(ctx, admin, eventId);
    expect((await del(second!.id)).statusCode).toBe(204);
    await editEvent(eventId, { organiserId: ids.newYork });
    const slot = day(17).replace(/-/g, '');
    expect(await ruleOf(eventId)).toBe(
      `DTSTART;TZID=America/New_York:${first}T100000\nRRULE:FREQ=DAILY;INTERVAL=1;COUNT=3\nEXDATE;TZID=America/New_York:${slot}T100000`,
    );
    const after = await occurrencesOf(ctx, admin, eventId);
    expect(after.map((o) => DateTime.fromISO(o.occurrenceDate, { zone: 'America/New_York' }).toISODate())).toEqual([
      day(16),
      day(18),
    ]);
    expect(after.every((o) => DateTime.fromISO(o.occurrenceDate, { zone: 'America/New_York' }).hour === 10)).toBe(true);
  });

  it('refuses an occurrence with form submissions (409) and keeps it', async () => {
    const eventId = await createSession({
      rrule: `DTSTART;TZID=Europe/Istanbul:${day(14).replace(/-/g, '')}T100000\nRRULE:FREQ=DAILY;COUNT=2`,
    });
    const [filled, other] = await occurrencesOf(ctx, admin, eventId);
    await ctx.database.db
      .insert(formSubmissions)
      .values({ formId: 1, occurrenceId: filled!.id, guestId: ids.guestA, formVersion: 1, data: { Aciklama: 'x' } });
    const response = await del(filled!.id);
    expect(response.statusCode).toBe(409);
    expect(message(response)).toBe('This occurrence has form submissions and cannot be deleted');
    expect((await read(filled!.id)).statusCode).toBe(200);
    expect(await ruleOf(eventId)).not.toContain('EXDATE');
    expect((await del(other!.id)).statusCode).toBe(204);
  });

  it('deletes a moved occurrence too, and answers 404 / 400 for unknown and bad ids', async () => {
    const eventId = await createSession({
      rrule: `DTSTART;TZID=Europe/Istanbul:${day(15).replace(/-/g, '')}T100000\nRRULE:FREQ=DAILY;COUNT=2`,
    });
    const [first] = await occurrencesOf(ctx, admin, eventId);
    expect((await patch(first!.id, { occurrenceDate: `${day(15)}T14:00` })).statusCode).toBe(200);
    expect((await del(first!.id)).statusCode).toBe(204);
    expect(await occurrencesOf(ctx, admin, eventId)).toHaveLength(1);
    const day15 = day(15).replace(/-/g, '');
    expect(await ruleOf(eventId)).toMatch(new RegExp(`EXDATE;TZID=Europe/Istanbul:${day15}T100000,${day15}T140000$`));
    expect((await del(first!.id)).statusCode).toBe(404);
    expect((await del('abc')).statusCode).toBe(400);
    expect((await del(0)).statusCode).toBe(400);
  });
});

describe('POST approveSchedule / unapproveSchedule', () => {
  const post = (action: string, payload: Record<string, unknown>, headers = admin) =>
    ctx.app.inject({ method: 'POST', url: `/api/event-occurrences/${action}`, headers, payload });
  const target = day(20);
  const compact = target.replace(/-/g, '');
  let daily: number;
  let completedOne: number;
  let early: number;

  beforeAll(async () => {
    // On the target day (Istanbul): 10:00 (and the next day), 12:00 (completed), 00:30 (the day
    // before in London).
    daily = await createSession({ rrule: `DTSTART;TZID=Europe/Istanbul:${compact}T100000\nRRULE:FREQ=DAILY;COUNT=2` });
    const completedEvent = await createSession({
      rrule: `DTSTART;TZID=Europe/Istanbul:${compact}T120000\nRRULE:FREQ=DAILY;COUNT=1`,
    });
    completedOne = (await occurrencesOf(ctx, admin, completedEvent))[0]!.id;
    await setStatus(completedOne, 'completed');
    early = await createSession({ rrule: `DTSTART;TZID=Europe/Istanbul:${compact}T003000\nRRULE:FREQ=DAILY;COUNT=1` });
  });
  const statuses = async () => [
    ...(await occurrencesOf(ctx, admin, daily)).map((o) => o.status),
    (await read(completedOne)).json<EventOccurrence>().status,
    (await occurrencesOf(ctx, admin, early))[0]!.status,
  ];

  it('approves the day’s scheduled occurrences in the caller’s zone, leaving completed ones alone', async () => {
    const response = await post('approveSchedule', { listDate: target });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ success: true, message: '2 occurrences approved' });
    expect(await statuses()).toEqual(['approved', 'scheduled', 'completed', 'approved']);
    expect((await post('approveSchedule', { listDate: target })).json()).toMatchObject({
      success: true,
      message: '0 occurrences approved',
    });
  });

  it('sets them back to scheduled, and reads the day in `timezone` when given', async () => {
    expect((await post('unapproveSchedule', { listDate: target })).json()).toMatchObject({
      success: true,
      message: '2 occurrences set back to scheduled',
    });
    expect(await statuses()).toEqual(['scheduled', 'scheduled', 'completed', 'scheduled']);
    // In London the 00:30 Istanbul one is the evening before.
    expect((await post('approveSchedule', { listDate: target, timezone: 'Europe/London' })).json()).toMatchObject({
      success: true,
      message: '1 occurrence approved',
    });
    expect((await post('approveSchedule', { listDate: target }, londonAdmin)).json()).toMatchObject({
      success: true,
      message: '0 occurrences approved',
    });
    expect(await statuses()).toEqual(['approved', 'scheduled', 'completed', 'scheduled']);
    expect((await post('unapproveSchedule', { listDate: target, timezone: 'Europe/London' })).json()).toMatchObject({
      success: true,
      message: '1 occurrence set back to scheduled',
    });
  });

  it('refuses a day before today in the zone (400) and accepts today', async () => {
    for (const action of ['approveSchedule', 'unapproveSchedule']) {
      const past = await post(action, { listDate: day(-1) });
      expect(past.statusCode).toBe(400);
      expect(message(past)).toBe('The schedule of a past day cannot be changed');
      expect((await post(action, { listDate: day(0) })).statusCode).toBe(200);
    }
    // Pago Pago's today is always yesterday (or earlier) in Kiritimati, 25 hours ahead.
    const behind = await post('approveSchedule', {
      listDate: day(0, 'Pacific/Pago_Pago'),
      timezone: 'Pacific/Kiritimati',
    });
    expect(behind.statusCode).toBe(400);
    const ahead = await post('approveSchedule', {
      listDate: day(0, 'Pacific/Kiritimati'),
      timezone: 'Pacific/Kiritimati',
    });
    expect(ahead.statusCode).toBe(200);
  });

  it.each([
    [{}, ''],
    [{ listDate: '2027-02-30' }, 'Date must be a day (YYYY-MM-DD)'],
    [{ listDate: '2027-03-01T00:00' }, 'Date must be a day (YYYY-MM-DD)'],
    [{ listDate: 20270301 }, ''],
    [
      { listDate: '2099-01-01', timezone: 'Mars/Olympus' },
      'timezone must be an IANA time zone such as Europe/Istanbul',
    ],
  ])('refuses %j with 400', async (payload, expected) => {
    const response = await post('approveSchedule', payload);
    expect(response.statusCode).toBe(400);
    if (expected) expect(message(response)).toBe(expected);
  });
});
