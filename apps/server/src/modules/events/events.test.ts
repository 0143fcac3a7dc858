import { and, eq, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { CreateEvent, Event, EventList, EventOccurrence, Lookup } from '@ritim/shared';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { eventOccurrences, events, formSubmissions, locations, lookups, users } from '../../platform/db/schema.js';
import { createCountingApp, createUser, messageOf as message } from '../../test/harness.js';
import { createUsers, headersOf, insertRow, listOccurrences } from '../../test/seed.js';
import { useTestApp } from '../../test/use-test-app.js';
import { extendHorizons } from './horizon.js';
import { EventService } from './service.js';

const ctx = useTestApp();
let admin: Record<string, string>;
let editorToken: Record<string, string>;
let guestToken: Record<string, string>;
let london: number;
let istanbul: number;
let guestA: number;
let guestB: number;
let inactiveGuest: number;
let hall: number;
let archivedHall: number;

beforeAll(async () => {
  const people = await createUsers(ctx.database, [
    { username: 'admin', role: 'admin' },
    { username: 'london', role: 'editor', timezone: 'Europe/London', surname: 'Smith' },
    { username: 'istanbul', role: 'editor', timezone: 'Europe/Istanbul' },
    { username: 'guest-a', role: 'guest' },
    { username: 'guest-b', role: 'guest' },
    { username: 'guest-off', role: 'guest', status: 'inactive' },
  ]);
  london = people.london;
  istanbul = people.istanbul;
  guestA = people['guest-a'];
  guestB = people['guest-b'];
  inactiveGuest = people['guest-off'];
  hall = (await insertRow(ctx.database, locations, { name: 'Main Hall' })).id;
  archivedHall = (await insertRow(ctx.database, locations, { name: 'Old Hall', status: 'archived' })).id;
  admin = await headersOf(ctx.app, 'admin');
  editorToken = await headersOf(ctx.app, 'london');
  guestToken = await headersOf(ctx.app, 'guest-a');
});

/** The part of an occurrence these tests read (`occurrences` below). */
type OccurrenceTiming = Pick<EventOccurrence, 'id' | 'occurrenceDate' | 'endDate' | 'status'>;

const weekly = (start: string, end: Record<string, unknown>, weekdays = ['MO', 'WE']) => ({
  doesNotRepeat: false,
  start,
  frequency: 'week',
  interval: 1,
  weekdays,
  end,
});

const post = (payload: Record<string, unknown>, headers = admin) =>
  ctx.app.inject({ method: 'POST', url: '/api/events', headers, payload });
const base = (extra: Record<string, unknown>) => ({
  title: 'Session',
  locationId: hall,
  organiserId: london,
  guestIds: [guestA],
  ...extra,
});
const create = async (extra: Record<string, unknown>) => {
  const response = await post(base(extra));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Event>();
};
const occurrences = async (eventId: number, query = 'limit=100') => {
  const body = await listOccurrences(ctx, admin, `eventId=${eventId}&${query}`);
  // The timing and status: what these tests are about (the rest of the row is the occurrences' tests').
  return {
    eventOccurrences: body.eventOccurrences.map(({ id, occurrenceDate, endDate, status }) => ({
      id,
      occurrenceDate,
      endDate,
      status,
    })),
    totalCount: body.totalCount,
  };
};
/** A wall-clock start `days` from today in `zone`, at `time`. */
const localStart = (zone: string, days: number, time = '10:00') =>
  `${DateTime.now().setZone(zone).plus({ days }).toISODate()}T${time}`;
const localTimes = (list: OccurrenceTiming[], zone: string) =>
  list.map((o) => DateTime.fromISO(o.occurrenceDate, { zone }).toFormat('ccc yyyy-MM-dd HH:mm'));

describe('access', () => {
  it('POST /api/events/preview: 401 anonymous, 403 editor and guest', async () => {
    const as = (headers: Record<string, string>) =>
      ctx.app.inject({ method: 'POST', url: '/api/events/preview', headers, payload: {} });
    expect((await as({})).statusCode).toBe(401);
    expect((await as(editorToken)).statusCode).toBe(403);
    expect((await as(guestToken)).statusCode).toBe(403);
  });
});

describe('POST /api/events', () => {
  it('keeps a weekly Monday+Wednesday 10:00 Europe/London event at 10:00 local across the October change', async () => {
    const event = await create({ repeat: weekly('2025-10-20T10:00', { type: 'after', count: 6 }), endTime: '11:30' });
    expect(event).toMatchObject({
      timezone: 'Europe/London',
      doesNotRepeat: false,
      rruleByDayText: 'Mon, Wed',
      organiser: { id: london, name: 'london', surname: 'Smith', timezone: 'Europe/London' },
      guests: [{ id: guestA, name: 'guest-a', surname: null, status: 'active' }],
      guestIds: [guestA],
      location: { id: hall, name: 'Main Hall' },
      user: { username: 'admin' },
      repeat: { doesNotRepeat: false, frequency: 'week', interval: 1, weekdays: ['MO', 'WE'] },
      nextOccurrence: null,
    });
    expect(event.rrule).toContain('DTSTART;TZID=Europe/London:20251020T100000');
    expect(event.endDate).toBe('2025-10-20T10:30:00.000Z');
    const { eventOccurrences: list, totalCount } = await occurrences(event.id);
    expect(totalCount).toBe(6);
    expect(localTimes(list, 'Europe/London')).toEqual([
      'Mon 2025-10-20 10:00',
      'Wed 2025-10-22 10:00',
      'Mon 2025-10-27 10:00',
      'Wed 2025-10-29 10:00',
      'Mon 2025-11-03 10:00',
      'Wed 2025-11-05 10:00',
    ]);
    // 09:00Z in summer time, 10:00Z after the change; each lasts 90 minutes.
    expect(list[0]!.occurrenceDate).toBe('2025-10-20T09:00:00.000Z');
    expect(list[2]!.occurrenceDate).toBe('2025-10-27T10:00:00.000Z');
    expect(list[2]!.endDate).toBe('2025-10-27T11:30:00.000Z');
  });

  it('reads the same rule in an Istanbul organiser’s zone (07:00Z all year)', async () => {
    const event = await create({
      organiserId: istanbul,
      repeat: weekly('2025-10-20T10:00', { type: 'after', count: 6 }),
    });
    expect(event.timezone).toBe('Europe/Istanbul');
    const { eventOccurrences: list } = await occurrences(event.id);
    expect(list.map((o) => o.occurrenceDate.slice(11, 16))).toEqual(Array(6).fill('07:00'));
    expect(localTimes(list, 'Europe/Istanbul')[4]).toBe('Mon 2025-11-03 10:00');
  });

  it('stores a single event as FREQ=DAILY;INTERVAL=1;COUNT=1 with one occurrence and its next occurrence', async () => {
    const start = localStart('Europe/London', 3);
    const event = await create({ repeat: { doesNotRepeat: true, start }, endTime: '12:00' });
    expect(event.rrule).toMatch(/RRULE:FREQ=DAILY;INTERVAL=1;COUNT=1$/);
    expect(event.doesNotRepeat).toBe(true);
    expect(event.repeat).toEqual({ doesNotRepeat: true, start });
    const { eventOccurrences: list } = await occurrences(event.id);
    expect(list).toHaveLength(1);
    expect(event.nextOccurrence).toBe(list[0]!.occurrenceDate);
  });

  it('accepts RFC 5545 text, trims texts and stores empty optional texts as null', async () => {
    const event = await create({
      title: '  Book club  ',
      description: '   ',
      conferenceLink: ' https://meet.example.com/abc ',
      rrule: 'DTSTART;TZID=Europe/London:20251006T180000\nRRULE:FREQ=MONTHLY;BYDAY=-1FR;COUNT=3',
    });
    expect(event).toMatchObject({
      title: 'Book club',
      description: null,
      conferenceLink: 'https://meet.example.com/abc',
      rruleByDayText: 'last Friday of the month',
    });
  });

  it('creates 180 occurrences for COUNT=180 and refuses 181', async () => {
    const event = await create({
      repeat: { ...weekly('2025-01-06T09:00', { type: 'after', count: 180 }), frequency: 'day' },
    });
    expect((await occurrences(event.id, 'limit=1')).totalCount).toBe(180);
    const refused = await post(
      base({ rrule: 'DTSTART;TZID=Europe/London:20250106T090000\nRRULE:FREQ=DAILY;COUNT=181' }),
    );
    expect(refused.statusCode).toBe(400);
    expect(message(refused)).toBe('Maximum number of occurrences is 180');
  });

  it('refuses an end date more than a year ahead', async () => {
    const tooFar = DateTime.now().setZone('Europe/London').plus({ years: 1, days: 2 }).toISODate()!;
    const response = await post(base({ repeat: weekly(localStart('Europe/London', 1), { type: 'on', date: tooFar }) }));
    expect(response.statusCode).toBe(400);
    expect(message(response)).toBe('End date cannot be more than 1 year from now');
  });

  it('stores a never-ending series for the next 12 months', async () => {
    const event = await create({ repeat: weekly(localStart('Europe/London', 1), { type: 'never' }, ['TU']) });
    const { eventOccurrences: list, totalCount } = await occurrences(event.id);
    expect(totalCount).toBeGreaterThanOrEqual(51);
    expect(totalCount).toBeLessThanOrEqual(53);
    const last = new Date(list.at(-1)!.occurrenceDate).getTime();
    expect(last).toBeLessThan(DateTime.now().plus({ months: 12 }).toMillis());
    expect(last).toBeGreaterThan(DateTime.now().plus({ months: 12, days: -8 }).toMillis());
    const [row] = await ctx.database.db.select().from(events).where(eq(events.id, event.id));
    expect(row!.generatedUntil).not.toBeNull();
    expect(event.nextOccurrence).toBe(list[0]!.occurrenceDate);
  });

  it.each([
    ['an admin as organiser', { organiserId: 1 }, 'Organiser must be an active editor'],
    ['an unknown organiser', { organiserId: 99999 }, 'Organiser must be an active editor'],
    ['an editor as guest', { guestIds: [() => guestA, () => london] }, 'editor'],
    ['an inactive guest', { guestIds: [() => inactiveGuest] }, 'inactive'],
    ['an archived location', { locationId: () => archivedHall }, 'archived'],
    ['an end time before the start time', { endTime: '09:30' }, 'Start date cannot be after end date'],
    ['an end before the start', { endDate: '2025-10-20T08:00:00Z' }, 'Start date cannot be after end date'],
    ['an ftp conference link', { conferenceLink: 'ftp://example.com' }, 'Conference link must be a valid http(s) URL'],
    ['a sub-daily rule', { repeat: undefined, rrule: 'DTSTART:20251020T100000Z\nRRULE:FREQ=HOURLY;COUNT=2' }, 'HOURLY'],
    [
      'a rule rrule.js cannot parse',
      { repeat: undefined, rrule: 'DTSTART;TZID=Europe/London:20251020T100000\nRRULE:FREQ=WEEKLY;FOO=1' },
      'FOO',
    ],
    ['neither rrule nor repeat', { repeat: undefined }, 'Either rrule or repeat is required'],
  ])('refuses %s with 400', async (_, extra, expected) => {
    const resolved = Object.fromEntries(
      Object.entries(extra).map(([key, value]) => [
        key,
        typeof value === 'function'
          ? (value as () => unknown)()
          : Array.isArray(value)
            ? value.map((v: unknown) => (typeof v === 'function' ? (v as () => unknown)() : v))
            : (value as unknown),
      ]),
    );
    const response = await post(base({ repeat: weekly('2025-10-20T10:00', { type: 'after', count: 2 }), ...resolved }));
    expect(response.statusCode, response.body).toBe(400);
    if (expected === 'editor') expect(message(response)).toBe(`Guest ${london} is not an active guest`);
    else if (expected === 'inactive') expect(message(response)).toBe(`Guest ${inactiveGuest} is not an active guest`);
    else if (expected === 'archived')
      expect(message(response)).toBe(`Location ${archivedHall} is archived or does not exist`);
    else expect(message(response)).toContain(expected);
  });
});

describe('POST /api/events/preview', () => {
  it('shows the first occurrences in the organiser’s zone with the total', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/events/preview',
      headers: admin,
      payload: { organiserId: istanbul, repeat: weekly('2025-10-20T10:00', { type: 'after', count: 6 }), limit: 3 },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      timezone: 'Europe/Istanbul',
      rruleByDayText: 'Mon, Wed',
      occurrences: ['2025-10-20T07:00:00.000Z', '2025-10-22T07:00:00.000Z', '2025-10-27T07:00:00.000Z'],
      totalCount: 6,
    });
    // A new event: nothing stored is cancelled; these lie in the past.
    expect(response.json<{ occurrenceStates: unknown[] }>().occurrenceStates).toEqual([
      { start: '2025-10-20T07:00:00.000Z', past: true, cancelled: false },
      { start: '2025-10-22T07:00:00.000Z', past: true, cancelled: false },
      { start: '2025-10-27T07:00:00.000Z', past: true, cancelled: false },
    ]);
  });

  it('marks, when editing, the occurrences already over and those whose session is cancelled', async () => {
    // Daily at 10:00 London from two days ago, six in all.
    const repeat = { ...weekly(localStart('Europe/London', -2), { type: 'after', count: 6 }), frequency: 'day' };
    const event = await create({ repeat });
    const sessions = (await occurrences(event.id)).eventOccurrences;
    const cancelled = await ctx.app.inject({
      method: 'POST',
      url: `/api/event-occurrences/${sessions[4]!.id}/cancel`,
      headers: admin,
      payload: { reason: 'Closed' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/events/preview',
      headers: admin,
      payload: { organiserId: london, repeat, eventId: event.id, limit: 6 },
    });
    expect(response.statusCode, response.body).toBe(200);
    const now = Date.now();
    expect(response.json<{ occurrenceStates: unknown[] }>().occurrenceStates).toEqual(
      sessions.map((session, index) => ({
        start: session.occurrenceDate,
        past: new Date(session.occurrenceDate).getTime() < now,
        cancelled: index === 4,
      })),
    );
    // The first two days are over whatever the hour.
    expect(sessions.slice(0, 2).every((session) => new Date(session.occurrenceDate).getTime() < now)).toBe(true);
  });
});

