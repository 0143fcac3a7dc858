import type { Availability, TimeOffList, TimeOffResult } from '@ritim/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, eventOccurrences, timeOff } from '../../platform/db/schema.js';
import { messageOf } from '../../test/harness.js';
import { createLocation, createPerson, createSession, type Person, type OccurrenceInput } from '../../test/seed.js';
import { useTestApp } from '../../test/use-test-app.js';

/**
 * Working hours (/api/users/{id}/availability) and time off (/api/time-off): who may, what is
 * refused, and the sessions a time off affects, whole days in the user's zone across London's
 * clock change (Sunday 29 March 2026). The clock is fixed: Friday 20 March 2026, 12:00Z.
 */
const NOW = new Date('2026-03-20T12:00:00Z');
const LONDON = 'Europe/London';

const ctx = useTestApp({ now: () => NOW });

let admin: Person;
let emre: Person;
let elif: Person;
let guest: Person;
let room: number;

const session = (input: Partial<OccurrenceInput> = {}) =>
  createSession(ctx, admin.headers, {
    start: '2026-03-28T10:00',
    zone: LONDON,
    organiserId: emre.id,
    locationId: room,
    guestIds: [guest.id],
    ...input,
  });

beforeAll(async () => {
  admin = await createPerson(ctx, { username: 'admin', role: 'admin', timezone: LONDON });
  emre = await createPerson(ctx, { username: 'emre', role: 'editor', name: 'Emre', surname: 'Kaya', timezone: LONDON });
  elif = await createPerson(ctx, {
    username: 'elif',
    role: 'editor',
    name: 'Elif',
    surname: 'Demir',
    timezone: LONDON,
  });
  guest = await createPerson(ctx, { username: 'ayla', role: 'guest', timezone: LONDON });
  room = await createLocation(ctx, admin.headers, 'Room 1');
});

describe('GET/PUT /api/users/{id}/availability', () => {
  const url = (id: number) => `/api/users/${id}/availability`;
  const put = (id: number, weekly: unknown, as: Person) =>
    ctx.app.inject({ method: 'PUT', url: url(id), headers: as.headers, payload: { weekly } as object });

  it('answers an empty week in the user’s zone until one is set (no limit)', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: url(emre.id), headers: emre.headers });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Availability>()).toEqual({ timezone: LONDON, weekly: [] });
  });

  it('lets the editor set their own week, answering it by day then start, and records it', async () => {
    const response = await put(
      emre.id,
      [
        { day: 'TU', from: '13:00', to: '17:00' },
        { day: 'MO', from: '12:00', to: '13:00' },
        { day: 'MO', from: '09:00', to: '12:00' },
      ],
      emre,
    );
    expect(response.statusCode, response.body).toBe(200);
    const week = {
      timezone: LONDON,
      weekly: [
        { day: 'MO', from: '09:00', to: '12:00' },
        { day: 'MO', from: '12:00', to: '13:00' },
        { day: 'TU', from: '13:00', to: '17:00' },
      ],
    };
    expect(response.json<Availability>()).toEqual(week);
    const read = await ctx.app.inject({ method: 'GET', url: url(emre.id), headers: admin.headers });
    expect(read.json<Availability>()).toEqual(week);
    const [row] = await ctx.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, 'users'), eq(auditLogs.entityId, emre.id)));
    expect(row?.action).toBe('update');
    expect(row?.changes).toMatchObject({ workingHours: { from: [], to: week.weekly } });
  });

  it('refuses an interval whose from is not before its to', async () => {
    const response = await put(emre.id, [{ day: 'WE', from: '10:00', to: '10:00' }], emre);
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe('Each interval’s from must be before its to');
  });

  it('refuses two intervals of a day that overlap', async () => {
    const response = await put(
      emre.id,
      [
        { day: 'WE', from: '09:00', to: '12:00' },
        { day: 'WE', from: '11:30', to: '13:00' },
      ],
      emre,
    );
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe('Two intervals of the same day overlap');
  });

  it('refuses a day or a time that is not one', async () => {
    expect((await put(emre.id, [{ day: 'XX', from: '09:00', to: '10:00' }], emre)).statusCode).toBe(400);
    const response = await put(emre.id, [{ day: 'MO', from: '9:00', to: '25:00' }], emre);
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe('from and to must be times of day (HH:mm)');
  });

  it('answers 400 for a guest’s week', async () => {
    const response = await put(guest.id, [], admin);
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe('Working hours and time off are for admins and editors, not guests');
  });

  it('lets an admin set anyone’s, and no editor another’s (403)', async () => {
    expect((await put(elif.id, [{ day: 'FR', from: '08:00', to: '24:00' }], admin)).statusCode).toBe(200);
    expect((await put(elif.id, [], emre)).statusCode).toBe(403);
    const read = await ctx.app.inject({ method: 'GET', url: url(elif.id), headers: emre.headers });
    expect(read.statusCode).toBe(403);
    expect((await put(elif.id, [], admin)).json<Availability>().weekly).toEqual([]);
  });

  it('answers 404 for a user that does not exist, and 403 to a guest', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: url(99_999), headers: admin.headers })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: url(guest.id), headers: guest.headers })).statusCode).toBe(403);
  });

  it('clears the week with an empty one', async () => {
    const response = await put(emre.id, [], emre);
    expect(response.json<Availability>()).toEqual({ timezone: LONDON, weekly: [] });
  });
});

