import type { MessageLog, MessageLogListQuery } from '@ritim/shared';
import { eq, inArray } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { attendance, eventOccurrences, forms, messageGroups, messageLogs, users } from '../../platform/db/schema.js';
import { defineJob } from '../../platform/jobs/queue.js';
import { Outbox } from '../../platform/delivery/outbox.js';
import { createTransport } from '../../platform/delivery/transports/index.js';
import { closeTestServers, listenLocally } from '../../platform/delivery/transports/test-servers.js';
import { SESSION_NOTES_FIELDS } from '../../reports/fixtures.js';
import { TEST_JWT_SECRET } from '../../test/harness.js';
import { createEvent, createUsers, headersOf, insertRow, waitFor } from '../../test/seed.js';
import { useTestApp } from '../../test/use-test-app.js';
import { reportAttachments } from './attachments.js';
import { monthlyReportPage } from '../../reports/monthly-report.js';
import { occurrenceReportPage } from '../../reports/occurrence-report.js';
import { monthlyReportData, occurrenceReportData } from './report-data.js';

/**
 * The messaging API end to end: the real routes, the outbox on the job queue, the SMTP transport
 * delivering to a real in-process SMTP server, and report images rendered from the database.
 */
/** The WhatsApp sync test's outbox (it syncs groups, it delivers nothing). */
const quickJob = defineJob<{ messageLogId: number }>('deliver-message-api-test', {
  retryLimit: 1,
  retryDelaySeconds: 0,
  retryBackoff: false,
});

const ctx = useTestApp({ mail: true });

let admin: Record<string, string>;
let organiser: Record<string, string>;
let otherEditor: Record<string, string>;
let guestToken: Record<string, string>;
const ids: Record<string, number> = {};
let formId: number;
let locationId: number;

const post = (url: string, payload: Record<string, unknown>, headers = admin) =>
  ctx.app.inject({ method: 'POST', url, headers, payload });
