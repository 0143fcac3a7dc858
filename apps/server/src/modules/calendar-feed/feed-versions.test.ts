import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { foldLines as icalFoldLines } from 'ical-generator';
import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';
import { events, locations, users } from '../../platform/db/schema.js';
import { TEST_JWT_SECRET } from '../../test/harness.js';
import { createEvent, createPerson } from '../../test/seed.js';
import { useTestApp } from '../../test/use-test-app.js';
import { type CalendarOccurrence, foldLines, sessionsCalendar, sessionsCalendarInPieces } from './ics.js';
import { CalendarFeedService } from './service.js';

/**
 * The feed under load (issue 26): rendered in pieces to the same bytes, its ETag the data version
 * of what it shows (304 without rendering; a change elsewhere keeps it, a change it shows renews
 * it), compressed when the client accepts it.
 */
const ctx = useTestApp();
const ids: Record<string, number> = {};
const headers: Record<string, Record<string, string>> = {};
let room: number;
let piano: number;

const pathOf = (url: string) => new URL(url).pathname;
let feedPath: string;
/** The day (in Istanbul) of the weekly sessions' first, at 17:30. */
let first: DateTime;
const get = (extra: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url: feedPath, headers: extra });

beforeAll(async () => {
  for (const [username, role] of [
    ['admin', 'admin'],
    ['teacher', 'editor'],
    ['ayse', 'guest'],
    ['bob', 'guest'],
  ] as const) {
    const person = await createPerson(ctx, { username, role, timezone: 'Europe/Istanbul' });
    ids[username] = person.id;
    headers[username] = person.headers;
  }
  const db = ctx.database.db;
  const [kadikoy, other] = await db
    .insert(locations)
    .values([{ name: 'Oda 1, Kadıköy' }, { name: 'Oda 2' }])
    .returning({ id: locations.id });
  room = kadikoy!.id;
  first = DateTime.now().setZone('Europe/Istanbul').plus({ days: 3 }).startOf('day');
  const weekly = (count: number) =>
    `DTSTART;TZID=Europe/Istanbul:${first.toFormat("yyyyMMdd'T'173000")}\nRRULE:FREQ=WEEKLY;COUNT=${count}`;
  piano = await createEvent(ctx, headers.admin!, {
    title: 'Piyano — çalışma grubu, uzun bir başlık ki satır katlansın 🎹',
    description: 'Gamlar; kitabı getirin. '.repeat(8),
    conferenceLink: 'https://meet.example.com/piano',
    locationId: room,
    organiserId: ids.teacher!,
    guestIds: [ids.ayse!],
    rrule: weekly(20),
    endTime: '18:15',
  });
  // Bob's: nothing of it is in Ayşe's feed.
  await createEvent(ctx, headers.admin!, {
    title: 'Chess',
    locationId: other!.id,
    organiserId: ids.teacher!,
    guestIds: [ids.bob!],
    rrule: weekly(5),
    endTime: '18:15',
  });
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/users/${ids.ayse}/calendar-feed`,
    headers: headers.ayse!,
  });
  feedPath = pathOf(response.json<{ url: string }>().url);
});

describe('rendering a calendar in pieces', () => {
  const sessions: CalendarOccurrence[] = Array.from({ length: 60 }, (_, i) => ({
    id: i + 1,
    startsAt: new Date(Date.UTC(2026, 2, 29, 0, 30) + i * 3_600_000 * 7),
    endsAt: new Date(Date.UTC(2026, 2, 29, 1, 30) + i * 3_600_000 * 7),
    status: (['scheduled', 'approved', 'completed', 'cancelled'] as const)[i % 4]!,
    updatedAt: new Date(Date.UTC(2026, 0, 1) + i * 1000),
    title: i % 3 ? `Ders ${i} ${'ğüşıöç'.repeat(i % 20)}` : `Lesson ${i} ${'😀x'.repeat(30)}`,
    description: i % 2 ? null : `Satır 1\nSatır 2; virgül, ters\\bölü ${'é'.repeat(i)}`,
    conferenceLink: i % 5 ? null : `https://meet.example.com/${'a'.repeat(i * 2)}`,
    location: `Oda ${i}, Kadıköy`,
    organiser: 'Öğretmen Şahin',
  }));

  it('gives byte for byte the document sessionsCalendar gives, however small the pieces', async () => {
    const whole = sessionsCalendar('Ritim: Ayşe Yılmaz', sessions);
    expect(await sessionsCalendarInPieces('Ritim: Ayşe Yılmaz', sessions, 0)).toBe(whole);
    expect(await sessionsCalendarInPieces('Ritim: Ayşe Yılmaz', sessions)).toBe(whole);
    expect(await sessionsCalendarInPieces('Ritim: nobody', [], 0)).toBe(sessionsCalendar('Ritim: nobody', []));
  });

  it('folds lines as ical-generator does, lone surrogates included', () => {
    for (const line of [
      'x'.repeat(74),
      'x'.repeat(75),
      'ş'.repeat(80),
      `${'a'.repeat(73)}😀${'b'.repeat(90)}`,
      `${'a'.repeat(70)}\ud800${'b'.repeat(10)}\udc00${'c'.repeat(80)}`,
      `DESCRIPTION:${'€'.repeat(40)}\r\nSUMMARY:${'x'.repeat(200)}\r\n`,
    ]) {
      expect(foldLines(line)).toBe(icalFoldLines(line));
    }
  });
});

