import type {
  AttendanceSummary,
  CoverCandidates,
  CoverPlan,
  EventOccurrence,
  EventOccurrenceList,
  TimeOffResult,
} from '@ritim/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, eventOccurrences, messageLogs, occurrenceCovers } from '../../platform/db/schema.js';
import { messageOf } from '../../test/harness.js';
import { toFillOccurrencesOf } from '../attendance/to-fill-digest/reads.js';
import {
  createLocation,
  createPerson,
  createSession,
  createUsers,
  type Person,
  type OccurrenceInput,
} from '../../test/seed.js';
import { useTestApp } from '../../test/use-test-app.js';

/**
 * Cover (docs/domain.md#cover): giving a session to a substitute and back, who is free, what
 * follows the substitute (lists, feeds, marking attendance, to fill, the summary, the export),
 * the messages, what needs cover, the ranked candidates and a whole absence's plan. The clock is
 * fixed: Friday 20 March 2026, 12:00Z.
 */
const NOW = new Date('2026-03-20T12:00:00Z');
const LONDON = 'Europe/London';

const ctx = useTestApp({ mail: true, now: () => NOW });

let admin: Person;
let emre: Person;
let elif: Person;
let ozan: Person;
let deniz: Person;
let kaan: Person;
let idle: Person;
let ayla: Person;
let burak: Person;
let room: number;

const session = (input: Partial<OccurrenceInput> = {}) =>
  createSession(ctx, admin.headers, {
    start: '2026-04-01T10:00',
    zone: LONDON,
    organiserId: emre.id,
    locationId: room,
    guestIds: [ayla.id, burak.id],
    ...input,
  });
const cover = (id: number, payload: Record<string, unknown>, as: Person = admin) =>
  ctx.app.inject({ method: 'POST', url: `/api/event-occurrences/${id}/cover`, headers: as.headers, payload });
const giveBack = (id: number, query = '', as: Person = admin) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/event-occurrences/${id}/cover${query}`, headers: as.headers });
const read = (id: number, as: Person = admin) =>
  ctx.app.inject({ method: 'GET', url: `/api/event-occurrences/${id}`, headers: as.headers });
const candidatesOf = async (id: number) => {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/event-occurrences/${id}/cover-candidates`,
    headers: admin.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CoverCandidates>().candidates;
};
const coverLogsOf = (ids: number[]) =>
  ctx.database.db
    .select()
    .from(messageLogs)
    .where(and(inArray(messageLogs.occurrenceId, ids), eq(messageLogs.type, 'cover')));
const timeOffFor = async (userId: number, from: string, to: string) => {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/time-off',
    headers: admin.headers,
    payload: { userId, from, to },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TimeOffResult>();
};

beforeAll(async () => {
  admin = await createPerson(ctx, {
    username: 'admin',
    role: 'admin',
    name: 'Ada',
    surname: 'Admin',
    timezone: LONDON,
  });
  emre = await createPerson(ctx, { username: 'emre', role: 'editor', name: 'Emre', surname: 'Kaya', timezone: LONDON });
  elif = await createPerson(ctx, {
    username: 'elif',
    role: 'editor',
    name: 'Elif',
    surname: 'Demir',
    timezone: LONDON,
    email: 'elif@example.com',
    language: 'tr',
  });
  ozan = await createPerson(ctx, { username: 'ozan', role: 'editor', name: 'Ozan', timezone: LONDON });
  deniz = await createPerson(ctx, { username: 'deniz', role: 'editor', name: 'Deniz', timezone: LONDON });
  kaan = await createPerson(ctx, { username: 'kaan', role: 'editor', name: 'Kaan', timezone: LONDON });
  idle = await createPerson(ctx, { username: 'idle', role: 'editor', name: 'Idle', timezone: LONDON });
  await createUsers(ctx.database, [{ username: 'gone', role: 'editor', status: 'inactive', timezone: LONDON }]);
  ayla = await createPerson(ctx, {
    username: 'ayla',
    role: 'guest',
    name: 'Ayla',
    timezone: LONDON,
    email: 'ayla@example.com',
  });
  burak = await createPerson(ctx, {
    username: 'burak',
    role: 'guest',
    name: 'Burak',
    timezone: LONDON,
    email: 'burak@example.com',
    language: 'tr',
  });
  room = await createLocation(ctx, admin.headers, 'Room 1');
});