const logs = async (query: Partial<MessageLogListQuery> = {}) => {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/message-logs?${search.toString()}`,
    headers: admin,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ messageLogs: MessageLog[]; totalCount: number }>();
};
const logsOf = (occurrenceId: number) =>
  ctx.database.db.select().from(messageLogs).where(eq(messageLogs.occurrenceId, occurrenceId));
const mailsTo = (address: string) => ctx.mails.filter((mail) => mail.to.includes(address));
/** The base64 body of the MIME part with this content type, decoded. */
function attachmentOf(raw: string, contentType = 'image/jpeg'): Buffer | undefined {
  const at = raw.indexOf(`Content-Type: ${contentType}`);
  if (at < 0) return undefined;
  const body = raw.slice(raw.indexOf('\r\n\r\n', at) + 4);
  return Buffer.from(body.slice(0, body.indexOf('\r\n--')).replace(/\s+/g, ''), 'base64');
}
/** MIME text is quoted-printable or base64: what a reader sees, roughly, to look for phrases in. */
const decoded = (raw: string) =>
  raw.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** An event with one occurrence at `startsAt` (moved there in the database) in status `status`. */
async function occurrenceAt(
  startsAt: Date,
  guestIds: number[],
  status: 'scheduled' | 'approved' | 'completed' = 'approved',
  title = 'Piyano dersi',
) {
  const eventId = await createEvent(ctx, admin, {
    title,
    locationId,
    organiserId: ids.organiser!,
    guestIds,
    conferenceLink: 'https://meet.example.com/piyano',
    rrule: `DTSTART;TZID=Europe/Istanbul:${DateTime.now().plus({ days: 40 }).toFormat('yyyyMMdd')}T100000\nRRULE:FREQ=DAILY;COUNT=1`,
  });
  const [row] = await ctx.database.db
    .update(eventOccurrences)
    .set({ startsAt, endsAt: new Date(startsAt.getTime() + 3_600_000), status })
    .where(eq(eventOccurrences.eventId, eventId))
    .returning({ id: eventOccurrences.id });
  return { eventId, occurrenceId: row!.id };
}
/** The day of an instant in London (the zone the requests name). */
const londonDay = (instant: Date) => DateTime.fromJSDate(instant, { zone: 'Europe/London' }).toISODate()!;
const inAnHour = () => new Date(Math.ceil((Date.now() + 3_600_000) / 60_000) * 60_000);

beforeAll(async () => {
  const istanbul = 'Europe/Istanbul';
  Object.assign(
    ids,
    await createUsers(ctx.database, [
      { username: 'admin', role: 'admin', name: 'Ada', timezone: istanbul },
      { username: 'organiser', role: 'editor', name: 'Emre', timezone: istanbul },
      { username: 'otherEditor', role: 'editor', name: 'Oya', timezone: istanbul },
      { username: 'ayse', role: 'guest', name: 'Ayşe', timezone: istanbul, email: 'ayse@example.com' },
      { username: 'john', role: 'guest', name: 'John', timezone: 'Europe/London', email: 'john@example.com' },
      { username: 'nomail', role: 'guest', name: 'Nur', timezone: istanbul },
      {
        username: 'zeynep',
        role: 'guest',
        name: 'Zeynep',
        timezone: istanbul,
        email: 'zeynep@example.com',
        language: 'tr',
      },
    ]),
  );
  admin = await headersOf(ctx.app, 'admin');
  organiser = await headersOf(ctx.app, 'organiser');
  otherEditor = await headersOf(ctx.app, 'otherEditor');
  guestToken = await headersOf(ctx.app, 'ayse');
  locationId = (await post('/api/locations', { name: 'Kadıköy Stüdyo' })).json<{ id: number }>().id;
  formId = (await insertRow(ctx.database, forms, { title: 'Session notes', schema: { fields: SESSION_NOTES_FIELDS } }))
    .id;
}, 60_000);

// The WhatsApp sync test's API server.
afterAll(() => closeTestServers());

describe('POST /api/event-occurrences/sendReminders', () => {
  it('queues one reminder per guest of the day’s approved occurrences ahead, in each guest’s zone; unreachable ones are logged failed', async () => {
    const startsAt = inAnHour();
    const { occurrenceId } = await occurrenceAt(startsAt, [ids.ayse!, ids.john!, ids.nomail!]);
    // Not approved, and already started: no reminders for these.
    const scheduled = await occurrenceAt(new Date(startsAt.getTime() + 60_000), [ids.ayse!], 'scheduled');
    const started = await occurrenceAt(new Date(Date.now() - 60_000), [ids.ayse!]);

    const response = await post('/api/event-occurrences/sendReminders', {
      listDate: londonDay(startsAt),
      timezone: 'Europe/London',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: '2 reminders queued, 1 skipped: no email address (Nur)',
    });
    await waitFor(() => mailsTo('ayse@example.com').length === 1 && mailsTo('john@example.com').length === 1, {
      what: 'the reminders to Ayşe and John',
      timeoutMs: 20_000,
    });
    const ayse = decoded(mailsTo('ayse@example.com')[0]!.raw);
    const istanbul = DateTime.fromJSDate(startsAt, { zone: 'Europe/Istanbul' }).toFormat('dd/MM/yyyy HH:mm');
    const london = DateTime.fromJSDate(startsAt, { zone: 'Europe/London' }).toFormat('dd/MM/yyyy HH:mm');
    expect(ayse).toContain('Reminder: Piyano dersi');
    expect(ayse).toContain(`${istanbul}`);
    expect(ayse).toContain('(Europe/Istanbul)');
    expect(ayse).toContain('Where: Kad');
    expect(ayse).toContain('Join: https://meet.example.com/piyano');
    expect(decoded(mailsTo('john@example.com')[0]!.raw)).toContain(`${london}`);

    // The SMTP server has the mails before the delivery job records them sent: wait for the rows.
    await waitFor(
      async () => (await logsOf(occurrenceId)).every((row) => row.status !== 'queued' && row.status !== 'sending'),
      {
        what: 'the reminders recorded as delivered',
        timeoutMs: 20_000,
      },
    );
    const rows = await logsOf(occurrenceId);
    expect(rows.map((row) => [row.recipientName, row.status]).sort()).toEqual([
      ['Ayşe', 'sent'],
      ['John', 'sent'],
      ['Nur', 'failed'],
    ]);
    expect(rows.find((row) => row.recipientName === 'Nur')!.error).toBe('no email address');
    expect(await logsOf(scheduled.occurrenceId)).toEqual([]);
    expect(await logsOf(started.occurrenceId)).toEqual([]);

    // The same decision again queues nothing and sends nothing.
    const again = await post('/api/event-occurrences/sendReminders', {
      listDate: londonDay(startsAt),
      timezone: 'Europe/London',
    });
    expect(again.json()).toMatchObject({ success: true, message: '0 reminders queued, 3 already queued before' });
    // Once no delivery is waiting or running, none is still to come.
    await waitFor(() => ctx.outbox.settled(), { what: 'the outbox to settle' });
    expect(mailsTo('ayse@example.com')).toHaveLength(1);
  });

  it('sends each reminder once when the same day is sent by concurrent requests', async () => {
    const startsAt = new Date(inAnHour().getTime() + 5 * 60_000);
    const { occurrenceId } = await occurrenceAt(startsAt, [ids.ayse!, ids.john!], 'approved', 'Keman');
    const before = ctx.mails.length;
    const responses = await Promise.all(
      Array.from({ length: 6 }, () =>
        post('/api/event-occurrences/sendReminders', { listDate: londonDay(startsAt), timezone: 'Europe/London' }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    await waitFor(async () => (await logsOf(occurrenceId)).every((row) => row.status === 'sent'), {
      what: 'every message of the occurrence to be sent',
      timeoutMs: 20_000,
    });
    await waitFor(() => ctx.outbox.settled(), { what: 'the outbox to settle' });
    expect(await logsOf(occurrenceId)).toHaveLength(2);
    const keman = ctx.mails.slice(before).filter((mail) => decoded(mail.raw).includes('Keman'));
    expect(keman.map((mail) => mail.to[0]).sort()).toEqual(['ayse@example.com', 'john@example.com']);
  });

  it('sends guests who share a message group one message to the group, naming them; SMTP cannot reach a group and says so', async () => {
    const [group] = await ctx.database.db
      .insert(messageGroups)
      .values({ name: 'Yılmaz ailesi', externalId: '120363000000000001@g.us' })
      .returning({ id: messageGroups.id });
    await ctx.database.db
      .update(users)
      .set({ messageGroupId: group!.id })
      .where(inArray(users.id, [ids.ayse!, ids.nomail!]));
    try {
      // Two days ahead: a day of its own.
      const startsAt = new Date(inAnHour().getTime() + 49 * 3_600_000);
      const { occurrenceId } = await occurrenceAt(startsAt, [ids.ayse!, ids.nomail!, ids.john!], 'approved', 'Viyola');
      const response = await post('/api/event-occurrences/sendReminders', {
        listDate: londonDay(startsAt),
        timezone: 'Europe/London',
      });
      expect(response.json<{ message: string }>().message).toMatch(
        /^1 reminder queued, (\d+ already queued before, )?1 skipped: message groups have no email address \(they need the whatsapp transport\) \(Yılmaz ailesi\)$/,
      );
      const rows = await logsOf(occurrenceId);
      expect(rows).toHaveLength(2);
      const toGroup = rows.find((row) => row.recipientMessageGroupId === group!.id)!;
      expect(toGroup.guestIds.sort()).toEqual([ids.ayse!, ids.nomail!].sort());
      expect(toGroup.body).toContain('For: Ayşe, Nur');
      expect(toGroup.idempotencyKey).toBe(`reminder:${occurrenceId}:group:${group!.id}`);
      expect(toGroup.status).toBe('failed');
      expect(rows.find((row) => row.recipientUserId === ids.john)!.idempotencyKey).toBe(
        `reminder:${occurrenceId}:user:${ids.john}`,
      );
    } finally {
      await ctx.database.db
        .update(users)
        .set({ messageGroupId: null })
        .where(inArray(users.id, [ids.ayse!, ids.nomail!]));
    }
  });

  it('refuses a past day, bad input and other roles', async () => {
    const yesterday = DateTime.now().setZone('Europe/Istanbul').minus({ days: 1 }).toISODate()!;
    const past = await post('/api/event-occurrences/sendReminders', { listDate: yesterday });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ message: 'Reminders cannot be sent for a past day' });
    expect((await post('/api/event-occurrences/sendReminders', { listDate: '2026-02-30' })).statusCode).toBe(400);
    expect((await post('/api/event-occurrences/sendReminders', {})).statusCode).toBe(400);
    const tomorrow = DateTime.now().plus({ days: 1 }).toISODate();
    expect((await post('/api/event-occurrences/sendReminders', { listDate: tomorrow }, organiser)).statusCode).toBe(
      403,
    );
  });
});

describe('reports', () => {
  let occurrenceId: number;

  beforeAll(async () => {
    ({ occurrenceId } = await occurrenceAt(
      new Date(Date.now() - 2 * 3_600_000),
      [ids.ayse!, ids.john!],
      'approved',
      'Çello',
    ));
    for (const [guest, notes] of [
      [ids.ayse, 'Ayşe çok iyi çalıştı'],
      [ids.john, 'John needs more practice'],
    ] as const) {
      const response = await post(
        `/api/forms/${formId}/submit`,
        {
          eventOccurrenceId: occurrenceId,
          guestId: guest,
          data: { first_name: 'G', last_name: 'H', attendance: 'attended', Aciklama: notes },
        },
        admin,
      );
      expect(response.statusCode, response.body).toBe(200);
    }
  });

  it('GET /api/forms/:formId/report/:occurrenceId gives the JPEG to admins and the organiser only', async () => {
    const url = `/api/forms/${formId}/report/${occurrenceId}`;
    for (const headers of [admin, organiser]) {
      const response = await ctx.app.inject({ method: 'GET', url, headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/jpeg');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="\d{4}-\d{2}-\d{2}_report\.jpg"$/);
      expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    }
    expect((await ctx.app.inject({ method: 'GET', url, headers: otherEditor })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url, headers: guestToken })).statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/forms/${formId}/report/999999`, headers: admin })).statusCode,
    ).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/forms/x/report/1`, headers: admin })).statusCode).toBe(
      400,
    );
  });

  it('a guest’s report holds only the submissions about them', async () => {
    const data = await occurrenceReportData(ctx.database.db, formId, occurrenceId, [ids.ayse!]);
    expect(data!.submissions.map((s) => s.guestName)).toEqual(['Ayşe']);
    const all = await occurrenceReportData(ctx.database.db, formId, occurrenceId);
    expect(all!.submissions.map((s) => s.guestName)).toEqual(['Ayşe', 'John']);
  });

  it('sendReport mails each guest their report image and completes the occurrence, once', async () => {
    const response = await post('/api/event-occurrences/sendReport', { eventOccurrenceId: occurrenceId, formId });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: '2 reports queued; 1 occurrence marked completed',
    });
    const [occurrence] = await ctx.database.db
      .select({ status: eventOccurrences.status })
      .from(eventOccurrences)
      .where(eq(eventOccurrences.id, occurrenceId));
    expect(occurrence!.status).toBe('completed');
    await waitFor(async () => (await logsOf(occurrenceId)).every((row) => row.status === 'sent'), {
      what: 'every report of the occurrence to be sent',
      timeoutMs: 30_000,
    });
    const reports = ctx.mails.filter((mail) => decoded(mail.raw).includes('Session notes of '));
    expect(reports.map((mail) => mail.to[0]).sort()).toEqual(['ayse@example.com', 'john@example.com']);
    for (const mail of reports) {
      const jpeg = attachmentOf(mail.raw);
      expect(jpeg && [...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      expect(mail.raw).toMatch(/filename="?\d{4}-\d{2}-\d{2}_report\.jpg/);
    }
    // Completed is final: the occurrence cannot be edited; sending again queues nothing.
    const edit = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/event-occurrences/${occurrenceId}`,
      headers: admin,
      payload: { occurrenceGuestIds: [] },
    });
    expect(edit.statusCode).toBe(409);
    const again = await post('/api/event-occurrences/sendReport', { eventOccurrenceId: occurrenceId, formId });
    expect(again.json()).toMatchObject({
      success: true,
      message: '0 reports queued, 2 already queued before; 1 occurrence marked completed',
    });
  });

  it('sendReport refuses an occurrence without submissions of the form, and unknown ids', async () => {
    const { occurrenceId: empty } = await occurrenceAt(new Date(Date.now() - 3 * 3_600_000), [ids.ayse!]);
    const none = await post('/api/event-occurrences/sendReport', { eventOccurrenceId: empty, formId });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ message: 'This occurrence has no submissions of this form' });
    expect((await post('/api/event-occurrences/sendReport', { eventOccurrenceId: 999999, formId })).statusCode).toBe(
      404,
    );
    expect(
      (await post('/api/event-occurrences/sendReport', { eventOccurrenceId: empty, formId: 999999 })).statusCode,
    ).toBe(404);
    expect((await post('/api/event-occurrences/sendReport', { eventOccurrenceId: 'x', formId })).statusCode).toBe(400);
  });

  it('sendReports sends every occurrence of the day with submissions', async () => {
    const startsAt = new Date(Date.now() + 6 * 3_600_000);
    const { occurrenceId: first } = await occurrenceAt(startsAt, [ids.ayse!], 'approved', 'Flüt');
    const submitted = await post(`/api/forms/${formId}/submit`, {
      eventOccurrenceId: first,
      guestId: ids.ayse,
      data: { first_name: 'A', last_name: 'Y', attendance: 'late', Aciklama: 'Güzel' },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const response = await post('/api/event-occurrences/sendReports', {
      listDate: londonDay(startsAt),
      timezone: 'Europe/London',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ message: string }>().message).toMatch(
      /^1 report queued.*; \d+ occurrences? marked completed$/,
    );
    await waitFor(async () => (await logsOf(first)).some((row) => row.status === 'sent'), {
      what: 'a report of the first occurrence to be sent',
      timeoutMs: 30_000,
    });
  });
});

