import type { MessageLog } from '@ritim/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.js';
import { attendance, eventOccurrences, messageLogs, users } from '../../../platform/db/schema.js';
import type { JobLogger } from '../../../platform/jobs/queue.js';
import {
  runToFillDigest,
  startToFillDigestJob,
  TO_FILL_DIGEST_CRON,
  toFillDigestJob,
  toFillDigestSettings,
} from './job.js';
import { createEvent, createLocation, createUsers, headersOf, occurrenceIdsOf, waitFor } from '../../../test/seed.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { digestDay, type ToFillDigestSettings } from './digest.js';

/**
 * The organisers' daily list of yesterday's sessions still to fill, end to end: the hourly job's
 * work at fixed instants (the clock is a parameter), the outbox, the SMTP transport delivering to a
 * real in-process SMTP server, the Message Log and its Retry.
 *
 * Yesterday is Sunday 29 March 2026, the day London springs forward (23 hours, 00:00 GMT to 00:00
 * BST = 00:00Z to 23:00Z); Istanbul has no DST (UTC+3). The digest's hour is 08:00.
 */
const silent: JobLogger = { error: () => undefined, warn: () => undefined, info: () => undefined };
const SETTINGS: ToFillDigestSettings = { hour: 8, appUrl: 'https://ritim.example.com' };

const ctx = useTestApp({ mail: true });
let admin: Record<string, string>;
let ids: Record<'admin' | 'selin' | 'emre' | 'done' | 'nomail' | 'ayse' | 'omer' | 'gone', number>;

const mailsTo = (address: string) => ctx.mails.filter((mail) => mail.to.includes(address));
const digestLogs = () => ctx.database.db.select().from(messageLogs).where(eq(messageLogs.type, 'to-fill'));
const run = (at: string) => runToFillDigest(ctx.database.db, ctx.outbox, SETTINGS, silent, new Date(at));

/** An event of `organiser` with one session at `local` (YYYYMMDDTHHMMSS) in `zone`; its occurrence id. */
async function session(
  organiser: number,
  title: string,
  local: string,
  guestIds: number[],
  zone = 'Europe/London',
): Promise<number> {
  const eventId = await createEvent(ctx, admin, {
    title,
    locationId,
    organiserId: organiser,
    guestIds,
    rrule: `DTSTART;TZID=${zone}:${local}\nRRULE:FREQ=DAILY;COUNT=1`,
  });
  const [id] = await occurrenceIdsOf(ctx.database, eventId);
  return id!;
}
let locationId: number;

/** Attendance marked and Session notes filled for `guestId`, or only one of the two. */
async function fill(occurrenceId: number, guestId: number | null, what: { mark?: boolean; notes?: boolean }) {
  if (what.mark && guestId !== null)
    await ctx.database.db.insert(attendance).values({ occurrenceId, guestId, status: 'present', markedBy: ids.admin });
  if (what.notes) {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/forms/1/submit',
      headers: admin,
      payload: {
        eventOccurrenceId: occurrenceId,
        ...(guestId === null ? {} : { guestId }),
        data: { first_name: 'A', last_name: 'B', attendance: 'attended', Aciklama: 'ok' },
      },
    });
    expect(response.statusCode, response.body).toBe(200);
  }
}

beforeAll(async () => {
  const london = 'Europe/London';
  ids = await createUsers(ctx.database, [
    { username: 'admin', role: 'admin', timezone: london },
    { username: 'selin', role: 'editor', name: 'Selin', timezone: london, email: 'selin@example.com' },
    {
      username: 'emre',
      role: 'editor',
      name: 'Emre',
      timezone: 'Europe/Istanbul',
      email: 'emre@example.com',
      language: 'tr',
    },
    { username: 'done', role: 'editor', name: 'Deniz', timezone: london, email: 'done@example.com' },
    { username: 'nomail', role: 'editor', name: 'Nur', timezone: london },
    { username: 'ayse', role: 'guest', name: 'Ayşe', timezone: london },
    { username: 'omer', role: 'guest', name: 'Ömer', timezone: london },
    { username: 'gone', role: 'guest', name: 'Gone', timezone: london },
  ]);
  admin = await headersOf(ctx.app, 'admin');
  locationId = await createLocation(ctx, admin, 'Stüdyo');
  const { selin, emre, done, nomail, ayse, omer, gone } = ids;

  // Selin's Sunday in London: 00:30 GMT is the day's first hour, 23:30 BST its last.
  const piano = await session(selin, 'Piano', '20260329T003000', [ayse, omer]);
  await fill(piano, ayse, { mark: true, notes: true });
  await fill(piano, omer, { mark: true }); // no Session notes about Ömer
  await session(selin, 'Late piano', '20260329T233000', [ayse]);
  await session(selin, 'Quiet hour', '20260329T150000', []); // no guests, no Session notes
  const filled = await session(selin, 'Duet', '20260329T100000', [ayse]);
  await fill(filled, ayse, { mark: true, notes: true });
  const notesOnly = await session(selin, 'Reading', '20260329T110000', []);
  await fill(notesOnly, null, { notes: true });
  const cancelled = await session(selin, 'Called off', '20260329T160000', [ayse]);
  await ctx.database.db.update(eventOccurrences).set({ status: 'cancelled' }).where(eq(eventOccurrences.id, cancelled));
  // A guest who left counts no more: Gone's session is complete with Ayşe's.
  const left = await session(selin, 'Trio', '20260329T170000', [ayse, gone]);
  await fill(left, ayse, { mark: true, notes: true });
  await ctx.database.db.update(users).set({ status: 'inactive' }).where(eq(users.id, gone));
  // The session's own list counts, not its event's: Ayşe only, whose part is done.
  const own = await session(selin, 'Own list', '20260329T180000', [ayse, omer]);
  const patched = await ctx.app.inject({
    method: 'PATCH',
    url: `/api/event-occurrences/${own}`,
    headers: admin,
    payload: { occurrenceGuestIds: [ayse] },
  });
  expect(patched.statusCode, patched.body).toBe(200);
  await fill(own, ayse, { mark: true, notes: true });
  // Saturday 23:30 GMT and Monday 00:15 BST: next to Sunday in UTC, not on it in London.
  await session(selin, 'Saturday night', '20260328T233000', [ayse]);
  await session(selin, 'Monday early', '20260330T001500', [ayse]);

  await session(emre, 'Ney', '20260329T100000', [ayse], 'Europe/Istanbul');
  const complete = await session(done, 'All done', '20260329T110000', [omer]);
  await fill(complete, omer, { mark: true, notes: true });
  await session(nomail, 'Cello', '20260329T120000', [omer]);
}, 60_000);

