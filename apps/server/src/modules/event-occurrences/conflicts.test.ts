import type {
  Conflict,
  ConflictList,
  EventPreview,
  EventPreviewRequestInput,
  OccurrenceClashList,
} from '@ritim/shared';
import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventOccurrences, locations, users } from '../../platform/db/schema.js';
import { messageOf } from '../../test/harness.js';
import { createEvent, createUsers, type EventInput, headersOf, insertRow, occurrencesOf } from '../../test/seed.js';
import { useTestApp } from '../../test/use-test-app.js';

/**
 * Double-booking warnings (issue 15): the event form's preview and Edit Event Occurrence's check
 * find the organiser's, a guest's and the room's clashes (half-open, without the event or
 * occurrence itself, deleted slots, inactive guests or archived events), a clash never blocks a
 * save, and Home's window lists the stored clashes to admins.
 */
const ctx = useTestApp();
let admin: Record<string, string>;
let editor: Record<string, string>;
let guest: Record<string, string>;
let ids: Record<string, number>;
let room1: number;
let room2: number;
const ZONE = 'Europe/Istanbul';

/** Wall-clock `HH:mm` on the day `days` from today in Istanbul, as the form sends it. */
const at = (days: number, time: string) => `${DateTime.now().setZone(ZONE).plus({ days }).toISODate()}T${time}`;
const instant = (local: string, zone = ZONE) => DateTime.fromISO(local, { zone }).toUTC().toISO()!;
const single = (start: string) => ({ doesNotRepeat: true as const, start });

/** An event organised by Ayşe in room 1 for Gül, unless `event` says otherwise. */
const session = (event: Partial<EventInput>) =>
  createEvent(ctx, admin, {
    title: 'Piano',
    locationId: room1,
    organiserId: ids.ayse!,
    guestIds: [ids.gul!],
    endTime: '11:00',
    ...event,
  });

const preview = async (body: EventPreviewRequestInput) => {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/events/preview', headers: admin, payload: body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<EventPreview>();
};
/** Someone else in another room at `start`–`endTime` with these people. */
const previewAt = (start: string, endTime: string, who: Partial<EventPreviewRequestInput>) =>
  preview({ organiserId: ids.selin, locationId: room2, guestIds: [], repeat: single(start), endTime, ...who });
const occurrencePreview = (id: number | string, body: Record<string, unknown>, headers = admin) =>
  ctx.app.inject({ method: 'POST', url: `/api/event-occurrences/${id}/preview`, headers, payload: body });
const kinds = (list: Conflict[]) => list.map((c) => c.kind).sort();

beforeAll(async () => {
  ids = await createUsers(ctx.database, [
    { username: 'admin', role: 'admin', name: 'Ada', timezone: ZONE },
    { username: 'ayse', role: 'editor', name: 'Ayşe', surname: 'Yılmaz', timezone: ZONE },
    { username: 'selin', role: 'editor', name: 'Selin', timezone: ZONE },
    { username: 'nora', role: 'editor', name: 'Nora', timezone: 'America/New_York' },
    { username: 'gul', role: 'guest', name: 'Gül', surname: 'Şahin', timezone: ZONE },
    { username: 'can', role: 'guest', name: 'Can', timezone: ZONE },
    { username: 'deniz', role: 'guest', name: 'Deniz', timezone: ZONE },
  ]);
  admin = await headersOf(ctx.app, 'admin');
  editor = await headersOf(ctx.app, 'ayse');
  guest = await headersOf(ctx.app, 'gul');
  room1 = (await insertRow(ctx.database, locations, { name: 'Room 1' })).id;
  room2 = (await insertRow(ctx.database, locations, { name: 'Room 2' })).id;
});