describe('POST /api/event-occurrences/sendMonthlyReports', () => {
  it('queues one image per guest of the month, once per guest and month', async () => {
    const startsAt = new Date(Date.now() + 2 * 3_600_000);
    await occurrenceAt(startsAt, [ids.ayse!, ids.john!], 'scheduled', 'Aylık');
    const request = { listDate: londonDay(startsAt), timezone: 'Europe/London' };
    const first = await post('/api/event-occurrences/sendMonthlyReports', request);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<{ message: string }>().message).toMatch(/^\d+ monthly reports queued/);
    const month = request.listDate.slice(0, 7);
    await waitFor(
      async () => {
        const rows = await ctx.database.db.select().from(messageLogs).where(eq(messageLogs.month, month));
        return rows.length > 0 && rows.every((row) => row.status !== 'queued' && row.status !== 'sending');
      },
      { what: `the monthly reports of ${month} to be delivered or failed`, timeoutMs: 40_000 },
    );
    const rows = await ctx.database.db.select().from(messageLogs).where(eq(messageLogs.month, month));
    expect(rows.filter((row) => row.recipientName === 'Ayşe')).toHaveLength(1);
    const ayse = ctx.mails.filter(
      (mail) => mail.to.includes('ayse@example.com') && decoded(mail.raw).includes('are in the attached report'),
    );
    expect(ayse).toHaveLength(1);
    expect([...attachmentOf(ayse[0]!.raw)!.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const again = await post('/api/event-occurrences/sendMonthlyReports', request);
    expect(again.json<{ message: string }>().message).toMatch(/^0 monthly reports queued, \d+ already queued before/);
  });
});

describe('Message Log', () => {
  it('lists the day’s messages with the readable error, and Retry really sends a failed one', async () => {
    const today = DateTime.now().setZone('Europe/Istanbul').toISODate()!;
    const failed = await logs({ date: today, status: 'failed', type: 'reminder' });
    const nur = failed.messageLogs.find((log) => log.recipient.name === 'Nur')!;
    expect(nur).toMatchObject({
      type: 'reminder',
      status: 'failed',
      error: 'no email address',
      recipient: { kind: 'user', id: ids.nomail },
      guests: [{ id: ids.nomail, name: 'Nur' }],
      eventOccurrence: { event: { title: 'Piyano dersi', timezone: 'Europe/Istanbul' } },
    });
    expect((await logs({ date: today, q: 'piyano' })).messageLogs.length).toBeGreaterThan(0);
    expect((await logs({ date: '2001-01-01' })).totalCount).toBe(0);
    const reminders = await logs({
      occurrenceDate: DateTime.fromISO(nur.eventOccurrence!.occurrenceDate).setZone('Europe/Istanbul').toISODate()!,
      type: 'reminder',
    });
    expect(reminders.messageLogs.every((log) => log.type === 'reminder')).toBe(true);

    // Refused while it is failed and unreachable is fixed by giving Nur an address, then Retry.
    await ctx.database.db.update(users).set({ email: 'nur@example.com' }).where(eq(users.id, ids.nomail!));
    const retry = await post(`/api/message-logs/${nur.id}/retry`, {});
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toMatchObject({ success: true, message: `Message ${nur.id} queued again` });
    await waitFor(() => mailsTo('nur@example.com').length === 1, { what: 'the mail to Nur', timeoutMs: 20_000 });
    await waitFor(
      async () => {
        const read = await ctx.app.inject({ method: 'GET', url: `/api/message-logs/${nur.id}`, headers: admin });
        return read.json<MessageLog>().status === 'sent';
      },
      { what: `message ${nur.id} to be marked sent`, timeoutMs: 20_000 },
    );
    const notFailed = await post(`/api/message-logs/${nur.id}/retry`, {});
    expect(notFailed.statusCode).toBe(409);
    expect(notFailed.json()).toMatchObject({ message: 'Only a failed message can be retried' });
    expect((await post('/api/message-logs/999999/retry', {})).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/message-logs/999999', headers: admin })).statusCode).toBe(
      404,
    );
    expect((await ctx.app.inject({ method: 'GET', url: '/api/message-logs', headers: organiser })).statusCode).toBe(
      403,
    );
  });

  it('an event whose occurrence has logged messages is archived on delete, keeping its messages', async () => {
    const startsAt = new Date(Date.now() + 26 * 3_600_000);
    const { eventId, occurrenceId } = await occurrenceAt(startsAt, [ids.ayse!], 'approved', 'Silinecek');
    await post('/api/event-occurrences/sendReminders', { listDate: londonDay(startsAt), timezone: 'Europe/London' });
    expect(await logsOf(occurrenceId)).toHaveLength(1);
    const deleted = await ctx.app.inject({ method: 'DELETE', url: `/api/events/${eventId}`, headers: admin });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(await logsOf(occurrenceId)).toHaveLength(1);
  });
});

describe('GET /api/message-groups/sync', () => {
  it('says clearly that the smtp transport has no groups', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/message-groups/sync', headers: admin });
    expect(response.statusCode).toBe(409);
    expect(response.json<{ message: string }>().message).toMatch(/^The smtp transport has no message groups to sync/);
  });

  it('imports a WhatsApp gateway’s groups and matches members to users by phone', async () => {
    await ctx.database.db.update(users).set({ phone: '+90 555 123 45 67' }).where(eq(users.id, ids.ayse!));
    await ctx.database.db.update(users).set({ phone: '+44 7700 900123' }).where(eq(users.id, ids.john!));
    const { origin } = await listenLocally((request, response) => {
      const url = request.url ?? '';
      response.setHeader('content-type', 'application/json');
      if (url.startsWith('/api/default/groups?')) {
        response.end(
          JSON.stringify([
            { id: { _serialized: '120363041234567890@g.us' }, name: 'Piyano Ailesi' },
            { id: { _serialized: '120363049999999999@g.us' }, name: 'London' },
          ]),
        );
      } else if (url.includes('120363041234567890')) {
        response.end(JSON.stringify([{ id: '905551234567@c.us', role: 'participant' }]));
      } else {
        response.end(JSON.stringify([{ id: '447700900123@c.us', role: 'participant' }]));
      }
    });
    const whatsappQueue = ctx.queue;
    const outbox = new Outbox(
      ctx.database.db,
      whatsappQueue,
      createTransport({ transport: 'whatsapp', apiUrl: `${origin}/`, session: 'default' }, { dataDir: '/nonexistent' }),
      reportAttachments(ctx.database.db),
      { job: quickJob },
    );
    const whatsappApp = await buildApp({ database: ctx.database, jwtSecret: TEST_JWT_SECRET, webRoot: null, outbox });
    try {
      const response = await whatsappApp.inject({ method: 'GET', url: '/api/message-groups/sync', headers: admin });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        success: true,
        message: 'Synced message groups: 2 groups (2 new), 2 members matched to users',
      });
      const groups = await ctx.database.db
        .select()
        .from(messageGroups)
        .where(inArray(messageGroups.externalId, ['120363041234567890@g.us', '120363049999999999@g.us']))
        .orderBy(messageGroups.name);
      expect(groups.map((g) => [g.name, g.externalId])).toEqual([
        ['London', '120363049999999999@g.us'],
        ['Piyano Ailesi', '120363041234567890@g.us'],
      ]);
      const [ayse] = await ctx.database.db.select().from(users).where(eq(users.id, ids.ayse!));
      expect(ayse!.messageGroupId).toBe(groups[1]!.id);
      // Again: nothing new, the same members.
      const again = await whatsappApp.inject({ method: 'GET', url: '/api/message-groups/sync', headers: admin });
      expect(again.json<{ message: string }>().message).toBe(
        'Synced message groups: 2 groups (0 new), 2 members matched to users',
      );
    } finally {
      await whatsappApp.close();
      await ctx.database.db.update(users).set({ messageGroupId: null });
    }
  });
});

