import { type FormField, occurrenceMessages } from '@ritim/shared';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { attendance, groups, locations, lookups, userGroups, users } from '../../platform/db/schema.js';
import { answerText } from '../../reports/answer-text.js';
import { createCountingApp } from '../../test/harness.js';
import { createEvent as create, createForm, createPerson, listOccurrences } from '../../test/seed.js';
import { useTestApp } from '../../test/use-test-app.js';
import { occurrenceReportData } from '../message-composition/report-data.js';

/**
 * GET /api/event-occurrences/export: the CSV of a range of days, a row per (occurrence, guest)
 * with the guest's attendance, read back with a real CSV parser. London's spring-forward (29 March 2026) is inside the range.
 */
const ctx = useTestApp();
const ids: Record<string, number> = {};
const tokens: Record<string, Record<string, string>> = {};
const FIXED = [
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
];

const as = (who: string) => tokens[who]!;
const exportCsv = (query: string, who = 'admin') =>
  ctx.app.inject({ method: 'GET', url: `/api/event-occurrences/export?${query}`, headers: as(who) });
const rowsOf = (body: string): string[][] => parse(body, { bom: true });

/** An event made through the API, and its occurrence ids (every page). */
async function createEvent(payload: Parameters<typeof create>[2]) {
  const id = await create(ctx, as('admin'), payload);
  const occurrenceIds: number[] = [];
  for (let offset = 0; ; offset += 100) {
    const rows = (await listOccurrences(ctx, as('admin'), `eventId=${id}&limit=100&offset=${offset}`)).eventOccurrences;
    occurrenceIds.push(...rows.map((o) => o.id));
    if (rows.length < 100) return occurrenceIds;
  }
}

let piano: number[];
let room: number;

beforeAll(async () => {
  const db = ctx.database.db;
  const people: [string, 'admin' | 'editor' | 'guest', string, string][] = [
    ['admin', 'admin', 'Ada', 'Admin'],
    ['teacher', 'editor', 'Selin', 'Öztürk'],
    ['ayse', 'guest', 'Ayşe', 'Yılmaz'],
    ['omer', 'guest', 'Ömer', 'Çelik'],
    ['gone', 'guest', 'Gone', 'Away'],
  ];
  for (const [username, role, name, surname] of people) {
    const person = await createPerson(ctx, { username, role, name, surname, timezone: 'Europe/London' });
    ids[username] = person.id;
    tokens[username] = person.headers;
  }
  const [row] = await db.insert(locations).values({ name: 'Studio "A", Kadıköy' }).returning({ id: locations.id });
  room = row!.id;
  piano = await createEvent({
    title: 'Piano, grade 2',
    locationId: room,
    organiserId: ids.teacher!,
    guestIds: [ids.ayse!, ids.omer!, ids.gone!],
    rrule: 'DTSTART;TZID=Europe/London:20260328T100000\nRRULE:FREQ=DAILY;COUNT=3',
    endTime: '10:45',
  });
  await createEvent({
    title: 'Quiet hour',
    locationId: room,
    organiserId: ids.teacher!,
    guestIds: [],
    rrule: 'DTSTART;TZID=Europe/London:20260329T150000\nRRULE:FREQ=DAILY;COUNT=1',
    endTime: '16:00',
  });
  // A guest who left: not a guest of any session any more.
  await db.update(users).set({ status: 'inactive' }).where(eq(users.id, ids.gone!));
  const submit = await ctx.app.inject({
    method: 'POST',
    url: '/api/forms/1/submit',
    headers: as('admin'),
    payload: {
      eventOccurrenceId: piano[0],
      guestId: ids.ayse,
      data: { first_name: 'Ayşe', last_name: 'Yılmaz', attendance: 'late', Aciklama: '=HYPERLINK("http://x")' },
    },
  });
  expect(submit.statusCode, submit.body).toBe(200);
  // Marks (the attendance API is the occurrences module's; the rows are what it stores). The one of
  // the guest who left is not on any row.
  await db.insert(attendance).values([
    { occurrenceId: piano[0]!, guestId: ids.ayse!, status: 'late', markedBy: ids.teacher! },
    { occurrenceId: piano[1]!, guestId: ids.ayse!, status: 'lateCancelled' },
    { occurrenceId: piano[1]!, guestId: ids.omer!, status: 'present' },
    { occurrenceId: piano[1]!, guestId: ids.gone!, status: 'absent' },
    { occurrenceId: piano[2]!, guestId: ids.omer!, status: 'excused' },
  ]);
});

