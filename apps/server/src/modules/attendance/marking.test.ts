import type { AttendanceList, EventOccurrence } from '@ritim/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventOccurrences, locations, users } from '../../platform/db/schema.js';
import { messageOf } from '../../test/harness.js';
import {
  createPerson,
  createSession,
  type Headers,
  insertRow,
  listOccurrences,
  type Person,
  type OccurrenceInput,
} from '../../test/seed.js';
import { useTestApp } from '../../test/use-test-app.js';

/**
 * PUT /api/event-occurrences/:id/attendance and the marks on the reads (docs/domain.md#attendance):
 * who may mark, which guests and statuses, the ahead rule, cancelled and completed sessions, and
 * the history rules (delete, regenerate, users). The clock is fixed.
 */
const NOW = new Date('2026-04-10T12:00:00Z');
const ZONE = 'Europe/London';

const ctx = useTestApp({ now: () => NOW });
let admin: Person;
let emre: Person;
let nora: Person;
let ayla: Person;
let burak: Person;
let cem: Person;
let room: number;

const url = (id: number | string) => `/api/event-occurrences/${id}/attendance`;
const put = (id: number | string, payload: unknown, headers: Headers = admin.headers) =>
  ctx.app.inject({ method: 'PUT', url: url(id), headers, payload: payload as Record<string, unknown> });
const read = (id: number, headers: Headers = admin.headers) =>
  ctx.app.inject({ method: 'GET', url: `/api/event-occurrences/${id}`, headers });
const session = (input: Partial<OccurrenceInput> = {}) =>
  createSession(ctx, admin.headers, {
    start: '2026-04-08T10:00',
    zone: ZONE,
    organiserId: emre.id,
    locationId: room,
    guestIds: [ayla.id, burak.id],
    ...input,
  });
const setStatus = (id: number, status: 'scheduled' | 'approved' | 'completed' | 'cancelled') =>
  ctx.database.db.update(eventOccurrences).set({ status }).where(eq(eventOccurrences.id, id));
const codeOf = (response: { json: () => unknown }) => (response.json() as { code: string }).code;

beforeAll(async () => {
  admin = await createPerson(ctx, { username: 'admin', role: 'admin', name: 'Ada', surname: 'Admin' });
  emre = await createPerson(ctx, { username: 'emre', role: 'editor', name: 'Emre', timezone: ZONE });
  nora = await createPerson(ctx, { username: 'nora', role: 'editor', name: 'Nora', timezone: ZONE });
  ayla = await createPerson(ctx, { username: 'ayla', role: 'guest', name: 'Ayla' });
  burak = await createPerson(ctx, { username: 'burak', role: 'guest', name: 'Burak' });
  cem = await createPerson(ctx, { username: 'cem', role: 'guest', name: 'Cem' });
  room = (await insertRow(ctx.database, locations, { name: 'Room' })).id;
});

