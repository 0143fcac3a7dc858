import type { AttendanceSummary } from '@ritim/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventOccurrences, groups, locations, occurrenceGuests, userGroups, users } from '../../platform/db/schema.js';
import {
  createPerson,
  createSession,
  type Headers,
  insertRow,
  type Person,
  type OccurrenceInput,
} from '../../test/seed.js';
import { useTestApp } from '../../test/use-test-app.js';

/**
 * GET /api/attendance/summary and its CSV (docs/domain.md#attendance): the pairs counted, the
 * rate, each grouping, days in a zone across London's spring-forward day, the editor's scope,
 * the filters and the refusals. The clock is fixed after every session below.
 */
const NOW = new Date('2026-04-10T12:00:00Z');
const LONDON = 'Europe/London';
const ISTANBUL = 'Europe/Istanbul';

const ctx = useTestApp({ now: () => NOW });
let admin: Person;
let emre: Person;
let nora: Person;
let ayla: Person;
let burak: Person;
let cem: Person;
let room: number;
let hall: number;
let team: number;
const sessions: Record<string, number> = {};

const summary = (query: string, headers: Headers = admin.headers) =>
  ctx.app.inject({ method: 'GET', url: `/api/attendance/summary?${query}`, headers });
const summaryOf = async (query: string, headers: Headers = admin.headers) => {
  const response = await summary(query, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AttendanceSummary>();
};
const mark = async (id: number, entries: { guestId: number; status: string }[]) => {
  const response = await ctx.app.inject({
    method: 'PUT',
    url: `/api/event-occurrences/${id}/attendance`,
    headers: admin.headers,
    payload: { entries },
  });
  expect(response.statusCode, response.body).toBe(200);
};
const zero = { present: 0, late: 0, absent: 0, excused: 0, cancelled: 0, lateCancelled: 0, unmarked: 0 };

beforeAll(async () => {
  admin = await createPerson(ctx, { username: 'admin', role: 'admin', timezone: ISTANBUL });
  emre = await createPerson(ctx, { username: 'emre', role: 'editor', name: 'Emre', surname: 'Kaya', timezone: LONDON });
  nora = await createPerson(ctx, { username: 'nora', role: 'editor', name: 'Nora', timezone: ISTANBUL });
  ayla = await createPerson(ctx, { username: 'ayla', role: 'guest', name: 'Ayla', surname: 'Şahin' });
  burak = await createPerson(ctx, { username: 'burak', role: 'guest', name: 'Burak' });
  cem = await createPerson(ctx, { username: 'cem', role: 'guest', name: '', surname: null });
  room = (await insertRow(ctx.database, locations, { name: 'Room' })).id;
  hall = (await insertRow(ctx.database, locations, { name: 'Hall' })).id;
  team = (await insertRow(ctx.database, groups, { name: 'Team' })).id;
  await insertRow(ctx.database, userGroups, { userId: ayla.id, groupId: team });

  const create = (input: Partial<OccurrenceInput> & { start: string }) =>
    createSession(ctx, admin.headers, {
      zone: LONDON,
      organiserId: emre.id,
      locationId: room,
      guestIds: [ayla.id, burak.id],
      ...input,
    });
  // London springs forward on 2026-03-29 at 01:00 GMT.
  sessions.lateOn28th = await create({ title: 'Evening', start: '2026-03-28T23:30' }); // 23:30Z: the 29th in Istanbul
  sessions.early = await create({ title: 'Early', start: '2026-03-29T00:30' }); // 00:30Z
  sessions.late = await create({ title: 'Evening', start: '2026-03-29T23:30' }); // 22:30Z: the 30th in Istanbul
  sessions.noraOwn = await create({
    title: 'Nora’s',
    start: '2026-03-29T10:00',
    zone: ISTANBUL,
    organiserId: nora.id,
    locationId: hall,
    guestIds: [ayla.id, cem.id],
  });
  sessions.cancelled = await create({ title: 'Early', start: '2026-03-29T08:00' });
  sessions.april = await create({ title: 'Early', start: '2026-04-01T09:00', guestIds: [burak.id] });
  sessions.future = await create({ title: 'Early', start: '2026-04-10T14:00' }); // after NOW

  await mark(sessions.lateOn28th, [{ guestId: ayla.id, status: 'present' }]);
  await mark(sessions.early, [
    { guestId: ayla.id, status: 'late' },
    { guestId: burak.id, status: 'absent' },
  ]);
  await mark(sessions.late, [
    { guestId: ayla.id, status: 'excused' },
    { guestId: burak.id, status: 'lateCancelled' },
  ]);
  await mark(sessions.noraOwn, [{ guestId: cem.id, status: 'cancelled' }]);
  await mark(sessions.cancelled, [{ guestId: ayla.id, status: 'present' }]);
  await mark(sessions.future, [{ guestId: ayla.id, status: 'excused' }]);
  await ctx.database.db
    .update(eventOccurrences)
    .set({ status: 'cancelled' })
    .where(eq(eventOccurrences.id, sessions.cancelled));
});

describe('GET /api/attendance/summary', () => {
  it('counts each (session, guest) pair by guest, with the rate, sorted by name, and the totals', async () => {
    const body = await summaryOf('from=2026-03-29&to=2026-03-29&groupBy=guest&timezone=Europe/London');
    // The 29th in London: early, late and Nora's (the cancelled one left out).
    expect(body.rows).toEqual([
      {
        key: { id: ayla.id, name: 'Ayla Şahin' },
        sessions: 3,
        ...zero,
        late: 1,
        excused: 1,
        unmarked: 1,
        rate: 1,
      },
      { key: { id: burak.id, name: 'Burak' }, sessions: 2, ...zero, absent: 1, lateCancelled: 1, rate: 0 },
      { key: { id: cem.id, name: 'cem' }, sessions: 1, ...zero, cancelled: 1, rate: null },
    ]);
    expect(body.totals).toEqual({
      sessions: 6,
      ...zero,
      late: 1,
      absent: 1,
      excused: 1,
      cancelled: 1,
      lateCancelled: 1,
      unmarked: 1,
      rate: 1 / 3,
    });
  });

  it('reads the days in the zone asked for, else the caller’s: DST days included', async () => {
    const inIstanbul = await summaryOf('from=2026-03-29&to=2026-03-29&groupBy=event&timezone=Europe/Istanbul');
    // Istanbul's 29th is 28th 21:00Z to 29th 21:00Z: the 28th's evening in London and the early one.
    expect(inIstanbul.rows.map((row) => [row.key.name, row.sessions])).toEqual([
      ['Early', 2],
      ['Evening', 2],
      ['Nora’s', 2],
    ]);
    const callersZone = await summaryOf('from=2026-03-29&to=2026-03-29&groupBy=event');
    expect(callersZone).toEqual(inIstanbul);
    const inLondon = await summaryOf('from=2026-03-29&to=2026-03-29&groupBy=event&timezone=Europe/London');
    expect(inLondon.rows.map((row) => [row.key.name, row.sessions, row.late, row.excused])).toEqual([
      ['Early', 2, 1, 0],
      ['Evening', 2, 0, 1],
      ['Nora’s', 2, 0, 0],
    ]);
    const dayBefore = await summaryOf('from=2026-03-28&to=2026-03-28&groupBy=event&timezone=Europe/London');
    expect(dayBefore.rows).toMatchObject([{ key: { name: 'Evening' }, sessions: 2, present: 1, unmarked: 1 }]);
  });

  it('groups by month in the zone, by event and by organiser', async () => {
    const range = 'from=2026-03-01&to=2026-04-30';
    const inIstanbul = await summaryOf(`${range}&groupBy=month&timezone=Europe/Istanbul`);
    expect(inIstanbul.rows.map((row) => [row.key, row.sessions])).toEqual([
      [{ id: '2026-03', name: '2026-03' }, 8],
      [{ id: '2026-04', name: '2026-04' }, 1],
    ]);
    const byOrganiser = await summaryOf(`${range}&groupBy=organiser`);
    expect(byOrganiser.rows.map((row) => [row.key, row.sessions])).toEqual([
      [{ id: emre.id, name: 'Emre Kaya' }, 7],
      [{ id: nora.id, name: 'Nora' }, 2],
    ]);
    const byEvent = await summaryOf(`${range}&groupBy=event`);
    // Each session is an event of its own: same titles, their own rows (by name, then id).
    expect(byEvent.rows.map((row) => [row.key.name, row.sessions])).toEqual([
      ['Early', 2],
      ['Early', 1],
      ['Evening', 2],
      ['Evening', 2],
      ['Nora’s', 2],
    ]);
    expect(byEvent.totals).toEqual(byOrganiser.totals);
    expect(byEvent.totals.sessions).toBe(9);
  });

  it('leaves out sessions that have not started, and cancelled ones', async () => {
    const body = await summaryOf('from=2026-04-10&to=2026-04-10&groupBy=guest&timezone=Europe/London');
    expect(body).toEqual({ rows: [], totals: { sessions: 0, ...zero, rate: null } });
  });

  it('counts the guests that count: active ones only', async () => {
    await ctx.database.db.update(users).set({ status: 'inactive' }).where(eq(users.id, burak.id));
    try {
      const body = await summaryOf('from=2026-03-29&to=2026-03-29&groupBy=guest&timezone=Europe/London');
      expect(body.rows.map((row) => row.key.id)).toEqual([ayla.id, cem.id]);
    } finally {
      await ctx.database.db.update(users).set({ status: 'active' }).where(eq(users.id, burak.id));
    }
  });

  it('narrows by organiser, location, group (the guests in it) and guest', async () => {
    const range = 'from=2026-03-01&to=2026-04-30&groupBy=guest';
    const byOrganiser = await summaryOf(`${range}&organiserId=${nora.id}`);
    expect(byOrganiser.totals.sessions).toBe(2);
    const byLocation = await summaryOf(`${range}&locationId=${room}`);
    expect(byLocation.totals.sessions).toBe(7);
    const byGroup = await summaryOf(`${range}&groupId=${team}`);
    expect(byGroup.rows.map((row) => [row.key.id, row.sessions])).toEqual([[ayla.id, 4]]);
    const byGuest = await summaryOf(`from=2026-03-01&to=2026-04-30&groupBy=month&guestId=${burak.id}`);
    expect(byGuest.rows.map((row) => [row.key.id, row.sessions])).toEqual([
      ['2026-03', 3],
      ['2026-04', 1],
    ]);
  });

  it('counts for an editor only the sessions they organise, and refuses guests', async () => {
    const range = 'from=2026-03-01&to=2026-04-30&groupBy=organiser';
    const own = await summaryOf(range, nora.headers);
    expect(own.rows.map((row) => row.key.id)).toEqual([nora.id]);
    const asked = await summaryOf(`${range}&organiserId=${emre.id}`, nora.headers);
    expect(asked.rows).toEqual([]);
    const guest = await summary(range, ayla.headers);
    expect(guest.statusCode).toBe(403);
  });

  it('refuses bad ranges and groupings with 400', async () => {
    const cases: [string, string][] = [
      ['from=2026-03-10&to=2026-03-09', 'attendance.rangeInverted'],
      ['from=2026-01-01&to=2027-01-02', 'attendance.rangeTooLong'],
      ['from=2026-01-01&to=2026-01-01&groupBy=location', 'attendance.groupByInvalid'],
      ['from=2026-02-30&to=2026-03-01', ''],
      ['to=2026-03-01', 'attendance.fromRequired'],
      ['from=2026-03-01', 'attendance.toRequired'],
      ['from=2026-03-01&to=2026-03-01&guestId=0', 'attendance.guestFilterInvalid'],
      ['from=2026-03-01&to=2026-03-01&organiserId=x', 'attendance.organiserFilterInvalid'],
      ['from=2026-03-01&to=2026-03-01&locationId=1.5', 'attendance.locationFilterInvalid'],
      ['from=2026-03-01&to=2026-03-01&groupId=-1', 'attendance.groupFilterInvalid'],
      ['from=2026-03-01&to=2026-03-01&timezone=Mars/Base', 'occurrences.timezoneInvalid'],
    ];
    for (const [query, code] of cases) {
      const response = await summary(query);
      expect({ query, status: response.statusCode }).toEqual({ query, status: 400 });
      if (code) expect(response.json<{ code: string }>().code).toBe(code);
    }
    // 366 days is the most: 2028 is a leap year.
    expect((await summary('from=2028-01-01&to=2028-12-31')).statusCode).toBe(200);
  });
});

describe('GET /api/attendance/summary/export', () => {
  it('answers the summary as a CSV attachment', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/attendance/summary/export?from=2026-03-29&to=2026-03-29&groupBy=guest&timezone=Europe/London',
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="ritim-attendance-guest-2026-03-29-2026-03-29.csv"',
    );
    expect(response.body.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'key,sessions,present,late,absent,excused,cancelled,lateCancelled,unmarked,rate',
      'Ayla Şahin,3,0,1,0,1,0,0,1,1',
      'Burak,2,0,0,1,0,0,1,0,0',
      'cem,1,0,0,0,0,1,0,0,',
      'Total,6,0,1,1,1,1,1,1,0.3333',
      '',
    ]);
  });

  it('refuses guests and bad ranges', async () => {
    const url = '/api/attendance/summary/export?from=2026-03-29&to=2026-03-28';
    expect((await ctx.app.inject({ method: 'GET', url, headers: admin.headers })).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url, headers: ayla.headers })).statusCode).toBe(403);
  });
});