describe('GET /api/event-occurrences/export', () => {
  it('answers a UTF-8 CSV attachment with a BOM, a header and a row per session and guest', async () => {
    const response = await exportCsv('from=2026-03-28&to=2026-03-30&timezone=Europe/London');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="ritim-2026-03-28-2026-03-30.csv"');
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, ...rows] = rowsOf(response.body);
    expect(header).toEqual([...FIXED, 'First name', 'Last name', 'Attendance', 'Notes']);
    expect(rows.map((row) => [row[1], row[2], row[3], row[5], row[8]])).toEqual([
      ['2026-03-28', '10:00', '10:45', 'Piano, grade 2', 'Ayşe Yılmaz'],
      ['2026-03-28', '10:00', '10:45', 'Piano, grade 2', 'Ömer Çelik'],
      // Across the spring-forward the session stays at 10:00 London time.
      ['2026-03-29', '10:00', '10:45', 'Piano, grade 2', 'Ayşe Yılmaz'],
      ['2026-03-29', '10:00', '10:45', 'Piano, grade 2', 'Ömer Çelik'],
      // A session without guests keeps its row.
      ['2026-03-29', '15:00', '16:00', 'Quiet hour', ''],
      ['2026-03-30', '10:00', '10:45', 'Piano, grade 2', 'Ayşe Yılmaz'],
      ['2026-03-30', '10:00', '10:45', 'Piano, grade 2', 'Ömer Çelik'],
    ]);
    const [first] = rows;
    expect(first).toEqual([
      String(piano[0]),
      '2026-03-28',
      '10:00',
      '10:45',
      'Europe/London',
      'Piano, grade 2',
      'Selin Öztürk',
      'Studio "A", Kadıköy',
      'Ayşe Yılmaz',
      'scheduled',
      'late',
      'Ayşe',
      'Yılmaz',
      'Late',
      // A spreadsheet must not run it as a formula.
      `'=HYPERLINK("http://x")`,
    ]);
    expect(rows[1]!.slice(10)).toEqual(['', '', '', '', '']);
  });

  it('gives each guest’s attendance as the API’s word, empty when unmarked', async () => {
    const rows = rowsOf((await exportCsv('from=2026-03-28&to=2026-03-30&timezone=Europe/London')).body).slice(1);
    expect(rows.map((row) => [row[1], row[5], row[8], row[10]])).toEqual([
      ['2026-03-28', 'Piano, grade 2', 'Ayşe Yılmaz', 'late'],
      ['2026-03-28', 'Piano, grade 2', 'Ömer Çelik', ''],
      ['2026-03-29', 'Piano, grade 2', 'Ayşe Yılmaz', 'lateCancelled'],
      ['2026-03-29', 'Piano, grade 2', 'Ömer Çelik', 'present'],
      ['2026-03-29', 'Quiet hour', '', ''],
      ['2026-03-30', 'Piano, grade 2', 'Ayşe Yılmaz', ''],
      ['2026-03-30', 'Piano, grade 2', 'Ömer Çelik', 'excused'],
    ]);
  });

  it('reads the days in the zone asked for, else the caller’s, with `to` inclusive', async () => {
    const istanbul = rowsOf((await exportCsv('from=2026-03-29&to=2026-03-29&timezone=Europe/Istanbul')).body);
    // 10:00 and 15:00 London (BST) on the 29th are 12:00 and 17:00 in Istanbul; the header has no answer columns (none that day).
    expect(istanbul[0]).toEqual(FIXED);
    expect(istanbul.slice(1).map((row) => [row[2], row[4], row[5]])).toEqual([
      ['12:00', 'Europe/Istanbul', 'Piano, grade 2'],
      ['12:00', 'Europe/Istanbul', 'Piano, grade 2'],
      ['17:00', 'Europe/Istanbul', 'Quiet hour'],
    ]);
    const callers = rowsOf((await exportCsv('from=2026-03-30&to=2026-03-30')).body);
    expect(callers.slice(1).map((row) => [row[1], row[2], row[4]])).toEqual([
      ['2026-03-30', '10:00', 'Europe/London'],
      ['2026-03-30', '10:00', 'Europe/London'],
    ]);
    expect(rowsOf((await exportCsv('from=2026-04-01&to=2026-04-30')).body)).toEqual([FIXED]);
  });

  it('names a session’s own guest list instead of its event’s, an empty one as a row without a guest', async () => {
    const [own, none] = await createEvent({
      title: 'Duet',
      locationId: room,
      organiserId: ids.teacher!,
      guestIds: [ids.ayse!, ids.omer!],
      rrule: 'DTSTART;TZID=Europe/London:20260504T100000\nRRULE:FREQ=DAILY;COUNT=3',
    });
    for (const [id, occurrenceGuestIds] of [
      [own, [ids.omer]],
      [none, []],
    ] as const) {
      const patched = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/event-occurrences/${id}`,
        headers: as('admin'),
        payload: { occurrenceGuestIds },
      });
      expect(patched.statusCode, patched.body).toBe(200);
    }
    const rows = rowsOf((await exportCsv('from=2026-05-04&to=2026-05-06&timezone=Europe/London')).body).slice(1);
    expect(rows.map((row) => [row[1], row[8]])).toEqual([
      ['2026-05-04', 'Ömer Çelik'],
      ['2026-05-05', ''],
      ['2026-05-06', 'Ayşe Yılmaz'],
      ['2026-05-06', 'Ömer Çelik'],
    ]);
  });

  it('reads a long range page by page, every session once, in order', async () => {
    const series = await Promise.all(
      [7, 8, 9].map((hour) =>
        createEvent({
          title: `Daily ${hour}`,
          locationId: room,
          organiserId: ids.teacher!,
          guestIds: [ids.omer!],
          rrule: `DTSTART;TZID=Europe/London:20250101T0${hour}0000\nRRULE:FREQ=DAILY;COUNT=180`,
        }),
      ),
    );
    await ctx.database.db
      .insert(attendance)
      .values(series.flat().map((occurrenceId) => ({ occurrenceId, guestId: ids.omer!, status: 'present' as const })));
    // Read in pages of 500, marks included: one query a page, whatever the number of guests.
    const counting = await createCountingApp(ctx.database);
    let body: string;
    try {
      counting.queries = 0;
      const response = await counting.app.inject({
        method: 'GET',
        url: '/api/event-occurrences/export?from=2025-01-01&to=2025-12-31',
        headers: as('admin'),
      });
      expect(response.statusCode, response.body).toBe(200);
      body = response.body;
      // The session check (the viewer and the data version, platform/access/sign-in-versions.ts), the answered fields
      // (none in 2025: no forms and no labels to read), then one query per page.
      expect(counting.queries).toBe(4);
    } finally {
      await counting.close();
    }
    const rows = rowsOf(body).slice(1);
    expect(rows).toHaveLength(540);
    expect(rows.every((row) => row[10] === 'present')).toBe(true);
    expect(new Set(rows.map((row) => row[0])).size).toBe(540);
    expect(new Set(rows.map((row) => Number(row[0])))).toEqual(new Set(series.flat()));
    const keys = rows.map((row) => `${row[1]} ${row[2]}`);
    expect(keys).toEqual([...keys].sort());
  });

  it('shows a listbox answer by its lookup’s label, as the report does; a value without a lookup as stored', async () => {
    const db = ctx.database.db;
    // The organiser's group and another both define VN: the organiser's group's label is the one shown.
    const [strings, others] = await db
      .insert(groups)
      .values([{ name: 'Strings' }, { name: 'Others' }])
      .returning({ id: groups.id });
    await db.insert(userGroups).values({ userId: ids.teacher!, groupId: strings!.id });
    const lookup = async (value: string, label: string, groupId: number) => {
      const payload = { key: 'instrument', value, label, lookupableType: 'groups', lookupableId: groupId };
      const response = await ctx.app.inject({ method: 'POST', url: '/api/lookups', headers: as('admin'), payload });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: number }>().id;
    };
    await lookup('VN', 'Fiddle', others!.id);
    await lookup('VN', 'Violin', strings!.id);
    const cello = await lookup('VC', 'Cello', strings!.id);
    const field: FormField = { type: 'listbox', name: 'instrument', label: 'Instrument', lookupKey: 'instrument' };
    const formId = await createForm(ctx, as('admin'), {
      title: 'Instruments',
      schema: { fields: [field] },
      groupIds: [strings!.id],
    });
    const [occurrenceId] = await createEvent({
      title: 'Strings',
      locationId: room,
      organiserId: ids.teacher!,
      guestIds: [ids.ayse!, ids.omer!],
      rrule: 'DTSTART;TZID=Europe/London:20260601T100000\nRRULE:FREQ=DAILY;COUNT=1',
    });
    const answer = async (guestId: number, instrument: string) => {
      const payload = { eventOccurrenceId: occurrenceId, guestId, data: { instrument } };
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/forms/${formId}/submit`,
        headers: as('admin'),
        payload,
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    await answer(ids.ayse!, 'VN');
    await answer(ids.omer!, 'VC');
    // The lookup of a stored answer is gone: the answer is shown as stored rather than hidden.
    await db.delete(lookups).where(eq(lookups.id, cello));

    const [header, ...rows] = rowsOf((await exportCsv('from=2026-06-01&to=2026-06-01&timezone=Europe/London')).body);
    expect(header).toEqual([...FIXED, 'Instrument']);
    expect(rows.map((row) => [row[8], row[11]])).toEqual([
      ['Ayşe Yılmaz', 'Violin'],
      ['Ömer Çelik', 'VC'],
    ]);
    const report = await occurrenceReportData(db, formId, occurrenceId!);
    expect(['VN', 'VC'].map((value) => answerText(field, value, report!.lookupLabels))).toEqual(['Violin', 'VC']);
  });

  it.each([
    ['from=2026-03-30&to=2026-03-28', 'The export’s end (to) must not be before its start (from)'],
    ['from=2025-01-01&to=2026-01-02', 'The export covers at most 366 days'],
    ['from=2026-02-30&to=2026-03-01', 'Date must be a day (YYYY-MM-DD)'],
    ['to=2026-03-01', 'from is required'],
    ['from=2026-03-01&to=2026-03-02&timezone=Mars/Olympus', occurrenceMessages.timezoneInvalid],
  ])('refuses %s with 400', async (query, message) => {
    const response = await exportCsv(query);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(message);
  });

  it('is for admins only', async () => {
    expect((await exportCsv('from=2026-03-28&to=2026-03-30', 'teacher')).statusCode).toBe(403);
    expect((await exportCsv('from=2026-03-28&to=2026-03-30', 'ayse')).statusCode).toBe(403);
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: '/api/event-occurrences/export?from=2026-03-28&to=2026-03-30',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
