import type { EventOccurrence, EventOccurrenceList } from '@ritim/shared';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  eventOccurrences,
  formSubmissions,
  groups,
  locations,
  occurrenceGuests,
  userGroups,
  users,
} from '../../platform/db/schema.js';
import { createCountingApp, messageOf as message } from '../../test/harness.js';
import { createEvent, createUsers, headersOf, insertRow, listOccurrences, occurrenceIdsOf } from '../../test/seed.js';
import { useTestApp } from '../../test/use-test-app.js';

/**
 * The occurrence lists and reads: scoping per role, day boundaries per zone, filters, the row's
 * shape (guests, override, submissions), one query per page, and bad input.
 *
 * Fixed data (October 2025, in the past, so nothing else in this file lands there):
 * - "Morning yoga" (Istanbul organiser, guests Zeynep + Ali): daily at 01:30 Istanbul = 22:30 UTC
 *   the day before, 30 Oct - 1 Nov 2025 (Istanbul days).
 * - "Book club" (London organiser, guest Carl): daily at 12:00 London, 30 and 31 Oct 2025.
 */
const ctx = useTestApp();
const tokens: Record<string, Record<string, string>> = {};
let ids: Record<string, number>;
let yoga: number;
let club: number;
let yogaOccurrences: EventOccurrence[];
let clubOccurrences: EventOccurrence[];

const as = (who: string) => tokens[who]!;
const get = (url: string, who = 'admin') => ctx.app.inject({ method: 'GET', url, headers: as(who) });
const list = (query: string, who = 'admin') => listOccurrences(ctx, as(who), query);
const starts = (body: EventOccurrenceList) => body.eventOccurrences.map((o) => o.occurrenceDate);

beforeAll(async () => {
  ids = await createUsers(ctx.database, [
    { username: 'admin', role: 'admin', name: 'Ada', surname: 'Admin', timezone: 'Europe/Istanbul' },
    { username: 'london-admin', role: 'admin', name: 'Lena', surname: 'Admin', timezone: 'Europe/London' },
    { username: 'istanbul-editor', role: 'editor', name: 'Emre', surname: 'Öztürk', timezone: 'Europe/Istanbul' },
    { username: 'london-editor', role: 'editor', name: 'Liam', surname: 'Brown', timezone: 'Europe/London' },
    { username: 'zeynep', role: 'guest', name: 'Zeynep', surname: 'Şahin', timezone: 'Europe/Istanbul' },
    { username: 'ali', role: 'guest', name: 'Ali', surname: 'Yılmaz', timezone: 'Europe/Istanbul' },
    { username: 'carl', role: 'guest', name: 'Carl', surname: 'Jones', timezone: 'Europe/London' },
    { username: 'ivy', role: 'guest', name: 'Ivy', surname: 'Quiet', timezone: 'Europe/London' },
  ]);
  const team = await insertRow(ctx.database, groups, { name: 'Team' });
  await insertRow(ctx.database, userGroups, { userId: ids['istanbul-editor']!, groupId: team.id });
  for (const username of Object.keys(ids)) tokens[username] = await headersOf(ctx.app, username);
  const room = await insertRow(ctx.database, locations, { name: 'Room 1' });

  yoga = await createEvent(ctx, as('admin'), {
    title: 'Morning yoga',
    description: 'Stretching',
    conferenceLink: 'https://meet.example.com/yoga',
    locationId: room.id,
    organiserId: ids['istanbul-editor']!,
    guestIds: [ids.zeynep!, ids.ali!],
    rrule: 'DTSTART;TZID=Europe/Istanbul:20251030T013000\nRRULE:FREQ=DAILY;COUNT=3',
    endTime: '02:15',
  });
  club = await createEvent(ctx, as('admin'), {
    title: 'Book club',
    locationId: room.id,
    organiserId: ids['london-editor']!,
    guestIds: [ids.carl!],
    rrule: 'DTSTART;TZID=Europe/London:20251030T120000\nRRULE:FREQ=DAILY;COUNT=2',
  });
  yogaOccurrences = (await list(`eventId=${yoga}`)).eventOccurrences;
  clubOccurrences = (await list(`eventId=${club}`)).eventOccurrences;
});

