import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.js';
import type { Database } from '../../platform/db/client.js';
import { eventOccurrences, locations, messageLogs } from '../../platform/db/schema.js';
import { defineJob, JobQueue } from '../../platform/jobs/queue.js';
import { Outbox } from '../../platform/delivery/outbox.js';
import { createTransport } from '../../platform/delivery/transports/index.js';
import { createTestDatabase, TEST_JWT_SECRET } from '../../test/harness.js';
import { createEvent, createPerson, waitFor } from '../../test/seed.js';
import { reportAttachments } from './attachments.js';

/**
 * A reminder carries its session as an .ics file (through the real send route, the outbox and the
 * file transport), so a guest adds it to their calendar in one tap: read back with ical.js.
 */
const job = defineJob<{ messageLogId: number }>('deliver-message-ics-test', {
  retryLimit: 1,
  retryDelaySeconds: 1,
  expireInSeconds: 30,
});

let database: Database;
let queue: JobQueue;
let app: App;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'ritim-ics-'));
  database = await createTestDatabase();
  queue = new JobQueue(database, { pollingIntervalSeconds: 0.5 });
  await queue.start();
  const transport = createTransport({ transport: 'file' }, { dataDir });
  const outbox = new Outbox(database.db, queue, transport, reportAttachments(database.db), { job });
  await outbox.register();
  await outbox.work();
  app = await buildApp({ database, jwtSecret: TEST_JWT_SECRET, webRoot: null, outbox });
  await app.ready();
}, 60_000);

afterAll(async () => {
  await app?.close();
  await queue?.stop();
  await database?.close();
  await rm(dataDir, { recursive: true, force: true });
}, 60_000);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

it('attaches the session as an .ics file with its exact time, place and link', async () => {
  const db = database.db;
  const ctx = { app, database };
  const people = {} as Record<'admin' | 'teacher' | 'ayse', Awaited<ReturnType<typeof createPerson>>>;
  for (const [username, role] of [
    ['admin', 'admin'],
    ['teacher', 'editor'],
    ['ayse', 'guest'],
  ] as const) {
    people[username] = await createPerson(ctx, { username, role, email: `${username}@example.com` });
  }
  const admin = people.admin.headers;
  const [room] = await db.insert(locations).values({ name: 'Kadıköy Stüdyo' }).returning({ id: locations.id });
  const eventId = await createEvent(ctx, admin, {
    title: 'Piyano dersi',
    conferenceLink: 'https://meet.example.com/piyano',
    locationId: room!.id,
    organiserId: people.teacher.id,
    guestIds: [people.ayse.id],
    rrule: 'DTSTART;TZID=Europe/Istanbul:20260101T100000\nRRULE:FREQ=DAILY;COUNT=1',
  });
  // The session starts in two hours (moved there), approved: a reminder goes out for it.
  const startsAt = new Date(Math.ceil((Date.now() + 7_200_000) / 60_000) * 60_000);
  const endsAt = new Date(startsAt.getTime() + 3_600_000);
  const [occurrence] = await db
    .update(eventOccurrences)
    .set({ startsAt, endsAt, status: 'approved' })
    .where(eq(eventOccurrences.eventId, eventId))
    .returning({ id: eventOccurrences.id });
  const listDate = DateTime.fromJSDate(startsAt, { zone: 'Europe/Istanbul' }).toISODate()!;
  const sent = await app.inject({
    method: 'POST',
    url: '/api/event-occurrences/sendReminders',
    headers: admin,
    payload: { listDate, timezone: 'Europe/Istanbul' },
  });
  expect(sent.statusCode, sent.body).toBe(200);

  let calendarFile: string | undefined;
  await waitFor(
    async () => {
      // Delivered: renamed into the outbox from the staging folder it is written in (and gone from).
      calendarFile = (await filesUnder(dataDir)).find(
        (file) => file.endsWith('.ics') && !file.split(path.sep).some((part) => part.startsWith('.staging-')),
      );
      return calendarFile !== undefined;
    },
    { what: 'the reminder’s delivered .ics file', timeoutMs: 20_000 },
  );
  const [log] = await db.select().from(messageLogs).where(eq(messageLogs.occurrenceId, occurrence!.id));
  expect(log!.attachment).toEqual({ kind: 'occurrence-ics', occurrenceId: occurrence!.id });

  const calendar = new ICAL.Component(ICAL.parse(await readFile(calendarFile!, 'utf8')) as unknown[]);
  expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
  const events = calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
  expect(events).toHaveLength(1);
  const [event] = events;
  expect(event!.uid).toBe(`occurrence-${occurrence!.id}@ritim`);
  expect(event!.summary).toBe('Piyano dersi');
  expect(event!.location).toBe('Kadıköy Stüdyo');
  expect(event!.description).toContain('https://meet.example.com/piyano');
  expect(event!.startDate.toJSDate().toISOString()).toBe(startsAt.toISOString());
  expect(event!.endDate.toJSDate().toISOString()).toBe(endsAt.toISOString());
  expect(event!.component.getFirstPropertyValue('status')).toBe('CONFIRMED');
});
