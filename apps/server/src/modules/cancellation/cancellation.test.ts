import type { ConflictList, EventOccurrence, MessageLog, OccurrenceCalendar, OccurrenceClashList } from '@ritim/shared';
import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventOccurrences, events, messageLogs, users } from '../../platform/db/schema.js';
import { messageOf } from '../../test/harness.js';
import {
  createLocation,
  createSession,
  createUsers,
  type Headers,
  headersOf,
  type OccurrenceInput,
  waitFor,
} from '../../test/seed.js';
import { useTestApp } from '../../test/use-test-app.js';

/**
 * POST /api/event-occurrences/:id/cancel and /restore (docs/domain.md#cancellation): who may, what
 * is refused, what Restore puts back, and what a cancelled session is everywhere else: no reminder,
 * never to fill, never a clash, CANCELLED in the feed under its UID, and the guests' messages sent
 * through a real in-process SMTP server, logged and retried. The clock is fixed: Friday 10 April
 * 2026, 08:00 in London (07:00Z).
 */
const NOW = new Date('2026-04-10T07:00:00Z');
const ZONE = 'Europe/London';

const ctx = useTestApp({ mail: true, now: () => NOW });

let ids: Record<'admin' | 'emre' | 'ayla' | 'burak' | 'cem' | 'nomail', number>;
let admin: Headers;
let editor: Headers;
let guest: Headers;
let room: number;
let hall: number;

