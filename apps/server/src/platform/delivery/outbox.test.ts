import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { messageLogs } from '../db/schema.js';
import { defineJob, JobQueue } from '../jobs/queue.js';
import { createTestDatabase, createUser } from '../../test/harness.js';
import { waitFor } from '../../test/seed.js';
import { type NewMessage, Outbox, UNDELIVERED } from './outbox.js';
import { createFileTransport } from './transports/file.js';
import { createTransport, loadTransportConfig } from './transports/index.js';

const fast = { pollingIntervalSeconds: 0.5 };
/** Retries at once, twice, so a failing delivery ends as failed within the test. */
const quickJob = defineJob<{ messageLogId: number }>('deliver-message-test', {
  retryLimit: 1,
  retryDelaySeconds: 0,
  retryBackoff: false,
});

let database: Database;
let queue: JobQueue;
let dataDir: string;
let guest: { id: number; name: string | null };

const statusOf = async (id: number) => (await database.db.select().from(messageLogs).where(eq(messageLogs.id, id)))[0]!;

const reminder = (key: string, overrides: Partial<NewMessage> = {}): NewMessage => ({
  type: 'reminder',
  idempotencyKey: key,
  recipient: { kind: 'user', id: guest.id, name: 'Ayşe Yılmaz', email: null, phone: '+90 555 000 11 22' },
  guestIds: [guest.id],
  subject: 'Reminder: Ders',
  body: 'Ders starts at 10:00',
  ...overrides,
});

beforeAll(async () => {
  database = await createTestDatabase();
  queue = new JobQueue(database, fast);
  await queue.start();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'ritim-outbox-'));
  guest = await createUser(database, { username: 'ayse', role: 'guest' });
}, 30_000);

afterAll(async () => {
  await queue?.stop();
  await database?.close();
  await rm(dataDir, { recursive: true, force: true });
}, 30_000);

