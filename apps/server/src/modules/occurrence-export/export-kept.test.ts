import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';
import { attendance, events, locations } from '../../platform/db/schema.js';
import { createCountingApp } from '../../test/harness.js';
import { createEvent, createPerson, listOccurrences } from '../../test/seed.js';
import { useTestApp } from '../../test/use-test-app.js';

/**
 * The export under load (issue 26): a large range streamed in pages and slices reads back whole and
 * right, and a second download of an unchanged range is the same file (kept), while any change
 * makes a new one.
 */
const ctx = useTestApp();
const ids: Record<string, number> = {};
let admin: Record<string, string>;
const sessions = new Map<number, { startsAt: string; title: string }>();
const titles = ['Keman', 'Piyano', 'Çello'];

const exportCsv = (query: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/event-occurrences/export?${query}`, headers: admin });
const rowsOf = (body: string): string[][] => parse(body, { bom: true });
const YEAR = 'from=2025-01-01&to=2025-12-31&timezone=Europe/Istanbul';

beforeAll(async () => {
  for (const [username, role, name, surname] of [
    ['admin', 'admin', 'Ada', 'Admin'],
    ['teacher', 'editor', 'Selin', 'Öztürk'],
    ['ayse', 'guest', 'Ayşe', 'Yılmaz'],
    ['omer', 'guest', 'Ömer', 'Çelik'],
  ] as const) {
    const person = await createPerson(ctx, { username, role, name, surname, timezone: 'Europe/Istanbul' });
    ids[username] = person.id;
    if (username === 'admin') admin = person.headers;
  }
  const [room] = await ctx.database.db.insert(locations).values({ name: '=Oda 1' }).returning({ id: locations.id });
  // Six daily series of 150 over most of 2025, two of each title: 900 sessions, 1,800 rows (a page is 500 sessions).
  for (let index = 0; index < 6; index++) {
    const title = titles[index % 3]!;
    const hour = `1${index % 3}`;
    const eventId = await createEvent(ctx, admin, {
      title,
      locationId: room!.id,
      organiserId: ids.teacher!,
      guestIds: [ids.ayse!, ids.omer!],
      rrule: `DTSTART;TZID=Europe/Istanbul:2025${index < 3 ? '01' : '06'}0${(index % 3) + 1}T${hour}0000\nRRULE:FREQ=DAILY;COUNT=150`,
      endTime: `${hour}:45`,
    });
    for (let offset = 0; ; offset += 100) {
      const page = (await listOccurrences(ctx, admin, `eventId=${eventId}&limit=100&offset=${offset}`))
        .eventOccurrences;
      for (const occurrence of page) sessions.set(occurrence.id, { startsAt: occurrence.occurrenceDate, title });
      if (page.length < 100) break;
    }
  }
}, 120_000);

describe('GET /api/event-occurrences/export, a large range', () => {
  it('gives every (session, guest) once, in order, with its day, times, event and guest', async () => {
    const response = await exportCsv(YEAR);
    expect(response.statusCode).toBe(200);
    const [header, ...rows] = rowsOf(response.body);
    expect(header!.slice(0, 11)).toEqual([
      'Occurrence id',
      'Date',
      'Start',
      'End',
      'Time zone',
      'Event',
      'Organiser',
      'Location',
      'Guest',
      'Status',
      'attendance',
    ]);
    expect(sessions.size).toBe(900);
    expect(rows).toHaveLength(1_800);
    const seen = new Map<number, string[]>();
    for (const row of rows) {
      const id = Number(row[0]);
      const session = sessions.get(id);
      expect(session, `row of an unknown session ${row[0]}`).toBeDefined();
      const start = DateTime.fromISO(session!.startsAt, { zone: 'Europe/Istanbul' });
      expect(row.slice(1, 8)).toEqual([
        start.toISODate(),
        start.toFormat('HH:mm'),
        `${start.toFormat('HH')}:45`,
        'Europe/Istanbul',
        session!.title,
        'Selin Öztürk',
        "'=Oda 1",
      ]);
      seen.set(id, [...(seen.get(id) ?? []), row[8]!]);
    }
    expect(seen.size).toBe(900);
    for (const guests of seen.values()) expect(guests).toEqual(['Ayşe Yılmaz', 'Ömer Çelik']);
    const order = rows.map((row) => `${row[1]} ${row[2]} ${row[0]}`);
    expect(order).toEqual([...order].sort());
  });

  it('gives the same file again while nothing changed, and a new one after any change', async () => {
    const first = await exportCsv(YEAR);
    const again = await exportCsv(YEAR);
    expect(again.statusCode).toBe(200);
    expect(again.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(again.headers['content-disposition']).toBe('attachment; filename="ritim-2025-01-01-2025-12-31.csv"');
    expect(again.headers['cache-control']).toBe('no-store');
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    // Kept: the second download of the range reads only its columns and the data version (and the
    // session check its data version, platform/access/sign-in-versions.ts).
    const counting = await createCountingApp(ctx.database);
    try {
      const download = () =>
        counting.app.inject({ method: 'GET', url: `/api/event-occurrences/export?${YEAR}`, headers: admin });
      expect((await download()).rawPayload.equals(first.rawPayload)).toBe(true);
      counting.queries = 0;
      expect((await download()).rawPayload.equals(first.rawPayload)).toBe(true);
      expect(counting.queries).toBe(2);
    } finally {
      await counting.close();
    }

    const [firstId] = [...sessions.keys()].sort((a, b) => a - b);
    await ctx.database.db.insert(attendance).values({ occurrenceId: firstId!, guestId: ids.ayse!, status: 'late' });
    const marked = rowsOf((await exportCsv(YEAR)).body);
    expect(marked.find((row) => row[0] === String(firstId) && row[8] === 'Ayşe Yılmaz')![10]).toBe('late');

    await ctx.database.db.update(events).set({ title: 'Keman (ileri)' }).where(eq(events.title, 'Keman'));
    const renamed = rowsOf((await exportCsv(YEAR)).body);
    expect(renamed.filter((row) => row[5] === 'Keman (ileri)')).toHaveLength(600);
    expect(renamed.filter((row) => row[5] === 'Keman')).toHaveLength(0);

    // Another range or zone is another file.
    const month = rowsOf((await exportCsv('from=2025-02-01&to=2025-02-28&timezone=Europe/Istanbul')).body);
    expect(month.slice(1).every((row) => row[1]!.startsWith('2025-02'))).toBe(true);
    expect(month).toHaveLength(1 + 28 * 3 * 2);
    const london = rowsOf((await exportCsv('from=2025-02-01&to=2025-02-28&timezone=Europe/London')).body);
    expect(london.slice(1).every((row) => row[4] === 'Europe/London')).toBe(true);
  });
});