const post = (url: string, payload?: unknown, headers: Headers = admin) =>
  ctx.app.inject({ method: 'POST', url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const cancel = (id: number | string, payload: unknown = { reason: 'Teacher is ill' }, headers: Headers = admin) =>
  post(`/api/event-occurrences/${id}/cancel`, payload, headers);
const restore = (id: number | string, headers: Headers = admin) =>
  post(`/api/event-occurrences/${id}/restore`, undefined, headers);
const read = async (id: number) => {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/event-occurrences/${id}`, headers: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<EventOccurrence>();
};
const session = (input: Partial<OccurrenceInput> = {}) =>
  createSession(ctx, admin, {
    start: '2026-04-10T14:00',
    zone: ZONE,
    organiserId: ids.emre,
    locationId: room,
    guestIds: [ids.ayla],
    ...input,
  });
const setStatus = (id: number, status: 'scheduled' | 'approved' | 'completed') =>
  ctx.database.db.update(eventOccurrences).set({ status }).where(eq(eventOccurrences.id, id));
const logsOf = (occurrenceId: number, type: 'reminder' | 'cancellation') =>
  ctx.database.db
    .select()
    .from(messageLogs)
    .where(and(eq(messageLogs.occurrenceId, occurrenceId), eq(messageLogs.type, type)));

beforeAll(async () => {
  ids = await createUsers(ctx.database, [
    { username: 'admin', role: 'admin', name: 'Ada', surname: 'Admin', timezone: ZONE },
    { username: 'emre', role: 'editor', name: 'Emre', timezone: ZONE },
    { username: 'ayla', role: 'guest', name: 'Ayla', timezone: ZONE, email: 'ayla@example.com' },
    {
      username: 'burak',
      role: 'guest',
      name: 'Burak',
      timezone: 'Europe/Istanbul',
      email: 'burak@example.com',
      language: 'tr',
    },
    { username: 'cem', role: 'guest', name: 'Cem', timezone: ZONE, email: 'cem@example.com' },
    { username: 'nomail', role: 'guest', name: 'Nur', timezone: ZONE },
  ]);
  admin = await headersOf(ctx.app, 'admin');
  editor = await headersOf(ctx.app, 'emre');
  guest = await headersOf(ctx.app, 'ayla');
  room = await createLocation(ctx, admin, 'Room');
  hall = await createLocation(ctx, admin, 'Hall');
}, 60_000);

describe('POST /api/event-occurrences/:id/cancel', () => {
  it('cancels with the reason, answering the session as GET does, with who and when', async () => {
    const id = await session();
    const response = await cancel(id, { reason: '  Teacher is ill  ' });
    expect(response.statusCode, response.body).toBe(200);
    const cancelled = response.json<EventOccurrence>();
    expect(cancelled).toMatchObject({
      id,
      status: 'cancelled',
      cancellation: {
        reason: 'Teacher is ill',
        at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/) as string,
        by: { id: ids.admin, name: 'Ada Admin' },
      },
    });
    expect(await read(id)).toEqual(cancelled);
    // The lists and the calendar carry it too; without notify, nobody is messaged.
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/event-occurrences?date=2026-04-10&timezone=Europe/London',
      headers: guest,
    });
    const row = list.json<{ eventOccurrences: EventOccurrence[] }>().eventOccurrences.find((o) => o.id === id);
    expect(row?.cancellation?.reason).toBe('Teacher is ill');
    const calendar = await ctx.app.inject({
      method: 'GET',
      url: '/api/event-occurrences/calendar?from=2026-04-10T00:00:00Z&to=2026-04-11T00:00:00Z',
      headers: admin,
    });
    expect(calendar.statusCode, calendar.body).toBe(200);
    expect(calendar.json<OccurrenceCalendar>().sessions.find((s) => s.id === id)).toMatchObject({
      status: 'cancelled',
      cancellationReason: 'Teacher is ill',
    });
    expect(await logsOf(id, 'cancellation')).toEqual([]);
  });

  it('is for admins only: editors and guests 403, an unknown session 404, a bad id 400', async () => {
    const id = await session();
    expect((await cancel(id, undefined, editor)).statusCode).toBe(403);
    expect((await cancel(id, undefined, guest)).statusCode).toBe(403);
    expect((await restore(id, editor)).statusCode).toBe(403);
    expect((await restore(id, guest)).statusCode).toBe(403);
    const unknown = await cancel(999999);
    expect(unknown.statusCode).toBe(404);
    expect(messageOf(unknown)).toBe('Event occurrence not found');
    expect((await restore(999999)).statusCode).toBe(404);
    expect((await cancel('abc')).statusCode).toBe(400);
    expect((await restore('abc')).statusCode).toBe(400);
    expect((await read(id)).status).toBe('scheduled');
  });

  it.each([
    ['no reason', {}, 'A reason for the cancellation is required'],
    ['a blank reason', { reason: '   ' }, 'A reason for the cancellation is required'],
    ['a reason that is not text', { reason: 12 }, 'A reason for the cancellation is required'],
    ['a null reason', { reason: null }, 'A reason for the cancellation is required'],
    ['a reason over 500 characters', { reason: 'x'.repeat(501) }, 'The reason is at most 500 characters'],
    ['notify that is not a boolean', { reason: 'Ill', notify: 'yes' }, 'notify must be true or false'],
    ['an unknown field', { reason: 'Ill', why: 'x' }, 400],
    ['a NUL character', { reason: 'Ill\u0000' }, 400],
    ['a body that is an array', [1], 400],
  ])('refuses %s with 400', async (_, payload, expected) => {
    const id = await session();
    const response = await cancel(id, payload);
    expect(response.statusCode, response.body).toBe(400);
    if (typeof expected === 'string') expect(messageOf(response)).toBe(expected);
    expect((await read(id)).status).toBe('scheduled');
  });

  it('refuses a request without a body with 400', async () => {
    const id = await session();
    expect((await post(`/api/event-occurrences/${id}/cancel`)).statusCode).toBe(400);
    expect((await read(id)).status).toBe('scheduled');
  });

  it('takes a reason of exactly 500 characters', async () => {
    const id = await session();
    const response = await cancel(id, { reason: 'x'.repeat(500) });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses a session already cancelled, and a completed one, with 409', async () => {
    const id = await session();
    expect((await cancel(id)).statusCode).toBe(200);
    const again = await cancel(id, { reason: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(messageOf(again)).toBe('This session is already cancelled');
    expect((await read(id)).cancellation?.reason).toBe('Teacher is ill');

    const completed = await session();
    await setStatus(completed, 'completed');
    const refused = await cancel(completed);
    expect(refused.statusCode).toBe(409);
    expect(messageOf(refused)).toBe('A completed session cannot be cancelled or restored');
    expect((await restore(completed)).statusCode).toBe(409);
    expect((await read(completed)).status).toBe('completed');
  });
});

describe('POST /api/event-occurrences/:id/restore', () => {
  it('puts back the status it had before: approved or scheduled, without the cancellation', async () => {
    const approved = await session();
    await setStatus(approved, 'approved');
    const scheduled = await session();
    expect((await cancel(approved)).statusCode).toBe(200);
    expect((await cancel(scheduled)).statusCode).toBe(200);
    const back = await restore(approved);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json<EventOccurrence>()).toMatchObject({ id: approved, status: 'approved', cancellation: null });
    expect((await restore(scheduled)).json<EventOccurrence>()).toMatchObject({
      status: 'scheduled',
      cancellation: null,
    });
    expect(await read(approved)).toMatchObject({ status: 'approved', cancellation: null });
  });

  it('follows the day: cancelled on an approved day that is then unapproved, it comes back scheduled (and the reverse)', async () => {
    const schedule = (action: 'approveSchedule' | 'unapproveSchedule', listDate: string) =>
      post(`/api/event-occurrences/${action}`, { listDate, timezone: ZONE });
    const onApprovedDay = await session({ start: '2026-04-20T09:00' });
    expect((await schedule('approveSchedule', '2026-04-20')).statusCode).toBe(200);
    expect((await cancel(onApprovedDay)).statusCode).toBe(200);
    expect((await schedule('unapproveSchedule', '2026-04-20')).statusCode).toBe(200);
    expect((await restore(onApprovedDay)).json<EventOccurrence>().status).toBe('scheduled');

    const onScheduledDay = await session({ start: '2026-04-21T09:00' });
    expect((await cancel(onScheduledDay)).statusCode).toBe(200);
    const approved = await schedule('approveSchedule', '2026-04-21');
    expect(approved.statusCode, approved.body).toBe(200);
    // The cancelled session is not counted among those approved, and stays cancelled until restored.
    expect(approved.json()).toMatchObject({ message: '0 occurrences approved' });
    expect((await read(onScheduledDay)).status).toBe('cancelled');
    expect((await restore(onScheduledDay)).json<EventOccurrence>().status).toBe('approved');
  });

  it('refuses a session that is not cancelled with 409', async () => {
    const id = await session();
    const response = await restore(id);
    expect(response.statusCode).toBe(409);
    expect(messageOf(response)).toBe('This session is not cancelled, so there is nothing to restore');
    // Cancelled, restored, then restored again: nothing left to restore.
    await cancel(id);
    expect((await restore(id)).statusCode).toBe(200);
    expect((await restore(id)).statusCode).toBe(409);
  });
});

describe('a cancelled session', () => {
  it('gets no reminder: the day’s other approved sessions do', async () => {
    const kept = await session({ start: '2026-04-11T10:00', guestIds: [ids.cem] });
    const called = await session({ start: '2026-04-11T11:00', guestIds: [ids.cem] });
    const approve = await post('/api/event-occurrences/approveSchedule', { listDate: '2026-04-11', timezone: ZONE });
    expect(approve.statusCode, approve.body).toBe(200);
    expect((await cancel(called)).statusCode).toBe(200);
    // Approving again leaves it cancelled.
    await post('/api/event-occurrences/approveSchedule', { listDate: '2026-04-11', timezone: ZONE });
    expect((await read(called)).status).toBe('cancelled');
    const sent = await post('/api/event-occurrences/sendReminders', { listDate: '2026-04-11', timezone: ZONE });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await logsOf(kept, 'reminder')).toHaveLength(1);
    expect(await logsOf(called, 'reminder')).toEqual([]);
  });

  it('is never to fill, though its guest is unmarked', async () => {
    const started = await session({ start: '2026-04-09T10:00', title: 'Started and cancelled' });
    const open = await session({ start: '2026-04-09T11:00', title: 'Started' });
    const toFill = async () => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/event-occurrences/to-fill?days=7',
        headers: admin,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ eventOccurrences: EventOccurrence[] }>().eventOccurrences.map((o) => o.id);
    };
    expect(await toFill()).toEqual(expect.arrayContaining([started, open]));
    expect((await cancel(started)).statusCode).toBe(200);
    const ids = await toFill();
    expect(ids).toContain(open);
    expect(ids).not.toContain(started);
  });

  it('is never a clash: Home’s window and the double-booking warnings leave it out', async () => {
    const first = await session({ start: '2026-05-04T10:00', locationId: hall, guestIds: [] });
    const second = await session({ start: '2026-05-04T10:30', locationId: hall, guestIds: [] });
    const window = '/api/event-occurrences/conflicts?from=2026-05-04T00:00:00Z&to=2026-05-05T00:00:00Z';
    const clashes = async () => {
      const response = await ctx.app.inject({ method: 'GET', url: window, headers: admin });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<OccurrenceClashList>();
    };
    const preview = async () => {
      const response = await post(`/api/event-occurrences/${second}/preview`, {});
      expect(response.statusCode, response.body).toBe(200);
      return response.json<ConflictList>();
    };
    expect((await clashes()).conflictCount).toBeGreaterThan(0);
    expect((await preview()).conflicts.map((c) => c.occurrenceId)).toContain(first);
    expect((await cancel(first)).statusCode).toBe(200);
    expect(await clashes()).toEqual({ conflicts: [], conflictCount: 0 });
    expect(await preview()).toEqual({ conflicts: [], conflictCount: 0 });
    // Restored, it clashes again.
    expect((await restore(first)).statusCode).toBe(200);
    expect((await clashes()).conflictCount).toBeGreaterThan(0);
  });

  it('is STATUS:CANCELLED in the calendar feeds, under the same UID, titled so and with nothing to join', async () => {
    const id = await session({ start: '2026-04-12T10:00', guestIds: [ids.ayla], title: 'Piano' });
    await ctx.database.db
      .update(events)
      .set({ conferenceLink: 'https://meet.example.com/piano' })
      .where(eq(events.id, (await read(id)).eventId));
    const feed = await ctx.app.inject({ method: 'GET', url: `/api/users/${ids.ayla}/calendar-feed`, headers: guest });
    expect(feed.statusCode, feed.body).toBe(200);
    const path = new URL(feed.json<{ url: string }>().url).pathname;
    const entry = async () => {
      const response = await ctx.app.inject({ method: 'GET', url: path });
      expect(response.statusCode, response.body).toBe(200);
      const calendar = new ICAL.Component(ICAL.parse(response.body) as unknown[]);
      const found = calendar
        .getAllSubcomponents('vevent')
        .find((event) => event.getFirstPropertyValue('uid') === `occurrence-${id}@ritim`);
      return (['status', 'summary', 'url', 'description'] as const).map((name) => found?.getFirstPropertyValue(name));
    };
    const [status, summary, url, description] = await entry();
    expect([status, summary, url]).toEqual(['TENTATIVE', 'Piano', 'https://meet.example.com/piano']);
    expect(description).toContain('Join: https://meet.example.com/piano');
    expect((await cancel(id)).statusCode).toBe(200);
    // Cancelled: said in its title too, and nothing to join.
    const [cancelledStatus, cancelledSummary, cancelledUrl, cancelledDescription] = await entry();
    expect([cancelledStatus, cancelledSummary, cancelledUrl]).toEqual(['CANCELLED', 'Cancelled: Piano', null]);
    expect(cancelledDescription).not.toContain('meet.example.com');
    expect((await restore(id)).statusCode).toBe(200);
    expect((await entry())[0]).toBe('TENTATIVE');
  });

  it('stays cancelled when a report about it is sent', async () => {
    const id = await session({ start: '2026-04-09T15:00', guestIds: [ids.cem] });
    const submitted = await post('/api/forms/1/submit', {
      eventOccurrenceId: id,
      guestId: ids.cem,
      data: { first_name: 'C', last_name: 'E', attendance: 'attended', Aciklama: 'Before it was called off' },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect((await cancel(id)).statusCode).toBe(200);
    const sent = await post('/api/event-occurrences/sendReport', { eventOccurrenceId: id, formId: 1 });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await read(id)).toMatchObject({ status: 'cancelled', cancellation: { reason: 'Teacher is ill' } });
  });

  it('stays cancelled where it is when its series is generated again', async () => {
    const eventResponse = await post('/api/events', {
      title: 'Weekly',
      locationId: room,
      organiserId: ids.emre,
      guestIds: [],
      rrule: 'DTSTART;TZID=Europe/London:20260415T090000\nRRULE:FREQ=WEEKLY;COUNT=3',
    });
    expect(eventResponse.statusCode, eventResponse.body).toBe(201);
    const eventId = eventResponse.json<{ id: number }>().id;
    const occurrences = await ctx.database.db
      .select({ id: eventOccurrences.id })
      .from(eventOccurrences)
      .where(eq(eventOccurrences.eventId, eventId))
      .orderBy(eventOccurrences.startsAt);
    const second = occurrences[1]!.id;
    expect((await cancel(second)).statusCode).toBe(200);
    const edited = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/events/${eventId}`,
      headers: admin,
      payload: { rrule: 'DTSTART;TZID=Europe/London:20260415T100000\nRRULE:FREQ=WEEKLY;COUNT=3' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await read(second)).toMatchObject({ status: 'cancelled', cancellation: { reason: 'Teacher is ill' } });
  });
});