describe(`outbox on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('writes the row and its job in the caller’s transaction; the job delivers it once and marks it sent', async () => {
    const outbox = new Outbox(database.db, queue, createFileTransport({ dataDir }), async () => []);
    await outbox.register();
    // A decision rolled back leaves neither a row nor a job.
    await expect(
      database.db.transaction(async (tx) => {
        await outbox.enqueue(tx, [reminder('reminder:rolled-back')]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const result = await database.db.transaction((tx) => outbox.enqueue(tx, [reminder('reminder:1:user:1')]));
    expect(result).toEqual({ queued: 1, duplicates: 0, unreachable: [] });
    await outbox.work();
    const [row] = await database.db
      .select()
      .from(messageLogs)
      .where(eq(messageLogs.idempotencyKey, 'reminder:1:user:1'));
    await waitFor(async () => (await statusOf(row!.id)).status === 'sent', {
      what: `message ${row!.id} to be marked sent`,
    });
    expect(await statusOf(row!.id)).toMatchObject({ attempts: 1, error: null });
    expect((await statusOf(row!.id)).sentAt).not.toBeNull();
    expect(
      await database.db.select().from(messageLogs).where(eq(messageLogs.idempotencyKey, 'reminder:rolled-back')),
    ).toEqual([]);
    const [day] = await readdir(path.join(dataDir, 'outbox'));
    const [folder] = await readdir(path.join(dataDir, 'outbox', day!));
    const written = JSON.parse(await readFile(path.join(dataDir, 'outbox', day!, folder!, 'message.json'), 'utf8')) as {
      text: string;
    };
    expect(written.text).toBe('Ders starts at 10:00');
  });

  it('queues a decision taken twice, or twice at once, only once', async () => {
    const outbox = new Outbox(database.db, queue, createFileTransport({ dataDir }), async () => []);
    await outbox.register();
    const once = () => database.db.transaction((tx) => outbox.enqueue(tx, [reminder('reminder:2:user:1')]));
    const results = await Promise.all([once(), once(), once()]);
    expect(results.reduce((sum, r) => sum + r.queued, 0)).toBe(1);
    expect(results.reduce((sum, r) => sum + r.duplicates, 0)).toBe(2);
    expect(
      await database.db.select().from(messageLogs).where(eq(messageLogs.idempotencyKey, 'reminder:2:user:1')),
    ).toHaveLength(1);
  });

  it('logs a recipient the transport cannot reach as failed with the reason, and queues nothing for it', async () => {
    const config = loadTransportConfig({
      MESSAGE_TRANSPORT: 'smtp',
      SMTP_HOST: '127.0.0.1',
      SMTP_FROM: 'office@example.com',
    });
    const outbox = new Outbox(database.db, queue, createTransport(config, { dataDir }), async () => []);
    await outbox.register();
    const result = await database.db.transaction((tx) => outbox.enqueue(tx, [reminder('reminder:3:user:1')]));
    expect(result.queued).toBe(0);
    expect(result.unreachable).toHaveLength(1);
    expect(result.unreachable[0]?.name).toBe('Ayşe Yılmaz');
    expect(result.unreachable[0]?.reason).toMatch(/email/i);
    const [row] = await database.db
      .select()
      .from(messageLogs)
      .where(eq(messageLogs.idempotencyKey, 'reminder:3:user:1'));
    expect(row).toMatchObject({ status: 'failed', attempts: 0 });
  });

  it('retries a failing delivery, then marks it failed with the error; Retry re-queues it and it is sent', async () => {
    // The outbox folder is a file: every write fails until it is removed.
    const brokenDir = await mkdtemp(path.join(os.tmpdir(), 'ritim-outbox-broken-'));
    await writeFile(path.join(brokenDir, 'outbox'), 'not a folder');
    const outbox = new Outbox(database.db, queue, createFileTransport({ dataDir: brokenDir }), async () => [], {
      job: quickJob,
    });
    await outbox.register();
    await outbox.work();
    await database.db.transaction((tx) => outbox.enqueue(tx, [reminder('reminder:4:user:1')]));
    const [queued] = await database.db
      .select()
      .from(messageLogs)
      .where(eq(messageLogs.idempotencyKey, 'reminder:4:user:1'));
    await waitFor(async () => (await statusOf(queued!.id)).status === 'failed', {
      what: `message ${queued!.id} to be marked failed`,
    });
    const failed = await statusOf(queued!.id);
    expect(failed.attempts).toBe(2);
    expect(failed.error).toMatch(/outbox/);
    expect(failed.error).not.toMatch(/\n/);

    expect(await outbox.retry(queued!.id)).toBe('queued');
    await rm(path.join(brokenDir, 'outbox'));
    await waitFor(async () => (await statusOf(queued!.id)).status === 'sent', {
      what: `message ${queued!.id} to be marked sent`,
    });
    expect(await statusOf(queued!.id)).toMatchObject({ attempts: 3, error: null });
    expect(await outbox.retry(queued!.id)).toBe('not-failed');
    expect(await outbox.retry(999_999)).toBe('not-found');
    await rm(brokenDir, { recursive: true, force: true });
  });

  it('a delivery job run twice for one row sends it once', async () => {
    const outbox = new Outbox(database.db, queue, createFileTransport({ dataDir }), async () => []);
    await database.db.transaction((tx) => outbox.enqueue(tx, [reminder('reminder:5:user:1')]));
    const [row] = await database.db
      .select()
      .from(messageLogs)
      .where(eq(messageLogs.idempotencyKey, 'reminder:5:user:1'));
    await waitFor(async () => (await statusOf(row!.id)).status === 'sent', {
      what: `message ${row!.id} to be marked sent`,
    });
    await outbox.deliver(row!.id);
    expect((await statusOf(row!.id)).attempts).toBe(1);
  });

  it('fails a message whose last delivery never finishes, with the reason, and Retry can send it', async () => {
    // Its own queue: maintenance (which fails runs past their time) every second.
    const hangingQueue = new JobQueue(database, { ...fast, maintenanceIntervalSeconds: 1 });
    await hangingQueue.start();
    const job = defineJob<{ messageLogId: number }>('deliver-message-hanging', {
      retryLimit: 0,
      expireInSeconds: 1,
      deadLetter: defineJob<{ messageLogId: number }>('deliver-message-hanging-undelivered', { retryDelaySeconds: 0 }),
    });
    let hang = true;
    const file = createFileTransport({ dataDir });
    const transport = {
      ...file,
      // Never answers while `hang` holds, like a gateway that accepted the connection and went quiet.
      send: (message: Parameters<typeof file.send>[0]) =>
        hang ? new Promise<never>(() => undefined) : file.send(message),
    };
    const outbox = new Outbox(database.db, hangingQueue, transport, async () => [], { job });
    try {
      await outbox.register();
      await outbox.work();
      await database.db.transaction((tx) => outbox.enqueue(tx, [reminder('reminder:6:user:1')]));
      const [row] = await database.db
        .select()
        .from(messageLogs)
        .where(eq(messageLogs.idempotencyKey, 'reminder:6:user:1'));
      await waitFor(async () => (await statusOf(row!.id)).status === 'failed', {
        what: `message ${row!.id} to be marked failed`,
        timeoutMs: 20_000,
      });
      expect((await statusOf(row!.id)).error).toBe(UNDELIVERED);
      hang = false;
      expect(await outbox.retry(row!.id)).toBe('queued');
      await waitFor(async () => (await statusOf(row!.id)).status === 'sent', {
        what: `message ${row!.id} to be marked sent`,
        timeoutMs: 20_000,
      });
      expect(await statusOf(row!.id)).toMatchObject({ error: null, attempts: 2 });
    } finally {
      await hangingQueue.stop(1_000);
    }
  }, 45_000);
});
