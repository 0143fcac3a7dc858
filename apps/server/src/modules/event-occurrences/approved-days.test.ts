import type { EventOccurrence, MakeupOccurrence } from '@ritim/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { messageLogs } from '../../platform/db/schema.js';
import {
  createEvent,
  createLocation,
  createSession,
  createUsers,
  type Headers,
  headersOf,
  occurrenceIdsOf,
  type OccurrenceInput,
  waitFor,
} from '../../test/seed.js';
import { useTestApp } from '../../test/use-test-app.js';

/**
 * Sessions made or moved onto a day already approved (docs/domain.md#statuses): a make-up, a move
 * (a wall-clock time, or an instant as the calendar's drag sends), a split's new sessions, a new
 * event's; each comes out approved, and the day's reminders reach its guests (sent through a real
 * in-process SMTP server). The day is the one approved, in the zone it was approved in. The clock
 * is fixed: Monday 1 June 2026, 08:00 in London (07:00Z).
 */
const NOW = new Date('2026-06-01T07:00:00Z');
const LONDON = 'Europe/London';
const ISTANBUL = 'Europe/Istanbul';

const ctx = useTestApp({ mail: true, now: () => NOW });

let ids: Record<'admin' | 'emre' | 'ayla' | 'burak', number>;
let admin: Headers;
let room: number;

const post = async (url: string, payload: object) => {
  const response = await ctx.app.inject({ method: 'POST', url, headers: admin, payload });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response;
};
const approve = (listDate: string, timezone = LONDON) =>
  post('/api/event-occurrences/approveSchedule', { listDate, timezone });
const unapprove = (listDate: string, timezone = LONDON) =>
  post('/api/event-occurrences/unapproveSchedule', { listDate, timezone });
const sendReminders = (listDate: string) =>
  post('/api/event-occurrences/sendReminders', { listDate, timezone: LONDON });
const read = async (id: number) => {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/event-occurrences/${id}`, headers: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<EventOccurrence>();
};
const statusOf = async (id: number) => (await read(id)).status;
const move = async (id: number, occurrenceDate: string) => {
  const response = await ctx.app.inject({
    method: 'PATCH',
    url: `/api/event-occurrences/${id}`,
    headers: admin,
    payload: { occurrenceDate },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<EventOccurrence>().status;
};
const session = (input: Partial<OccurrenceInput> = {}) =>
  createSession(ctx, admin, {
    start: '2026-06-02T10:00',
    zone: LONDON,
    organiserId: ids.emre,
    locationId: room,
    guestIds: [ids.ayla],
    ...input,
  });
const remindersOf = (occurrenceId: number) =>
  ctx.database.db
    .select()
    .from(messageLogs)
    .where(and(eq(messageLogs.occurrenceId, occurrenceId), eq(messageLogs.type, 'reminder')));
/** The day's reminders are sent; one about `title` reaches `email` (the mail itself, in their language). */
const reminded = async (listDate: string, occurrenceId: number, email: string, title: string) => {
  await sendReminders(listDate);
  await waitFor(async () => (await remindersOf(occurrenceId)).some((log) => log.status === 'sent'), {
    what: `the reminder of session ${occurrenceId} sent`,
  });
  const mail = ctx.mails.find((sent) => sent.to.includes(email) && sent.text.includes(title));
  expect(mail, `a reminder of ${title} to ${email}`).toBeDefined();
  return mail!;
};

beforeAll(async () => {
  ids = await createUsers(ctx.database, [
    { username: 'admin', role: 'admin', name: 'Ada', surname: 'Admin', timezone: LONDON },
    { username: 'emre', role: 'editor', name: 'Emre', timezone: LONDON },
    { username: 'ayla', role: 'guest', name: 'Ayla', timezone: LONDON, email: 'ayla@example.com' },
    { username: 'burak', role: 'guest', name: 'Burak', timezone: ISTANBUL, email: 'burak@example.com', language: 'tr' },
  ]);
  admin = await headersOf(ctx.app, 'admin');
  room = await createLocation(ctx, admin, 'Room');
}, 60_000);

describe('a make-up booked on an approved day', () => {
  it('is approved, and the day’s reminders reach its guest; on a day not approved it stays scheduled', async () => {
    const missed = await session({ start: '2026-06-02T10:00', title: 'Piano' });
    const mark = await ctx.app.inject({
      method: 'PUT',
      url: `/api/event-occurrences/${missed}/attendance`,
      headers: admin,
      payload: { entries: [{ guestId: ids.ayla, status: 'excused' }] },
    });
    expect(mark.statusCode, mark.body).toBe(200);
    await approve('2026-06-03');
    const book = async (startsAt: string) => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/event-occurrences/${missed}/makeup`,
        headers: admin,
        payload: { guestId: ids.ayla, startsAt },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<MakeupOccurrence>().id;
    };

    const makeup = await book('2026-06-03T13:00:00.000Z');
    expect(await statusOf(makeup)).toBe('approved');
    const mail = await reminded('2026-06-03', makeup, 'ayla@example.com', 'Piano');
    expect(mail.text).toContain('When: Wednesday 03/06/2026 14:00–15:00 (Europe/London)');

    // Cancelled, its guest may have another: on the 4th, which nobody approved.
    await post(`/api/event-occurrences/${makeup}/cancel`, { reason: 'Ayla is away' });
    const another = await book('2026-06-04T13:00:00.000Z');
    expect(await statusOf(another)).toBe('scheduled');
  });
});

