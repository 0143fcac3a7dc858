import { SESSION_NOTES_FORM_ID, type ToFillList } from '@ritim/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventOccurrences, formSubmissions, locations, users } from '../../platform/db/schema.js';
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
 * GET /api/event-occurrences/to-fill (docs/domain.md#attendance): started,
 * not cancelled sessions of the last days with a guest unmarked or without Session notes. The
 * clock is fixed.
 */
const NOW = new Date('2026-04-10T12:00:00Z');
const ZONE = 'Europe/London';

const ctx = useTestApp({ now: () => NOW });
let admin: Person;
let emre: Person;
let nora: Person;
let ayla: Person;
let burak: Person;
let room: number;
const s: Record<string, number> = {};

const toFill = (query: string, headers: Headers = admin.headers) =>
  ctx.app.inject({ method: 'GET', url: `/api/event-occurrences/to-fill?${query}`, headers });
const idsOf = async (query: string, headers: Headers = admin.headers) => {
  const response = await toFill(query, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ToFillList>().eventOccurrences.map((o) => o.id);
};
const mark = async (id: number, guestIds: number[]) => {
  const response = await ctx.app.inject({
    method: 'PUT',
    url: `/api/event-occurrences/${id}/attendance`,
    headers: admin.headers,
    payload: { entries: guestIds.map((guestId) => ({ guestId, status: 'present' })) },
  });
  expect(response.statusCode, response.body).toBe(200);
};
const notes = (occurrenceId: number, guestId: number | null, formId = SESSION_NOTES_FORM_ID) =>
  insertRow(ctx.database, formSubmissions, {
    formId,
    occurrenceId,
    guestId,
    formVersion: 1,
    data: { Aciklama: 'Fine' },
  });

beforeAll(async () => {
  admin = await createPerson(ctx, { username: 'admin', role: 'admin' });
  emre = await createPerson(ctx, { username: 'emre', role: 'editor', name: 'Emre', timezone: ZONE });
  nora = await createPerson(ctx, { username: 'nora', role: 'editor', name: 'Nora', timezone: ZONE });
  ayla = await createPerson(ctx, { username: 'ayla', role: 'guest', name: 'Ayla' });
  burak = await createPerson(ctx, { username: 'burak', role: 'guest', name: 'Burak' });
  room = (await insertRow(ctx.database, locations, { name: 'Room' })).id;
  const create = (start: string, input: Partial<OccurrenceInput> = {}) =>
    createSession(ctx, admin.headers, {
      start,
      zone: ZONE,
      organiserId: emre.id,
      locationId: room,
      guestIds: [ayla.id, burak.id],
      ...input,
    });
  // Times in British Summer Time: NOW is 13:00 on the 10th.
  s.unmarked = await create('2026-04-09T10:00'); // notes for both, Burak unmarked
  s.noNotes = await create('2026-04-08T10:00'); // both marked, Burak's notes missing
  s.complete = await create('2026-04-07T10:00'); // both marked, both notes
  s.emptyNoNotes = await create('2026-04-06T10:00', { guestIds: [] });
  s.emptyWithNotes = await create('2026-04-06T11:00', { guestIds: [] });
  s.cancelled = await create('2026-04-09T11:00');
  s.future = await create('2026-04-10T14:00');
  s.justStarted = await create('2026-04-10T13:00', { organiserId: nora.id });
  s.tooOld = await create('2026-04-03T12:59'); // 11:59Z on the 3rd: just over 7 days before NOW
  s.inactiveOnly = await create('2026-04-05T10:00', { guestIds: [ayla.id, burak.id] });

  await notes(s.unmarked, ayla.id);
  await notes(s.unmarked, burak.id);
  await mark(s.unmarked, [ayla.id]);
  await mark(s.noNotes, [ayla.id, burak.id]);
  await notes(s.noNotes, ayla.id);
  await mark(s.complete, [ayla.id, burak.id]);
  await notes(s.complete, ayla.id);
  await notes(s.complete, burak.id);
  await notes(s.emptyWithNotes, null);
  // Ayla is done on this one; Burak, who has nothing, is no longer an active user.
  await mark(s.inactiveOnly, [ayla.id]);
  await notes(s.inactiveOnly, ayla.id);
  await ctx.database.db
    .update(eventOccurrences)
    .set({ status: 'cancelled' })
    .where(eq(eventOccurrences.id, s.cancelled));
});

describe('GET /api/event-occurrences/to-fill', () => {
  it('lists the started sessions of the last days still to fill, newest first, as full rows', async () => {
    await ctx.database.db.update(users).set({ status: 'inactive' }).where(eq(users.id, burak.id));
    try {
      const response = await toFill('days=7');
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<ToFillList>();
      // Burak inactive: only Ayla counts, and she is done everywhere but the new one.
      expect(body.eventOccurrences.map((o) => o.id)).toEqual([s.justStarted, s.emptyNoNotes]);
    } finally {
      await ctx.database.db.update(users).set({ status: 'active' }).where(eq(users.id, burak.id));
    }
    const response = await toFill('days=7');
    const body = response.json<ToFillList>();
    expect(body.eventOccurrences.map((o) => o.id)).toEqual([
      s.justStarted,
      s.unmarked,
      s.noNotes,
      s.emptyNoNotes,
      s.inactiveOnly,
    ]);
    expect(body.totalCount).toBe(5);
    expect(body.eventOccurrences[1]).toMatchObject({
      id: s.unmarked,
      event: { organiser: { id: emre.id } },
      guests: [
        { id: ayla.id, attendance: 'present' },
        { id: burak.id, attendance: null },
      ],
      formSubmissions: [{ form: { id: SESSION_NOTES_FORM_ID } }, { form: { id: SESSION_NOTES_FORM_ID } }],
    });
  });

  it('looks back `days` × 24 hours (7 by default, at most 90) and pages by at most 50', async () => {
    expect(await idsOf('')).toEqual(await idsOf('days=7'));
    expect(await idsOf('days=1')).toEqual([s.justStarted]);
    expect(await idsOf('days=2')).toEqual([s.justStarted, s.unmarked]);
    expect(await idsOf('days=8')).toContain(s.tooOld);
    const page = await toFill('days=7&limit=2&offset=2');
    expect(page.json<ToFillList>()).toMatchObject({ totalCount: 5 });
    expect(page.json<ToFillList>().eventOccurrences.map((o) => o.id)).toEqual([s.noNotes, s.emptyNoNotes]);
    for (const query of ['days=0', 'days=91', 'days=1.5', 'days=x', 'limit=51', 'limit=0', 'offset=-1']) {
      const response = await toFill(query);
      expect({ query, status: response.statusCode }).toEqual({ query, status: 400 });
    }
    expect((await toFill('days=91')).json<{ code: string }>().code).toBe('attendance.daysInvalid');
  });

  it('gives an editor the sessions they organise and refuses guests', async () => {
    expect(await idsOf('days=7', nora.headers)).toEqual([s.justStarted]);
    expect(await idsOf('days=7', emre.headers)).toEqual([s.unmarked, s.noNotes, s.emptyNoNotes, s.inactiveOnly]);
    expect((await toFill('days=7', ayla.headers)).statusCode).toBe(403);
  });

  it('leaves a session once every guest has a mark and Session notes (another form does not count)', async () => {
    const id = await createSession(ctx, admin.headers, {
      start: '2026-04-10T08:00',
      zone: ZONE,
      organiserId: nora.id,
      locationId: room,
      guestIds: [ayla.id],
    });
    expect(await idsOf('days=1', nora.headers)).toEqual([s.justStarted, id]);
    await mark(id, [ayla.id]);
    expect(await idsOf('days=1', nora.headers)).toContain(id);
    const otherForm = await ctx.app.inject({
      method: 'POST',
      url: '/api/forms',
      headers: admin.headers,
      payload: { title: 'Other', schema: { fields: [] } },
    });
    expect(otherForm.statusCode, otherForm.body).toBe(201);
    await notes(id, ayla.id, otherForm.json<{ id: number }>().id);
    expect(await idsOf('days=1', nora.headers)).toContain(id);
    await notes(id, ayla.id);
    expect(await idsOf('days=1', nora.headers)).toEqual([s.justStarted]);
  });
});