describe('digestDay', () => {
  it("is the organiser's yesterday during the digest's hour of their own day, else nothing", () => {
    const day = (at: string, zone = 'Europe/London', hour = 8) => digestDay(new Date(at), zone, hour);
    expect(day('2026-03-30T07:00:00Z')).toBe('2026-03-29'); // 08:00 BST
    expect(day('2026-03-30T07:59:59Z')).toBe('2026-03-29');
    expect(day('2026-03-30T06:59:59Z')).toBeUndefined();
    expect(day('2026-03-30T08:00:00Z')).toBeUndefined();
    expect(day('2026-03-27T08:30:00Z')).toBe('2026-03-26'); // 08:30 GMT
    expect(day('2026-03-30T05:00:00Z', 'Europe/Istanbul')).toBe('2026-03-29');
    expect(day('2026-03-30T07:00:00Z', 'Europe/Istanbul')).toBeUndefined();
  });

  it('comes once on DST days: an hour the clocks skip moves forward, one they repeat is the first', () => {
    // 29 March: 01:00 GMT does not exist, the clocks go to 02:00 BST (01:00Z).
    expect(digestDay(new Date('2026-03-29T00:30:00Z'), 'Europe/London', 1)).toBeUndefined();
    expect(digestDay(new Date('2026-03-29T01:00:00Z'), 'Europe/London', 1)).toBe('2026-03-28');
    // 25 October: 01:00 happens twice, first in BST (00:00Z), then in GMT (01:00Z).
    expect(digestDay(new Date('2026-10-25T00:00:00Z'), 'Europe/London', 1)).toBe('2026-10-24');
    expect(digestDay(new Date('2026-10-25T01:00:00Z'), 'Europe/London', 1)).toBeUndefined();
  });
});