describe('a session moved onto an approved day', () => {
  it('takes the day’s schedule: approved there (a wall-clock time or the calendar’s instant), scheduled off it', async () => {
    const id = await session({ start: '2026-06-08T10:00', title: 'Violin', guestIds: [ids.burak] });
    await approve('2026-06-09');
    expect(await statusOf(id)).toBe('scheduled');

    expect(await move(id, '2026-06-09T15:00')).toBe('approved');
    const mail = await reminded('2026-06-09', id, 'burak@example.com', 'Violin');
    // Burak reads Turkish, the time in Istanbul.
    expect(mail.text).toContain('Ne zaman: 9 Haziran 2026 Salı 17:00–18:00 (Europe/Istanbul)');

    // Dragged to the 10th, not approved: scheduled again; dragged back, approved.
    expect(await move(id, '2026-06-10T09:00:00.000Z')).toBe('scheduled');
    expect(await move(id, '2026-06-09T08:30:00.000Z')).toBe('approved');
  });

  it('cancelled, comes back with the status of the day it was moved to', async () => {
    const id = await session({ start: '2026-06-11T10:00' });
    await post(`/api/event-occurrences/${id}/cancel`, { reason: 'Room flooded' });
    await approve('2026-06-12');
    expect(await move(id, '2026-06-12T10:00')).toBe('cancelled');
    const restored = await ctx.app.inject({
      method: 'POST',
      url: `/api/event-occurrences/${id}/restore`,
      headers: admin,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json<EventOccurrence>().status).toBe('approved');
  });
});

describe('sessions made by a split on approved days', () => {
  it('"this and following" on another weekday: the new session on the approved day is approved and reminded', async () => {
    const eventId = await createEvent(ctx, admin, {
      title: 'Cello',
      locationId: room,
      organiserId: ids.emre,
      guestIds: [ids.ayla],
      rrule: 'DTSTART;TZID=Europe/London:20260615T100000\nRRULE:FREQ=WEEKLY;COUNT=4',
    });
    const [, second] = await occurrenceIdsOf(ctx.database, eventId);
    await approve('2026-06-23');
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/events/${eventId}`,
      headers: admin,
      payload: {
        fromOccurrenceId: second,
        rrule: 'DTSTART;TZID=Europe/London:20260623T100000\nRRULE:FREQ=WEEKLY;COUNT=3',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const later = await occurrenceIdsOf(ctx.database, response.json<{ id: number }>().id);
    const sessions = await Promise.all(later.map(read));
    expect(sessions.map((row) => [row.occurrenceDate, row.status])).toEqual([
      ['2026-06-23T09:00:00.000Z', 'approved'],
      ['2026-06-30T09:00:00.000Z', 'scheduled'],
      ['2026-07-07T09:00:00.000Z', 'scheduled'],
    ]);
    await reminded('2026-06-23', later[0]!, 'ayla@example.com', 'Cello');
  });

  it('a new event’s session on an approved day is approved too, and one a closure cancels comes back approved', async () => {
    await approve('2026-06-25');
    expect(await statusOf(await session({ start: '2026-06-25T10:00' }))).toBe('approved');

    const closure = await post('/api/closures', {
      title: 'Boiler repair',
      from: '2026-06-25',
      to: '2026-06-25',
      timezone: LONDON,
      scope: { kind: 'all' },
    });
    const closed = await session({ start: '2026-06-25T15:00' });
    expect(await statusOf(closed)).toBe('cancelled');
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/closures/${closure.json<{ closure: { id: number } }>().closure.id}`,
      headers: admin,
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await statusOf(closed)).toBe('approved');
  });
});

describe('the approved day', () => {
  it('is the day in the zone it was approved in, and Unapprove in another zone takes out only its own hours', async () => {
    const id = await session({ start: '2026-06-16T09:00' });
    // Istanbul's 17 June: 16 June 22:00 to 17 June 22:00 in London.
    await approve('2026-06-17', ISTANBUL);
    expect(await move(id, '2026-06-17T22:30')).toBe('scheduled');
    expect(await move(id, '2026-06-17T21:30')).toBe('approved');
    expect(await move(id, '2026-06-16T22:30')).toBe('approved');

    // London's 17 June is no longer approved; Istanbul's 17th before it (22:00–24:00 London on the 16th) still is.
    await unapprove('2026-06-17', LONDON);
    expect(await statusOf(id)).toBe('approved');
    expect(await move(id, '2026-06-17T10:00')).toBe('scheduled');
    expect(await move(id, '2026-06-16T23:30')).toBe('approved');
    expect(await move(id, '2026-06-16T21:30')).toBe('scheduled');
  });
});