describe('GET /api/calendar-feeds/{token}.ics: versions and encodings', () => {
  it('answers an unchanged feed 304, keeps its ETag through changes it does not show and renews it on one it does', async () => {
    const first = await get();
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(first.headers.vary).toBe('accept-encoding');
    expect((await get({ 'if-none-match': etag })).statusCode).toBe(304);
    expect((await get({ 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);

    // Bob's event and a room Ayşe's sessions are not in: the data version moves, her feed does not.
    await ctx.database.db.update(events).set({ title: 'Chess club' }).where(eq(events.title, 'Chess'));
    await ctx.database.db.update(locations).set({ name: 'Oda 2B' }).where(eq(locations.name, 'Oda 2'));
    const unrelated = await get({ 'if-none-match': etag });
    expect(unrelated.statusCode).toBe(304);
    expect(unrelated.headers.etag).toBe(etag);

    // Her room's name is in every entry.
    await ctx.database.db.update(locations).set({ name: 'Oda 1, Moda' }).where(eq(locations.id, room));
    const renamed = await get({ 'if-none-match': etag });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.headers.etag).not.toBe(etag);
    expect(renamed.body).toContain('LOCATION:Oda 1\\, Moda');

    // Her own name is the calendar's.
    await ctx.database.db.update(users).set({ name: 'Ayşe', surname: 'Kaya' }).where(eq(users.id, ids.ayse!));
    const named = await get({ 'if-none-match': renamed.headers.etag as string });
    expect(named.statusCode).toBe(200);
    expect(named.body).toContain('X-WR-CALNAME:Ritim: Ayşe Kaya');
    expect((await get({ 'if-none-match': named.headers.etag as string })).statusCode).toBe(304);
  });

  it('compresses with gzip or br as the client accepts, the same document under the same ETag', async () => {
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    const gzipped = await get({ 'accept-encoding': 'gzip, deflate' });
    expect(gzipped.statusCode).toBe(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(gzipped.headers.etag).toBe(plain.headers.etag);
    expect(gunzipSync(gzipped.rawPayload).toString('utf8')).toBe(plain.body);
    expect(gzipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const brotli = await get({ 'accept-encoding': 'gzip;q=0.5, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString('utf8')).toBe(plain.body);
    expect((await get({ 'accept-encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip');
    expect((await get({ 'accept-encoding': 'identity' })).headers['content-encoding']).toBeUndefined();
    const notModified = await get({ 'accept-encoding': 'gzip', 'if-none-match': plain.headers.etag as string });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);
  });
});

describe('CalendarFeedService', () => {
  const tokenOf = async () => feedPath.slice('/api/calendar-feeds/'.length, -'.ics'.length);

  it('answers a client that holds the current ETag without rendering, even with nothing kept', async () => {
    const fresh = new CalendarFeedService(ctx.database.db, TEST_JWT_SECRET);
    const etag = (await get()).headers.etag as string;
    expect(await fresh.feed(await tokenOf(), etag)).toEqual({ etag, notModified: true });
    expect(fresh.renders).toBe(0);
    const answer = await fresh.feed(await tokenOf());
    expect(answer?.notModified).toBe(false);
    expect(fresh.renders).toBe(1);
  });

  it('renders a feed once for requests arriving together, and again only when it changes', async () => {
    let version = 7;
    const service = new CalendarFeedService(ctx.database.db, TEST_JWT_SECRET, undefined, async () => version);
    const token = await tokenOf();
    const answers = await Promise.all(Array.from({ length: 8 }, () => service.feed(token)));
    expect(service.renders).toBe(1);
    expect(new Set(answers.map((answer) => answer?.etag)).size).toBe(1);
    version += 1; // A write elsewhere: the feed's own version is read again, it is the same.
    await service.feed(token);
    expect(service.renders).toBe(1);
    await ctx.database.db.update(events).set({ description: 'Yeni not' }).where(eq(events.id, piano));
    version += 1;
    const changed = await service.feed(token);
    expect(service.renders).toBe(2);
    expect(changed?.etag).not.toBe(answers[0]?.etag);
  });

  it('drops a session 30 days after its start, with a new ETag, though no data changed', async () => {
    let now = new Date();
    const service = new CalendarFeedService(
      ctx.database.db,
      TEST_JWT_SECRET,
      () => now,
      async () => 1,
    );
    const token = await tokenOf();
    const before = await service.feed(token);
    if (!before || before.notModified) throw new Error('expected a document');
    const count = (body: Buffer) => body.toString('utf8').split('BEGIN:VEVENT').length - 1;
    expect(count(before.document.body)).toBe(20);
    // 31 days after the first session (17:30 on its day), whatever the time of day the test runs at:
    // that one is past the 30 days a feed looks back, the next one (a week later) is not.
    now = first.plus({ days: 31, hours: 17, minutes: 30 }).toJSDate();
    const after = await service.feed(token);
    if (!after || after.notModified) throw new Error('expected a document');
    expect(after.etag).not.toBe(before.etag);
    expect(count(after.document.body)).toBe(19);
  });
});
