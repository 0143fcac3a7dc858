import type { OccurrenceCalendar } from '@ritim/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { locations } from '../../platform/db/schema.js';
import { messageOf } from '../../test/harness.js';
import { createEvent, createPerson, insertRow, occurrencesOf, type Person } from '../../test/seed.js';
import { useTestApp } from '../../test/use-test-app.js';

/**
 * GET /api/event-occurrences/calendar: one compact, scoped range for the calendar screen.
 * Fixed data in February 2026: "Piano" (Emre, room A, guest Ayşe) daily at 10:00 Istanbul from
 * 2 February, 5 times; "Cello" (Liam, room B, guests Ayşe and Bob) at 12:00 London on 3 and 4 February.
 */
const ctx = useTestApp();
const people = {} as Record<'admin' | 'emre' | 'liam' | 'ayse' | 'bob', Person>;
let piano: number;
let cello: number;
let roomA: number;
let roomB: number;

const read = async (query: string, who: keyof typeof people = 'admin') => {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/event-occurrences/calendar?${query}`,
    headers: people[who].headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<OccurrenceCalendar>();
};
const FEBRUARY = 'from=2026-02-01T00:00:00Z&to=2026-03-01T00:00:00Z';
const titles = (calendar: OccurrenceCalendar) => {
  const title = new Map(calendar.events.map((event) => [event.id, event.title]));
  return calendar.sessions.map((session) => `${title.get(session.eventId)} ${session.startsAt}`);
};

beforeAll(async () => {
  for (const [username, role, timezone] of [
    ['admin', 'admin', 'Europe/Istanbul'],
    ['emre', 'editor', 'Europe/Istanbul'],
    ['liam', 'editor', 'Europe/London'],
    ['ayse', 'guest', 'Europe/Istanbul'],
    ['bob', 'guest', 'Europe/London'],
  ] as const) {
    people[username] = await createPerson(ctx, { username, role, timezone });
  }
  roomA = (await insertRow(ctx.database, locations, { name: 'Room A' })).id;
  roomB = (await insertRow(ctx.database, locations, { name: 'Room B' })).id;
  piano = await createEvent(ctx, people.admin.headers, {
    title: 'Piano',
    locationId: roomA,
    organiserId: people.emre.id,
    guestIds: [people.ayse.id],
    rrule: 'DTSTART;TZID=Europe/Istanbul:20260202T100000\nRRULE:FREQ=DAILY;COUNT=5',
  });
  cello = await createEvent(ctx, people.admin.headers, {
    title: 'Cello',
    locationId: roomB,
    organiserId: people.liam.id,
    guestIds: [people.ayse.id, people.bob.id],
    rrule: 'DTSTART;TZID=Europe/London:20260203T120000\nRRULE:FREQ=DAILY;COUNT=2',
  });
});

describe('GET /api/event-occurrences/calendar', () => {
  it('answers every session of the range by start, each event once', async () => {
    const calendar = await read(FEBRUARY);
    expect(titles(calendar)).toEqual([
      'Piano 2026-02-02T07:00:00.000Z',
      'Piano 2026-02-03T07:00:00.000Z',
      'Cello 2026-02-03T12:00:00.000Z',
      'Piano 2026-02-04T07:00:00.000Z',
      'Cello 2026-02-04T12:00:00.000Z',
      'Piano 2026-02-05T07:00:00.000Z',
      'Piano 2026-02-06T07:00:00.000Z',
    ]);
    expect(calendar.events).toEqual([
      {
        id: piano,
        title: 'Piano',
        timezone: 'Europe/Istanbul',
        location: { id: roomA, name: 'Room A' },
        organiser: { id: people.emre.id, name: 'emre', surname: null },
      },
      {
        id: cello,
        title: 'Cello',
        timezone: 'Europe/London',
        location: { id: roomB, name: 'Room B' },
        organiser: { id: people.liam.id, name: 'liam', surname: null },
      },
    ]);
    expect(calendar.sessions[0]).toEqual({
      id: expect.any(Number) as number,
      eventId: piano,
      startsAt: '2026-02-02T07:00:00.000Z',
      endsAt: '2026-02-02T08:00:00.000Z',
      status: 'scheduled',
      cancellationReason: null,
      makeupOf: null,
    });
  });

  it('answers 304 to a client that has it, until a session changes', async () => {
    const url = `/api/event-occurrences/calendar?${FEBRUARY}&organiserId=${people.emre.id}`;
    const get = (etag?: string) =>
      ctx.app.inject({
        method: 'GET',
        url,
        headers: { ...people.admin.headers, ...(etag ? { 'if-none-match': etag } : {}) },
      });
    const first = await get();
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect((await get(etag)).statusCode).toBe(304);
    // The last Piano session moves an hour later: the same request answers the new time.
    const last = (await occurrencesOf(ctx, people.admin.headers, piano)).at(-1)!;
    const moved = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/event-occurrences/${last.id}`,
      headers: people.admin.headers,
      payload: { occurrenceDate: '2026-02-06T11:00' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = await get(etag);
    expect(after.statusCode).toBe(200);
    expect(titles(after.json<OccurrenceCalendar>()).at(-1)).toBe('Piano 2026-02-06T08:00:00.000Z');
    // (Back where it was, for the other tests.)
    const back = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/event-occurrences/${last.id}`,
      headers: people.admin.headers,
      payload: { occurrenceDate: '2026-02-06T10:00' },
    });
    expect(back.statusCode, back.body).toBe(200);
  });

  it('is half-open: a session starting at `to` is the next range’s', async () => {
    const calendar = await read('from=2026-02-03T07:00:00Z&to=2026-02-04T07:00:00Z');
    expect(titles(calendar)).toEqual(['Piano 2026-02-03T07:00:00.000Z', 'Cello 2026-02-03T12:00:00.000Z']);
  });

  it('shows organisers their own events and guests the sessions they attend (their own list when set)', async () => {
    expect(titles(await read(FEBRUARY, 'liam'))).toEqual([
      'Cello 2026-02-03T12:00:00.000Z',
      'Cello 2026-02-04T12:00:00.000Z',
    ]);
    // Bob is left out of the second Cello session's own guest list.
    const [, second] = await occurrencesOf(ctx, people.admin.headers, cello);
    const patch = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/event-occurrences/${second!.id}`,
      headers: people.admin.headers,
      payload: { occurrenceGuestIds: [people.ayse.id] },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    expect(titles(await read(FEBRUARY, 'bob'))).toEqual(['Cello 2026-02-03T12:00:00.000Z']);
    expect(await read(FEBRUARY, 'ayse')).toEqual(await read(FEBRUARY));
  });

  it('narrows by organiser, location and guest', async () => {
    const cellos = ['Cello 2026-02-03T12:00:00.000Z', 'Cello 2026-02-04T12:00:00.000Z'];
    expect(titles(await read(`${FEBRUARY}&organiserId=${people.liam.id}`))).toEqual(cellos);
    expect(titles(await read(`${FEBRUARY}&locationId=${roomB}`))).toEqual(cellos);
    expect(titles(await read(`${FEBRUARY}&guestId=${people.bob.id}`))).toEqual([cellos[0]]);
    expect(await read(`${FEBRUARY}&organiserId=${people.emre.id}`, 'liam')).toEqual({ sessions: [], events: [] });
  });

  it.each([
    ['from=2026-02-01T00:00:00Z', 'to is required'],
    ['from=2026-02-02T00:00:00Z&to=2026-02-01T00:00:00Z', 'The calendar’s end (to) must be after its start (from)'],
    ['from=2026-01-01T00:00:00Z&to=2026-03-05T00:00:00Z', 'The calendar reads at most 62 days at once'],
    ['from=yesterday&to=2026-02-01T00:00:00Z', 'from must be an ISO date-time'],
    [`${FEBRUARY}&guestId=0`, 'guestId must be an id'],
  ])('refuses %s with 400', async (query, message) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/event-occurrences/calendar?${query}`,
      headers: people.admin.headers,
    });
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe(message);
  });
});

/**
 * A busy day, 10 February 2026: six single sessions, Istanbul times 09:00, 09:30, 10:00 and 10:15
 * (Emre's, Ayşe a guest of the first two), 14:00 and 23:30, and one at 00:30 on the 11th, which is
 * still the 10th in London (21:30). And two London sessions around the night the clocks go forward
 * (a 23-hour day): 23:30 on 29 March and 00:30 on the 30th.
 */
describe('GET /api/event-occurrences/calendar?perDay|perHour', () => {
  const BUSY = 'from=2026-02-09T00:00:00Z&to=2026-02-13T00:00:00Z';
  const single = async (title: string, local: string, organiser: Person, zone = 'Europe/Istanbul', guests = []) =>
    createEvent(ctx, people.admin.headers, {
      title,
      locationId: roomA,
      organiserId: organiser.id,
      guestIds: guests,
      rrule: `DTSTART;TZID=${zone}:${local}\nRRULE:FREQ=DAILY;COUNT=1`,
    });

  beforeAll(async () => {
    await createEvent(ctx, people.admin.headers, {
      title: 'Busy 09:00',
      locationId: roomA,
      organiserId: people.emre.id,
      guestIds: [people.ayse.id],
      rrule: 'DTSTART;TZID=Europe/Istanbul:20260210T090000\nRRULE:FREQ=DAILY;COUNT=1',
    });
    await createEvent(ctx, people.admin.headers, {
      title: 'Busy 09:30',
      locationId: roomA,
      organiserId: people.emre.id,
      guestIds: [people.ayse.id],
      rrule: 'DTSTART;TZID=Europe/Istanbul:20260210T093000\nRRULE:FREQ=DAILY;COUNT=1',
    });
    await single('Busy 10:00', '20260210T100000', people.emre);
    await single('Busy 10:15', '20260210T101500', people.liam);
    await single('Busy 14:00', '20260210T140000', people.liam);
    await single('Busy 23:30', '20260210T233000', people.liam);
    await single('Busy 00:30', '20260211T003000', people.liam);
    await single('Spring 23:30', '20260329T233000', people.liam, 'Europe/London');
    await single('Spring 00:30', '20260330T003000', people.liam, 'Europe/London');
  });

  it('keeps the first sessions of each day in the zone asked for and counts every day', async () => {
    const istanbul = await read(`${BUSY}&perDay=2&timezone=Europe/Istanbul`);
    expect(titles(istanbul)).toEqual([
      'Busy 09:00 2026-02-10T06:00:00.000Z',
      'Busy 09:30 2026-02-10T06:30:00.000Z',
      'Busy 00:30 2026-02-10T21:30:00.000Z',
    ]);
    expect(istanbul.days).toEqual([
      { date: '2026-02-10', count: 6 },
      { date: '2026-02-11', count: 1 },
    ]);
    // Only the events of the sessions kept.
    expect(istanbul.events.map((event) => event.title)).toEqual(['Busy 09:00', 'Busy 09:30', 'Busy 00:30']);
    // 00:30 in Istanbul is 21:30 the day before in London: one day of seven.
    const london = await read(`${BUSY}&perDay=2&timezone=Europe/London`);
    expect(titles(london)).toEqual(titles(istanbul).slice(0, 2));
    expect(london.days).toEqual([{ date: '2026-02-10', count: 7 }]);
  });

  it('counts days in the caller’s zone when no timezone is given', async () => {
    expect(await read(`${BUSY}&perDay=2`)).toEqual(await read(`${BUSY}&perDay=2&timezone=Europe/Istanbul`));
    expect((await read(`${BUSY}&perDay=2`, 'liam')).days).toEqual([{ date: '2026-02-10', count: 4 }]);
  });

  it('keeps the first sessions of each hour with perHour', async () => {
    const calendar = await read(`${BUSY}&perHour=1&timezone=Europe/Istanbul`);
    expect(titles(calendar)).toEqual([
      'Busy 09:00 2026-02-10T06:00:00.000Z',
      'Busy 10:00 2026-02-10T07:00:00.000Z',
      'Busy 14:00 2026-02-10T11:00:00.000Z',
      'Busy 23:30 2026-02-10T20:30:00.000Z',
      'Busy 00:30 2026-02-10T21:30:00.000Z',
    ]);
    expect(calendar.days).toEqual([
      { date: '2026-02-10', count: 6 },
      { date: '2026-02-11', count: 1 },
    ]);
  });

  it('counts only what the caller sees, within the filters', async () => {
    const ayse = await read(`${BUSY}&perDay=1`, 'ayse');
    expect(titles(ayse)).toEqual(['Busy 09:00 2026-02-10T06:00:00.000Z']);
    expect(ayse.days).toEqual([{ date: '2026-02-10', count: 2 }]);
    const emre = await read(`${BUSY}&perDay=1`, 'emre');
    expect(emre.days).toEqual([{ date: '2026-02-10', count: 3 }]);
    const filtered = await read(`${BUSY}&perDay=1&organiserId=${people.liam.id}`);
    expect(titles(filtered)).toEqual(['Busy 10:15 2026-02-10T07:15:00.000Z', 'Busy 00:30 2026-02-10T21:30:00.000Z']);
    expect(filtered.days).toEqual([
      { date: '2026-02-10', count: 3 },
      { date: '2026-02-11', count: 1 },
    ]);
  });

  it('splits days at the zone’s midnights when the clocks change (a 23-hour day)', async () => {
    const calendar = await read(
      'from=2026-03-28T00:00:00Z&to=2026-04-01T00:00:00Z&perDay=1&timezone=Europe/London',
      'liam',
    );
    expect(titles(calendar)).toEqual([
      'Spring 23:30 2026-03-29T22:30:00.000Z',
      'Spring 00:30 2026-03-29T23:30:00.000Z',
    ]);
    expect(calendar.days).toEqual([
      { date: '2026-03-29', count: 1 },
      { date: '2026-03-30', count: 1 },
    ]);
  });

  it('answers an empty cut range with no days, and an uncut one without `days`', async () => {
    expect(await read('from=2026-01-01T00:00:00Z&to=2026-01-08T00:00:00Z&perDay=3')).toEqual({
      sessions: [],
      events: [],
      days: [],
    });
    const whole = await read(BUSY);
    expect(whole).not.toHaveProperty('days');
    expect(whole.sessions).toHaveLength(7);
  });

  it.each([
    [`${BUSY}&perDay=0`, 'perDay must be a whole number from 1 to 100'],
    [`${BUSY}&perDay=101`, 'perDay must be a whole number from 1 to 100'],
    [`${BUSY}&perHour=two`, 'perHour must be a whole number from 1 to 100'],
    [`${BUSY}&perDay=1.5`, 'perDay must be a whole number from 1 to 100'],
    [`${BUSY}&perDay=2&perHour=1`, 'Ask for perDay or perHour, not both'],
    [`${BUSY}&perDay=2&timezone=Mars/Olympus`, 'timezone must be an IANA time zone such as Europe/Istanbul'],
  ])('refuses %s with 400', async (query, message) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/event-occurrences/calendar?${query}`,
      headers: people.admin.headers,
    });
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe(message);
  });
});
