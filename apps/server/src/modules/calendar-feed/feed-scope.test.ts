import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';
import { locations, users } from '../../platform/db/schema.js';
import { createEvent, createPerson, headersOf, occurrencesOf, type Person } from '../../test/seed.js';
import { useTestApp } from '../../test/use-test-app.js';
import { reportAttachments } from '../message-composition/attachments.js';

/**
 * The feed and the lists read one scope rule (event-occurrences/rules.ts, visibleTo): a person's
 * feed holds exactly the sessions their lists show, through occurrences' own guest lists, an
 * inactive co-guest and a deleted session; a person whose role changed keeps in their feed what
 * they organise or attend, as documented. A reminder's .ics and the feed write a session alike.
 */
const ctx = useTestApp();
const people: Record<string, Person> = {};
/** Event A's sessions by their place in the series (the fourth is deleted), and event B's. */
let a: number[];
let b: number[];

const veventsOf = (body: string) => body.replace(/\r\n/g, '\n').match(/BEGIN:VEVENT\n[\s\S]*?END:VEVENT/g) ?? [];
const uidOf = (vevent: string) => Number(/^UID:occurrence-(\d+)@ritim$/m.exec(vevent)?.[1]);
const sorted = (ids: number[]) => [...ids].sort((x, y) => x - y);

async function feed(who: string): Promise<string> {
  const address = await ctx.app.inject({
    method: 'GET',
    url: `/api/users/${people[who]!.id}/calendar-feed`,
    headers: people.admin!.headers,
  });
  const response = await ctx.app.inject({ method: 'GET', url: new URL(address.json<{ url: string }>().url).pathname });
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
}

const feedIds = async (who: string) => sorted(veventsOf(await feed(who)).map(uidOf));

/** The ids GET /api/event-occurrences shows the person (signed in again: their role as it is now) over the feed's range. */
async function listIds(who: string): Promise<number[]> {
  const from = new Date(Date.now() - 30 * 86_400_000).toISOString();
  const headers = await headersOf(ctx.app, people[who]!.username);
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/event-occurrences?from=${from}&limit=100`,
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return sorted(response.json<{ eventOccurrences: { id: number }[] }>().eventOccurrences.map((o) => o.id));
}

beforeAll(async () => {
  for (const [username, role] of [
    ['admin', 'admin'],
    ['teacher', 'editor'],
    ['emre', 'editor'],
    ['ayse', 'guest'],
    ['bob', 'guest'],
    ['cem', 'guest'],
    ['deniz', 'guest'],
  ] as const) {
    people[username] = await createPerson(ctx, { username, role, timezone: 'Europe/Istanbul' });
  }
  const admin = people.admin!.headers;
  const id = (who: string) => people[who]!.id;
  const [room] = await ctx.database.db.insert(locations).values({ name: 'Oda 3' }).returning({ id: locations.id });
  const first = DateTime.now().setZone('Europe/Istanbul').plus({ days: 1 }).startOf('day');
  const daily = (time: string, count: number) =>
    `DTSTART;TZID=Europe/Istanbul:${first.toFormat(`yyyyMMdd'T'${time}`)}\nRRULE:FREQ=DAILY;COUNT=${count}`;
  const eventA = await createEvent(ctx, admin, {
    title: 'Koro',
    description: 'Bring water',
    conferenceLink: 'https://meet.example.com/koro',
    locationId: room!.id,
    organiserId: id('teacher'),
    guestIds: [id('ayse'), id('bob'), id('cem'), id('deniz')],
    rrule: daily('100000', 5),
  });
  const eventB = await createEvent(ctx, admin, {
    title: 'Keman',
    locationId: room!.id,
    organiserId: id('emre'),
    guestIds: [id('bob')],
    rrule: daily('120000', 3),
  });
  a = (await occurrencesOf(ctx, admin, eventA)).map((o) => o.id);
  b = (await occurrencesOf(ctx, admin, eventB)).map((o) => o.id);
  const patch = async (occurrence: number, payload: object) =>
    expect(
      (await ctx.app.inject({ method: 'PATCH', url: `/api/event-occurrences/${occurrence}`, headers: admin, payload }))
        .statusCode,
    ).toBe(200);
  // The second session is bob's alone, the third ayse's and deniz's; the fourth is deleted.
  await patch(a[1]!, { occurrenceGuestIds: [id('bob')] });
  await patch(a[2]!, { occurrenceGuestIds: [id('ayse'), id('deniz')] });
  const deleted = await ctx.app.inject({ method: 'DELETE', url: `/api/event-occurrences/${a[3]}`, headers: admin });
  expect(deleted.statusCode).toBe(204);
  // Cem leaves; deniz becomes an editor and emre a guest while still on the events.
  const db = ctx.database.db;
  await db
    .update(users)
    .set({ status: 'inactive' })
    .where(eq(users.id, id('cem')));
  await db
    .update(users)
    .set({ role: 'editor' })
    .where(eq(users.id, id('deniz')));
  await db
    .update(users)
    .set({ role: 'guest' })
    .where(eq(users.id, id('emre')));
});

describe('a person’s feed and the scope rule', () => {
  it.each(['teacher', 'ayse', 'bob'])('%s: the feed holds exactly what their lists show', async (who) => {
    expect(await feedIds(who)).toEqual(await listIds(who));
  });

  it('follows each session’s own guest list and leaves the deleted one out', async () => {
    expect(await feedIds('teacher')).toEqual(sorted([a[0]!, a[1]!, a[2]!, a[4]!]));
    expect(await feedIds('ayse')).toEqual(sorted([a[0]!, a[2]!, a[4]!]));
    expect(await feedIds('bob')).toEqual(sorted([a[0]!, a[1]!, a[4]!, ...b]));
  });

  it('keeps what a person organises or attends after their role changed; their lists follow the role', async () => {
    expect(await feedIds('deniz')).toEqual(sorted([a[0]!, a[2]!, a[4]!]));
    expect(await listIds('deniz')).toEqual([]);
    expect(await feedIds('emre')).toEqual(sorted(b));
    expect(await listIds('emre')).toEqual([]);
  });
});

it('a reminder’s .ics writes the session as the feed does', async () => {
  const [attachment] = await reportAttachments(ctx.database.db)({ kind: 'occurrence-ics', occurrenceId: a[0]! });
  const [reminder] = veventsOf(attachment!.content.toString('utf8'));
  const inFeed = veventsOf(await feed('ayse')).find((vevent) => uidOf(vevent) === a[0]);
  expect(reminder).toBeDefined();
  expect(reminder).toBe(inFeed);
  expect(reminder).toContain('SUMMARY:Koro');
  expect(reminder).toContain('URL;VALUE=URI:https://meet.example.com/koro');
});