describe('the to-fill digest', () => {
  it('reaches an organiser with sessions to fill at 08:00 in their zone, in their language (Turkish)', async () => {
    // 08:20 in Istanbul, 06:20 in London: Emre only.
    const result = await run('2026-03-30T05:20:00Z');
    expect(result).toMatchObject({ queued: 1, duplicates: 0, unreachable: [] });
    await waitFor(() => mailsTo('emre@example.com').length === 1, { what: 'Emre’s digest', timeoutMs: 20_000 });
    const [log] = await digestLogs();
    expect(log).toMatchObject({
      type: 'to-fill',
      idempotencyKey: `to-fill:${ids.emre}:2026-03-29`,
      recipientUserId: ids.emre,
      occurrenceId: null,
      subject: 'Doldurulacak 1 oturum: 29 Mart 2026 Pazar',
      body: [
        'Dünkü oturumlardan (29 Mart 2026 Pazar) yoklaması ya da oturum notları eksik olanlar:',
        '- 10:00 Ney',
        '',
        "Ritim'de doldurmak için: https://ritim.example.com/",
      ].join('\n'),
    });
    expect(mailsTo('emre@example.com')[0]!.text).toContain('- 10:00 Ney');
    expect(ctx.mails.filter((mail) => !mail.to.includes('emre@example.com'))).toEqual([]);
  });

  it('lists the sessions of yesterday in the organiser’s zone (23 hours on the spring-forward day) still to fill, in English', async () => {
    // 08:05 BST.
    const result = await run('2026-03-30T07:05:00Z');
    // Selin's digest, and Nur's, who has no email address: logged failed. Deniz filled everything.
    expect(result.queued).toBe(1);
    expect(result.unreachable.map((message) => message.name)).toEqual(['Nur']);
    await waitFor(() => mailsTo('selin@example.com').length === 1, { what: 'Selin’s digest', timeoutMs: 20_000 });
    const body = [
      "Yesterday's sessions (Sunday 29/03/2026) still waiting for attendance or Session notes:",
      '- 00:30 Piano',
      '- 15:00 Quiet hour',
      '- 23:30 Late piano',
      '',
      'Fill them in Ritim: https://ritim.example.com/',
    ].join('\n');
    const [log] = (await digestLogs()).filter((row) => row.recipientUserId === ids.selin);
    expect(log).toMatchObject({ subject: '3 sessions to fill: Sunday 29/03/2026', body });
    expect(mailsTo('selin@example.com')[0]!.text).toContain('- 23:30 Late piano');
    expect(mailsTo('done@example.com')).toEqual([]);
    expect((await digestLogs()).map((row) => row.recipientUserId).sort()).toEqual(
      [ids.emre, ids.selin, ids.nomail].sort(),
    );
  });

  it('goes once a day: later runs, in the hour or after it, queue nothing more', async () => {
    for (const at of ['2026-03-30T07:45:00Z', '2026-03-30T05:59:00Z', '2026-03-30T12:00:00Z']) {
      expect((await run(at)).queued).toBe(0);
    }
    expect(await digestLogs()).toHaveLength(3);
    // The next day is a new digest (nothing of Monday 30 March is left to fill but Monday early).
    const monday = await run('2026-03-31T07:10:00Z');
    expect(monday.queued).toBe(1);
    const [log] = (await digestLogs()).filter((row) => row.idempotencyKey === `to-fill:${ids.selin}:2026-03-30`);
    expect(log!.body).toContain('- 00:15 Monday early');
    expect(log!.body).not.toContain('Piano');
  });

  it('is in the Message Log under its own type, and a failed one is retried', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/message-logs?type=to-fill', headers: admin });
    expect(response.statusCode, response.body).toBe(200);
    const logs = response.json<{ messageLogs: MessageLog[] }>().messageLogs;
    expect(logs.map((log) => log.recipient.name).sort()).toEqual(['Emre', 'Nur', 'Selin', 'Selin']);
    const nur = logs.find((log) => log.recipient.name === 'Nur')!;
    expect(nur).toMatchObject({ type: 'to-fill', status: 'failed', eventOccurrence: null, guests: [] });
    expect(nur.error).toMatch(/email/);
    await ctx.database.db.update(users).set({ email: 'nur@example.com' }).where(eq(users.id, ids.nomail));
    const retried = await ctx.app.inject({ method: 'POST', url: `/api/message-logs/${nur.id}/retry`, headers: admin });
    expect(retried.statusCode, retried.body).toBe(200);
    await waitFor(() => mailsTo('nur@example.com').length === 1, { what: 'Nur’s digest', timeoutMs: 20_000 });
    expect(mailsTo('nur@example.com')[0]!.text).toContain('- 12:00 Cello');
    await waitFor(async () => (await digestLogs()).find((row) => row.id === nur.id)?.status === 'sent', {
      what: 'Nur’s digest recorded sent',
    });
  });
});

describe('the to-fill digest job', () => {
  it('is off unless TO_FILL_DIGEST is on, at the hour TO_FILL_DIGEST_HOUR says, linking to PUBLIC_URL', () => {
    expect(toFillDigestSettings(loadConfig({}))).toBeNull();
    expect(toFillDigestSettings(loadConfig({ TO_FILL_DIGEST: 'off', TO_FILL_DIGEST_HOUR: '6' }))).toBeNull();
    expect(toFillDigestSettings(loadConfig({ TO_FILL_DIGEST: 'on' }))).toEqual({
      hour: 8,
      appUrl: 'http://127.0.0.1:3000',
    });
    expect(
      toFillDigestSettings(
        loadConfig({ TO_FILL_DIGEST: 'on', TO_FILL_DIGEST_HOUR: '7', PUBLIC_URL: 'https://ritim.example.com/' }),
      ),
    ).toEqual({ hour: 7, appUrl: 'https://ritim.example.com' });
  });

  it('runs every hour when on, and has no schedule when off (switching off removes it)', async () => {
    const scheduled = async () => (await ctx.queue.schedules()).filter((row) => row.name === toFillDigestJob.name);
    await startToFillDigestJob(ctx.queue, ctx.database.db, ctx.outbox, null, silent);
    expect(await scheduled()).toEqual([]);
    await startToFillDigestJob(ctx.queue, ctx.database.db, ctx.outbox, SETTINGS, silent);
    expect(await scheduled()).toEqual([{ name: toFillDigestJob.name, cron: TO_FILL_DIGEST_CRON, timezone: 'UTC' }]);
    // The worker runs it (now, months after the data: nothing to send).
    const id = await ctx.queue.send(toFillDigestJob, {});
    await waitFor(async () => (await ctx.queue.state(toFillDigestJob, id))?.state === 'completed', {
      what: 'the digest job to complete',
      timeoutMs: 20_000,
    });
    await startToFillDigestJob(ctx.queue, ctx.database.db, ctx.outbox, null, silent);
    expect(await scheduled()).toEqual([]);
  });
});