describe('GET /api/event-occurrences: the row', () => {
  it('keeps ?eventId= listing one event’s occurrences by start, now with the whole row', async () => {
    expect(yogaOccurrences.map((o) => o.occurrenceDate)).toEqual([
      '2025-10-29T22:30:00.000Z',
      '2025-10-30T22:30:00.000Z',
      '2025-10-31T22:30:00.000Z',
    ]);
    expect(yogaOccurrences[0]).toEqual({
      id: yogaOccurrences[0]!.id,
      eventId: yoga,
      occurrenceDate: '2025-10-29T22:30:00.000Z',
      endDate: '2025-10-29T23:15:00.000Z',
      status: 'scheduled',
      hasGuestOverride: false,
      event: {
        id: yoga,
        title: 'Morning yoga',
        description: 'Stretching',
        conferenceLink: 'https://meet.example.com/yoga',
        timezone: 'Europe/Istanbul',
        status: 'active',
        doesNotRepeat: false,
        location: { id: expect.any(Number) as number, name: 'Room 1' },
        organiser: {
          id: ids['istanbul-editor'],
          name: 'Emre',
          surname: 'Öztürk',
          timezone: 'Europe/Istanbul',
          groupIds: [expect.any(Number) as number],
        },
        guests: [
          { id: ids.ali, name: 'Ali', surname: 'Yılmaz', status: 'active' },
          { id: ids.zeynep, name: 'Zeynep', surname: 'Şahin', status: 'active' },
        ],
      },
      occurrenceGuests: [],
      guests: [
        { id: ids.ali, name: 'Ali', surname: 'Yılmaz', status: 'active', attendance: null, rsvp: null, makeup: null },
        {
          id: ids.zeynep,
          name: 'Zeynep',
          surname: 'Şahin',
          status: 'active',
          attendance: null,
          rsvp: null,
          makeup: null,
        },
      ],
      formSubmissions: [],
      attendance: [],
      cancellation: null,
      makeupOf: null,
      cover: null,
    });
    expect(clubOccurrences.map((o) => o.event.organiser.groupIds)).toEqual([[], []]);
  });

  it('pages with limit and offset, keeps the total past the last page', async () => {
    const page = await list(`eventId=${yoga}&limit=2&offset=1`);
    expect(starts(page)).toEqual(['2025-10-30T22:30:00.000Z', '2025-10-31T22:30:00.000Z']);
    expect(page.totalCount).toBe(3);
    expect(await list(`eventId=${yoga}&offset=10`)).toEqual({ eventOccurrences: [], totalCount: 3 });
    expect(await list('eventId=99999')).toEqual({ eventOccurrences: [], totalCount: 0 });
  });

  it('carries the submissions with form, guest, version and notes; light leaves only the data out', async () => {
    const occurrence = yogaOccurrences[0]!;
    const db = ctx.database.db;
    const [zeynepNotes] = await db
      .insert(formSubmissions)
      .values({
        formId: 1,
        occurrenceId: occurrence.id,
        guestId: ids.zeynep!,
        formVersion: 1,
        data: { first_name: 'Zeynep', attendance: 'attended', Aciklama: 'Did well' },
      })
      .returning();
    await db.insert(formSubmissions).values([
      { formId: 1, occurrenceId: occurrence.id, guestId: ids.ali!, formVersion: 1, data: { Aciklama: '   ' } },
      { formId: 1, occurrenceId: occurrence.id, guestId: null, formVersion: 1, data: { attendance: 'late' } },
    ]);
    const full = (await list(`eventId=${yoga}&limit=1`)).eventOccurrences[0]!;
    expect(full.formSubmissions).toHaveLength(3);
    expect(full.formSubmissions[0]).toEqual({
      id: zeynepNotes!.id,
      form: { id: 1, title: 'Session notes' },
      user: { id: ids.zeynep, name: 'Zeynep', surname: 'Şahin' },
      formVersion: 1,
      notes: 'Did well',
      submissionData: { first_name: 'Zeynep', attendance: 'attended', Aciklama: 'Did well' },
      updatedAt: zeynepNotes!.updatedAt.toISOString(),
    });
    expect(full.formSubmissions.map((s) => [s.user?.id ?? null, s.notes])).toEqual([
      [ids.zeynep, 'Did well'],
      [ids.ali, null],
      [null, null],
    ]);
    const light = (await list(`eventId=${yoga}&limit=1&light=true`)).eventOccurrences[0]!;
    const { submissionData: _data, ...withoutData } = full.formSubmissions[0]!;
    expect(light.formSubmissions[0]).toEqual(withoutData);
    expect(light.formSubmissions.every((s) => !('submissionData' in s))).toBe(true);
    const read = await get(`/api/event-occurrences/${occurrence.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json<EventOccurrence>()).toEqual(full);
  });
});

describe('GET /api/event-occurrences: days and zones', () => {
  it('reads date as a day in the caller’s zone: Istanbul and London users get different sets', async () => {
    // 22:30 UTC on 29 October is 01:30 on the 30th in Istanbul, still the 29th in London.
    const istanbul = await list('date=2025-10-30');
    expect(starts(istanbul)).toEqual(['2025-10-29T22:30:00.000Z', '2025-10-30T12:00:00.000Z']);
    const london = await list('date=2025-10-30', 'london-admin');
    expect(starts(london)).toEqual(['2025-10-30T12:00:00.000Z', '2025-10-30T22:30:00.000Z']);
    expect(london.totalCount).toBe(2);
  });

  it('reads date in `timezone` when given, and refuses a zone that does not exist', async () => {
    expect(starts(await list('date=2025-10-30&timezone=Europe/London'))).toEqual(
      starts(await list('date=2025-10-30', 'london-admin')),
    );
    expect(starts(await list('date=2025-10-30&timezone=America/New_York'))).toEqual([
      '2025-10-30T12:00:00.000Z',
      '2025-10-30T22:30:00.000Z',
    ]);
    for (const zone of ['Mars/Olympus', 'Europe', 'Not a zone', '+03:00']) {
      const response = await get(`/api/event-occurrences?date=2025-10-30&timezone=${encodeURIComponent(zone)}`);
      expect(response.statusCode, zone).toBe(400);
      expect(message(response)).toBe('timezone must be an IANA time zone such as Europe/Istanbul');
    }
  });

  it('widens to the month with monthly=true, in the zone asked', async () => {
    const istanbul = await list('date=2025-10-15&monthly=true&timezone=Europe/Istanbul');
    // 31 Oct 22:30 UTC is 1 November in Istanbul.
    expect(starts(istanbul)).toEqual([
      '2025-10-29T22:30:00.000Z',
      '2025-10-30T12:00:00.000Z',
      '2025-10-30T22:30:00.000Z',
      '2025-10-31T12:00:00.000Z',
    ]);
    const london = await list('date=2025-10-01&monthly=true&timezone=Europe/London');
    expect(london.totalCount).toBe(5);
    expect(starts(await list('date=2025-11-30&monthly=true&timezone=Europe/Istanbul'))).toEqual([
      '2025-10-31T22:30:00.000Z',
    ]);
  });

  it('takes from inclusive and to exclusive, alone or inside a day', async () => {
    expect(starts(await list('from=2025-10-30T12:00:00Z&to=2025-10-31T12:00:00Z'))).toEqual([
      '2025-10-30T12:00:00.000Z',
      '2025-10-30T22:30:00.000Z',
    ]);
    expect(starts(await list('from=2025-10-31T14:00:00%2B02:00'))).toEqual([
      '2025-10-31T12:00:00.000Z',
      '2025-10-31T22:30:00.000Z',
    ]);
    expect(starts(await list('date=2025-10-30&timezone=Europe/London&to=2025-10-30T22:30:00Z'))).toEqual([
      '2025-10-30T12:00:00.000Z',
    ]);
  });

  it('filters by status and event', async () => {
    const db = ctx.database.db;
    await db
      .update(eventOccurrences)
      .set({ status: 'approved' })
      .where(eq(eventOccurrences.id, clubOccurrences[1]!.id));
    try {
      expect(starts(await list('status=approved'))).toEqual(['2025-10-31T12:00:00.000Z']);
      expect((await list(`status=scheduled&eventId=${club}`)).totalCount).toBe(1);
      expect((await list('status=completed')).totalCount).toBe(0);
    } finally {
      await db
        .update(eventOccurrences)
        .set({ status: 'scheduled' })
        .where(eq(eventOccurrences.id, clubOccurrences[1]!.id));
    }
  });
});

describe('GET /api/event-occurrences: search', () => {
  const found = async (q: string, who = 'admin') =>
    (await list(`q=${encodeURIComponent(q)}&limit=100`, who)).eventOccurrences.map((o) => o.id);
  const yogaIds = () => yogaOccurrences.map((o) => o.id);
  const clubIds = () => clubOccurrences.map((o) => o.id);

  it('finds the event title or description, folding case, accents and Turkish letters', async () => {
    expect(await found('YOGA')).toEqual(yogaIds());
    expect(await found('stretch')).toEqual(yogaIds());
    expect(await found('  club ')).toEqual(clubIds());
  });

  it('finds the organiser by name, surname or username', async () => {
    expect(await found('ozturk')).toEqual(yogaIds());
    expect(await found('liam')).toEqual(clubIds());
    expect(await found('london-editor')).toEqual(clubIds());
  });

  it('finds an active guest of the occurrence’s guest list, the override’s when set', async () => {
    expect(await found('sahin')).toEqual(yogaIds());
    expect(await found('JONES')).toEqual(clubIds());
    expect(await found('%')).toEqual([]);
    const db = ctx.database.db;
    await db.update(users).set({ status: 'inactive' }).where(eq(users.id, ids.carl!));
    expect(await found('jones')).toEqual([]);
    await db.update(users).set({ status: 'active' }).where(eq(users.id, ids.carl!));
    // The first club session gets its own list (Zeynep only): Carl no longer finds it, Zeynep does.
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/event-occurrences/${clubOccurrences[0]!.id}`,
      headers: as('admin'),
      payload: { occurrenceGuestIds: [ids.zeynep] },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await found('jones')).toEqual([clubOccurrences[1]!.id]);
    // By start: yoga 29 Oct 22:30, club 30 Oct 12:00, yoga 30 and 31 Oct 22:30.
    const [y1, y2, y3] = yogaIds();
    expect(await found('şahin')).toEqual([y1, clubOccurrences[0]!.id, y2, y3]);
    expect(await found('zeynep', 'london-editor')).toEqual([clubOccurrences[0]!.id]);
  });
});