describe('bad input to the messaging routes', () => {
  it.each([
    ['a malformed JSON body', '/api/event-occurrences/sendReminders', '{"listDate":'],
    ['a 100k-character day', '/api/event-occurrences/sendReminders', { listDate: 'x'.repeat(100_000) }],
    ['an unknown zone', '/api/event-occurrences/sendReminders', { listDate: '2030-01-01', timezone: 'Mars/Phobos' }],
    ['a NUL byte', '/api/event-occurrences/sendReports', { listDate: '2030-01-01\u0000' }],
    ['a huge id', '/api/event-occurrences/sendReport', { eventOccurrenceId: 2 ** 40, formId: 1 }],
    ['a negative id', '/api/event-occurrences/sendReport', { eventOccurrenceId: -1, formId: 1 }],
    ['ids of the wrong type', '/api/event-occurrences/sendReport', { eventOccurrenceId: [1], formId: { a: 1 } }],
    ['a month that does not exist', '/api/event-occurrences/sendMonthlyReports', { listDate: '2030-13-01' }],
  ] as const)('%s is a 400 with a message', async (_, url, payload) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { ...admin, 'content-type': 'application/json' },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ message: string }>().message.length).toBeGreaterThan(0);
  });

  it.each([
    '/api/message-logs?date=yesterday',
    '/api/message-logs?status=lost',
    '/api/message-logs?type=sms',
    '/api/message-logs?limit=100000',
    `/api/message-logs?q=${'q'.repeat(100_000)}`,
    '/api/message-logs/abc',
    '/api/message-logs?timezone=Nowhere%2FCity',
  ])('GET %s is a 400', async (url) => {
    const response = await ctx.app.inject({ method: 'GET', url: url.slice(0, 120_000), headers: admin });
    expect(response.statusCode, response.body).toBe(400);
  });

  it('names the field when zod has no text of its own for it', async () => {
    const report = await ctx.app.inject({ method: 'GET', url: '/api/forms/1/report/abc', headers: admin });
    expect(report.statusCode).toBe(400);
    // Ids have the one text of every id (ids.ts).
    expect(report.json()).toMatchObject({ message: 'Id must be a positive whole number' });
    const send = await ctx.app.inject({
      method: 'POST',
      url: '/api/event-occurrences/sendReport',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: JSON.stringify({ eventOccurrenceId: 'one', formId: 1 }),
    });
    expect(send.json()).toMatchObject({ message: 'eventOccurrenceId must be an id' });
    const list = await ctx.app.inject({ method: 'GET', url: '/api/message-logs?limit=100000', headers: admin });
    expect(list.json<{ message: string }>().message).toMatch(/^limit: Too big/);
    const body = await ctx.app.inject({
      method: 'POST',
      url: '/api/event-occurrences/sendReport',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: '[1, 2]',
    });
    expect(body.json()).toMatchObject({ message: 'body must be an object' });
  });
});