describe('POST/DELETE /api/event-occurrences/{id}/cover', () => {
  let choir: number;

  beforeAll(async () => {
    choir = await session({ title: 'Choir', start: '2026-04-01T10:00' });
  });

  it('gives the session to the substitute: its organiser is theirs and `cover` says whose it was', async () => {
    const response = await cover(choir, { organiserId: elif.id });
    expect(response.statusCode, response.body).toBe(200);
    const occurrence = response.json<EventOccurrence>();
    expect(occurrence.event.organiser.id).toBe(elif.id);
    expect(occurrence.cover).toEqual({
      organiser: { id: elif.id, name: 'Elif Demir' },
      originalOrganiser: { id: emre.id, name: 'Emre Kaya' },
      by: { id: admin.id, name: 'Ada Admin' },
      at: NOW.toISOString(),
    });
    const [audit] = await ctx.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, 'event-occurrences'), eq(auditLogs.entityId, choir)));
    expect(audit?.changes).toMatchObject({ organiser: { from: 'Emre Kaya', to: 'Elif Demir' } });
  });

  it('tells the guests and both organisers, each in their language (notify defaults to true)', async () => {
    const logs = await coverLogsOf([choir]);
    const byName = new Map(logs.map((log) => [log.recipientName, log]));
    expect([...byName.keys()].sort()).toEqual(['Ayla', 'Burak', 'Elif Demir', 'Emre Kaya']);
    expect(byName.get('Ayla')!.subject).toMatch(/^New organiser: Choir, /);
    expect(byName.get('Ayla')!.body).toContain('Choir has a new organiser: Elif Demir.');
    expect(byName.get('Burak')!.subject).toMatch(/^Yeni organizatör: Choir, /);
    expect(byName.get('Elif Demir')!.body).toContain('Choir oturumunu Emre Kaya yerine siz yürütüyorsunuz');
    expect(byName.get('Emre Kaya')!.body).toContain('Elif Demir organises Choir in your place');
  });

  it('shows the session in the substitute’s list and no longer in the original’s (an editor’s scope)', async () => {
    const listOf = async (as: Person) => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/event-occurrences?from=2026-04-01T00:00:00Z&to=2026-04-02T00:00:00Z',
        headers: as.headers,
      });
      return response.json<EventOccurrenceList>().eventOccurrences.map((occurrence) => occurrence.id);
    };
    expect(await listOf(elif)).toContain(choir);
    const searched = await ctx.app.inject({
      method: 'GET',
      url: '/api/event-occurrences?q=elif%20demir',
      headers: admin.headers,
    });
    expect(searched.json<EventOccurrenceList>().eventOccurrences.map((occurrence) => occurrence.id)).toEqual([choir]);
    expect(await listOf(emre)).not.toContain(choir);
    expect((await read(choir, emre)).statusCode).toBe(404);
    expect((await read(choir, elif)).statusCode).toBe(200);
    const calendar = await ctx.app.inject({
      method: 'GET',
      url: '/api/event-occurrences/calendar?from=2026-04-01T00:00:00Z&to=2026-04-02T00:00:00Z',
      headers: elif.headers,
    });
    expect(calendar.statusCode, calendar.body).toBe(200);
    expect(calendar.body).toContain(`"id":${choir}`);
    const byOrganiser = async (organiserId: number) =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/event-occurrences/calendar?from=2026-04-01T00:00:00Z&to=2026-04-02T00:00:00Z&organiserId=${organiserId}`,
          headers: admin.headers,
        })
      ).body;
    expect(await byOrganiser(elif.id)).toContain(`"id":${choir}`);
    expect(await byOrganiser(emre.id)).not.toContain(`"id":${choir}`);
  });

  it('moves the session from the original’s calendar feed to the substitute’s', async () => {
    const feedOf = async (who: Person) => {
      const address = await ctx.app.inject({
        method: 'GET',
        url: `/api/users/${who.id}/calendar-feed`,
        headers: admin.headers,
      });
      const response = await ctx.app.inject({
        method: 'GET',
        url: new URL(address.json<{ url: string }>().url).pathname,
      });
      expect(response.statusCode).toBe(200);
      return response.body;
    };
    const elifs = await feedOf(elif);
    expect(elifs).toContain(`UID:occurrence-${choir}@ritim`);
    // The entry (and a reminder's .ics, made the same way) names the substitute as the organiser.
    expect(elifs.replace(/\r\n[ \t]/g, '')).toContain('Organiser: Elif Demir');
    expect(await feedOf(emre)).not.toContain(`UID:occurrence-${choir}@ritim`);
  });

  it('refuses a substitute who is not an active editor (400), or the organiser themself', async () => {
    const other = await session({ title: 'Other', start: '2026-04-02T10:00' });
    for (const organiserId of [ayla.id, admin.id, 99_999]) {
      const response = await cover(other, { organiserId });
      expect(response.statusCode).toBe(400);
      expect(messageOf(response)).toBe('The substitute must be an active editor');
    }
    expect((await cover(other, { organiserId: emre.id })).statusCode).toBe(400);
  });

  it('refuses a substitute with an overlapping session (409), not one whose session ends as it starts', async () => {
    const target = await session({ title: 'Target', start: '2026-04-03T10:00' });
    await session({ title: 'Ozan’s', start: '2026-04-03T10:30', organiserId: ozan.id, guestIds: [] });
    await session({ title: 'Kaan’s', start: '2026-04-03T09:00', organiserId: kaan.id, guestIds: [] });
    const busy = await cover(target, { organiserId: ozan.id, notify: false });
    expect(busy.statusCode).toBe(409);
    expect(messageOf(busy)).toBe('The substitute is not free for this session');
    expect((await cover(target, { organiserId: kaan.id, notify: false })).statusCode).toBe(200);
    expect(await coverLogsOf([target])).toEqual([]);
    // Planning a session at that time warns of the substitute's clash, no longer of the original's.
    const hall = await createLocation(ctx, admin.headers, 'Hall');
    const preview = async (organiserId: number) => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/events/preview',
        headers: admin.headers,
        payload: {
          organiserId,
          locationId: hall,
          guestIds: [],
          repeat: { doesNotRepeat: true, start: '2026-04-03T10:30' },
          endTime: '11:30',
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ conflicts: { kind: string; occurrenceId: number }[] }>().conflicts;
    };
    expect(await preview(kaan.id)).toContainEqual(expect.objectContaining({ kind: 'organiser', occurrenceId: target }));
    expect(await preview(emre.id)).not.toContainEqual(expect.objectContaining({ occurrenceId: target }));
  });

  it('refuses a substitute on time off then, or outside their working hours', async () => {
    const target = await session({ title: 'Hours', start: '2026-04-06T10:00' });
    await timeOffFor(deniz.id, '2026-04-06', '2026-04-06');
    expect((await cover(target, { organiserId: deniz.id, notify: false })).statusCode).toBe(409);
    const hours = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/${idle.id}/availability`,
      headers: admin.headers,
      payload: { weekly: [{ day: 'MO', from: '13:00', to: '18:00' }] },
    });
    expect(hours.statusCode, hours.body).toBe(200);
    // Monday 6 April 10:00 BST is outside 13:00-18:00; 14:00 is inside.
    expect((await cover(target, { organiserId: idle.id, notify: false })).statusCode).toBe(409);
    const afternoon = await session({ title: 'Afternoon', start: '2026-04-06T14:00' });
    expect((await cover(afternoon, { organiserId: idle.id, notify: false })).statusCode).toBe(200);
  });

  it('refuses a cancelled or a completed session (409)', async () => {
    const cancelled = await session({ title: 'Cancelled', start: '2026-04-07T10:00' });
    await ctx.app.inject({
      method: 'POST',
      url: `/api/event-occurrences/${cancelled}/cancel`,
      headers: admin.headers,
      payload: { reason: 'Flu' },
    });
    const refused = await cover(cancelled, { organiserId: elif.id });
    expect(refused.statusCode).toBe(409);
    expect(messageOf(refused)).toBe('A cancelled session cannot be covered');
    const completed = await session({ title: 'Completed', start: '2026-04-07T12:00' });
    await ctx.database.db
      .update(eventOccurrences)
      .set({ status: 'completed' })
      .where(eq(eventOccurrences.id, completed));
    expect(messageOf(await cover(completed, { organiserId: elif.id }))).toBe('A completed session cannot be covered');
  });

  it('is for admins only, and answers 404 for a session that does not exist', async () => {
    expect((await cover(choir, { organiserId: ozan.id }, emre)).statusCode).toBe(403);
    expect((await cover(999_999, { organiserId: ozan.id })).statusCode).toBe(404);
    expect((await giveBack(choir, '', elif)).statusCode).toBe(403);
  });

  it('gives it back (204) to the event’s organiser, telling them, then has nothing to give back (409)', async () => {
    const before = (await coverLogsOf([choir])).length;
    expect((await giveBack(choir)).statusCode).toBe(204);
    const occurrence = (await read(choir)).json<EventOccurrence>();
    expect(occurrence.cover).toBeNull();
    expect(occurrence.event.organiser.id).toBe(emre.id);
    expect(
      await ctx.database.db.select().from(occurrenceCovers).where(eq(occurrenceCovers.occurrenceId, choir)),
    ).toEqual([]);
    const logs = await coverLogsOf([choir]);
    expect(logs.length).toBe(before + 4);
    expect(logs.some((log) => log.recipientName === 'Emre Kaya' && log.body.includes('Choir is yours again'))).toBe(
      true,
    );
    const again = await giveBack(choir);
    expect(again.statusCode).toBe(409);
    expect(messageOf(again)).toBe('This session is not covered; there is nothing to give back');
    expect((await read(choir, emre)).statusCode).toBe(200);
  });
});

