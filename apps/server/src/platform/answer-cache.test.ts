import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { EventOccurrenceList } from '@ritim/shared';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.js';
import type { Database } from './db/client.js';
import { dataVersion, eventOccurrences, events, locations } from './db/schema.js';
import { defineJob, JobQueue } from './jobs/queue.js';
import { Outbox } from './delivery/outbox.js';
import { createTransport } from './delivery/transports/index.js';
import { reportAttachments } from '../modules/message-composition/attachments.js';
import { createCountingApp, createTestDatabase, TEST_JWT_SECRET } from '../test/harness.js';
import { createEvent, createLocation, createUsers, type Headers, headersOf } from '../test/seed.js';
import { AnswerCache, cacheAnswerUntil } from './answer-cache.js';

/**
 * The read routes' answer cache (answer-cache.ts) through the real routes: a repeated list is
 * answered from memory (one query: the data version) with an ETag and 304, and every kind of
 * write is seen by the very next request, made by this app, another app on the same database, or
 * straight in the database.
 */

const job = defineJob<{ messageLogId: number }>('deliver-message-cache-test', { retryLimit: 0 });
const ZONE = 'Europe/Istanbul';

let database: Database;
let queue: JobQueue;
let app: App;
let dataDir: string;
let admin: Headers;
let editor: Headers;
let ids: Record<'admin' | 'emre' | 'oya' | 'ayse' | 'john', number>;
let locationId: number;
let eventId: number;
/** Tomorrow in Istanbul: the day the occurrence list below reads. */
const day = DateTime.now().setZone(ZONE).plus({ days: 1 }).toISODate()!;
const dayList = `/api/event-occurrences?date=${day}&timezone=${ZONE}&limit=50`;

const get = (url: string, headers: Headers = admin, extra: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { ...headers, ...extra } });
const occurrencesOfDay = async (headers: Headers = admin) => {
  const response = await get(dayList, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<EventOccurrenceList>().eventOccurrences;
};

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), 'ritim-cache-'));
  queue = new JobQueue(database, { pollingIntervalSeconds: 0.5 });
  await queue.start();
  const transport = createTransport({ transport: 'file' }, { dataDir });
  const outbox = new Outbox(database.db, queue, transport, reportAttachments(database.db), { job });
  await outbox.register();
  app = await buildApp({ database, jwtSecret: TEST_JWT_SECRET, webRoot: null, outbox });
  await app.ready();
  ids = await createUsers(database, [
    { username: 'admin', role: 'admin', timezone: ZONE },
    { username: 'emre', role: 'editor', name: 'Emre', timezone: ZONE },
    { username: 'oya', role: 'editor', name: 'Oya', timezone: ZONE },
    { username: 'ayse', role: 'guest', name: 'Ayşe', timezone: ZONE, email: 'ayse@example.com' },
    { username: 'john', role: 'guest', name: 'John', timezone: ZONE },
  ]);
  admin = await headersOf(app, 'admin');
  editor = await headersOf(app, 'emre');
  locationId = await createLocation({ app, database }, admin, 'Salon');
  eventId = await createEvent({ app, database }, admin, {
    title: 'Piyano',
    locationId,
    organiserId: ids.emre,
    guestIds: [ids.ayse],
    repeat: {
      doesNotRepeat: false,
      start: `${day}T10:00`,
      frequency: 'day',
      interval: 1,
      weekdays: [],
      end: { type: 'after', count: 3 },
    },
    endTime: '11:00',
  });
});

