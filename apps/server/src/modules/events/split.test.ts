import type { Event } from '@ritim/shared';
import { asc, eq, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventOccurrences, events, formSubmissions, locations, messageLogs } from '../../platform/db/schema.js';
import { messageOf as message } from '../../test/harness.js';
import { createUsers, headersOf, insertRow, occurrencesOf } from '../../test/seed.js';
import { useTestApp } from '../../test/use-test-app.js';
import { extendHorizons } from './horizon.js';

/**
 * "This and following": PATCH /api/events/:id with fromOccurrenceId. Dates are counted from today
 * so the series lie ahead of now, where regeneration works.
 */

const ctx = useTestApp();
let admin: Record<string, string>;
let london: number;
let newYork: number;
let guestA: number;
let guestB: number;
let hall: number;

beforeAll(async () => {
  const people = await createUsers(ctx.database, [
    { username: 'admin', role: 'admin' },
    { username: 'london', role: 'editor', timezone: 'Europe/London' },
    { username: 'new-york', role: 'editor', timezone: 'America/New_York' },
    { username: 'guest-a', role: 'guest' },
    { username: 'guest-b', role: 'guest' },
  ]);
  london = people.london;
  guestA = people['guest-a'];
  newYork = people['new-york'];
  guestB = people['guest-b'];
  hall = (await insertRow(ctx.database, locations, { name: 'Main Hall' })).id;
  admin = await headersOf(ctx.app, 'admin');
});

/** A wall-clock start `days` from today in `zone`, at `time`. */
const localStart = (zone: string, days: number, time = '10:00') =>
  `${DateTime.now().setZone(zone).plus({ days }).toISODate()}T${time}`;

const weekly = (start: string, end: Record<string, unknown>) => ({
  doesNotRepeat: false,
  start,
  frequency: 'week',
  interval: 1,
  weekdays: [],
  end,
});

async function createEvent(extra: Record<string, unknown>): Promise<Event> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/events',
    headers: admin,
    payload: { title: 'Piano', locationId: hall, organiserId: london, guestIds: [guestA], endTime: '11:00', ...extra },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Event>();
}