describe('POST/GET/DELETE /api/time-off', () => {
  const post = (payload: Record<string, unknown>, as: Person = admin) =>
    ctx.app.inject({ method: 'POST', url: '/api/time-off', headers: as.headers, payload });
  const list = async (query: string, as: Person = admin) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/time-off?${query}`, headers: as.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TimeOffList>();
  };

  let saturday: number;
  let lateSunday: number;
  let mondayNight: number;
  let cancelled: number;
  let completed: number;
  let elifs: number;

  beforeAll(async () => {
    saturday = await session({ title: 'Saturday choir', start: '2026-03-28T10:00' });
    // 23:30 BST on the day the clocks go forward is 22:30Z: still Sunday in London.
    lateSunday = await session({ title: 'Late Sunday', start: '2026-03-29T23:30' });
    // 00:30 BST on Monday is 23:30Z on Sunday: a day of 24 hours from Sunday 00:00 GMT would take it in.
    mondayNight = await session({ title: 'Monday early', start: '2026-03-30T00:30' });
    cancelled = await session({ title: 'Cancelled one', start: '2026-03-28T15:00' });
    const cancel = await ctx.app.inject({
      method: 'POST',
      url: `/api/event-occurrences/${cancelled}/cancel`,
      headers: admin.headers,
      payload: { reason: 'Flu' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    completed = await session({ title: 'Completed one', start: '2026-03-28T17:00' });
    await ctx.database.db
      .update(eventOccurrences)
      .set({ status: 'completed' })
      .where(eq(eventOccurrences.id, completed));
    elifs = await session({ title: 'Elif’s', start: '2026-03-28T10:00', organiserId: elif.id });
  });

  it('answers what a time off across the clock change would affect without storing it (dryRun)', async () => {
    const response = await post({ userId: emre.id, from: '2026-03-28', to: '2026-03-29', dryRun: true });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<TimeOffResult>();
    expect(result.timeOff).toEqual({
      id: null,
      user: { id: emre.id, name: 'Emre Kaya' },
      from: '2026-03-28',
      to: '2026-03-29',
      reason: null,
    });
    expect(result.affected.map((affected) => affected.occurrenceId)).toEqual([saturday, lateSunday]);
    expect(result.affected[1]).toMatchObject({
      title: 'Late Sunday',
      startsAt: '2026-03-29T22:30:00.000Z',
      endsAt: expect.any(String) as string,
    });
    expect(await ctx.database.db.select().from(timeOff)).toEqual([]);
    expect(result.affected).not.toContainEqual(expect.objectContaining({ occurrenceId: mondayNight }));
    expect(result.affected.map((affected) => affected.occurrenceId)).not.toContain(cancelled);
    expect(result.affected.map((affected) => affected.occurrenceId)).not.toContain(completed);
    expect(result.affected.map((affected) => affected.occurrenceId)).not.toContain(elifs);
  });

  let stored: number;

  it('stores it for the editor themself (201), cancelling nothing, and lists it', async () => {
    const response = await post({ userId: emre.id, from: '2026-03-28', to: '2026-03-29', reason: ' Leave ' }, emre);
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json<TimeOffResult>();
    stored = result.timeOff.id!;
    expect(result.timeOff).toMatchObject({ user: { id: emre.id, name: 'Emre Kaya' }, reason: 'Leave' });
    expect(result.affected.map((affected) => affected.occurrenceId)).toEqual([saturday, lateSunday]);
    const [row] = await ctx.database.db.select().from(timeOff).where(eq(timeOff.id, stored));
    expect(row?.startsFrom.toISOString()).toBe('2026-03-28T00:00:00.000Z');
    expect(row?.endsBefore.toISOString()).toBe('2026-03-29T23:00:00.000Z');
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/api/event-occurrences/${saturday}`,
      headers: admin.headers,
    });
    expect(read.json<{ status: string }>().status).toBe('scheduled');
    expect(await list(`userId=${emre.id}`)).toEqual({ timeOff: [result.timeOff], totalCount: 1 });
    const audit = await ctx.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, 'users'), eq(auditLogs.entityId, emre.id)));
    expect(audit.map((row) => row.changes)).toContainEqual({
      timeOff: { from: null, to: { id: stored, from: '2026-03-28', to: '2026-03-29', reason: 'Leave' } },
    });
  });

  it('refuses an editor’s time off for someone else (403) and a guest’s (400)', async () => {
    expect((await post({ userId: elif.id, from: '2026-04-01', to: '2026-04-01' }, emre)).statusCode).toBe(403);
    const response = await post({ userId: guest.id, from: '2026-04-01', to: '2026-04-01' });
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe('Working hours and time off are for admins and editors, not guests');
  });

  it('refuses days in the wrong order, or more than 366 of them', async () => {
    const inverted = await post({ userId: emre.id, from: '2026-04-02', to: '2026-04-01' });
    expect(inverted.statusCode).toBe(400);
    expect(messageOf(inverted)).toBe('The time off’s last day (to) must not be before its first (from)');
    const long = await post({ userId: emre.id, from: '2026-01-01', to: '2027-01-02' });
    expect(messageOf(long)).toBe('A time off covers at most 366 days');
    expect((await post({ userId: emre.id, from: '2026-02-30', to: '2026-03-01' })).statusCode).toBe(400);
  });

  it('lists the time off overlapping the days asked, newest first; an editor only theirs', async () => {
    const elifsOff = (await post({ userId: elif.id, from: '2026-04-10', to: '2026-04-12' })).json<TimeOffResult>();
    const all = await list('');
    expect(all.totalCount).toBe(2);
    expect(all.timeOff.map((off) => off.id)).toEqual([elifsOff.timeOff.id, stored]);
    expect((await list('from=2026-03-29&to=2026-03-29')).timeOff.map((off) => off.id)).toEqual([stored]);
    expect((await list('from=2026-03-30&to=2026-04-09')).totalCount).toBe(0);
    expect((await list('limit=1&offset=1')).timeOff.map((off) => off.id)).toEqual([stored]);
    expect((await list('', emre)).timeOff.map((off) => off.id)).toEqual([stored]);
    const theirs = await ctx.app.inject({
      method: 'GET',
      url: `/api/time-off?userId=${elif.id}`,
      headers: emre.headers,
    });
    expect(theirs.statusCode).toBe(403);
    const guests = await ctx.app.inject({ method: 'GET', url: '/api/time-off', headers: guest.headers });
    expect(guests.statusCode).toBe(403);
  });

  it('deletes it (204), only an admin or its editor, then 404', async () => {
    const elifsOff = (await list(`userId=${elif.id}`)).timeOff[0]!;
    const remove = (id: number, as: Person) =>
      ctx.app.inject({ method: 'DELETE', url: `/api/time-off/${id}`, headers: as.headers });
    expect((await remove(elifsOff.id!, emre)).statusCode).toBe(404);
    expect((await remove(elifsOff.id!, elif)).statusCode).toBe(204);
    expect((await remove(elifsOff.id!, admin)).statusCode).toBe(404);
    expect((await list('')).totalCount).toBe(1);
  });
});