afterAll(async () => {
  await app.close();
  await queue.stop();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('answer cache', () => {
  it('answers a repeated list from memory with the same bytes, an ETag, and 304 for If-None-Match', async () => {
    const counting = await createCountingApp(database);
    try {
      const first = await counting.app.inject({ method: 'GET', url: dayList, headers: admin });
      expect(first.statusCode).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(first.headers['cache-control']).toBe('private, no-cache');
      counting.queries = 0;
      const second = await counting.app.inject({ method: 'GET', url: dayList, headers: admin });
      expect(second.body).toBe(first.body);
      expect(second.headers.etag).toBe(etag);
      expect(second.headers['content-type']).toMatch(/^application\/json/);
      // Only the data version was read.
      expect(counting.queries).toBe(1);
      const notModified = await counting.app.inject({
        method: 'GET',
        url: dayList,
        headers: { ...admin, 'if-none-match': etag },
      });
      expect(notModified.statusCode).toBe(304);
      expect(notModified.body).toBe('');
      const other = await counting.app.inject({
        method: 'GET',
        url: dayList,
        headers: { ...admin, 'if-none-match': '"something-else"' },
      });
      expect(other.statusCode).toBe(200);
      expect(other.body).toBe(first.body);
    } finally {
      await counting.close();
    }
  });

  it('keeps each viewer to their own answer: the same URL for an admin, an organiser and a guest', async () => {
    const oya = await headersOf(app, 'oya');
    const john = await headersOf(app, 'john');
    expect(await occurrencesOfDay(admin)).toHaveLength(1);
    expect(await occurrencesOfDay(editor)).toHaveLength(1);
    expect(await occurrencesOfDay(oya)).toHaveLength(0);
    expect(await occurrencesOfDay(john)).toHaveLength(0);
    expect(await occurrencesOfDay(await headersOf(app, 'ayse'))).toHaveLength(1);
  });

  it('answers 304 for the ETag of a fresh answer and 200 with the new one after a write', async () => {
    const first = await get(dayList);
    const etag = first.headers.etag as string;
    expect((await get(dayList, admin, { 'if-none-match': etag })).statusCode).toBe(304);
    const [occurrence] = first.json<EventOccurrenceList>().eventOccurrences;
    const patched = await app.inject({
      method: 'PATCH',
      url: `/api/event-occurrences/${occurrence!.id}`,
      headers: admin,
      payload: { occurrenceGuestIds: [ids.ayse, ids.john] },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const after = await get(dayList, admin, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    const [changed] = after.json<EventOccurrenceList>().eventOccurrences;
    expect(changed!.guests.map((g) => g.id).sort()).toEqual([ids.ayse, ids.john].sort());
    // John now sees it on his own list.
    expect(await occurrencesOfDay(await headersOf(app, 'john'))).toHaveLength(1);
  });

  it('shows an event change at once: the events list and the occurrence list', async () => {
    const before = await get('/api/events?limit=50');
    expect(before.json<{ events: { title: string }[] }>().events.map((e) => e.title)).toEqual(['Piyano']);
    expect((await occurrencesOfDay())[0]!.event.title).toBe('Piyano');
    const patched = await app.inject({
      method: 'PATCH',
      url: `/api/events/${eventId}`,
      headers: admin,
      payload: { title: 'Piyano dersi' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const after = await get('/api/events?limit=50');
    expect(after.json<{ events: { title: string }[] }>().events.map((e) => e.title)).toEqual(['Piyano dersi']);
    expect((await occurrencesOfDay())[0]!.event.title).toBe('Piyano dersi');
  });

  it('shows a new event and its occurrences at once', async () => {
    expect(await occurrencesOfDay()).toHaveLength(1);
    const total = (await get('/api/events?limit=50')).json<{ totalCount: number }>().totalCount;
    const second = await createEvent({ app, database }, admin, {
      title: 'Keman',
      locationId,
      organiserId: ids.emre,
      guestIds: [ids.john],
      rrule: `DTSTART;TZID=${ZONE}:${day.replaceAll('-', '')}T150000\nRRULE:FREQ=DAILY;COUNT=1`,
    });
    expect((await get('/api/events?limit=50')).json<{ totalCount: number }>().totalCount).toBe(total + 1);
    expect((await occurrencesOfDay()).map((o) => o.eventId)).toContain(second);
    const deleted = await app.inject({ method: 'DELETE', url: `/api/events/${second}`, headers: admin });
    expect(deleted.statusCode).toBe(204);
    expect((await occurrencesOfDay()).map((o) => o.eventId)).not.toContain(second);
    expect((await get('/api/events?limit=50')).json<{ totalCount: number }>().totalCount).toBe(total);
  });

  it('shows a user change at once: the users list and the guest names on the occurrence list', async () => {
    const users = await get('/api/users?limit=50&sort=username');
    expect(
      users.json<{ users: { username: string; name: string }[] }>().users.find((u) => u.username === 'ayse')!.name,
    ).toBe('Ayşe');
    const patched = await app.inject({
      method: 'PATCH',
      url: `/api/users/${ids.ayse}`,
      headers: admin,
      payload: { name: 'Ayşegül' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const after = await get('/api/users?limit=50&sort=username');
    expect(
      after.json<{ users: { username: string; name: string }[] }>().users.find((u) => u.username === 'ayse')!.name,
    ).toBe('Ayşegül');
    expect((await occurrencesOfDay())[0]!.guests.map((g) => g.name)).toContain('Ayşegül');
    const created = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: admin,
      payload: { username: 'zeki', password: 'a-good-password', role: 'guest', timezone: 'Europe/Istanbul' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const withZeki = await get('/api/users?limit=50&sort=username');
    expect(withZeki.json<{ users: { username: string }[] }>().users.map((u) => u.username)).toContain('zeki');
  });

  it('shows a location change at once', async () => {
    expect((await get('/api/locations?limit=50')).json<{ locations: { name: string }[] }>().locations).toHaveLength(1);
    await app.inject({ method: 'POST', url: '/api/locations', headers: admin, payload: { name: 'Bahçe' } });
    const after = (await get('/api/locations?limit=50')).json<{ locations: { name: string }[] }>().locations;
    expect(after.map((l) => l.name).sort()).toEqual(['Bahçe', 'Salon']);
  });

  it('shows a form submission at once', async () => {
    const [occurrence] = await occurrencesOfDay(editor);
    expect(occurrence!.formSubmissions).toEqual([]);
    const submitted = await app.inject({
      method: 'POST',
      url: '/api/forms/1/submit',
      headers: editor,
      payload: {
        eventOccurrenceId: occurrence!.id,
        guestId: ids.ayse,
        data: { first_name: 'Ayşe', last_name: 'Y', attendance: 'attended', Aciklama: 'İyi gitti' },
      },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect((await occurrencesOfDay(editor))[0]!.formSubmissions.map((s) => s.notes)).toEqual(['İyi gitti']);
    const again = await app.inject({
      method: 'POST',
      url: '/api/forms/1/submit',
      headers: editor,
      payload: {
        eventOccurrenceId: occurrence!.id,
        guestId: ids.ayse,
        data: { first_name: 'Ayşe', last_name: 'Y', attendance: 'late', Aciklama: 'Geç kaldı' },
      },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((await occurrencesOfDay(editor))[0]!.formSubmissions.map((s) => s.notes)).toEqual(['Geç kaldı']);
  });

  it('shows an approval and its undoing at once', async () => {
    expect((await occurrencesOfDay()).map((o) => o.status)).toEqual(['scheduled']);
    const approve = await app.inject({
      method: 'POST',
      url: '/api/event-occurrences/approveSchedule',
      headers: admin,
      payload: { listDate: day, timezone: ZONE },
    });
    expect(approve.statusCode, approve.body).toBe(200);
    expect((await occurrencesOfDay()).map((o) => o.status)).toEqual(['approved']);
    const undo = await app.inject({
      method: 'POST',
      url: '/api/event-occurrences/unapproveSchedule',
      headers: admin,
      payload: { listDate: day, timezone: ZONE },
    });
    expect(undo.statusCode, undo.body).toBe(200);
    expect((await occurrencesOfDay()).map((o) => o.status)).toEqual(['scheduled']);
  });

  it('shows a sent report (the occurrence completed) at once', async () => {
    const [occurrence] = await occurrencesOfDay();
    expect(occurrence!.status).toBe('scheduled');
    const sent = await app.inject({
      method: 'POST',
      url: '/api/event-occurrences/sendReport',
      headers: admin,
      payload: { eventOccurrenceId: occurrence!.id, formId: 1 },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await occurrencesOfDay())[0]!.status).toBe('completed');
  });

  it('shows a write of another app on the same database, and one made straight in the database', async () => {
    const other = await createCountingApp(database);
    try {
      expect((await occurrencesOfDay())[0]!.event.description).toBeNull();
      const patched = await other.app.inject({
        method: 'PATCH',
        url: `/api/events/${eventId}`,
        headers: admin,
        payload: { description: 'Getirin: nota defteri' },
      });
      expect(patched.statusCode, patched.body).toBe(200);
      expect((await occurrencesOfDay())[0]!.event.description).toBe('Getirin: nota defteri');
      // A job or another tool writing in the database: no hook of this app sees it, the version does.
      await database.db.update(events).set({ description: 'Elle yazıldı' }).where(eq(events.id, eventId));
      expect((await occurrencesOfDay())[0]!.event.description).toBe('Elle yazıldı');
      await database.db
        .delete(eventOccurrences)
        .where(sql`${eventOccurrences.eventId} = ${eventId} and status <> 'completed'`);
      expect(
        (await get(`/api/event-occurrences?eventId=${eventId}&limit=50`)).json<EventOccurrenceList>().totalCount,
      ).toBe(1);
    } finally {
      await other.close();
    }
  });

  it('answers bad input with 400 as before (nothing cached before validation)', async () => {
    const bad = await get('/api/event-occurrences?limit=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.headers.etag).toBeUndefined();
  });
});

describe('the data version', () => {
  const version = async () => Number((await database.db.select().from(dataVersion))[0]!.version);

  it('is bumped by every table the answers read, not by sessions, reset links, login throttling or the job queue', async () => {
    const result = await database.db.execute(sql`select c.relname as name,
        exists (select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname = 'ritim_data_version') as tracked
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' order by 1`);
    const rows = (result as { rows: { name: string; tracked: boolean }[] }).rows;
    const untracked = rows.filter((row) => !row.tracked).map((row) => row.name);
    // (Password reset links, recovery codes and sign-in challenges, like sessions, are read by no answer;
    // nor are the approved days, read only by the writes that give a new session its day's status, which
    // bump it through the sessions they write; the audit log's list is not kept, and a sign-in, which
    // writes a row of it, must not empty the cache.)
    expect(untracked).toEqual([
      'approved_days',
      'audit_log_counts',
      'audit_logs',
      'calendar_feeds',
      'data_version',
      'login_failures',
      'password_resets',
      'recovery_codes',
      'refresh_tokens',
      'two_factor_challenges',
    ]);
  });

  it('goes up once per committed transaction, at its commit, and not for one rolled back', async () => {
    const before = await version();
    await database.db.transaction(async (tx) => {
      await tx.update(events).set({ description: 'bir' }).where(eq(events.id, eventId));
      await tx.update(events).set({ description: 'iki' }).where(eq(events.id, eventId));
      await tx.insert(locations).values({ name: 'Çatı katı' });
    });
    expect(await version()).toBe(before + 1);
    await database.db
      .transaction(async (tx) => {
        await tx.insert(locations).values({ name: 'Bodrum' });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await version()).toBe(before + 1);
  });
});

describe('AnswerCache', () => {
  it('drops an answer when its until passes, and the least recently used past maxBytes', async () => {
    let now = 1_000;
    let built = 0;
    const cache = new AnswerCache(database.db, { maxBytes: 3_000 }, () => now);
    const server = Fastify();
    server.decorateRequest('sessionUser', null);
    cache.register(server);
    server.get('/until', { config: { cacheAnswer: true } }, async (request) => {
      built += 1;
      cacheAnswerUntil(request, now + 500);
      return { built };
    });
    server.get('/big/:n', { config: { cacheAnswer: true } }, async (request) => {
      built += 1;
      return { n: (request.params as { n: string }).n, pad: 'x'.repeat(1_000), built };
    });
    try {
      const read = async (url: string) => (await server.inject({ method: 'GET', url })).json<{ built: number }>().built;
      expect(await read('/until')).toBe(1);
      expect(await read('/until')).toBe(1);
      now += 500;
      expect(await read('/until')).toBe(2);
      built = 0;
      expect(await read('/big/1')).toBe(1);
      expect(await read('/big/2')).toBe(2);
      expect(await read('/big/1')).toBe(1);
      // A third answer passes 3,000 bytes: the least recently used (/big/2) goes.
      expect(await read('/big/3')).toBe(3);
      expect(cache.size).toBeLessThanOrEqual(3);
      expect(await read('/big/1')).toBe(1);
      expect(await read('/big/2')).toBe(4);
    } finally {
      await server.close();
    }
  });

  it('shares version reads among requests arriving together, never one that started before them', async () => {
    const pending: ((version: number) => void)[] = [];
    class Controlled extends AnswerCache {
      protected override read(): Promise<number> {
        this.reads += 1;
        return new Promise((resolve) => pending.push(resolve));
      }
    }
    const cache = new Controlled(database.db);
    const first = cache.version();
    // These arrive while the first read is under way: they wait for the next one.
    const later = Array.from({ length: 20 }, () => cache.version());
    expect(cache.reads).toBe(1);
    pending[0]!(1); // the first read (it may predate a commit the later ones must see)
    expect(await first).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(cache.reads).toBe(2);
    pending[1]!(2);
    expect(await Promise.all(later)).toEqual(Array.from({ length: 20 }, () => 2));
    // Nothing under way: the next request reads at once.
    const alone = cache.version();
    expect(cache.reads).toBe(3);
    pending[2]!(3);
    expect(await alone).toBe(3);
  });
});