describe('PUT /api/event-occurrences/:id/attendance', () => {
  it('marks guests and answers the whole list, which GET and the lists then carry', async () => {
    const id = await session();
    const response = await put(id, {
      entries: [
        { guestId: ayla.id, status: 'present', note: ' On time ' },
        { guestId: burak.id, status: 'lateCancelled' },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const { attendance } = response.json<AttendanceList>();
    expect(attendance).toEqual([
      {
        guestId: ayla.id,
        status: 'present',
        note: 'On time',
        markedBy: { id: admin.id, name: 'Ada Admin' },
        markedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/) as string,
      },
      {
        guestId: burak.id,
        status: 'lateCancelled',
        note: null,
        markedBy: { id: admin.id, name: 'Ada Admin' },
        markedAt: expect.any(String) as string,
      },
    ]);
    const occurrence = (await read(id)).json<EventOccurrence>();
    expect(occurrence.attendance).toEqual(attendance);
    expect(occurrence.guests.map((g) => [g.id, g.attendance])).toEqual([
      [ayla.id, 'present'],
      [burak.id, 'lateCancelled'],
    ]);
    const listed = await listOccurrences(ctx, admin.headers, 'date=2026-04-08&timezone=Europe/London');
    const row = listed.eventOccurrences.find((o) => o.id === id)!;
    expect(row.guests.map((g) => g.attendance)).toEqual(['present', 'lateCancelled']);
    expect(row.attendance).toHaveLength(2);
  });

  it('keeps the marks of guests left out, keeps a note left out and clears a blank one', async () => {
    const id = await session();
    await put(id, {
      entries: [
        { guestId: ayla.id, status: 'absent', note: 'Ill' },
        { guestId: burak.id, status: 'late', note: 'Bus' },
      ],
    });
    const second = await put(id, { entries: [{ guestId: ayla.id, status: 'excused' }] }, emre.headers);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json<AttendanceList>().attendance).toMatchObject([
      { guestId: ayla.id, status: 'excused', note: 'Ill', markedBy: { id: emre.id, name: 'Emre' } },
      { guestId: burak.id, status: 'late', note: 'Bus', markedBy: { id: admin.id } },
    ]);
    const third = await put(id, { entries: [{ guestId: burak.id, status: 'late', note: '  ' }] });
    expect(third.json<AttendanceList>().attendance).toMatchObject([
      { guestId: ayla.id, note: 'Ill' },
      { guestId: burak.id, note: null },
    ]);
  });

  it('lets the session’s organiser mark, answers 404 to another editor and 403 to guests', async () => {
    const id = await session();
    const body = { entries: [{ guestId: ayla.id, status: 'present' }] };
    expect((await put(id, body, emre.headers)).statusCode).toBe(200);
    const other = await put(id, body, nora.headers);
    expect(other.statusCode).toBe(404);
    expect(messageOf(other)).toBe('Event occurrence not found');
    const guest = await put(id, body, ayla.headers);
    expect(guest.statusCode).toBe(403);
    expect((await read(id)).json<EventOccurrence>().attendance).toMatchObject([{ markedBy: { id: emre.id } }]);
  });

  it('answers 404 for a session that does not exist', async () => {
    const response = await put(999_999, { entries: [{ guestId: ayla.id, status: 'present' }] });
    expect(response.statusCode).toBe(404);
    expect(codeOf(response)).toBe('common.notFound');
  });

  it('refuses a guest who is not on the session with 400, and stores nothing', async () => {
    const id = await session({ guestIds: [ayla.id] });
    for (const stranger of [cem.id, emre.id, 999_999]) {
      const response = await put(id, {
        entries: [
          { guestId: ayla.id, status: 'present' },
          { guestId: stranger, status: 'present' },
        ],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'attendance.guestNotOnSession',
        message: `Guest ${stranger} is not a guest of this session`,
        values: { id: stranger },
      });
    }
    expect((await read(id)).json<EventOccurrence>().attendance).toEqual([]);
  });

  it('counts the session’s own guest list when it has one, and active guests only', async () => {
    const id = await session({ guestIds: [ayla.id, burak.id] });
    const patched = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/event-occurrences/${id}`,
      headers: admin.headers,
      payload: { occurrenceGuestIds: [burak.id, cem.id] },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await put(id, { entries: [{ guestId: ayla.id, status: 'present' }] })).statusCode).toBe(400);
    expect((await put(id, { entries: [{ guestId: cem.id, status: 'present' }] })).statusCode).toBe(200);
    await ctx.database.db.update(users).set({ status: 'inactive' }).where(eq(users.id, burak.id));
    try {
      const inactive = await put(id, { entries: [{ guestId: burak.id, status: 'present' }] });
      expect(inactive.statusCode).toBe(400);
      expect(codeOf(inactive)).toBe('attendance.guestNotOnSession');
    } finally {
      await ctx.database.db.update(users).set({ status: 'active' }).where(eq(users.id, burak.id));
    }
  });

  it('refuses a guest listed twice with 400', async () => {
    const id = await session();
    const response = await put(id, {
      entries: [
        { guestId: ayla.id, status: 'present' },
        { guestId: ayla.id, status: 'absent' },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'attendance.guestTwice', values: { id: ayla.id } });
  });

  it('refuses an unknown status, a malformed body and a note over 2000 characters with 400', async () => {
    const id = await session();
    const unknown = await put(id, { entries: [{ guestId: ayla.id, status: 'attended' }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'attendance.statusInvalid',
      message: 'Status must be one of present, late, absent, excused, cancelled, lateCancelled',
    });
    for (const body of [{}, { entries: [] }, { entries: 'all' }]) {
      const response = await put(id, body);
      expect(response.statusCode).toBe(400);
      expect(codeOf(response)).toBe('attendance.entriesRequired');
    }
    // More than 500 marks says so, not that the list is empty.
    const many = Array.from({ length: 501 }, (_, i) => ({ guestId: i + 1, status: 'present' }));
    const tooMany = await put(id, { entries: many });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({
      code: 'attendance.entriesTooMany',
      message: 'entries lists at most 500 guests',
    });
    // An entry's guest id has attendance's own code (not the make-up's).
    for (const guestId of [String(ayla.id), 0, undefined]) {
      const response = await put(id, { entries: [{ guestId, status: 'present' }] });
      expect(response.statusCode).toBe(400);
      expect(codeOf(response)).toBe('attendance.entryGuestInvalid');
    }
    for (const body of [
      { entries: [{ guestId: String(ayla.id), status: 'present' }] },
      { entries: [{ status: 'present' }] },
      { entries: [{ guestId: ayla.id, status: 'present', extra: 1 }] },
      { entries: [{ guestId: ayla.id, status: 'present' }], more: true },
    ]) {
      expect((await put(id, body)).statusCode).toBe(400);
    }
    const long = await put(id, { entries: [{ guestId: ayla.id, status: 'present', note: 'x'.repeat(2001) }] });
    expect(long.statusCode).toBe(400);
    expect(codeOf(long)).toBe('attendance.noteTooLong');
    const longest = await put(id, { entries: [{ guestId: ayla.id, status: 'present', note: 'x'.repeat(2000) }] });
    expect(longest.statusCode).toBe(200);
  });

  it('refuses present before the session starts with 409, but takes cancelled and excused ahead', async () => {
    const id = await session({ start: '2026-04-20T10:00' });
    const early = await put(id, { entries: [{ guestId: ayla.id, status: 'present' }] });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      code: 'attendance.notStarted',
      message: 'The session has not started: only cancelled and excused can be marked ahead',
    });
    const mixed = await put(id, {
      entries: [
        { guestId: ayla.id, status: 'excused' },
        { guestId: burak.id, status: 'late' },
      ],
    });
    expect(mixed.statusCode).toBe(409);
    expect(codeOf(mixed)).toBe('attendance.notStarted');
    expect((await read(id)).json<EventOccurrence>().attendance).toEqual([]);
    const ahead = await put(id, {
      entries: [
        { guestId: ayla.id, status: 'excused' },
        { guestId: burak.id, status: 'cancelled' },
      ],
    });
    expect(ahead.statusCode, ahead.body).toBe(200);
    expect(ahead.json<AttendanceList>().attendance.map((mark) => mark.status)).toEqual(['excused', 'cancelled']);
  });

  it('takes any mark from the session’s start on', async () => {
    const id = await session({ start: '2026-04-10T13:00' }); // 12:00 UTC, British Summer Time
    expect((await put(id, { entries: [{ guestId: ayla.id, status: 'present' }] })).statusCode).toBe(200);
  });

  it('refuses a cancelled session with 409 and marks a completed one', async () => {
    const cancelled = await session();
    await setStatus(cancelled, 'cancelled');
    for (const status of ['present', 'excused']) {
      const response = await put(cancelled, { entries: [{ guestId: ayla.id, status }] });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'attendance.sessionCancelled',
        message: 'A cancelled session has no attendance',
      });
    }
    const completed = await session();
    await setStatus(completed, 'completed');
    expect((await put(completed, { entries: [{ guestId: ayla.id, status: 'absent' }] })).statusCode).toBe(200);
  });
});

describe('a guest reads only their own mark, never its note (notes are staff’s)', () => {
  it('on one session, in the lists and on the calendar', async () => {
    const id = await session({ start: '2026-04-07T10:00' });
    await put(id, {
      entries: [
        { guestId: ayla.id, status: 'present', note: 'Fine' },
        { guestId: burak.id, status: 'absent', note: 'Private' },
      ],
    });
    const own = (await read(id, ayla.headers)).json<EventOccurrence>();
    expect(own.attendance).toEqual([
      {
        guestId: ayla.id,
        status: 'present',
        note: null,
        markedBy: { id: admin.id, name: 'Ada Admin' },
        markedAt: expect.any(String) as string,
      },
    ]);
    expect((await read(id)).json<EventOccurrence>().attendance.map((mark) => mark.note)).toEqual(['Fine', 'Private']);
    expect(own.guests.map((g) => [g.id, g.attendance])).toEqual([
      [ayla.id, 'present'],
      [burak.id, null],
    ]);
    const listed = await listOccurrences(ctx, burak.headers, 'date=2026-04-07&timezone=Europe/London');
    const row = listed.eventOccurrences.find((o) => o.id === id)!;
    expect(row.attendance).toEqual([expect.objectContaining({ guestId: burak.id, status: 'absent', note: null })]);
    expect(row.guests.map((g) => g.attendance)).toEqual([null, 'absent']);
    // No other read a guest has carries a note: the calendar's, the light list's, the monthly list's.
    for (const query of [
      'date=2026-04-07&timezone=Europe/London&light=true',
      'date=2026-04-07&timezone=Europe/London&monthly=true',
    ]) {
      const other = await listOccurrences(ctx, burak.headers, query);
      expect(JSON.stringify(other)).not.toContain('Private');
    }
    const calendar = await ctx.app.inject({
      method: 'GET',
      url: '/api/event-occurrences/calendar?from=2026-04-06T00:00:00Z&to=2026-04-08T00:00:00Z',
      headers: burak.headers,
    });
    expect(calendar.statusCode, calendar.body).toBe(200);
    expect(calendar.body).toContain(`"id":${id}`);
    expect(calendar.body).not.toContain('Private');
  });
});

describe('attendance is history', () => {
  it('refuses to delete a session with marks (409) and deletes it once it has none', async () => {
    const marked = await session({ start: '2026-04-06T10:00' });
    await put(marked, { entries: [{ guestId: ayla.id, status: 'present' }] });
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/event-occurrences/${marked}`,
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'occurrences.hasAttendance',
      message: 'This occurrence has attendance marks and cannot be deleted',
    });
    const unmarked = await session({ start: '2026-04-06T12:00' });
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/event-occurrences/${unmarked}`,
      headers: admin.headers,
    });
    expect(deleted.statusCode).toBe(204);
  });

  it('keeps a future session marked ahead when its series is regenerated', async () => {
    const eventResponse = await ctx.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: admin.headers,
      payload: {
        title: 'Weekly',
        locationId: room,
        organiserId: emre.id,
        guestIds: [ayla.id],
        rrule: 'DTSTART;TZID=Europe/London:20260413T090000\nRRULE:FREQ=WEEKLY;COUNT=4',
      },
    });
    expect(eventResponse.statusCode, eventResponse.body).toBe(201);
    const eventId = eventResponse.json<{ id: number }>().id;
    const before = await listOccurrences(ctx, admin.headers, `eventId=${eventId}`);
    const [first, second] = before.eventOccurrences;
    expect((await put(second!.id, { entries: [{ guestId: ayla.id, status: 'excused' }] })).statusCode).toBe(200);
    const edited = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/events/${eventId}`,
      headers: admin.headers,
      payload: { rrule: 'DTSTART;TZID=Europe/London:20260413T110000\nRRULE:FREQ=WEEKLY;COUNT=4' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = (await listOccurrences(ctx, admin.headers, `eventId=${eventId}`)).eventOccurrences;
    const ids = after.map((o) => o.id);
    expect(ids).toContain(second!.id);
    expect(ids).not.toContain(first!.id);
    expect(after.find((o) => o.id === second!.id)).toMatchObject({
      occurrenceDate: second!.occurrenceDate,
      attendance: [{ guestId: ayla.id, status: 'excused' }],
    });
  });

  it('archives an event whose only history is a mark set ahead, keeping that session', async () => {
    const id = await session({ start: '2026-05-04T10:00' });
    const { eventId } = (await read(id)).json<EventOccurrence>();
    expect((await put(id, { entries: [{ guestId: ayla.id, status: 'cancelled' }] })).statusCode).toBe(200);
    const response = await ctx.app.inject({ method: 'DELETE', url: `/api/events/${eventId}`, headers: admin.headers });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ archived: true });
    expect((await read(id)).json<EventOccurrence>()).toMatchObject({
      event: { status: 'archived' },
      attendance: [{ guestId: ayla.id, status: 'cancelled' }],
    });
  });

  it('refuses to delete a guest with marks (409, as for any record that refers to them)', async () => {
    const dana = await createPerson(ctx, { username: 'dana', role: 'guest', name: 'Dana' });
    const id = await session({ guestIds: [dana.id] });
    await put(id, { entries: [{ guestId: dana.id, status: 'present' }] });
    const response = await ctx.app.inject({ method: 'DELETE', url: `/api/users/${dana.id}`, headers: admin.headers });
    expect(response.statusCode).toBe(409);
    expect(codeOf(response)).toBe('users.inUse');
  });

  it('keeps the marks of a deleted marker, who is then no one', async () => {
    const lena = await createPerson(ctx, { username: 'lena', role: 'admin', name: 'Lena' });
    const id = await session();
    await put(id, { entries: [{ guestId: ayla.id, status: 'present' }] }, lena.headers);
    const response = await ctx.app.inject({ method: 'DELETE', url: `/api/users/${lena.id}`, headers: admin.headers });
    expect(response.statusCode, response.body).toBe(204);
    expect((await read(id)).json<EventOccurrence>().attendance).toMatchObject([
      { guestId: ayla.id, status: 'present', markedBy: null },
    ]);
  });
});