describe('scoping', () => {
  it('shows an editor only the occurrences of the events they organise', async () => {
    const own = await list('date=2025-10-30&timezone=Europe/Istanbul', 'istanbul-editor');
    expect(own.eventOccurrences.map((o) => o.eventId)).toEqual([yoga]);
    expect(own.totalCount).toBe(1);
    expect((await list(`eventId=${club}`, 'istanbul-editor')).totalCount).toBe(0);
    expect((await list('', 'london-editor')).eventOccurrences.every((o) => o.eventId === club)).toBe(true);
    const theirs = await get(`/api/event-occurrences/${clubOccurrences[0]!.id}`, 'istanbul-editor');
    expect(theirs.statusCode).toBe(404);
    expect(message(theirs)).toBe('Event occurrence not found');
    const mine = await get(`/api/event-occurrences/${yogaOccurrences[0]!.id}`, 'istanbul-editor');
    expect(mine.statusCode).toBe(200);
    // An organiser sees every submission of their sessions.
    expect(mine.json<EventOccurrence>().formSubmissions).toHaveLength(3);
  });

  it('shows a guest only the occurrences they are a guest of, following the override', async () => {
    // Carl was taken off the first club session (search test above); Zeynep was put on it.
    const carl = await list('limit=100', 'carl');
    expect(carl.eventOccurrences.map((o) => o.id)).toEqual([clubOccurrences[1]!.id]);
    expect((await get(`/api/event-occurrences/${clubOccurrences[0]!.id}`, 'carl')).statusCode).toBe(404);
    const zeynep = await list('limit=100', 'zeynep');
    const [y1, y2, y3] = yogaOccurrences.map((o) => o.id);
    expect(zeynep.eventOccurrences.map((o) => o.id)).toEqual([y1, clubOccurrences[0]!.id, y2, y3]);
    const ali = await list('limit=100', 'ali');
    expect(ali.eventOccurrences.map((o) => o.id)).toEqual(yogaOccurrences.map((o) => o.id));
    expect((await list('limit=100', 'ivy')).totalCount).toBe(0);
    expect((await get(`/api/event-occurrences/${yogaOccurrences[0]!.id}`, 'ivy')).statusCode).toBe(404);
  });

  it('gives a guest only the submissions about themselves', async () => {
    const read = await get(`/api/event-occurrences/${yogaOccurrences[0]!.id}`, 'zeynep');
    expect(read.statusCode).toBe(200);
    expect(read.json<EventOccurrence>().formSubmissions.map((s) => s.user?.id)).toEqual([ids.zeynep]);
    const listed = await list(`eventId=${yoga}&limit=1`, 'ali');
    expect(listed.eventOccurrences[0]!.formSubmissions.map((s) => s.user?.id)).toEqual([ids.ali]);
  });

  it('reports the override: its own list, and only its active guests count', async () => {
    const read = (await get(`/api/event-occurrences/${clubOccurrences[0]!.id}`)).json<EventOccurrence>();
    expect(read).toMatchObject({
      hasGuestOverride: true,
      occurrenceGuests: [{ id: ids.zeynep, status: 'active' }],
      guests: [{ id: ids.zeynep }],
      event: { guests: [{ id: ids.carl }] },
    });
    await ctx.database.db.update(users).set({ status: 'inactive' }).where(eq(users.id, ids.ali!));
    try {
      const yogaRow = (await get(`/api/event-occurrences/${yogaOccurrences[1]!.id}`)).json<EventOccurrence>();
      expect(yogaRow.event.guests.map((g) => g.id)).toEqual([ids.ali, ids.zeynep]);
      expect(yogaRow.guests.map((g) => g.id)).toEqual([ids.zeynep]);
    } finally {
      await ctx.database.db.update(users).set({ status: 'active' }).where(eq(users.id, ids.ali!));
    }
  });

  it('refuses anonymous callers (401)', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/event-occurrences' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/event-occurrences/1' })).statusCode).toBe(401);
  });
});

