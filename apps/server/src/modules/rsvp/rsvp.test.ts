import type { EventOccurrence, MessageLog, Rsvp } from '@ritim/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { messageLogs } from '../../platform/db/schema.js';
import { messageOf, TEST_JWT_SECRET } from '../../test/harness.js';
import { createLocation, createSession, createUsers, type Headers, headersOf, waitFor } from '../../test/seed.js';
import { useTestApp } from '../../test/use-test-app.js';
import { RsvpTokens } from './tokens.js';

/**
 * /api/rsvp/{token} (docs/domain.md#rsvp): a guest's own answer through the link their reminder
 * carries, without signing in. The reminders go through a real in-process SMTP server; the clock
 * is the app's, moved per test. CANCEL_NOTICE_HOURS is the default 24.
 */
const ZONE = 'Europe/London';
const ORIGIN = 'https://ritim.example.com';
const TOKEN_LINK = new RegExp(`${ORIGIN}/rsvp/([A-Za-z0-9_-]{43})`, 'g');

let clock = new Date('2026-04-10T07:00:00Z');
const ctx = useTestApp({ mail: true, now: () => clock, publicUrl: `${ORIGIN}/` });
let ids: Record<'admin' | 'emre' | 'ayla' | 'burak', number>;
let admin: Headers;
let room: number;