describe('GET /api/events', () => {
  const list = async (query: string) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/events?${query}`, headers: admin });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<EventList>();
  };

  it('searches title and description, sorts by name, filters recurring events', async () => {
    await create({
      title: 'Zeta yoga',
      description: 'Stretching',
      repeat: weekly('2025-10-20T10:00', { type: 'after', count: 2 }),
    });
    await create({
      title: 'Alpha single',
      description: 'stretching alone',
      repeat: { doesNotRepeat: true, start: '2025-10-21T10:00' },
    });
    const found = await list('q=STRETCH&sort=name');
    expect(found.events.map((e) => e.title)).toEqual(['Alpha single', 'Zeta yoga']);
    expect(found.totalCount).toBe(2);
    const recurring = await list('q=stretch&recurringEvents=true');
    expect(recurring.events.map((e) => e.title)).toEqual(['Zeta yoga']);
  });

  it('answers a 50-row page in a constant number of queries', async () => {
    const db = ctx.database.db;
    const [template] = await db.select().from(events).limit(1);
    const { id: _id, search: _search, createdAt: _c, updatedAt: _u, ...copy } = template!;
    await db.insert(events).values(Array.from({ length: 60 }, (_, i) => ({ ...copy, title: `Bulk ${i}` })));
    const counting = await createCountingApp(ctx.database);
    try {
      const page = async (limit: number) => {
        counting.queries = 0;
        const response = await counting.app.inject({
          method: 'GET',
          url: `/api/events?limit=${limit}&q=bulk`,
          headers: admin,
        });
        expect(response.statusCode).toBe(200);
        expect(response.json<EventList>().events).toHaveLength(limit);
        return counting.queries;
      };
      const one = await page(1);
      expect(await page(50)).toBe(one);
      expect(one).toBeLessThanOrEqual(2);
    } finally {
      await counting.close();
    }
  });
});

describe('PATCH /api/events/:id', () => {
  it('leaves the occurrences alone when only title, guests or location change', async () => {
    const event = await create({ repeat: weekly(localStart('Europe/London', 1), { type: 'after', count: 4 }) });
    const before = await occurrences(event.id);
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/events/${event.id}`,
      headers: admin,
      payload: { title: 'Renamed', guestIds: [guestB, guestA] },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Event>()).toMatchObject({ title: 'Renamed', guestIds: [guestA, guestB] });
    expect(await occurrences(event.id)).toEqual(before);
  });

  it('regenerates only future occurrences that are not completed, and twice gives the same rows', async () => {
    const event = await create({
      repeat: { ...weekly(localStart('Europe/London', -5), { type: 'after', count: 10 }), frequency: 'day' },
    });
    const before = (await occurrences(event.id)).eventOccurrences;
    const now = Date.now();
    const past = before.filter((o) => new Date(o.occurrenceDate).getTime() < now);
    const future = before.filter((o) => new Date(o.occurrenceDate).getTime() >= now);
    expect(past.length).toBeGreaterThanOrEqual(4);
    const completed = future[1]!;
    await ctx.database.db
      .update(eventOccurrences)
      .set({ status: 'completed' })
      .where(eq(eventOccurrences.id, completed.id));
    const patch = () =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/events/${event.id}`,
        headers: admin,
        payload: {
          repeat: {
            ...weekly(localStart('Europe/London', -5, '11:00'), { type: 'after', count: 10 }),
            frequency: 'day',
          },
        },
      });
    expect((await patch()).statusCode).toBe(200);
    const after = (await occurrences(event.id)).eventOccurrences;
    for (const kept of [...past, { ...completed, status: 'completed' }]) expect(after).toContainEqual(kept);
    const regenerated = after.filter((o) => new Date(o.occurrenceDate).getTime() >= now && o.status !== 'completed');
    expect(regenerated.length).toBeGreaterThan(0);
    expect(new Set(localTimes(regenerated, 'Europe/London').map((t) => t.slice(-5)))).toEqual(new Set(['11:00']));
    expect((await patch()).statusCode).toBe(200);
    expect((await occurrences(event.id)).totalCount).toBe(after.length);
  });

  it('keeps future occurrences with form submissions or moved by hand when the rule changes', async () => {
    const event = await create({
      repeat: { ...weekly(localStart('Europe/London', 2), { type: 'after', count: 4 }), frequency: 'day' },
    });
    const [first, second, third] = (await occurrences(event.id)).eventOccurrences;
    await ctx.database.db
      .insert(formSubmissions)
      .values({ formId: 1, occurrenceId: first!.id, guestId: guestA, formVersion: 1, data: { Aciklama: 'Early' } });
    const moved = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/event-occurrences/${second!.id}`,
      headers: admin,
      payload: { occurrenceDate: localStart('Europe/London', 3, '16:00') },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/events/${event.id}`,
      headers: admin,
      payload: {
        repeat: { ...weekly(localStart('Europe/London', 2, '11:00'), { type: 'after', count: 4 }), frequency: 'day' },
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const after = (await occurrences(event.id)).eventOccurrences;
    expect(after.map((o) => o.id)).toContain(first!.id);
    expect(after.map((o) => o.id)).toContain(second!.id);
    expect(after.map((o) => o.id)).not.toContain(third!.id);
    const at = (days: number, time: string) =>
      DateTime.fromISO(localStart('Europe/London', days, time), { zone: 'Europe/London' }).toFormat(
        'ccc yyyy-MM-dd HH:mm',
      );
    // The submitted one at 10:00 and the moved one at 16:00 stay beside the new 11:00 series.
    expect(localTimes(after, 'Europe/London')).toEqual([
      at(2, '10:00'),
      at(2, '11:00'),
      at(3, '11:00'),
      at(3, '16:00'),
      at(4, '11:00'),
      at(5, '11:00'),
    ]);
  });

  it('keeps the guests when a PATCH leaves guestIds out', async () => {
    const event = await create({ repeat: weekly(localStart('Europe/London', 1), { type: 'after', count: 2 }) });
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/events/${event.id}`,
      headers: admin,
      payload: { description: '  New notes ' },
    });
    expect(response.json<Event>()).toMatchObject({ description: 'New notes', guestIds: [guestA] });
  });
});

