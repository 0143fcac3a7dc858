import type { Conflict, EventPreview, MakeupSlots } from '@ritim/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { messageOf } from '../../test/harness.js';
import { createLocation, createPerson, createSession, type Person } from '../../test/seed.js';
import { useTestApp } from '../../test/use-test-app.js';

/**
 * Planning keeps to the organiser's time (docs/domain.md#cover): the event form's preview warns
 * of a session in the organiser's time off (`timeOff`) or outside their working hours
 * (`outsideHours`), and make-up slots keep to both. London's clocks go forward on Sunday 29 March
 * 2026: 09:00 there is 09:00Z before and 08:00Z after. The clock is fixed per test (`clock`).
 */
const LONDON = 'Europe/London';
let clock = new Date('2026-03-20T12:00:00Z');
const ctx = useTestApp({ now: () => clock });

let admin: Person;
let emre: Person;
let deniz: Person;
let ayla: Person;
let room: number;

/** Monday to Friday 09:00–12:00 in the user's zone. */
const MORNINGS = ['MO', 'TU', 'WE', 'TH', 'FR'].map((day) => ({ day, from: '09:00', to: '12:00' }));

const setHours = async (who: Person, weekly: unknown[]) => {
  const response = await ctx.app.inject({
    method: 'PUT',
    url: `/api/users/${who.id}/availability`,
    headers: admin.headers,
    payload: { weekly },
  });
  expect(response.statusCode, response.body).toBe(200);
};
const timeOff = async (who: Person, from: string, to: string) => {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/time-off',
    headers: admin.headers,
    payload: { userId: who.id, from, to },
  });
  expect(response.statusCode, response.body).toBe(201);
};
/** The preview of a London event of `who`'s: weekly from `start` (local `YYYYMMDDTHHmm`) `count` times, until `endTime`. */
const preview = async (who: Person, start: string, endTime: string, count = 1) => {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/events/preview',
    headers: admin.headers,
    payload: {
      organiserId: who.id,
      locationId: room,
      guestIds: [],
      rrule: `DTSTART;TZID=${LONDON}:${start}00\nRRULE:FREQ=WEEKLY;COUNT=${count}`,
      endTime,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<EventPreview>();
};
const warning = (kind: Conflict['kind'], who: Person, startsAt: string, hours = 1): Conflict => ({
  kind,
  startsAt,
  endsAt: new Date(Date.parse(startsAt) + hours * 3_600_000).toISOString(),
  userId: who.id,
  name: who.username === 'emre' ? 'Emre' : 'Deniz',
});

beforeAll(async () => {
  admin = await createPerson(ctx, { username: 'admin', role: 'admin', name: 'Ada', timezone: LONDON });
  emre = await createPerson(ctx, { username: 'emre', role: 'editor', name: 'Emre', timezone: LONDON });
  deniz = await createPerson(ctx, { username: 'deniz', role: 'editor', name: 'Deniz', timezone: LONDON });
  ayla = await createPerson(ctx, { username: 'ayla', role: 'guest', name: 'Ayla', timezone: LONDON });
  room = await createLocation(ctx, admin.headers, 'Room');
  await setHours(emre, MORNINGS);
  // Friday 27 to Monday 30 March, across the clock change; Deniz on Monday 30 only, no hours.
  await timeOff(emre, '2026-03-27', '2026-03-30');
  await timeOff(deniz, '2026-03-30', '2026-03-30');
}, 60_000);

describe('POST /api/events/preview: the organiser’s time off and working hours', () => {
  it('warns of the sessions in the organiser’s time off, by the local days across the clock change', async () => {
    // Mondays 09:00–10:00: 23 March (GMT), 30 March (BST, on time off), 6 April (BST).
    const mondays = await preview(emre, '20260323T0900', '10:00', 3);
    expect(mondays.occurrences).toEqual([
      '2026-03-23T09:00:00.000Z',
      '2026-03-30T08:00:00.000Z',
      '2026-04-06T08:00:00.000Z',
    ]);
    expect(mondays.conflicts).toEqual([warning('timeOff', emre, '2026-03-30T08:00:00.000Z')]);
    expect(mondays.conflictCount).toBe(1);
    // The time off ends at Tuesday's midnight in London (23:00Z): a session from then is not in it.
    const midnight = await preview(deniz, '20260331T0000', '01:00');
    expect(midnight.conflictCount).toBe(0);
    const late = await preview(deniz, '20260330T2300', '23:59');
    expect(late.conflicts).toEqual([
      { ...warning('timeOff', deniz, '2026-03-30T22:00:00.000Z'), endsAt: '2026-03-30T22:59:00.000Z' },
    ]);
  });

  it('warns of the sessions outside the organiser’s working hours, read on their wall clock', async () => {
    // 08:30–09:30 starts before 09:00 on each Monday, before and after the change; one on time off too.
    const early = await preview(emre, '20260323T0830', '09:30', 3);
    expect(early.conflicts).toEqual([
      warning('outsideHours', emre, '2026-03-23T08:30:00.000Z'),
      warning('timeOff', emre, '2026-03-30T07:30:00.000Z'),
      warning('outsideHours', emre, '2026-03-30T07:30:00.000Z'),
      warning('outsideHours', emre, '2026-04-06T07:30:00.000Z'),
    ]);
    expect(early.conflictCount).toBe(4);
    // Ending exactly at 12:00 is inside; a Saturday (no interval) is not.
    expect((await preview(emre, '20260401T1100', '12:00')).conflictCount).toBe(0);
    expect((await preview(emre, '20260404T1000', '11:00')).conflicts).toEqual([
      warning('outsideHours', emre, '2026-04-04T09:00:00.000Z'),
    ]);
    // No working hours: no limit.
    expect((await preview(deniz, '20260404T0600', '07:00')).conflictCount).toBe(0);
  });

  it('lists them with the double bookings, by start', async () => {
    await createSession(ctx, admin.headers, {
      start: '2026-04-08T10:00',
      zone: LONDON,
      organiserId: emre.id,
      locationId: room,
    });
    // 10:30–12:30 overlaps the 10:00–11:00 session (its organiser and room) and ends after 12:00.
    const both = await preview(emre, '20260408T1030', '12:30');
    expect(
      both.conflicts
        .map((conflict) => conflict.kind)
        .slice(0, 2)
        .sort(),
    ).toEqual(['location', 'organiser']);
    expect(both.conflicts[2]).toEqual(warning('outsideHours', emre, '2026-04-08T09:30:00.000Z', 2));
    expect(both.conflictCount).toBe(3);
  });
});

describe('Make-up slots keep to the organiser’s working hours and time off', () => {
  const slotsOf = async (id: number) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/event-occurrences/${id}/makeup-slots?guestId=${ayla.id}&days=12`,
      headers: admin.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<MakeupSlots>().slots.map((slot) => slot.startsAt);
  };
  const book = (id: number, startsAt: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/event-occurrences/${id}/makeup`,
      headers: admin.headers,
      payload: { guestId: ayla.id, startsAt },
    });

  it('proposes only times inside the hours, none on time off, and refuses to book either', async () => {
    clock = new Date('2026-03-26T12:00:00Z');
    const id = await createSession(ctx, admin.headers, {
      start: '2026-03-26T10:00',
      zone: LONDON,
      organiserId: emre.id,
      locationId: room,
      guestIds: [ayla.id],
    });
    const mark = await ctx.app.inject({
      method: 'PUT',
      url: `/api/event-occurrences/${id}/attendance`,
      headers: admin.headers,
      payload: { entries: [{ guestId: ayla.id, status: 'absent' }] },
    });
    expect(mark.statusCode, mark.body).toBe(200);
    // Thursday afternoon is past 12:00; Friday 27 to Monday 30 are time off; from Tuesday 31 (BST)
    // 09:00 local is 08:00Z, one a day (a second three hours later would end after 12:00).
    expect(await slotsOf(id)).toEqual([
      '2026-03-31T08:00:00.000Z',
      '2026-04-01T08:00:00.000Z',
      '2026-04-02T08:00:00.000Z',
      '2026-04-03T08:00:00.000Z',
      '2026-04-06T08:00:00.000Z',
    ]);
    const onTimeOff = await book(id, '2026-03-30T08:00:00.000Z');
    expect(onTimeOff.statusCode).toBe(409);
    expect(messageOf(onTimeOff)).toBe('The organiser is on time off then: choose another proposal');
    const afternoon = await book(id, '2026-03-31T12:00:00.000Z');
    expect(afternoon.statusCode).toBe(409);
    expect(messageOf(afternoon)).toBe('This time is outside the organiser’s working hours: choose another proposal');
    expect((await book(id, '2026-03-31T08:00:00.000Z')).statusCode).toBe(201);
  });
});