/**
 * The marks carry what the summary reads of their session and list (docs/domain.md#attendance-summary),
 * kept by the database whatever writes the session: these sessions are in February 2026 and
 * January, away from the ranges above.
 */
describe('the summary follows what happens to a session after its marks', () => {
  const february = (day: string) => `from=2026-02-${day}&to=2026-02-${day}&groupBy=guest&timezone=Europe/London`;
  const counted = async (query: string) =>
    (await summaryOf(query)).rows.map(({ key, sessions, present, absent, unmarked }) => ({
      guest: key.id,
      sessions,
      present,
      absent,
      unmarked,
    }));
  let piano: number;
  let pianoEvent: number;

  beforeAll(async () => {
    piano = await createSession(ctx, admin.headers, {
      title: 'Piano',
      start: '2026-02-10T10:00',
      zone: LONDON,
      organiserId: emre.id,
      locationId: hall,
      guestIds: [ayla.id, burak.id],
    });
    pianoEvent = (
      await ctx.database.db
        .select({ eventId: eventOccurrences.eventId })
        .from(eventOccurrences)
        .where(eq(eventOccurrences.id, piano))
    )[0]!.eventId;
    await mark(piano, [
      { guestId: ayla.id, status: 'present' },
      { guestId: burak.id, status: 'absent' },
    ]);
  });

  it('keeps counting a guest’s marks after they leave the event’s list, and counts who joined as unmarked', async () => {
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/events/${pianoEvent}`,
      headers: admin.headers,
      payload: { guestIds: [burak.id, cem.id] },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await counted(february('10'))).toEqual([
      { guest: ayla.id, sessions: 1, present: 1, absent: 0, unmarked: 0 },
      { guest: burak.id, sessions: 1, present: 0, absent: 1, unmarked: 0 },
      { guest: cem.id, sessions: 1, present: 0, absent: 0, unmarked: 1 },
    ]);
  });

  it('follows the session to its own list, to another day, out when cancelled and back when restored', async () => {
    const occurrence = eq(eventOccurrences.id, piano);
    await ctx.database.db.update(eventOccurrences).set({ hasGuestOverride: true }).where(occurrence);
    await insertRow(ctx.database, occurrenceGuests, { occurrenceId: piano, userId: ayla.id });
    // Its own list is Ayla alone: Burak's mark still counts, Cem is no longer expected.
    expect(await counted(february('10'))).toEqual([
      { guest: ayla.id, sessions: 1, present: 1, absent: 0, unmarked: 0 },
      { guest: burak.id, sessions: 1, present: 0, absent: 1, unmarked: 0 },
    ]);

    await ctx.database.db
      .update(eventOccurrences)
      .set({ startsAt: new Date('2026-02-12T10:00:00Z'), endsAt: new Date('2026-02-12T11:00:00Z') })
      .where(occurrence);
    expect(await counted(february('10'))).toEqual([]);
    expect((await summaryOf(february('12'))).totals).toMatchObject({ sessions: 2, present: 1, absent: 1 });

    await ctx.database.db.update(eventOccurrences).set({ status: 'cancelled' }).where(occurrence);
    expect((await summaryOf(february('12'))).totals.sessions).toBe(0);
    await ctx.database.db.update(eventOccurrences).set({ status: 'scheduled' }).where(occurrence);
    expect((await summaryOf(february('12'))).totals.sessions).toBe(2);
  });

  it('puts a session in the month of the zone asked for, at a month’s first hour', async () => {
    // 23:30 in London on 31 December is 02:30 on 1 January in Istanbul.
    const newYear = await createSession(ctx, admin.headers, {
      title: 'New Year',
      start: '2025-12-31T23:30',
      zone: LONDON,
      organiserId: emre.id,
      locationId: hall,
      guestIds: [cem.id],
    });
    await mark(newYear, [{ guestId: cem.id, status: 'present' }]);
    const months = async (zone: string) =>
      (await summaryOf(`from=2025-12-01&to=2026-01-31&groupBy=month&timezone=${zone}`)).rows.map((row) => [
        row.key.id,
        row.present,
      ]);
    expect(await months(LONDON)).toEqual([['2025-12', 1]]);
    expect(await months(ISTANBUL)).toEqual([['2026-01', 1]]);
  });
});
