import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';
import { locations, users } from '../../platform/db/schema.js';
import { createEvent, createPerson, occurrencesOf as listOf } from '../../test/seed.js';
import { useTestApp } from '../../test/use-test-app.js';

/**
 * Calendar subscriptions: the feed address per user (self or admin), reset, and the feed itself
 * read without a session and parsed with a real iCalendar parser (ical.js).
 */
const ctx = useTestApp();
const ids: Record<string, number> = {};
const tokens: Record<string, Record<string, string>> = {};
let piano: number;

const as = (who: string) => tokens[who]!;
const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who?: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: who ? as(who) : {}, ...(payload ? { payload } : {}) });

async function feedUrl(userId: number, who: string, reset = false) {
  const response = await inject(
    reset ? 'POST' : 'GET',
    `/api/users/${userId}/calendar-feed${reset ? '/reset' : ''}`,
    who,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ url: string }>().url;
}

/** The feed's path (inject takes a path; the URL is absolute). */
const pathOf = (url: string) => new URL(url).pathname;

interface FeedEvent {
  uid: string;
  summary: string;
  location: string;
  description: string;
  url: string | null;
  status: string;
  start: string;
  end: string;
}

function parseFeed(text: string): FeedEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      location: event.location,
      description: event.description,
      url: component.getFirstPropertyValue('url') as string | null,
      status: component.getFirstPropertyValue('status') as string,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
    };
  });
}

async function readFeed(url: string) {
  const response = await ctx.app.inject({ method: 'GET', url: pathOf(url) });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
  return { events: parseFeed(response.body), etag: response.headers.etag as string };
}

const occurrencesOf = (eventId: number) => listOf(ctx, as('admin'), eventId);

beforeAll(async () => {
  const db = ctx.database.db;
  const people: [string, 'admin' | 'editor' | 'guest', string][] = [
    ['admin', 'admin', 'Europe/Istanbul'],
    ['teacher', 'editor', 'Europe/London'],
    ['other-teacher', 'editor', 'Europe/Istanbul'],
    ['ayse', 'guest', 'Europe/Istanbul'],
    ['bob', 'guest', 'Europe/London'],
  ];
  for (const [username, role, timezone] of people) {
    const person = await createPerson(ctx, { username, role, timezone });
    ids[username] = person.id;
    tokens[username] = person.headers;
  }
  const [room] = await db.insert(locations).values({ name: 'Oda 1, Kadıköy' }).returning({ id: locations.id });
  // Weekly at 17:30 London from next week, over London's spring-forward when it falls in range.
  const first = DateTime.now().setZone('Europe/London').plus({ weeks: 1 }).startOf('day');
  piano = await createEvent(ctx, as('admin'), {
    title: 'Piano',
    description: 'Scales; bring the book',
    conferenceLink: 'https://meet.example.com/piano',
    locationId: room!.id,
    organiserId: ids.teacher!,
    guestIds: [ids.ayse!],
    rrule: `DTSTART;TZID=Europe/London:${first.toFormat("yyyyMMdd'T'173000")}\nRRULE:FREQ=WEEKLY;COUNT=30`,
    endTime: '18:15',
  });
});