describe('bad input', () => {
  it.each([
    ['date=2025-02-30', 'Date must be a day (YYYY-MM-DD)'],
    ['date=2025-10-30T00:00', 'Date must be a day (YYYY-MM-DD)'],
    ['date=30.10.2025', 'Date must be a day (YYYY-MM-DD)'],
    ['from=yesterday', 'from must be an ISO date-time'],
    ['to=2025-10-30T10:00:00', 'to must be an ISO date-time'],
    ['offset=1000001', ''],
    ['offset=-1', ''],
    ['limit=101', ''],
    ['limit=0', ''],
    ['eventId=abc', 'eventId must be an id'],
    ['eventId=0', 'eventId must be an id'],
    ['eventId=99999999999', 'eventId must be an id'],
    ['status=done', ''],
    ['q=ab%00c', 'Text must not contain the NUL character (U+0000)'],
    [`timezone=${'A'.repeat(65)}`, 'timezone must be an IANA time zone such as Europe/Istanbul'],
  ])('%s: 400', async (query, expected) => {
    const response = await get(`/api/event-occurrences?${query}`);
    expect(response.statusCode, response.body).toBe(400);
    if (expected) expect(message(response)).toBe(expected);
    else expect(message(response)).not.toBe('');
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999'])('GET /api/event-occurrences/%s: 400', async (id) => {
    const response = await get(`/api/event-occurrences/${id}`);
    expect(response.statusCode).toBe(400);
    expect(message(response)).toBe('Id must be a positive whole number');
  });

  it('answers an unknown id with 404 and the edges of time with an empty list, not a 500', async () => {
    expect((await get('/api/event-occurrences/999999')).statusCode).toBe(404);
    expect((await list('from=0000-01-01T00:00:00Z&to=0001-01-01T00:00:00Z')).totalCount).toBe(0);
    expect((await list('date=0000-01-01&timezone=Pacific/Kiritimati&monthly=true')).totalCount).toBe(0);
    expect((await list('date=9999-12-31&timezone=Pacific/Pago_Pago&monthly=true')).totalCount).toBe(0);
    expect((await list('from=2025-11-01T00:00:00Z&to=2025-10-01T00:00:00Z')).totalCount).toBe(0);
  });
});

