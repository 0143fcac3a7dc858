import type { OccurrenceCalendar } from '@ritim/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locations } from '../../db/schema.js';
import { createTestApp, messageOf, type TestContext } from '../../test/harness.js';
import { createEvent, createPerson, insertRow, occurrencesOf, type Person } from '../../test/seed.js';

/**
 * GET /api/event-occurrences/calendar: one compact, scoped range for the calendar screen.
 * Fixed data in February 2026: "Piano" (Emre, room A, guest Ayşe) daily at 10:00 Istanbul from
 * 2 February, 5 times; "Cello" (Liam, room B, guests Ayşe and Bob) at 12:00 London on 3 and 4 February.
 */
let ctx: TestContext;
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
  ctx = await createTestApp();
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

afterAll(async () => {
  await ctx.close();
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
    });
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