describe('what follows the substitute of a session that took place', () => {
  let past: number;

  beforeAll(async () => {
    past = await session({ title: 'Past lesson', start: '2026-03-19T10:00', guestIds: [ayla.id] });
    const response = await cover(past, { organiserId: ozan.id, notify: false });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('lets the substitute mark attendance, and not the original organiser', async () => {
    const mark = (as: Person) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/event-occurrences/${past}/attendance`,
        headers: as.headers,
        payload: { entries: [{ guestId: ayla.id, status: 'present' }] },
      });
    expect((await mark(emre)).statusCode).toBe(404);
    expect((await mark(ozan)).statusCode).toBe(200);
  });

  it('is to fill for the substitute, not the original', async () => {
    const toFill = async (as: Person) => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/event-occurrences/to-fill?days=7',
        headers: as.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<EventOccurrenceList>().eventOccurrences.map((occurrence) => occurrence.id);
    };
    expect(await toFill(ozan)).toContain(past);
    expect(await toFill(emre)).not.toContain(past);
  });

  it('is in the substitute’s daily list of sessions to fill, not the original’s', async () => {
    const from = new Date('2026-03-19T00:00:00Z');
    const to = new Date('2026-03-20T00:00:00Z');
    const theirs = await toFillOccurrencesOf(ctx.database.db, [ozan.id, emre.id], from, to, NOW);
    expect(theirs.filter((row) => row.id === past)).toEqual([
      { id: past, organiserId: ozan.id, title: 'Past lesson', startsAt: new Date('2026-03-19T10:00:00Z') },
    ]);
  });

  it('counts in the substitute’s attendance summary by organiser', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/attendance/summary?from=2026-03-19&to=2026-03-19&groupBy=organiser&timezone=${LONDON}`,
      headers: admin.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const rows = response.json<AttendanceSummary>().rows;
    expect(rows.map((row) => row.key.id)).toEqual([ozan.id]);
    expect(rows[0]).toMatchObject({ present: 1 });
    const theirs = await ctx.app.inject({
      method: 'GET',
      url: `/api/attendance/summary?from=2026-03-19&to=2026-03-19&timezone=${LONDON}`,
      headers: emre.headers,
    });
    expect(theirs.json<AttendanceSummary>().totals.sessions).toBe(0);
  });

  it('names the substitute as its organiser in the CSV export', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/event-occurrences/export?from=2026-03-19&to=2026-03-19&timezone=${LONDON}`,
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
    const line = response.body.split('\n').find((row) => row.includes('Past lesson'));
    expect(line).toContain('Ozan');
    expect(line).not.toContain('Emre Kaya');
  });
});

describe('GET /api/event-occurrences/needs-cover and /{id}/cover-candidates', () => {
  let away: number;
  let other: number;

  beforeAll(async () => {
    await timeOffFor(emre.id, '2026-04-20', '2026-04-21');
    away = await session({ title: 'While away', start: '2026-04-20T14:00' });
    other = await session({ title: 'Not away', start: '2026-04-22T10:00' });
  });

  const needsCover = async (query = '') => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/event-occurrences/needs-cover${query}`,
      headers: admin.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<EventOccurrenceList>();
  };

  it('lists the sessions ahead whose organiser is on time off, until they are covered', async () => {
    const listed = await needsCover('?days=60');
    expect(listed.eventOccurrences.map((occurrence) => occurrence.id)).toContain(away);
    expect(listed.eventOccurrences.map((occurrence) => occurrence.id)).not.toContain(other);
    expect(listed.totalCount).toBe(listed.eventOccurrences.length);
    expect((await needsCover('?days=10')).eventOccurrences.map((occurrence) => occurrence.id)).not.toContain(away);
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/event-occurrences/needs-cover?days=0',
      headers: admin.headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(messageOf(bad)).toBe('days must be a whole number from 1 to 366');
    const editors = await ctx.app.inject({
      method: 'GET',
      url: '/api/event-occurrences/needs-cover',
      headers: emre.headers,
    });
    expect(editors.statusCode).toBe(403);
  });

  it('ranks the free editors by guests they know, then by fewest recent covers, then id', async () => {
    // In the last 180 days: Deniz organised for both guests, Kaan and Idle for Ayla only; Ozan for none.
    await session({ title: 'Known', start: '2026-02-02T10:00', organiserId: deniz.id });
    await session({ title: 'Known', start: '2026-02-03T10:00', organiserId: kaan.id, guestIds: [ayla.id] });
    await session({ title: 'Known', start: '2026-02-04T10:00', organiserId: idle.id, guestIds: [ayla.id] });
    // Too long ago to count.
    await session({ title: 'Old', start: '2025-08-01T10:00', organiserId: ozan.id });
    // Elif is busy then (13:30-14:30).
    await session({ title: 'Elif’s', start: '2026-04-20T13:30', organiserId: elif.id, guestIds: [] });
    const candidates = await candidatesOf(away);
    // Ozan knows Ayla from the past lesson he covered; he, Kaan and Idle each cover one session
    // already (above): by id between them. Idle works on Mondays 13:00-18:00, so 14:00 is inside.
    expect(
      candidates.map((candidate) => [candidate.user.name, candidate.knownGuests, candidate.coversLast30Days]),
    ).toEqual([
      ['Deniz', 2, 0],
      ['Ozan', 1, 1],
      ['Kaan', 1, 1],
      ['Idle', 1, 1],
    ]);
    expect(candidates.map((candidate) => candidate.user.id)).not.toContain(emre.id);
    expect(candidates.map((candidate) => candidate.user.id)).not.toContain(elif.id);
  });

  it('leaves out someone on time off and someone outside their hours', async () => {
    await timeOffFor(deniz.id, '2026-04-22', '2026-04-22');
    const names = (await candidatesOf(other)).map((candidate) => candidate.user.name);
    expect(names).not.toContain('Deniz');
    // Idle works on Mondays 13:00-18:00 only; 22 April is a Wednesday.
    expect(names).not.toContain('Idle');
    expect(names).toContain('Elif Demir');
  });

  it('drops a covered session from what needs cover', async () => {
    expect((await cover(away, { organiserId: kaan.id, notify: false })).statusCode).toBe(200);
    expect((await needsCover('?days=60')).eventOccurrences.map((occurrence) => occurrence.id)).not.toContain(away);
  });
});

describe('GET/POST /api/time-off/{id}/cover-plan', () => {
  let timeOffId: number;
  let first: number;
  let overlapping: number;
  let later: number;

  beforeAll(async () => {
    // Ozan is away; on 11 May only Deniz and Kaan are free (the others busy 10:00-11:00), and Deniz knows more guests.
    first = await session({ title: 'First', start: '2026-05-11T10:00', organiserId: ozan.id });
    overlapping = await session({ title: 'Overlapping', start: '2026-05-11T10:30', organiserId: ozan.id });
    later = await session({ title: 'Later', start: '2026-05-12T10:00', organiserId: ozan.id });
    for (const busy of [elif, idle, emre]) {
      await session({ title: 'Busy', start: '2026-05-11T10:00', organiserId: busy.id, guestIds: [] });
    }
    timeOffId = (await timeOffFor(ozan.id, '2026-05-11', '2026-05-12')).timeOff.id!;
  });

  const planOf = async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/time-off/${timeOffId}/cover-plan`,
      headers: admin.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CoverPlan>().plan;
  };
  const apply = (payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: `/api/time-off/${timeOffId}/cover-plan`, headers: admin.headers, payload });

  it('proposes the best free candidate per session, never one person for two overlapping sessions', async () => {
    const plan = await planOf();
    expect(plan.map((entry) => entry.occurrenceId)).toEqual([first, overlapping, later]);
    expect(plan[0]!.candidate).toEqual({ id: deniz.id, name: 'Deniz' });
    expect(plan[1]!.candidate).not.toBeNull();
    expect(plan[1]!.candidate!.id).not.toBe(plan[0]!.candidate!.id);
    expect(plan[2]!.candidate).toEqual({ id: deniz.id, name: 'Deniz' });
  });

  it('applies nothing when one assignment is not free (409)', async () => {
    const response = await apply({
      assignments: [
        { occurrenceId: first, organiserId: deniz.id },
        { occurrenceId: overlapping, organiserId: deniz.id },
      ],
      notify: false,
    });
    expect(response.statusCode).toBe(409);
    expect(
      await ctx.database.db.select().from(occurrenceCovers).where(eq(occurrenceCovers.occurrenceId, first)),
    ).toEqual([]);
    const busy = await apply({ assignments: [{ occurrenceId: first, organiserId: elif.id }], notify: false });
    expect(busy.statusCode).toBe(409);
  });

  it('refuses a session twice in the plan (400)', async () => {
    const response = await apply({
      assignments: [
        { occurrenceId: first, organiserId: deniz.id },
        { occurrenceId: first, organiserId: kaan.id },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe(`Session ${first} is in the plan twice`);
  });

  it('refuses a session the time off does not affect (400)', async () => {
    const response = await apply({ assignments: [{ occurrenceId: 999_999, organiserId: deniz.id }] });
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe('Session 999999 is not one this time off affects');
  });

  it('applies the whole plan in one step, telling everyone', async () => {
    const plan = await planOf();
    const response = await apply({
      assignments: plan.map((entry) => ({ occurrenceId: entry.occurrenceId, organiserId: entry.candidate!.id })),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ covered: 3 });
    const covered = (await read(first)).json<EventOccurrence>();
    expect(covered.cover?.originalOrganiser.id).toBe(ozan.id);
    expect(covered.event.organiser.id).toBe(deniz.id);
    expect((await coverLogsOf([first, overlapping, later])).length).toBe(3 * 4);
    // Covered sessions are no longer the absent organiser's: the plan has nothing left.
    expect(await planOf()).toEqual([]);
  });

  it('is for admins only, and 404 for a time off that does not exist', async () => {
    const editors = await ctx.app.inject({
      method: 'GET',
      url: `/api/time-off/${timeOffId}/cover-plan`,
      headers: ozan.headers,
    });
    expect(editors.statusCode).toBe(403);
    const missing = await ctx.app.inject({
      method: 'GET',
      url: '/api/time-off/999999/cover-plan',
      headers: admin.headers,
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('without a message transport', () => {
  const bare = useTestApp({ now: () => NOW });

  it('answers 503 to a cover that would tell people, and changes nothing; without notify it covers', async () => {
    const boss = await createPerson(bare, { username: 'boss', role: 'admin', timezone: LONDON });
    const [one, two] = await Promise.all([
      createPerson(bare, { username: 'one', role: 'editor', timezone: LONDON }),
      createPerson(bare, { username: 'two', role: 'editor', timezone: LONDON }),
    ]);
    const hall = await createLocation(bare, boss.headers, 'Hall');
    const id = await createSession(bare, boss.headers, {
      start: '2026-04-01T10:00',
      zone: LONDON,
      organiserId: one.id,
      locationId: hall,
    });
    const post = (payload: Record<string, unknown>) =>
      bare.app.inject({ method: 'POST', url: `/api/event-occurrences/${id}/cover`, headers: boss.headers, payload });
    expect((await post({ organiserId: two.id })).statusCode).toBe(503);
    expect(await bare.database.db.select().from(occurrenceCovers)).toEqual([]);
    expect((await post({ organiserId: two.id, notify: false })).statusCode).toBe(200);
  });
});