describe('query count', () => {
  it('answers a 50-row page in the same single query as a 5-row page', async () => {
    const db = ctx.database.db;
    const room = await insertRow(ctx.database, locations, { name: 'Bulk room' });
    const bulk = await createEvent(ctx, as('admin'), {
      title: 'Bulk',
      locationId: room.id,
      organiserId: ids['istanbul-editor']!,
      guestIds: [ids.zeynep!, ids.ali!, ids.carl!],
      rrule: 'DTSTART;TZID=Europe/Istanbul:20250101T090000\nRRULE:FREQ=DAILY;COUNT=60',
    });
    const occurrenceIds = await occurrenceIdsOf(ctx.database, bulk);
    await db.insert(formSubmissions).values(
      occurrenceIds.flatMap((id) => [
        { formId: 1, occurrenceId: id, guestId: ids.zeynep!, formVersion: 1, data: { Aciklama: `Notes ${id}` } },
        { formId: 1, occurrenceId: id, guestId: ids.ali!, formVersion: 1, data: { Aciklama: 'More' } },
      ]),
    );
    await db
      .update(eventOccurrences)
      .set({ hasGuestOverride: true })
      .where(
        inArray(
          eventOccurrences.id,
          occurrenceIds.filter((_, i) => i % 2 === 0),
        ),
      );
    await db
      .insert(occurrenceGuests)
      .values(occurrenceIds.filter((_, i) => i % 2 === 0).map((id) => ({ occurrenceId: id, userId: ids.carl! })));

    const counting = await createCountingApp(ctx.database);
    try {
      const page = async (query: string, expected: number, who = 'admin') => {
        counting.queries = 0;
        const response = await counting.app.inject({
          method: 'GET',
          url: `/api/event-occurrences?${query}`,
          headers: as(who),
        });
        expect(response.statusCode, response.body).toBe(200);
        const body = response.json<EventOccurrenceList>();
        expect(body.eventOccurrences).toHaveLength(expected);
        expect(body.eventOccurrences.every((o) => o.formSubmissions.length > 0 && o.guests.length > 0)).toBe(true);
        return counting.queries;
      };
      // Two queries each: the answer cache's data version, then the page.
      expect(await page(`eventId=${bulk}&limit=5`, 5)).toBe(2);
      expect(await page(`eventId=${bulk}&limit=50`, 50)).toBe(2);
      expect(await page('q=bulk&light=true&limit=50', 50, 'istanbul-editor')).toBe(2);
      expect(await page('q=bulk&limit=5&offset=25', 5, 'zeynep')).toBe(2);
      expect(await page('date=2025-01-15&monthly=true&limit=50', 31)).toBe(2);
    } finally {
      await counting.close();
    }
  });
});