describe('POST /api/event-occurrences/:id/cancel with notify', () => {
  it('messages each guest in their language through the transport, logged as cancellation', async () => {
    const id = await session({ start: '2026-04-13T10:00', title: 'Piano', guestIds: [ids.ayla, ids.burak] });
    const response = await cancel(id, { reason: 'Room flooded', notify: true });
    expect(response.statusCode, response.body).toBe(200);
    await waitFor(async () => (await logsOf(id, 'cancellation')).every((log) => log.status === 'sent'), {
      what: 'the cancellations sent',
    });
    const logs = await logsOf(id, 'cancellation');
    expect(logs.map((log) => log.recipientName).sort()).toEqual(['Ayla', 'Burak']);
    const toAyla = ctx.mails.find((mail) => mail.to.includes('ayla@example.com'));
    const toBurak = ctx.mails.find((mail) => mail.to.includes('burak@example.com'));
    expect(toAyla?.text).toContain('Cancelled: Piano, 13/04/2026 10:00');
    expect(toAyla?.text).toContain('Reason: Room flooded');
    expect(toAyla?.text).toContain('Piano is cancelled:');
    expect(toAyla?.text).toContain('When: Monday 13/04/2026 10:00–11:00 (Europe/London)');
    // Burak reads Turkish, with the time in Istanbul.
    expect(toBurak?.text).toContain('Piano iptal edildi:');
    expect(toBurak?.text).toContain('Ne zaman: 13 Nisan 2026 Pazartesi 12:00–13:00 (Europe/Istanbul)');
    expect(toBurak?.text).toContain('Neden: Room flooded');
    // The Message Log lists them by type.
    const listed = await ctx.app.inject({
      method: 'GET',
      url: '/api/message-logs?type=cancellation&occurrenceDate=2026-04-13&timezone=Europe/London',
      headers: admin,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const listedLogs = listed.json<{ messageLogs: MessageLog[] }>().messageLogs;
    expect(listedLogs.map((log) => [log.eventOccurrence?.id, log.type, log.status])).toEqual([
      [id, 'cancellation', 'sent'],
      [id, 'cancellation', 'sent'],
    ]);
  });

  it('logs a guest the transport cannot reach as failed, and Retry sends it once they can be', async () => {
    const id = await session({ start: '2026-04-14T10:00', title: 'Cello', guestIds: [ids.nomail] });
    expect((await cancel(id, { reason: 'Holiday', notify: true })).statusCode).toBe(200);
    const [failed] = await logsOf(id, 'cancellation');
    expect(failed).toMatchObject({ status: 'failed', recipientName: 'Nur' });
    await ctx.database.db.update(users).set({ email: 'nur@example.com' }).where(eq(users.id, ids.nomail));
    const retry = await post(`/api/message-logs/${failed!.id}/retry`, {});
    expect(retry.statusCode, retry.body).toBe(200);
    await waitFor(async () => (await logsOf(id, 'cancellation'))[0]?.status === 'sent', { what: 'the retry sent' });
    expect(ctx.mails.find((mail) => mail.to.includes('nur@example.com'))?.text).toContain('Reason: Holiday');
  });

  it('messages the guests again when cancelled again after a restore', async () => {
    const id = await session({ start: '2026-04-15T10:00', guestIds: [ids.cem] });
    expect((await cancel(id, { reason: 'First', notify: true })).statusCode).toBe(200);
    expect((await restore(id)).statusCode).toBe(200);
    expect((await cancel(id, { reason: 'Second', notify: true })).statusCode).toBe(200);
    expect(await logsOf(id, 'cancellation')).toHaveLength(2);
  });
});