describe('in the guest’s language', () => {
  /** The text/plain part of a mail as its reader sees it (quoted-printable or base64, UTF-8). */
  function mailText(raw: string): string {
    const at = raw.indexOf('Content-Type: text/plain');
    const part = raw.slice(at);
    const headerEnd = part.indexOf('\r\n\r\n');
    const body = part.slice(headerEnd + 4).split(/\r\n--/)[0]!;
    const bytes = /Content-Transfer-Encoding: base64/i.test(part.slice(0, headerEnd))
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
      : Buffer.from(decoded(body), 'latin1');
    return bytes.toString('utf8');
  }
  const mailsOf = (address: string, phrase: string) =>
    mailsTo(address)
      .map((mail) => mailText(mail.raw))
      .filter((text) => text.includes(phrase));

  it('sends a Turkish guest a Turkish reminder, with the day and weekday written the Turkish way', async () => {
    const startsAt = new Date(inAnHour().getTime() + 73 * 3_600_000);
    await occurrenceAt(startsAt, [ids.zeynep!, ids.john!], 'approved', 'Bağlama');
    const response = await post('/api/event-occurrences/sendReminders', {
      listDate: londonDay(startsAt),
      timezone: 'Europe/London',
    });
    expect(response.statusCode, response.body).toBe(200);
    // The toast's text carries its code and values, so the web words it in the user's language.
    expect(response.json()).toMatchObject({
      success: true,
      code: 'messaging.sendSummary',
      values: { parts: [{ code: 'messaging.remindersQueued', values: { count: 2 } }] },
    });
    await waitFor(() => mailsOf('zeynep@example.com', 'Bağlama').length === 1, {
      what: 'the Turkish reminder',
      timeoutMs: 20_000,
    });
    const local = DateTime.fromJSDate(startsAt, { zone: 'Europe/Istanbul' }).setLocale('tr');
    const text = mailsOf('zeynep@example.com', 'Bağlama')[0]!;
    expect(text).toContain('Hatırlatma: Bağlama');
    expect(text).toContain(`Ne zaman: ${local.toFormat('d MMMM yyyy cccc HH:mm')}`);
    expect(text).toMatch(/(Pazartesi|Salı|Çarşamba|Perşembe|Cuma|Cumartesi|Pazar) \d\d:\d\d–/);
    expect(text).toContain('Nerede: Kadıköy Stüdyo');
    expect(text).toContain('Katılım bağlantısı: https://meet.example.com/piyano');
    expect(text).not.toContain('Reminder');
    // John's stays English.
    await waitFor(() => mailsOf('john@example.com', 'Bağlama').length === 1, { what: 'John’s reminder' });
    expect(mailsOf('john@example.com', 'Bağlama')[0]).toContain('Reminder: Bağlama');
  });

  it('sends a Turkish guest a Turkish report message, and the report image’s words are Turkish', async () => {
    const startsAt = new Date(Date.now() - 5 * 3_600_000);
    const { occurrenceId } = await occurrenceAt(startsAt, [ids.zeynep!], 'approved', 'Ney');
    const submitted = await post(`/api/forms/${formId}/submit`, {
      eventOccurrenceId: occurrenceId,
      guestId: ids.zeynep,
      data: { first_name: 'Z', last_name: 'K', attendance: 'attended', Aciklama: 'Çok iyi' },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const response = await post('/api/event-occurrences/sendReport', { eventOccurrenceId: occurrenceId, formId });
    expect(response.json()).toMatchObject({ code: 'messaging.reportSummary', values: { completed: 1 } });
    await waitFor(() => mailsOf('zeynep@example.com', 'Ney').length === 1, { what: 'the Turkish report' });
    const text = mailsOf('zeynep@example.com', 'Ney')[0]!;
    const when = DateTime.fromJSDate(startsAt, { zone: 'Europe/Istanbul' })
      .setLocale('tr')
      .toFormat('d MMMM yyyy HH:mm');
    expect(text).toContain(`Ney etkinliğinin ${when} (Europe/Istanbul) tarihli Session notes raporu ektedir.`);
    // The image is rendered from the logged attachment spec, in the guest's language.
    const [row] = await logsOf(occurrenceId);
    expect(row!.attachment).toMatchObject({ kind: 'occurrence-report', language: 'tr' });
    const data = await occurrenceReportData(ctx.database.db, formId, occurrenceId, [ids.zeynep!]);
    const page = occurrenceReportPage({ ...data!, language: 'tr' });
    const words = JSON.stringify(page.header);
    expect(words).toContain('Ne zaman');
    expect(words).toContain('Organizatör');
    expect(words).toMatch(/(Pzt|Sal|Çar|Per|Cum|Cmt|Paz) \d\d:\d\d/);
  });

  it('sends a Turkish guest a Turkish monthly report, its month written in Turkish', async () => {
    const startsAt = new Date(Date.now() + 3 * 3_600_000);
    const { occurrenceId } = await occurrenceAt(startsAt, [ids.zeynep!], 'scheduled', 'Kanun');
    // Excused ahead of the session; another person's mark is not hers.
    await ctx.database.db.insert(attendance).values([
      { occurrenceId, guestId: ids.zeynep!, status: 'excused' },
      { occurrenceId, guestId: ids.john!, status: 'present' },
    ]);
    const request = { listDate: londonDay(startsAt), timezone: 'Europe/London' };
    const response = await post('/api/event-occurrences/sendMonthlyReports', request);
    expect(response.statusCode, response.body).toBe(200);
    const month = DateTime.fromISO(`${request.listDate.slice(0, 7)}-01`)
      .setLocale('tr')
      .toFormat('LLLL yyyy');
    await waitFor(() => mailsOf('zeynep@example.com', 'ekteki rapordadır').length === 1, {
      what: 'the Turkish monthly report',
      timeoutMs: 40_000,
    });
    expect(mailsOf('zeynep@example.com', 'ekteki rapordadır')[0]).toContain(
      `Zeynep için ${month} dönemindeki oturumlar ekteki rapordadır.`,
    );
    const data = await monthlyReportData(ctx.database.db, ids.zeynep!, request.listDate.slice(0, 7), 'Europe/Istanbul');
    expect(data!.language).toBe('tr');
    const words = JSON.stringify(monthlyReportPage(data!));
    expect(words).toContain('Aylık rapor');
    expect(words).toContain(month);
    expect(words).toContain('Planlandı');
    expect(words).toMatch(/\d+ oturum/);
    const kanun = data!.occurrences.find((occurrence) => occurrence.eventTitle === 'Kanun');
    expect(kanun?.attendance).toBe('excused');
    expect(words).toContain('Mazeretli');
    expect(words).not.toContain('Katıldı');
  });
});