const patch = (id: number, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/events/${id}`, headers: admin, payload });

const getEvent = async (id: number) =>
  (await ctx.app.inject({ method: 'GET', url: `/api/events/${id}`, headers: admin })).json<Event>();

/** An event's stored occurrences by start: what a split must keep or move. */
async function rowsOf(eventId: number) {
  return ctx.database.db
    .select({
      id: eventOccurrences.id,
      startsAt: eventOccurrences.startsAt,
      endsAt: eventOccurrences.endsAt,
      status: eventOccurrences.status,
    })
    .from(eventOccurrences)
    .where(eq(eventOccurrences.eventId, eventId))
    .orderBy(asc(eventOccurrences.startsAt));
}

/** Every event and occurrence as stored: "nothing changed" compares two of these. */
async function snapshot() {
  const db = ctx.database.db;
  return {
    events: await db
      .select({ id: events.id, title: events.title, rrule: events.rrule, until: events.generatedUntil })
      .from(events)
      .orderBy(asc(events.id)),
    occurrences: await db
      .select({ id: eventOccurrences.id, eventId: eventOccurrences.eventId, startsAt: eventOccurrences.startsAt })
      .from(eventOccurrences)
      .orderBy(asc(eventOccurrences.id)),
  };
}

const wallClock = (instant: Date | string, zone: string) =>
  DateTime.fromJSDate(new Date(instant), { zone }).toFormat('ccc yyyy-MM-dd HH:mm');

async function submitFor(occurrenceId: number) {
  await insertRow(ctx.database, formSubmissions, {
    formId: 1,
    occurrenceId,
    guestId: guestA,
    formVersion: 1,
    data: { Aciklama: 'Scales' },
  });
}

async function messageAbout(occurrenceId: number) {
  await insertRow(ctx.database, messageLogs, {
    type: 'reminder',
    idempotencyKey: `reminder:${occurrenceId}:user:${guestA}`,
    occurrenceId,
    recipientUserId: guestA,
    recipientName: 'guest-a',
    subject: 'Reminder',
    body: 'Piano tomorrow',
  });
}

describe('PATCH /api/events/:id with fromOccurrenceId', () => {
  it('keeps the earlier occurrences (ids, times, answers, messages) and moves the later ones to a new event with the changes', async () => {
    const event = await createEvent({ repeat: weekly(localStart('Europe/London', 3), { type: 'after', count: 8 }) });
    const before = await rowsOf(event.id);
    expect(before).toHaveLength(8);
    await submitFor(before[0]!.id);
    await messageAbout(before[1]!.id);

    const response = await patch(event.id, { fromOccurrenceId: before[3]!.id, title: 'Piano II', guestIds: [guestB] });
    expect(response.statusCode, response.body).toBe(200);
    const later = response.json<Event>();
    expect(later.id).not.toBe(event.id);
    expect(later).toMatchObject({ title: 'Piano II', guestIds: [guestB], timezone: 'Europe/London' });
    // The original rule continued: DTSTART at the split, COUNT less the three kept.
    const splitLocal = DateTime.fromJSDate(before[3]!.startsAt, { zone: 'Europe/London' }).toFormat(
      "yyyyMMdd'T'HHmmss",
    );
    expect(later.rrule).toContain(`DTSTART;TZID=Europe/London:${splitLocal}`);
    expect(later.rrule).toContain('COUNT=5');
    expect(later.repeat).toMatchObject({ end: { type: 'after', count: 5 } });

    // The same rows, unchanged, on each side of the split.
    expect(await rowsOf(event.id)).toEqual(before.slice(0, 3));
    expect(await rowsOf(later.id)).toEqual(before.slice(3));
    const kept = await occurrencesOf(ctx, admin, event.id);
    expect(kept[0]!.formSubmissions).toHaveLength(1);
    expect(kept.map((o) => o.event.title)).toEqual(['Piano', 'Piano', 'Piano']);
    expect(kept[0]!.guests.map((g) => g.id)).toEqual([guestA]);
    const moved = await occurrencesOf(ctx, admin, later.id);
    expect(moved.map((o) => o.event.title)).toEqual(Array(5).fill('Piano II'));
    expect(moved[0]!.guests.map((g) => g.id)).toEqual([guestB]);
    const logged = await ctx.database.db.select().from(messageLogs).where(eq(messageLogs.occurrenceId, before[1]!.id));
    expect(logged).toHaveLength(1);

    // The original now ends at its last kept slot: nothing regenerates the rest.
    const original = await getEvent(event.id);
    expect(original.title).toBe('Piano');
    expect(original.rrule).not.toContain('COUNT');
    expect(original.rrule).toContain(
      `UNTIL=${DateTime.fromJSDate(before[2]!.startsAt, { zone: 'UTC' }).toFormat("yyyyMMdd'T'HHmmss'Z'")}`,
    );
    await extendHorizons(ctx.database.db, DateTime.now().plus({ days: 60 }).toJSDate());
    const resave = await patch(event.id, { endTime: '11:30' });
    expect(resave.statusCode, resave.body).toBe(200);
    // (Re-timing regenerates the untouched third; the later slots stay with the new event.)
    expect((await rowsOf(event.id)).map((o) => o.startsAt)).toEqual(before.slice(0, 3).map((o) => o.startsAt));
    expect((await rowsOf(later.id)).map((o) => o.id)).toEqual(before.slice(3).map((o) => o.id));
  });

  it('uses a sent rule for the later part: DTSTART at the split with COUNT for the rest, at a new time', async () => {
    const event = await createEvent({ repeat: weekly(localStart('Europe/London', 2), { type: 'after', count: 6 }) });
    const before = await rowsOf(event.id);
    const day = DateTime.fromJSDate(before[2]!.startsAt, { zone: 'Europe/London' });
    const weekday = day.toFormat('ccc').slice(0, 2).toUpperCase();
    const rrule = `DTSTART;TZID=Europe/London:${day.toFormat('yyyyMMdd')}T140000\nRRULE:FREQ=WEEKLY;BYDAY=${weekday};COUNT=3`;
    const response = await patch(event.id, { fromOccurrenceId: before[2]!.id, rrule, endTime: '15:00' });
    expect(response.statusCode, response.body).toBe(200);
    const later = response.json<Event>();
    expect(later.rrule).toContain('COUNT=3');

    expect(await rowsOf(event.id)).toEqual(before.slice(0, 2));
    const moved = await rowsOf(later.id);
    expect(moved.map((o) => wallClock(o.startsAt, 'Europe/London'))).toEqual(
      before.slice(2, 5).map((o) => wallClock(o.startsAt, 'Europe/London').replace('10:00', '14:00')),
    );
    expect(moved.every((o) => o.endsAt.getTime() - o.startsAt.getTime() === 3_600_000)).toBe(true);
    // The 10:00 slots the old rule made after the split are gone, not left in either event.
    const all = await ctx.database.db
      .select({ n: sql<number>`cast(count(*) as integer)` })
      .from(eventOccurrences)
      .where(sql`${eventOccurrences.eventId} in (${event.id}, ${later.id})`);
    expect(all[0]!.n).toBe(5);
  });

  it('takes the form’s repeat choices for the later part, and keeps an unchanged slot’s row when only the end moves', async () => {
    const event = await createEvent({ repeat: weekly(localStart('Europe/London', 1), { type: 'after', count: 5 }) });
    const before = await rowsOf(event.id);
    const start = DateTime.fromJSDate(before[1]!.startsAt, { zone: 'Europe/London' }).toFormat("yyyy-MM-dd'T'HH:mm");
    const response = await patch(event.id, {
      fromOccurrenceId: before[1]!.id,
      repeat: weekly(start, { type: 'after', count: 4 }),
      endTime: '12:00',
    });
    expect(response.statusCode, response.body).toBe(200);
    const later = response.json<Event>();
    const moved = await rowsOf(later.id);
    expect(moved.map((o) => o.id)).toEqual(before.slice(1).map((o) => o.id));
    expect(moved.every((o) => o.endsAt.getTime() - o.startsAt.getTime() === 2 * 3_600_000)).toBe(true);
  });

  it('continues an UNTIL rule with its UNTIL, and carries the EXDATEs after the split over', async () => {
    const endOn = DateTime.now().setZone('Europe/London').plus({ days: 50 }).toISODate()!;
    const event = await createEvent({ repeat: weekly(localStart('Europe/London', 2), { type: 'on', date: endOn }) });
    const before = await rowsOf(event.id);
    expect(before.length).toBeGreaterThanOrEqual(7);
    // Occurrence 6 is deleted (an EXDATE); the split comes before it.
    const gone = before[5]!;
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/event-occurrences/${gone.id}`, headers: admin })).statusCode,
    ).toBe(204);
    const original = await getEvent(event.id);
    const until = /UNTIL=(\w+)/.exec(original.rrule)![1];

    const response = await patch(event.id, { fromOccurrenceId: before[3]!.id, endTime: '10:45' });
    expect(response.statusCode, response.body).toBe(200);
    const later = response.json<Event>();
    expect(later.rrule).toContain(`UNTIL=${until}`);
    expect(later.rrule).toContain('EXDATE');
    expect(later.repeat).toMatchObject({ end: { type: 'on', date: endOn } });
    const moved = await rowsOf(later.id);
    expect(moved.map((o) => o.id)).toEqual(
      before
        .slice(3)
        .filter((o) => o.id !== gone.id)
        .map((o) => o.id),
    );
    expect(moved.every((o) => o.endsAt.getTime() - o.startsAt.getTime() === 45 * 60_000)).toBe(true);
    expect(await rowsOf(event.id)).toEqual(before.slice(0, 3));
    expect((await getEvent(event.id)).rrule).not.toContain('EXDATE');
  });

  it('ends a never-ending series before the split; the horizon job then extends only the new event', async () => {
    const event = await createEvent({ repeat: weekly(localStart('Europe/London', 1), { type: 'never' }) });
    const before = await rowsOf(event.id);
    const response = await patch(event.id, { fromOccurrenceId: before[4]!.id, title: 'Piano (new term)' });
    expect(response.statusCode, response.body).toBe(200);
    const later = response.json<Event>();
    expect(later.repeat).toMatchObject({ end: { type: 'never' } });
    const [original] = await ctx.database.db.select().from(events).where(eq(events.id, event.id));
    expect(original!.generatedUntil).toBeNull();
    expect(original!.rrule).toMatch(/UNTIL=\d{8}T\d{6}Z/);
    expect(await rowsOf(later.id)).toEqual(before.slice(4));

    await extendHorizons(ctx.database.db, DateTime.now().plus({ days: 45 }).toJSDate());
    expect(await rowsOf(event.id)).toEqual(before.slice(0, 4));
    const extended = await rowsOf(later.id);
    expect(extended.length).toBeGreaterThan(before.length - 4);
    expect(extended.slice(0, before.length - 4)).toEqual(before.slice(4));
  });

  it.each([
    ['a form submission', submitFor],
    ['a logged message', messageAbout],
    [
      'completed',
      async (id: number) => {
        await ctx.database.db.update(eventOccurrences).set({ status: 'completed' }).where(eq(eventOccurrences.id, id));
      },
    ],
  ])('answers 409 naming a later occurrence with history (%s) and changes nothing', async (_, giveHistory) => {
    const event = await createEvent({ repeat: weekly(localStart('Europe/London', 4), { type: 'after', count: 6 }) });
    const before = await rowsOf(event.id);
    await giveHistory(before[4]!.id);
    const state = await snapshot();
    const response = await patch(event.id, { fromOccurrenceId: before[2]!.id, title: 'Changed' });
    expect(response.statusCode).toBe(409);
    expect(message(response)).toBe(
      `The occurrence of ${wallClock(before[4]!.startsAt, 'Europe/London')} (Europe/London) after the split has history (completed, form submissions or messages); edit the series from a later occurrence`,
    );
    expect(await snapshot()).toEqual(state);
  });

  it('refuses an occurrence of another event, or none, with 400 and changes nothing', async () => {
    const event = await createEvent({ repeat: weekly(localStart('Europe/London', 5), { type: 'after', count: 3 }) });
    const other = await createEvent({ repeat: weekly(localStart('Europe/London', 6), { type: 'after', count: 3 }) });
    const [, otherSecond] = await rowsOf(other.id);
    const state = await snapshot();
    const response = await patch(event.id, { fromOccurrenceId: otherSecond!.id, title: 'Changed' });
    expect(response.statusCode).toBe(400);
    expect(message(response)).toBe(`Event occurrence ${otherSecond!.id} is not an occurrence of this event`);
    const missing = await patch(event.id, { fromOccurrenceId: 2_000_000_000, title: 'Changed' });
    expect(missing.statusCode).toBe(400);
    expect(await snapshot()).toEqual(state);
    expect((await patch(2_000_000_000, { fromOccurrenceId: otherSecond!.id })).statusCode).toBe(404);
  });

  it('refuses a new rule that starts before the split’s day with 400', async () => {
    const event = await createEvent({ repeat: weekly(localStart('Europe/London', 2), { type: 'after', count: 4 }) });
    const before = await rowsOf(event.id);
    const state = await snapshot();
    const response = await patch(event.id, {
      fromOccurrenceId: before[2]!.id,
      repeat: weekly(localStart('Europe/London', 2), { type: 'after', count: 2 }),
    });
    expect(response.statusCode).toBe(400);
    expect(message(response)).toBe(
      'The new rule cannot start before the day of the occurrence the change applies from',
    );
    expect(await snapshot()).toEqual(state);
  });

  it('edits the whole series when the occurrence is the first: the same event answers, nothing is lost', async () => {
    const event = await createEvent({ repeat: weekly(localStart('Europe/London', 3), { type: 'after', count: 4 }) });
    const before = await rowsOf(event.id);
    await submitFor(before[0]!.id);
    const eventCount = (await snapshot()).events.length;
    const blocked = await patch(event.id, { fromOccurrenceId: before[0]!.id, title: 'Renamed' });
    expect(blocked.statusCode).toBe(409);
    await ctx.database.db.delete(formSubmissions).where(eq(formSubmissions.occurrenceId, before[0]!.id));
    const response = await patch(event.id, { fromOccurrenceId: before[0]!.id, title: 'Renamed' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Event>()).toMatchObject({ id: event.id, title: 'Renamed' });
    expect(await rowsOf(event.id)).toEqual(before);
    expect((await snapshot()).events.length).toBe(eventCount);
  });

  it('rolls everything back when a step fails: both events stay as they were', async () => {
    const event = await createEvent({
      title: 'Doomed',
      repeat: weekly(localStart('Europe/London', 2), { type: 'after', count: 5 }),
    });
    const before = await rowsOf(event.id);
    const db = ctx.database.db;
    // The last step (ending the original's rule) fails, after the new event and the moves.
    await db.execute(sql`create function refuse_doomed() returns trigger language plpgsql as $$
      begin raise exception 'forced failure'; end $$`);
    await db.execute(sql`create trigger refuse_doomed before update on events
      for each row when (old.title = 'Doomed' and new.rrule like '%UNTIL%') execute function refuse_doomed()`);
    try {
      const state = await snapshot();
      const response = await patch(event.id, { fromOccurrenceId: before[2]!.id, title: 'Saved?' });
      expect(response.statusCode).toBe(500);
      expect(await snapshot()).toEqual(state);
      expect(await rowsOf(event.id)).toEqual(before);
    } finally {
      await db.execute(sql`drop trigger refuse_doomed on events`);
      await db.execute(sql`drop function refuse_doomed()`);
    }
  });

  it('keeps the wall-clock time across a DST change, continued or with a new time', async () => {
    // The first DST change in New York at least three weeks ahead.
    let day = DateTime.now().setZone('America/New_York').startOf('day').plus({ days: 21 });
    while (day.offset === day.plus({ days: 1 }).offset) day = day.plus({ days: 1 });
    const first = day.minus({ weeks: 3 });
    const event = await createEvent({
      organiserId: newYork,
      repeat: weekly(`${first.toISODate()}T09:30`, { type: 'after', count: 7 }),
      endTime: '10:30',
    });
    const before = await rowsOf(event.id);
    const times = (rows: { startsAt: Date }[]) => rows.map((o) => wallClock(o.startsAt, 'America/New_York').slice(-5));
    expect(times(before)).toEqual(Array(7).fill('09:30'));
    const offsets = new Set(before.map((o) => DateTime.fromJSDate(o.startsAt, { zone: 'America/New_York' }).offset));
    expect(offsets.size).toBe(2);

    // Split just before the change, rule continued.
    const continued = await patch(event.id, { fromOccurrenceId: before[2]!.id, title: 'Continued' });
    expect(continued.statusCode, continued.body).toBe(200);
    const middle = continued.json<Event>();
    expect(await rowsOf(middle.id)).toEqual(before.slice(2));

    // Split again after the change with a new time of day.
    const after = DateTime.fromJSDate(before[4]!.startsAt, { zone: 'America/New_York' });
    const moved = await patch(middle.id, {
      fromOccurrenceId: before[4]!.id,
      repeat: weekly(`${after.toISODate()}T08:15`, { type: 'after', count: 3 }),
      endTime: '09:15',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const last = moved.json<Event>();
    expect(times(await rowsOf(middle.id))).toEqual(['09:30', '09:30']);
    expect(times(await rowsOf(last.id))).toEqual(['08:15', '08:15', '08:15']);
    expect(times(await rowsOf(event.id))).toEqual(['09:30', '09:30']);
  });
});

describe('GET /api/events/:id/continuation', () => {
  it('gives the rule continued from the occurrence and the first later one with history', async () => {
    const event = await createEvent({ repeat: weekly(localStart('Europe/London', 2), { type: 'after', count: 6 }) });
    const before = await rowsOf(event.id);
    await messageAbout(before[5]!.id);
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/events/${event.id}/continuation?fromOccurrenceId=${before[2]!.id}`,
      headers: admin,
    });
    expect(response.statusCode, response.body).toBe(200);
    const start = DateTime.fromJSDate(before[2]!.startsAt, { zone: 'Europe/London' }).toFormat("yyyy-MM-dd'T'HH:mm");
    expect(response.json()).toMatchObject({
      fromOccurrenceId: before[2]!.id,
      occurrenceDate: before[2]!.startsAt.toISOString(),
      wholeSeries: false,
      repeat: { start, end: { type: 'after', count: 4 } },
      blockedBy: { id: before[5]!.id, occurrenceDate: before[5]!.startsAt.toISOString() },
    });
    const first = await ctx.app.inject({
      method: 'GET',
      url: `/api/events/${event.id}/continuation?fromOccurrenceId=${before[0]!.id}`,
      headers: admin,
    });
    expect(first.json()).toMatchObject({ wholeSeries: true, rrule: event.rrule });
  });
});