describe('DELETE /api/events/:id', () => {
  const del = (id: number) => ctx.app.inject({ method: 'DELETE', url: `/api/events/${id}`, headers: admin });

  it('deletes an event without history with its occurrences', async () => {
    const event = await create({ repeat: weekly(localStart('Europe/London', 2), { type: 'after', count: 3 }) });
    expect((await del(event.id)).statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/events/${event.id}`, headers: admin })).statusCode).toBe(
      404,
    );
    expect((await occurrences(event.id)).totalCount).toBe(0);
  });

  it('archives an event with past occurrences, keeps its history and hides it from the list', async () => {
    const event = await create({
      title: 'Archived history',
      repeat: { ...weekly(localStart('Europe/London', -3), { type: 'after', count: 8 }), frequency: 'day' },
    });
    const deleted = await del(event.id);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ archived: true });
    const read = await ctx.app.inject({ method: 'GET', url: `/api/events/${event.id}`, headers: admin });
    expect(read.json<Event>().status).toBe('archived');
    const left = (await occurrences(event.id)).eventOccurrences;
    expect(left.length).toBeGreaterThanOrEqual(3);
    expect(left.every((o) => new Date(o.occurrenceDate).getTime() < Date.now())).toBe(true);
    const hidden = await ctx.app.inject({ method: 'GET', url: '/api/events?q=archived%20history', headers: admin });
    expect(hidden.json<EventList>().totalCount).toBe(0);
    const shown = await ctx.app.inject({
      method: 'GET',
      url: '/api/events?q=archived%20history&archived=true',
      headers: admin,
    });
    expect(shown.json<EventList>().totalCount).toBe(1);
  });

  it('archives an event whose only history is a form submission, keeping that occurrence', async () => {
    const event = await create({ repeat: weekly(localStart('Europe/London', 2), { type: 'after', count: 3 }) });
    const [first, ...rest] = (await occurrences(event.id)).eventOccurrences;
    expect(rest.length).toBe(2);
    await ctx.database.db.insert(formSubmissions).values({
      formId: 1,
      occurrenceId: first!.id,
      guestId: guestA,
      formVersion: 1,
      data: { Aciklama: 'Filled early' },
    });
    const deleted = await del(event.id);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ archived: true });
    expect((await occurrences(event.id)).eventOccurrences.map((o) => o.id)).toEqual([first!.id]);
  });

  it('answers 409 for an event a lookup points at, and the lookup shows its title', async () => {
    const event = await create({
      title: 'Looked up',
      repeat: weekly(localStart('Europe/London', 2), { type: 'after', count: 2 }),
    });
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/lookups',
      headers: admin,
      payload: { key: 'ev', value: 'ev', label: 'Event', lookupableType: 'events', lookupableId: event.id },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<Lookup>().lookupableDisplay).toBe('Looked up');
    const response = await del(event.id);
    expect(response.statusCode).toBe(409);
    expect(message(response)).toBe('Event is used by a lookup and cannot be deleted');
    await ctx.database.db.delete(lookups).where(eq(lookups.lookupableId, event.id));
  });
});

describe('references to events', () => {
  it('refuses deleting a location, organiser or guest that an event uses with 409', async () => {
    const { id: room } = await insertRow(ctx.database, locations, { name: 'Used room' });
    const organiser = (await createUser(ctx.database, { username: 'busy-editor', role: 'editor' })).id;
    const guest = (await createUser(ctx.database, { username: 'busy-guest', role: 'guest' })).id;
    await create({
      locationId: room,
      organiserId: organiser,
      guestIds: [guest],
      repeat: weekly(localStart('Europe/London', 2), { type: 'after', count: 2 }),
    });
    const location = await ctx.app.inject({ method: 'DELETE', url: `/api/locations/${room}`, headers: admin });
    expect(location.statusCode).toBe(409);
    expect(message(location)).toBe('Location is used by events and cannot be deleted; archive it instead');
    for (const id of [organiser, guest]) {
      const user = await ctx.app.inject({ method: 'DELETE', url: `/api/users/${id}`, headers: admin });
      expect(user.statusCode).toBe(409);
      expect(message(user)).toMatch(/event/i);
    }
  });
});

describe('extendHorizons', () => {
  it('adds the missing occurrences of never-ending series once, however often it runs', async () => {
    const event = await create({ repeat: weekly(localStart('Europe/London', 1), { type: 'never' }, ['TH']) });
    const db = ctx.database.db;
    const before = (await occurrences(event.id, 'limit=1')).totalCount;
    const later = DateTime.now().plus({ days: 40 }).toJSDate();
    const [first, second] = await Promise.all([extendHorizons(db, later), extendHorizons(db, later)]);
    expect(first + second).toBeGreaterThanOrEqual(5);
    const after = (await occurrences(event.id, 'limit=1')).totalCount;
    expect(after - before).toBeGreaterThanOrEqual(5);
    expect(after - before).toBeLessThanOrEqual(7);
    expect(await extendHorizons(db, later)).toBe(0);
    expect((await occurrences(event.id, 'limit=1')).totalCount).toBe(after);
    const [row] = await db.select({ until: events.generatedUntil }).from(events).where(eq(events.id, event.id));
    expect(row!.until!.getTime()).toBeGreaterThan(DateTime.fromJSDate(later).plus({ months: 12, days: -1 }).toMillis());
    const duplicates = await db
      .select({ n: sql<number>`cast(count(*) as integer)` })
      .from(eventOccurrences)
      .where(and(eq(eventOccurrences.eventId, event.id)))
      .groupBy(eventOccurrences.startsAt)
      .having(sql`count(*) > 1`);
    expect(duplicates).toEqual([]);
  });
});

describe('creating while the organiser, location or guests change', () => {
  // create() reads the organiser's zone, location and guests, expands the rule, then stores
  // everything in one statement that stores nothing unless they are still as read. These make
  // something change between the two by running the change inside the read.
  type Checkable = { checkReferences: (...args: unknown[]) => Promise<string> };
  const input = (title: string, guestIds: number[]) => ({
    title,
    locationId: hall,
    organiserId: istanbul,
    guestIds,
    repeat: weekly(localStart('Europe/Istanbul', 3), { type: 'after', count: 4 }),
    endTime: '11:00',
  });
  const stored = async (title: string) =>
    (await ctx.database.db.select({ id: events.id }).from(events).where(eq(events.title, title))).length;

  it('reads again when the zone the rule was expanded in is no longer the organiser’s, and stores it once', async () => {
    const service = new EventService(ctx.database.db);
    const real = (service as unknown as Checkable).checkReferences.bind(service);
    const read = vi
      .spyOn(service as unknown as Checkable, 'checkReferences')
      .mockImplementationOnce(async (...args) => {
        await real(...args);
        return 'Europe/London'; // as if the organiser had been in London when read
      });
    const event = await service.create(input('Zone changed meanwhile', [guestA]) as CreateEvent, london);
    expect(read).toHaveBeenCalledTimes(2);
    expect(event.timezone).toBe('Europe/Istanbul');
    expect(event.rrule).toContain('TZID=Europe/Istanbul');
    expect(await stored('Zone changed meanwhile')).toBe(1);
    const { eventOccurrences: list } = await occurrences(event.id);
    expect(localTimes(list, 'Europe/Istanbul').every((time) => time.endsWith('10:00'))).toBe(true);
    expect(list).toHaveLength(4);
  });

  it('answers 400 for a guest deactivated after the read, and stores nothing', async () => {
    const guest = (await createUser(ctx.database, { username: 'leaving-guest', role: 'guest' })).id;
    const service = new EventService(ctx.database.db);
    const real = (service as unknown as Checkable).checkReferences.bind(service);
    vi.spyOn(service as unknown as Checkable, 'checkReferences').mockImplementationOnce(async (...args) => {
      const zone = await real(...args);
      await ctx.database.db.update(users).set({ status: 'inactive' }).where(eq(users.id, guest));
      return zone;
    });
    await expect(
      service.create(input('Guest left meanwhile', [guestA, guest]) as CreateEvent, london),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: `Guest ${guest} is not an active guest`,
    });
    expect(await stored('Guest left meanwhile')).toBe(0);
  });
});

describe('the answer to POST /api/events', () => {
  it('is the stored event as GET /api/events/{id} reads it: guests in name order, next occurrence, organiser, location, creator', async () => {
    const created = await create({
      title: 'Answer as stored',
      organiserId: istanbul,
      guestIds: [guestB, guestA],
      description: 'Weekly',
      conferenceLink: 'https://meet.example.com/answer',
      repeat: weekly(localStart('Europe/Istanbul', -14), { type: 'after', count: 6 }),
      endTime: '11:00',
    });
    const read = await ctx.app.inject({ method: 'GET', url: `/api/events/${created.id}`, headers: admin });
    expect(read.statusCode).toBe(200);
    expect(created).toEqual(read.json());
    // Two weeks ago on Mondays and Wednesdays: the next one is in the future, not the first.
    expect(new Date(created.nextOccurrence!).getTime()).toBeGreaterThan(Date.now());
    expect(created.guests).toHaveLength(2);
    expect(created.user).toEqual({ username: 'admin' });
  });
});