const get = (token: string) => ctx.app.inject({ method: 'GET', url: `/api/rsvp/${token}` });
const answer = (token: string, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: `/api/rsvp/${token}`, payload: payload as object });
const post = (url: string, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url, headers: admin, payload: payload as object });
const read = async (id: number) => {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/event-occurrences/${id}`, headers: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<EventOccurrence>();
};
/** A session in London on `start` (local), Ayla and Burak its guests. */
const session = (start: string) =>
  createSession(ctx, admin, {
    title: 'Piano',
    start,
    zone: ZONE,
    organiserId: ids.emre,
    locationId: room,
    guestIds: [ids.ayla, ids.burak],
  });
/** A guest's token, made as a reminder makes it. */
const tokenOf = async (occurrenceId: number, guestId: number) => {
  const links = await new RsvpTokens(TEST_JWT_SECRET).links(ctx.database.db, [{ occurrenceId, guestId }], ORIGIN);
  return links.get(`${occurrenceId}:${guestId}`)!.split('/rsvp/')[1]!;
};

beforeAll(async () => {
  ids = await createUsers(ctx.database, [
    { username: 'admin', role: 'admin', name: 'Ada', surname: 'Admin', timezone: ZONE },
    { username: 'emre', role: 'editor', name: 'Emre', surname: 'Kaya', timezone: ZONE },
    { username: 'ayla', role: 'guest', name: 'Ayla', timezone: ZONE, email: 'ayla@example.com' },
    {
      username: 'burak',
      role: 'guest',
      name: 'Burak',
      timezone: 'Europe/Istanbul',
      email: 'burak@example.com',
      language: 'tr',
    },
  ]);
  admin = await headersOf(ctx.app, 'admin');
  room = await createLocation(ctx, admin, 'Room');
}, 60_000);

describe('the reminder to a guest', () => {
  it('carries their own link, in the email and the logged message; the same session and guest keep one link', async () => {
    clock = new Date('2026-04-10T07:00:00Z');
    const id = await session('2026-04-11T10:00');
    const day = { listDate: '2026-04-11', timezone: ZONE };
    expect((await post('/api/event-occurrences/approveSchedule', day)).statusCode).toBe(200);
    const sent = await post('/api/event-occurrences/sendReminders', day);
    expect(sent.statusCode, sent.body).toBe(200);
    await waitFor(() => ctx.mails.filter((mail) => mail.text.includes('Piano')).length >= 2, { what: 'two reminders' });
    const mailTo = (address: string) => ctx.mails.find((mail) => mail.to.includes(address))!.text;
    const aylaLinks = [...mailTo('ayla@example.com').matchAll(TOKEN_LINK)].map((match) => match[1]);
    const burakLinks = [...mailTo('burak@example.com').matchAll(TOKEN_LINK)].map((match) => match[1]);
    expect(aylaLinks).toHaveLength(1);
    expect(burakLinks).toHaveLength(1);
    expect(aylaLinks[0]).not.toBe(burakLinks[0]);
    expect(mailTo('ayla@example.com')).toContain(`Coming? Answer here: ${ORIGIN}/rsvp/${aylaLinks[0]}`);
    expect(mailTo('burak@example.com')).toContain(`Geliyor musunuz? Buradan yanıtlayın: ${ORIGIN}/rsvp/`);
    // The logged message (the same text the email and a WhatsApp message carry) has it too.
    const [log] = await ctx.database.db
      .select({ id: messageLogs.id })
      .from(messageLogs)
      .where(and(eq(messageLogs.occurrenceId, id), eq(messageLogs.type, 'reminder')))
      .limit(1);
    const logged = await ctx.app.inject({ method: 'GET', url: `/api/message-logs/${log!.id}`, headers: admin });
    expect(logged.json<MessageLog>().message).toMatch(TOKEN_LINK);
    // The link opens the guest's answer; the same session and guest always get the same link.
    const opened = await get(aylaLinks[0]!);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json<Rsvp>().guest.name).toBe('Ayla');
    expect(await tokenOf(id, ids.ayla)).toBe(aylaLinks[0]);
  });
});

describe('reminders and the guests who will not come', () => {
  it('go to no guest who cancelled or was excused, and to nobody for a cancelled session', async () => {
    clock = new Date('2026-04-10T07:00:00Z');
    const saidNo = await session('2026-04-19T10:00');
    const excused = await session('2026-04-19T12:00');
    const cancelled = await session('2026-04-19T14:00');
    const both = await session('2026-04-19T16:00');
    expect((await answer(await tokenOf(saidNo, ids.ayla), { response: 'no' })).statusCode).toBe(200);
    const marked = await ctx.app.inject({
      method: 'PUT',
      url: `/api/event-occurrences/${excused}/attendance`,
      headers: admin,
      payload: { entries: [{ guestId: ids.burak, status: 'excused' }] },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    const day = { listDate: '2026-04-19', timezone: ZONE };
    expect((await post('/api/event-occurrences/approveSchedule', day)).statusCode).toBe(200);
    expect((await post(`/api/event-occurrences/${cancelled}/cancel`, { reason: 'Ill' })).statusCode).toBe(200);
    const sent = await post('/api/event-occurrences/sendReminders', day);
    expect(sent.statusCode, sent.body).toBe(200);
    const reminded = async (occurrenceId: number) =>
      (
        await ctx.database.db
          .select({ to: messageLogs.recipientUserId })
          .from(messageLogs)
          .where(and(eq(messageLogs.occurrenceId, occurrenceId), eq(messageLogs.type, 'reminder')))
      )
        .map((row) => row.to)
        .sort((a, b) => a! - b!);
    expect(await reminded(saidNo)).toEqual([ids.burak]);
    expect(await reminded(excused)).toEqual([ids.ayla]);
    expect(await reminded(cancelled)).toEqual([]);
    expect(await reminded(both)).toEqual([ids.ayla, ids.burak].sort((a, b) => a - b));
  });
});

describe('GET /api/rsvp/:token', () => {
  it('answers the session in the guest’s zone, their name and language, no answer yet and the cutoff', async () => {
    clock = new Date('2026-04-10T07:00:00Z');
    const id = await session('2026-04-12T10:00');
    const response = await get(await tokenOf(id, ids.burak));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Rsvp>()).toEqual({
      session: {
        title: 'Piano',
        startsAt: '2026-04-12T09:00:00.000Z',
        endsAt: '2026-04-12T10:00:00.000Z',
        timezone: 'Europe/Istanbul',
        location: 'Room',
        conferenceLink: null,
        organiser: 'Emre Kaya',
        status: 'scheduled',
      },
      guest: { name: 'Burak', language: 'tr' },
      response: null,
      respondedAt: null,
      cutoff: '2026-04-11T09:00:00.000Z',
      answerable: true,
    });
  });

  it('says the session is no longer answerable once it is cancelled, and again once restored', async () => {
    clock = new Date('2026-04-10T07:00:00Z');
    const id = await session('2026-04-17T10:00');
    const token = await tokenOf(id, ids.ayla);
    expect((await get(token)).json<Rsvp>()).toMatchObject({ session: { status: 'scheduled' }, answerable: true });
    expect((await post(`/api/event-occurrences/${id}/cancel`, { reason: 'Ill' })).statusCode).toBe(200);
    const cancelled = await get(token);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<Rsvp>()).toMatchObject({ session: { status: 'cancelled' }, answerable: false });
    expect((await post(`/api/event-occurrences/${id}/restore`, {})).statusCode).toBe(200);
    expect((await get(token)).json<Rsvp>()).toMatchObject({ session: { status: 'scheduled' }, answerable: true });
  });

  it('says the session is no longer answerable from its start on, keeping the answer given', async () => {
    clock = new Date('2026-04-10T07:00:00Z');
    const id = await session('2026-04-18T10:00');
    const token = await tokenOf(id, ids.ayla);
    expect((await answer(token, { response: 'yes' })).json<Rsvp>().answerable).toBe(true);
    clock = new Date('2026-04-18T08:59:59Z');
    expect((await get(token)).json<Rsvp>().answerable).toBe(true);
    clock = new Date('2026-04-18T09:00:00Z');
    expect((await get(token)).json<Rsvp>()).toMatchObject({
      session: { status: 'scheduled' },
      response: 'yes',
      answerable: false,
    });
    expect((await answer(token, { response: 'no' })).statusCode).toBe(409);
  });

  it('answers 404 with one message for an unknown, a made-up or a malformed token, without signing in', async () => {
    const unknown = await get('A'.repeat(43));
    const malformed = await get('nope');
    expect(unknown.statusCode).toBe(404);
    expect(malformed.statusCode).toBe(404);
    expect(messageOf(unknown)).toBe('This link is not valid');
    expect(malformed.body).toBe(unknown.body);
    expect((await answer('A'.repeat(43), { response: 'no' })).body).toBe(unknown.body);
  });
});

describe('POST /api/rsvp/:token', () => {
  it('records "no" before the cutoff as cancelled, and "yes" takes it back', async () => {
    clock = new Date('2026-04-10T07:00:00Z');
    const id = await session('2026-04-13T10:00');
    const token = await tokenOf(id, ids.ayla);
    const no = await answer(token, { response: 'no' });
    expect(no.statusCode, no.body).toBe(200);
    expect(no.json<Rsvp>()).toMatchObject({ response: 'no', respondedAt: '2026-04-10T07:00:00.000Z' });
    expect((await get(token)).json<Rsvp>().response).toBe('no');
    expect((await read(id)).attendance).toEqual([
      { guestId: ids.ayla, status: 'cancelled', note: null, markedBy: null, markedAt: expect.any(String) as string },
    ]);
    // Organisers and admins see the answer beside the guest; a guest reads only their own.
    expect((await read(id)).guests.map((guest) => [guest.id, guest.rsvp])).toEqual([
      [ids.ayla, 'no'],
      [ids.burak, null],
    ]);
    const burakView = await ctx.app.inject({
      method: 'GET',
      url: `/api/event-occurrences/${id}`,
      headers: await headersOf(ctx.app, 'burak'),
    });
    expect(burakView.json<EventOccurrence>().guests.find((guest) => guest.id === ids.ayla)?.rsvp).toBeNull();
    const yes = await answer(token, { response: 'yes' });
    expect(yes.statusCode, yes.body).toBe(200);
    expect(yes.json<Rsvp>().response).toBe('yes');
    expect((await read(id)).attendance).toEqual([]);
    // "yes" with no "no" before records the answer and marks nothing.
    const other = await answer(await tokenOf(id, ids.burak), { response: 'yes' });
    expect(other.json<Rsvp>().response).toBe('yes');
    expect((await read(id)).attendance).toEqual([]);
  });

  it('leaves a mark staff set, whatever the guest answers; the answer is still recorded and shown to staff', async () => {
    clock = new Date('2026-04-10T07:00:00Z');
    const id = await session('2026-04-16T10:00');
    const ayla = await tokenOf(id, ids.ayla);
    const burak = await tokenOf(id, ids.burak);
    const mark = async (headers: Headers, guestId: number, status: string, note?: string) => {
      const response = await ctx.app.inject({
        method: 'PUT',
        url: `/api/event-occurrences/${id}/attendance`,
        headers,
        payload: { entries: [{ guestId, status, ...(note === undefined ? {} : { note }) }] },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    const marks = async () =>
      (await read(id)).attendance.map((entry) => [entry.guestId, entry.status, entry.note, entry.markedBy?.id ?? null]);
    const answers = async () => (await read(id)).guests.map((guest) => [guest.id, guest.rsvp, guest.attendance]);
    // The admin excuses Ayla ahead; her "no" and then her "yes" leave it as it is.
    await mark(admin, ids.ayla, 'excused', 'Away');
    const no = await answer(ayla, { response: 'no' });
    expect(no.statusCode, no.body).toBe(200);
    expect(no.json<Rsvp>()).toMatchObject({ response: 'no', respondedAt: '2026-04-10T07:00:00.000Z' });
    expect(await marks()).toEqual([[ids.ayla, 'excused', 'Away', ids.admin]]);
    expect(await answers()).toEqual([
      [ids.ayla, 'no', 'excused'],
      [ids.burak, null, null],
    ]);
    clock = new Date('2026-04-10T08:00:00Z');
    const yes = await answer(ayla, { response: 'yes' });
    expect(yes.json<Rsvp>()).toMatchObject({ response: 'yes', respondedAt: '2026-04-10T08:00:00.000Z' });
    expect(await marks()).toEqual([[ids.ayla, 'excused', 'Away', ids.admin]]);
    // Burak's own "no" is his until the organiser marks him; from then on the organiser's mark stays.
    await answer(burak, { response: 'no' });
    expect((await marks())[1]).toEqual([ids.burak, 'cancelled', null, null]);
    await mark(await headersOf(ctx.app, 'emre'), ids.burak, 'excused');
    expect((await answer(burak, { response: 'yes' })).statusCode).toBe(200);
    expect((await answer(burak, { response: 'no' })).statusCode).toBe(200);
    expect(await marks()).toEqual([
      [ids.ayla, 'excused', 'Away', ids.admin],
      [ids.burak, 'excused', null, ids.emre],
    ]);
    expect(await answers()).toEqual([
      [ids.ayla, 'yes', 'excused'],
      [ids.burak, 'no', 'excused'],
    ]);
  });

  it('records "no" after the cutoff as lateCancelled', async () => {
    clock = new Date('2026-04-10T07:00:00Z');
    const id = await session('2026-04-11T07:59');
    const response = await answer(await tokenOf(id, ids.ayla), { response: 'no' });
    expect(response.statusCode, response.body).toBe(200);
    expect((await read(id)).attendance.map((mark) => mark.status)).toEqual(['lateCancelled']);
  });

  it('counts the notice in real hours across the spring-forward night (London, 29 March 2026)', async () => {
    // 10:00 BST on the 29th is 09:00Z; 24 hours before is 09:00 GMT on the 28th, not 10:00.
    clock = new Date('2026-03-27T12:00:00Z');
    const id = await session('2026-03-29T10:00');
    const ayla = await tokenOf(id, ids.ayla);
    const burak = await tokenOf(id, ids.burak);
    expect((await get(ayla)).json<Rsvp>().cutoff).toBe('2026-03-28T09:00:00.000Z');
    clock = new Date('2026-03-28T08:59:59Z');
    expect((await answer(ayla, { response: 'no' })).statusCode).toBe(200);
    clock = new Date('2026-03-28T09:30:00Z');
    expect((await answer(burak, { response: 'no' })).statusCode).toBe(200);
    const marks = (await read(id)).attendance;
    expect(marks.find((mark) => mark.guestId === ids.ayla)?.status).toBe('cancelled');
    expect(marks.find((mark) => mark.guestId === ids.burak)?.status).toBe('lateCancelled');
  });

  it('refuses once the session started (409) and while it is cancelled (409)', async () => {
    clock = new Date('2026-04-10T07:00:00Z');
    const started = await session('2026-04-10T08:00');
    const late = await answer(await tokenOf(started, ids.ayla), { response: 'no' });
    expect(late.statusCode).toBe(409);
    expect(messageOf(late)).toBe('The session has already started: it can no longer be answered');
    const cancelled = await session('2026-04-14T10:00');
    const token = await tokenOf(cancelled, ids.ayla);
    expect((await post(`/api/event-occurrences/${cancelled}/cancel`, { reason: 'Ill' })).statusCode).toBe(200);
    const refused = await answer(token, { response: 'no' });
    expect(refused.statusCode).toBe(409);
    expect(messageOf(refused)).toBe('This session is cancelled');
    expect((await get(token)).json<Rsvp>().response).toBeNull();
  });

  it('refuses a bad body with 400', async () => {
    clock = new Date('2026-04-10T07:00:00Z');
    const token = await tokenOf(await session('2026-04-15T10:00'), ids.ayla);
    for (const payload of [{ response: 'maybe' }, {}, { response: 'no', extra: 1 }]) {
      const response = await answer(token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(messageOf(await answer(token, { response: 'maybe' }))).toBe('response must be yes or no');
  });
});