describe('GET /api/users/:id/calendar-feed', () => {
  it('gives the user an absolute .ics address, the same on every call', async () => {
    const url = await feedUrl(ids.ayse!, 'ayse');
    expect(url).toMatch(/^http:\/\/[^/]+\/api\/calendar-feeds\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(await feedUrl(ids.ayse!, 'ayse')).toBe(url);
  });

  it('gives an admin anyone’s address and refuses everyone else another’s', async () => {
    expect(await feedUrl(ids.ayse!, 'admin')).toBe(await feedUrl(ids.ayse!, 'ayse'));
    expect((await inject('GET', `/api/users/${ids.ayse}/calendar-feed`, 'bob')).statusCode).toBe(403);
    expect((await inject('GET', `/api/users/${ids.ayse}/calendar-feed`, 'teacher')).statusCode).toBe(403);
    expect((await inject('GET', `/api/users/${ids.ayse}/calendar-feed`)).statusCode).toBe(401);
    expect((await inject('GET', '/api/users/999999/calendar-feed', 'admin')).statusCode).toBe(404);
    expect((await inject('GET', '/api/users/abc/calendar-feed', 'admin')).statusCode).toBe(400);
  });
});

describe('GET /api/calendar-feeds/{token}.ics', () => {
  it('lists the guest’s sessions at their exact instants with title, place, link and status', async () => {
    const stored = await occurrencesOf(piano);
    const { events } = await readFeed(await feedUrl(ids.ayse!, 'ayse'));
    expect(events.map((event) => event.start)).toEqual(stored.map((o) => o.occurrenceDate));
    expect(events.map((event) => event.end)).toEqual(stored.map((o) => o.endDate));
    expect(new Set(events.map((event) => event.uid)).size).toBe(stored.length);
    const [first] = events;
    expect(first).toMatchObject({
      summary: 'Piano',
      location: 'Oda 1, Kadıköy',
      url: 'https://meet.example.com/piano',
      status: 'TENTATIVE',
    });
    expect(first!.description).toContain('https://meet.example.com/piano');
    // 17:30 in London, whether on GMT or BST.
    for (const event of events) {
      expect(DateTime.fromISO(event.start, { zone: 'Europe/London' }).toFormat('HH:mm')).toBe('17:30');
    }
  });

  it('gives the organiser the same sessions and a stranger none', async () => {
    const guest = await readFeed(await feedUrl(ids.ayse!, 'ayse'));
    const organiser = await readFeed(await feedUrl(ids.teacher!, 'teacher'));
    expect(organiser.events.map((event) => event.uid)).toEqual(guest.events.map((event) => event.uid));
    expect((await readFeed(await feedUrl(ids.bob!, 'bob'))).events).toEqual([]);
    expect((await readFeed(await feedUrl(ids['other-teacher']!, 'other-teacher'))).events).toEqual([]);
  });

  it('follows changes: approved is CONFIRMED, a deleted one leaves, a moved one shows its new time; ETag and 304', async () => {
    const url = await feedUrl(ids.ayse!, 'ayse');
    const before = await readFeed(url);
    const unchanged = await ctx.app.inject({
      method: 'GET',
      url: pathOf(url),
      headers: { 'if-none-match': before.etag },
    });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');

    const [first, second, third] = await occurrencesOf(piano);
    const day = DateTime.fromISO(first!.occurrenceDate, { zone: 'Europe/Istanbul' }).toISODate()!;
    expect(
      (await inject('POST', '/api/event-occurrences/approveSchedule', 'admin', { listDate: day })).statusCode,
    ).toBe(200);
    expect((await inject('DELETE', `/api/event-occurrences/${second!.id}`, 'admin')).statusCode).toBe(204);
    const moved = new Date(Date.parse(third!.occurrenceDate) + 2 * 3_600_000).toISOString();
    const patch = await inject('PATCH', `/api/event-occurrences/${third!.id}`, 'admin', { occurrenceDate: moved });
    expect(patch.statusCode, patch.body).toBe(200);

    const after = await readFeed(url);
    expect(after.etag).not.toBe(before.etag);
    const byUid = new Map(after.events.map((event) => [event.uid, event]));
    const uidOf = (index: number) => before.events[index]!.uid;
    expect(byUid.get(uidOf(0))!.status).toBe('CONFIRMED');
    expect(byUid.has(uidOf(1))).toBe(false);
    expect(byUid.get(uidOf(2))!.start).toBe(moved);
    expect(after.events).toHaveLength(before.events.length - 1);
    const stale = await ctx.app.inject({ method: 'GET', url: pathOf(url), headers: { 'if-none-match': before.etag } });
    expect(stale.statusCode).toBe(200);
  });

  it('answers 404 to a made-up, malformed or reset address, and to an inactive user', async () => {
    const old = await feedUrl(ids.bob!, 'bob');
    const renewed = await feedUrl(ids.bob!, 'bob', true);
    expect(renewed).not.toBe(old);
    expect((await ctx.app.inject({ method: 'GET', url: pathOf(old) })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: pathOf(renewed) })).statusCode).toBe(200);
    expect(await feedUrl(ids.bob!, 'bob')).toBe(renewed);
    const madeUp = `/api/calendar-feeds/${'A'.repeat(43)}.ics`;
    expect((await ctx.app.inject({ method: 'GET', url: madeUp })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/calendar-feeds/nope' })).statusCode).toBe(404);
    // Longer than any token: refused before the route (a path parameter over 100 characters).
    const long = `/api/calendar-feeds/${'x'.repeat(200)}.ics`;
    expect((await ctx.app.inject({ method: 'GET', url: long })).statusCode).toBe(414);
    expect((await inject('POST', `/api/users/${ids.ayse}/calendar-feed/reset`, 'bob')).statusCode).toBe(403);

    const url = await feedUrl(ids['other-teacher']!, 'admin');
    await ctx.database.db.update(users).set({ status: 'inactive' }).where(eq(users.id, ids['other-teacher']!));
    expect((await ctx.app.inject({ method: 'GET', url: pathOf(url) })).statusCode).toBe(404);
  });
});