describe('POST /api/events/preview: conflicts', () => {
  it('finds the organiser, a guest and the room, each with who or what and the session it clashes with', async () => {
    const eventId = await session({ repeat: single(at(20, '10:00')) });
    const [occurrence] = await occurrencesOf(ctx, admin, eventId);
    const base = {
      occurrenceId: occurrence!.id,
      eventId,
      title: 'Piano',
      startsAt: instant(at(20, '10:00')),
      endsAt: instant(at(20, '11:00')),
    };
    const organiser = await previewAt(at(20, '10:30'), '11:30', { organiserId: ids.ayse });
    expect(organiser).toMatchObject({ conflictCount: 1 });
    expect(organiser.conflicts).toEqual([{ kind: 'organiser', ...base, userId: ids.ayse, name: 'Ayşe Yılmaz' }]);
    const room = await previewAt(at(20, '09:30'), '10:30', { locationId: room1 });
    expect(room.conflicts).toEqual([{ kind: 'location', ...base, locationId: room1, name: 'Room 1' }]);
    const person = await previewAt(at(20, '10:15'), '10:45', { guestIds: [ids.can!, ids.gul!] });
    expect(person.conflicts).toEqual([{ kind: 'guest', ...base, userId: ids.gul, name: 'Gül Şahin' }]);
    // Nobody in common, another room: nothing.
    expect((await previewAt(at(20, '10:00'), '11:00', { guestIds: [ids.can!] })).conflictCount).toBe(0);
  });

  it('reads intervals as half-open: one ending at 11:00 and one starting at 11:00 do not clash', async () => {
    await session({ repeat: single(at(21, '10:00')) });
    const all = { organiserId: ids.ayse, locationId: room1, guestIds: [ids.gul!] };
    expect((await previewAt(at(21, '11:00'), '12:00', all)).conflictCount).toBe(0);
    expect((await previewAt(at(21, '09:00'), '10:00', all)).conflictCount).toBe(0);
    const touching = await previewAt(at(21, '10:59'), '12:00', all);
    expect(kinds(touching.conflicts)).toEqual(['guest', 'location', 'organiser']);
    expect(touching.conflictCount).toBe(3);
  });

  it('finds sessions that started long before: four hours, and over two days', async () => {
    await session({ title: 'Workshop', guestIds: [], repeat: single(at(26, '08:00')), endTime: '12:00' });
    const retreat = await createEvent(ctx, admin, {
      title: 'Retreat',
      locationId: room2,
      organiserId: ids.selin!,
      guestIds: [ids.deniz!],
      repeat: single(at(27, '09:00')),
      endDate: instant(at(29, '09:00')),
    });
    const workshop = await previewAt(at(26, '11:30'), '12:30', { organiserId: ids.ayse });
    expect(workshop.conflicts).toMatchObject([{ title: 'Workshop', kind: 'organiser' }]);
    const middle = await previewAt(at(28, '15:00'), '16:00', {
      organiserId: ids.nora,
      locationId: room2,
      guestIds: [ids.deniz!],
    });
    expect(kinds(middle.conflicts)).toEqual(['guest', 'location']);
    expect(middle.conflicts.every((c) => c.eventId === retreat)).toBe(true);
    expect((await previewAt(at(29, '09:00'), '10:00', { locationId: room2 })).conflictCount).toBe(0);
  });

  it('counts a session once when it overlaps several planned ones: apart, touching or overlapping each other', async () => {
    // Selin 08:00–11:00 on day 71; the planned daily 10:00 sessions last 23, 24 or 26 hours, so the
    // first ends at 09:00, at 10:00 or at 12:00 on day 71 and the stored session overlaps both.
    const long = await session({
      title: 'Long morning',
      organiserId: ids.selin,
      locationId: room2,
      guestIds: [],
      repeat: single(at(71, '08:00')),
      endTime: '11:00',
    });
    const rrule = `DTSTART;TZID=${ZONE}:${at(70, '10:00').replace(/[-:]/g, '')}00\nRRULE:FREQ=DAILY;COUNT=2`;
    for (const firstEnd of [at(71, '09:00'), at(71, '10:00'), at(71, '12:00')]) {
      const result = await preview({ organiserId: ids.selin, rrule, endDate: instant(firstEnd) });
      expect(result.conflicts, firstEnd).toMatchObject([{ kind: 'organiser', eventId: long, title: 'Long morning' }]);
      expect(result.conflictCount, firstEnd).toBe(1);
    }
  });

  it('never counts the event being edited, and still warns about the others', async () => {
    const edited = await session({ repeat: single(at(22, '10:00')) });
    const other = await session({ title: 'Violin', locationId: room2, guestIds: [], repeat: single(at(22, '10:30')) });
    const body = { organiserId: ids.ayse, locationId: room1, guestIds: [ids.gul!], repeat: single(at(22, '10:00')) };
    const without = await preview({ ...body, endTime: '11:00' });
    expect(without.conflicts.map((c) => c.eventId).sort()).toEqual([edited, edited, edited, other].sort());
    const editing = await preview({ ...body, endTime: '11:00', eventId: edited });
    expect(editing.conflicts).toMatchObject([{ kind: 'organiser', eventId: other, title: 'Violin' }]);
    expect(editing.conflictCount).toBe(1);
  });

  it('leaves out deleted (EXDATE) occurrences, on both sides', async () => {
    const weekly = await session({
      rrule: `DTSTART;TZID=${ZONE}:${at(30, '10:00').replace(/[-:]/g, '')}00\nRRULE:FREQ=WEEKLY;COUNT=3`,
    });
    const [, second, third] = await occurrencesOf(ctx, admin, weekly);
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/event-occurrences/${second!.id}`,
      headers: admin,
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await previewAt(at(37, '10:00'), '11:00', { organiserId: ids.ayse })).conflictCount).toBe(0);
    expect((await previewAt(at(44, '10:00'), '11:00', { organiserId: ids.ayse })).conflicts).toMatchObject([
      { occurrenceId: third!.id },
    ]);
    // The series' own EXDATE: editing it, the deleted week is not planned, so it cannot clash.
    const blocker = await session({
      title: 'Other',
      organiserId: ids.selin,
      guestIds: [ids.can!],
      repeat: single(at(37, '10:00')),
    });
    const editing = await preview({
      eventId: weekly,
      organiserId: ids.ayse,
      locationId: room2,
      guestIds: [ids.can!],
      rrule: `DTSTART;TZID=${ZONE}:${at(30, '10:00').replace(/[-:]/g, '')}00\nRRULE:FREQ=WEEKLY;COUNT=3`,
      endTime: '11:00',
    });
    expect(editing.totalCount).toBe(2);
    expect(editing.conflicts.filter((c) => c.eventId === blocker)).toEqual([]);
  });

  it('counts only active guests, and an occurrence’s own guest list instead of its event’s', async () => {
    const eventId = await session({ guestIds: [ids.gul!, ids.deniz!], repeat: single(at(23, '10:00')) });
    await ctx.database.db.update(users).set({ status: 'inactive' }).where(eq(users.id, ids.deniz!));
    try {
      expect((await previewAt(at(23, '10:00'), '11:00', { guestIds: [ids.deniz!] })).conflictCount).toBe(0);
      expect((await previewAt(at(23, '10:00'), '11:00', { guestIds: [ids.gul!] })).conflictCount).toBe(1);
    } finally {
      await ctx.database.db.update(users).set({ status: 'active' }).where(eq(users.id, ids.deniz!));
    }
    const [occurrence] = await occurrencesOf(ctx, admin, eventId);
    const own = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/event-occurrences/${occurrence!.id}`,
      headers: admin,
      payload: { occurrenceGuestIds: [ids.can] },
    });
    expect(own.statusCode, own.body).toBe(200);
    expect((await previewAt(at(23, '10:00'), '11:00', { guestIds: [ids.gul!] })).conflictCount).toBe(0);
    expect((await previewAt(at(23, '10:00'), '11:00', { guestIds: [ids.can!] })).conflicts).toMatchObject([
      { kind: 'guest', userId: ids.can, occurrenceId: occurrence!.id },
    ]);
  });

  it('leaves out archived events', async () => {
    const eventId = await session({ repeat: single(at(24, '10:00')) });
    const [occurrence] = await occurrencesOf(ctx, admin, eventId);
    // A completed session is history: deleting the event archives it and keeps that session.
    await ctx.database.db
      .update(eventOccurrences)
      .set({ status: 'completed' })
      .where(eq(eventOccurrences.id, occurrence!.id));
    expect((await previewAt(at(24, '10:00'), '11:00', { organiserId: ids.ayse })).conflictCount).toBe(1);
    const removed = await ctx.app.inject({ method: 'DELETE', url: `/api/events/${eventId}`, headers: admin });
    expect(removed.json()).toEqual({ archived: true });
    expect((await previewAt(at(24, '10:00'), '11:00', { organiserId: ids.ayse })).conflictCount).toBe(0);
  });

  it('is a warning: creating and editing a clashing event still succeed', async () => {
    const first = await session({ repeat: single(at(25, '10:00')) });
    const clash = { organiserId: ids.ayse, locationId: room1, guestIds: [ids.gul!], repeat: single(at(25, '10:00')) };
    expect((await preview({ ...clash, endTime: '11:00' })).conflictCount).toBe(3);
    const second = await session({ title: 'Clash', repeat: single(at(25, '10:00')) });
    expect(second).not.toBe(first);
    const edit = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/events/${second}`,
      headers: admin,
      payload: { repeat: single(at(25, '10:30')), endTime: '11:30' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await occurrencesOf(ctx, admin, second))[0]!.occurrenceDate).toBe(instant(at(25, '10:30')));
  });

  it('checks all 180 occurrences of a series, sorted by start, listing 100 and counting all', async () => {
    // Selin: every day from day 60 for 180 days; Ayşe's daily series overlaps its first 150 days
    // and a single session clashes with the 180th.
    const from = 60;
    const daily = (days: number, count: number) =>
      `DTSTART;TZID=${ZONE}:${at(days, '10:00').replace(/[-:]/g, '')}00\nRRULE:FREQ=DAILY;COUNT=${count}`;
    await session({ guestIds: [], locationId: room2, rrule: daily(from, 150) });
    const last = await session({
      title: 'Last day',
      guestIds: [],
      locationId: room2,
      repeat: single(at(from + 179, '10:30')),
    });
    const result = await preview({
      organiserId: ids.ayse,
      locationId: room1,
      guestIds: [],
      rrule: daily(from, 180),
      endTime: '11:00',
    });
    expect(result.totalCount).toBe(180);
    expect(result.conflictCount).toBe(151);
    expect(result.conflicts).toHaveLength(100);
    const starts = result.conflicts.map((c) => c.startsAt);
    expect(starts).toEqual([...starts].sort());
    expect(starts[0]).toBe(instant(at(from, '10:00')));
    // The last one (beyond the listed 100) is counted: drop the first 150 by asking from day 210.
    const tail = await preview({ organiserId: ids.ayse, rrule: daily(from + 150, 30), endTime: '11:00' });
    expect(tail.conflicts).toMatchObject([{ eventId: last, title: 'Last day' }]);
  });

  it('compares instants across a DST change: a weekly 10:00 in New York clashes at 10:00 after the change', async () => {
    // New York springs forward on 14 March 2027: 10:00 is 15:00 UTC before, 14:00 UTC after.
    await createEvent(ctx, admin, {
      title: 'After DST',
      locationId: room2,
      organiserId: ids.nora!,
      guestIds: [],
      repeat: single('2027-03-15T10:00'),
      endTime: '11:00',
    });
    await createEvent(ctx, admin, {
      title: 'Same UTC hour as before',
      locationId: room2,
      organiserId: ids.nora!,
      guestIds: [],
      repeat: single('2027-03-16T11:00'),
      endTime: '12:00',
    });
    const weekly = await preview({
      organiserId: ids.nora,
      rrule: 'DTSTART;TZID=America/New_York:20270301T100000\nRRULE:FREQ=DAILY;COUNT=20',
      endTime: '11:00',
    });
    expect(weekly.conflicts).toMatchObject([
      { title: 'After DST', startsAt: '2027-03-15T14:00:00.000Z', endsAt: '2027-03-15T15:00:00.000Z' },
    ]);
    expect(weekly.conflictCount).toBe(1);
  });
});

describe('POST /api/event-occurrences/:id/preview', () => {
  it('checks the new time and guests, never the occurrence itself, and saves anyway', async () => {
    const weekly = await session({
      title: 'Weekly',
      locationId: room2,
      guestIds: [ids.can!],
      rrule: `DTSTART;TZID=${ZONE}:${at(40, '14:00').replace(/[-:]/g, '')}00\nRRULE:FREQ=WEEKLY;COUNT=2`,
      endTime: '15:00',
    });
    const other = await session({
      title: 'Other',
      organiserId: ids.selin,
      guestIds: [ids.gul!],
      repeat: single(at(40, '16:00')),
      endTime: '17:00',
    });
    const [first, second] = await occurrencesOf(ctx, admin, weekly);
    const same = await occurrencePreview(first!.id, {});
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toEqual({ conflicts: [], conflictCount: 0 });
    // Moving the second week onto the first: its own event's other occurrence clashes.
    const ontoFirst = await occurrencePreview(second!.id, { occurrenceDate: at(40, '14:30') });
    // Same start: by kind (guest, location, organiser).
    expect(ontoFirst.json<ConflictList>().conflicts).toMatchObject([
      { kind: 'guest', occurrenceId: first!.id, userId: ids.can },
      { kind: 'location', occurrenceId: first!.id, locationId: room2 },
      { kind: 'organiser', occurrenceId: first!.id, userId: ids.ayse },
    ]);
    expect(ontoFirst.json<ConflictList>().conflictCount).toBe(3);
    // New guests at another time: Gül attends "Other" then.
    const moved = await occurrencePreview(first!.id, {
      occurrenceDate: instant(at(40, '16:30')),
      occurrenceGuestIds: [ids.gul],
    });
    const otherOccurrence = (await occurrencesOf(ctx, admin, other))[0]!;
    expect(moved.json<ConflictList>()).toEqual({
      conflictCount: 1,
      conflicts: [
        {
          kind: 'guest',
          occurrenceId: otherOccurrence.id,
          eventId: other,
          title: 'Other',
          startsAt: instant(at(40, '16:00')),
          endsAt: instant(at(40, '17:00')),
          userId: ids.gul,
          name: 'Gül Şahin',
        },
      ],
    });
    const saved = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/event-occurrences/${first!.id}`,
      headers: admin,
      payload: { occurrenceDate: instant(at(40, '16:30')), occurrenceGuestIds: [ids.gul] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('has PATCH’s rules: admins only, 404, 409 when completed, 400 for a bad guest or time', async () => {
    const eventId = await session({ repeat: single(at(41, '10:00')) });
    const [occurrence] = await occurrencesOf(ctx, admin, eventId);
    expect((await occurrencePreview(occurrence!.id, {}, editor)).statusCode).toBe(403);
    expect((await occurrencePreview(occurrence!.id, {}, guest)).statusCode).toBe(403);
    expect((await occurrencePreview(999_999, {})).statusCode).toBe(404);
    const badGuest = await occurrencePreview(occurrence!.id, { occurrenceGuestIds: [ids.ayse] });
    expect(badGuest.statusCode).toBe(400);
    const badTime = await occurrencePreview(occurrence!.id, { occurrenceDate: 'tomorrow' });
    expect(badTime.statusCode).toBe(400);
    const unknown = await occurrencePreview(occurrence!.id, { occurrenceStart: at(41, '10:00') });
    expect(unknown.statusCode).toBe(400);
    await ctx.database.db
      .update(eventOccurrences)
      .set({ status: 'completed' })
      .where(eq(eventOccurrences.id, occurrence!.id));
    const completed = await occurrencePreview(occurrence!.id, {});
    expect(completed.statusCode).toBe(409);
    expect(messageOf(completed)).toMatch(/completed/i);
  });
});

describe('GET /api/event-occurrences/conflicts', () => {
  const window = (fromDays: number, toDays: number) =>
    `from=${encodeURIComponent(instant(at(fromDays, '00:00')))}&to=${encodeURIComponent(instant(at(toDays, '00:00')))}`;

  it('lists the stored clashes in the window to admins, each pair once', async () => {
    const a = await session({ title: 'Morning', guestIds: [ids.gul!], repeat: single(at(50, '10:00')) });
    const b = await session({
      title: 'Overlap',
      organiserId: ids.selin,
      locationId: room2,
      guestIds: [ids.gul!, ids.can!],
      repeat: single(at(50, '10:30')),
      endTime: '11:30',
    });
    await session({
      title: 'Next door',
      organiserId: ids.selin,
      locationId: room2,
      guestIds: [],
      repeat: single(at(50, '11:30')),
      endTime: '12:00',
    });
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/event-occurrences/conflicts?${window(50, 51)}`,
      headers: admin,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<OccurrenceClashList>();
    expect(body.conflictCount).toBe(1);
    expect(body.conflicts).toMatchObject([
      {
        kind: 'guest',
        eventId: b,
        title: 'Overlap',
        userId: ids.gul,
        name: 'Gül Şahin',
        startsAt: instant(at(50, '10:30')),
        with: { eventId: a, title: 'Morning', startsAt: instant(at(50, '10:00')), endsAt: instant(at(50, '11:00')) },
      },
    ]);
    const outside = await ctx.app.inject({
      method: 'GET',
      url: `/api/event-occurrences/conflicts?${window(51, 52)}`,
      headers: admin,
    });
    expect(outside.json<OccurrenceClashList>().conflictCount).toBe(0);
  });

  it('answers 304 to a client that has the window, and the new clash once a session is added', async () => {
    const url = `/api/event-occurrences/conflicts?${window(700, 701)}`;
    const get = (etag?: string) =>
      ctx.app.inject({ method: 'GET', url, headers: { ...admin, ...(etag ? { 'if-none-match': etag } : {}) } });
    await session({ title: 'Alone', guestIds: [ids.can!], repeat: single(at(700, '10:00')) });
    const first = await get();
    expect(first.json<OccurrenceClashList>().conflictCount).toBe(0);
    const etag = String(first.headers.etag);
    expect((await get(etag)).statusCode).toBe(304);
    await session({
      title: 'Same guest',
      organiserId: ids.selin,
      locationId: room2,
      guestIds: [ids.can!],
      repeat: single(at(700, '10:30')),
    });
    const after = await get(etag);
    expect(after.statusCode).toBe(200);
    expect(after.json<OccurrenceClashList>().conflicts).toMatchObject([{ kind: 'guest', title: 'Same guest' }]);
  });

  it('pairs sessions whatever their length: a day long, starting the next UTC day, and over two days', async () => {
    // A lasts exactly a day, the longest session of at most a day here, so pairs are looked for
    // between starts on the same UTC day or the next: B1 starts the same day as A, B2 the next;
    // L and C last two days.
    const room3 = (await insertRow(ctx.database, locations, { name: 'Room 3' })).id;
    const utc = (days: number, time: string) =>
      DateTime.fromISO(at(days, '00:00'), { zone: ZONE }).toISODate()! + `T${time}:00Z`;
    const make = (title: string, start: string, end: string) =>
      session({
        title,
        organiserId: ids.selin,
        locationId: room3,
        guestIds: [],
        repeat: single(DateTime.fromISO(start).setZone(ZONE).toFormat("yyyy-MM-dd'T'HH:mm")),
        endTime: undefined,
        endDate: end,
      });
    await make('L', utc(80, '06:00'), utc(82, '06:00'));
    await make('A', utc(80, '12:00'), utc(81, '12:00'));
    await make('B1', utc(80, '13:00'), utc(80, '14:00'));
    await make('B2', utc(81, '01:00'), utc(81, '02:00'));
    await make('C', utc(81, '05:00'), utc(83, '05:00'));
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/event-occurrences/conflicts?${window(80, 82)}`,
      headers: admin,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<OccurrenceClashList>();
    const pairs = (kind: string) =>
      body.conflicts.filter((c) => c.kind === kind).map((c) => `${c.title} with ${c.with.title}`);
    const expected = ['A with L', 'B1 with L', 'B1 with A', 'B2 with L', 'B2 with A', 'C with L', 'C with A'];
    expect(pairs('organiser')).toEqual(expected);
    expect(pairs('location')).toEqual(expected);
    expect(body.conflictCount).toBe(14);
  });

  it('is for admins only and checks its window', async () => {
    const url = `/api/event-occurrences/conflicts?${window(50, 51)}`;
    expect((await ctx.app.inject({ method: 'GET', url, headers: editor })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url, headers: guest })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const wide = await ctx.app.inject({
      method: 'GET',
      url: `/api/event-occurrences/conflicts?${window(0, 40)}`,
      headers: admin,
    });
    expect(wide.statusCode).toBe(400);
    const backwards = await ctx.app.inject({
      method: 'GET',
      url: `/api/event-occurrences/conflicts?${window(3, 1)}`,
      headers: admin,
    });
    expect(backwards.statusCode).toBe(400);
  });
});
