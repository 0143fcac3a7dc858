import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MessageLog } from '@ritim/shared';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { verifyWebhookSignature } from './transports/webhook.js';
import { createServerDatabase } from '../../test/harness.js';
import { waitFor } from '../../test/seed.js';
import { closeTestServers, listenLocally } from './transports/test-servers.js';

/**
 * The outbox with real server processes (apps/server/src/main.ts), sending through the webhook
 * transport to a receiver in this test: a process killed with SIGKILL in the middle of a batch
 * loses nothing when it starts again, and two processes on one PostgreSQL database never send one
 * message twice.
 */
const root = fileURLToPath(new URL('../../../../..', import.meta.url));
const serverUrl = process.env.TEST_DATABASE_URL;
const SECRET = 'webhook-secret-for-the-process-tests';
const ADMIN_PASSWORD = 'process-test-admin-1';
const JWT_SECRET = randomBytes(32).toString('hex');
/** A delivery that has run this long counts as dead (its process was killed) and is run again. */
const DELIVERY_TIMEOUT_SECONDS = 4;

/** Each poll of a server process is a request to it: not too many while it works. */
const POLL_MS = 200;

/**
 * A receiver of the webhook: every delivery's idempotency key and the path it was posted to, in
 * order; `onDelivery` runs before the answer (a delay, or a kill while the delivery is in flight).
 */
async function startReceiver(onDelivery: (key: string, count: number) => void | Promise<void> = () => undefined) {
  const keys: string[] = [];
  const paths: string[] = [];
  const { origin } = await listenLocally((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const signed = verifyWebhookSignature(
        SECRET,
        String(request.headers['x-ritim-timestamp']),
        body,
        String(request.headers['x-ritim-signature']),
      );
      if (!signed) {
        response.writeHead(401).end();
        return;
      }
      const key = (JSON.parse(body) as { idempotencyKey: string }).idempotencyKey;
      keys.push(key);
      paths.push(request.url ?? '');
      void Promise.resolve(onDelivery(key, keys.length)).then(() => {
        if (!response.destroyed) response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
  });
  return { url: `${origin}/hook`, keys, paths };
}

interface Server {
  child: ChildProcess;
  base: string;
  output: string[];
}
const started: Server[] = [];

/** Starts the real server (TypeScript sources through tsx) and waits until it answers. */
async function startServer(env: Record<string, string>): Promise<Server> {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD,
      JWT_SECRET,
      MESSAGE_TRANSPORT: 'webhook',
      WEBHOOK_SECRET: SECRET,
      DELIVERY_TIMEOUT_SECONDS: String(DELIVERY_TIMEOUT_SECONDS),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server = { child, base: `http://127.0.0.1:${port}`, output: [] as string[] };
  child.stdout?.on('data', (chunk: Buffer) => server.output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => server.output.push(chunk.toString()));
  started.push(server);
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`server exited: ${server.output.join('')}`);
      return fetch(`${server.base}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
    },
    { timeoutMs: 60_000, what: 'the server to start', intervalMs: POLL_MS },
  );
  return server;
}

async function stop(server: Server, signal: NodeJS.Signals = 'SIGTERM') {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill(signal);
  await exited;
}

afterEach(async () => {
  await Promise.all(started.splice(0).map((server) => stop(server)));
  await closeTestServers();
});

/** A fresh database for one test: a new one on the PostgreSQL server, else an embedded one in a folder. */
async function freshDatabase(): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  if (serverUrl) {
    const { url, drop } = await createServerDatabase(serverUrl, 'ritim_proc');
    return { env: { DATABASE_URL: url }, drop };
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ritim-proc-'));
  return { env: { DATABASE_URL: '', DATA_DIR: dataDir }, drop: () => rm(dataDir, { recursive: true, force: true }) };
}
const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const drop of drops.splice(0)) await drop();
});

/** The API as the first admin. */
async function adminClient(base: string) {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  expect(login.status).toBe(200);
  const { accessToken } = (await login.json()) as { accessToken: string };
  return async <T>(method: string, url: string, body?: unknown, expected = [200, 201]): Promise<T> => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!expected.includes(response.status)) throw new Error(`${method} ${url}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
}

/** Tomorrow in Istanbul: its sessions are ahead whenever the test runs. */
const tomorrow = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul' }).format(new Date(Date.now() + 86_400_000));

/** Guests and approved sessions tomorrow (one per start time), through the API; answers the day and the guests' ids. */
async function seed(api: Awaited<ReturnType<typeof adminClient>>, guestCount: number, starts: string[]) {
  const location = await api<{ id: number }>('POST', '/api/locations', { name: 'Stüdyo' });
  const organiser = await api<{ id: number }>('POST', '/api/users', {
    username: 'organiser',
    password: 'organiser-password-1',
    role: 'editor',
    timezone: 'Europe/Istanbul',
    name: 'Emre',
  });
  const guestIds: number[] = [];
  for (let n = 0; n < guestCount; n++) {
    const guest = await api<{ id: number }>('POST', '/api/users', {
      username: `guest${n}`,
      password: 'guest-password-1',
      role: 'guest',
      timezone: 'Europe/Istanbul',
      name: `Guest ${n}`,
    });
    guestIds.push(guest.id);
  }
  const day = tomorrow();
  for (const start of starts) {
    await api('POST', '/api/events', {
      title: `Session ${start}`,
      locationId: location.id,
      organiserId: organiser.id,
      guestIds,
      repeat: { doesNotRepeat: true, start: `${day}T${start}` },
      endTime: `${String(Number(start.slice(0, 2)) + 1).padStart(2, '0')}:00`,
    });
  }
  await api('POST', '/api/event-occurrences/approveSchedule', { listDate: day, timezone: 'Europe/Istanbul' });
  return { day, guestIds };
}

/** The idempotency key of every reminder the day's sessions call for: one per guest and session. */
async function expectedReminderKeys(api: Awaited<ReturnType<typeof adminClient>>, day: string, guestIds: number[]) {
  const { eventOccurrences } = await api<{ eventOccurrences: { id: number; status: string }[] }>(
    'GET',
    `/api/event-occurrences?date=${day}&timezone=Europe%2FIstanbul&light=true`,
  );
  expect(eventOccurrences.every((occurrence) => occurrence.status === 'approved')).toBe(true);
  return eventOccurrences.flatMap((occurrence) => guestIds.map((id) => `reminder:${occurrence.id}:user:${id}`)).sort();
}

/** Every reminder about the day's sessions, read through the Message Log (pages of 100). */
async function reminderLogs(api: Awaited<ReturnType<typeof adminClient>>, day: string) {
  const logs: MessageLog[] = [];
  for (;;) {
    const page = await api<{ messageLogs: MessageLog[]; totalCount: number }>(
      'GET',
      `/api/message-logs?occurrenceDate=${day}&timezone=Europe%2FIstanbul&type=reminder&limit=100&offset=${logs.length}`,
    );
    logs.push(...page.messageLogs);
    if (page.messageLogs.length === 0 || logs.length >= page.totalCount) return logs;
  }
}
const keyOf = (log: MessageLog) => `reminder:${log.eventOccurrence?.id}:${log.recipient.kind}:${log.recipient.id}`;

const counts = (keys: string[]) => {
  const byKey = new Map<string, number>();
  for (const key of keys) byKey.set(key, (byKey.get(key) ?? 0) + 1);
  return byKey;
};

describe(`server processes on ${serverUrl ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('a process killed with SIGKILL in the middle of a batch loses nothing: restarted, it sends the rest', async () => {
    const database = await freshDatabase();
    drops.push(database.drop);
    const GUESTS = 40;
    const KILL_AT = 10;
    const running: { first?: Server; inFlight?: string } = {};
    // The 10th delivery is held and the process killed while it is in flight: the receiver got it,
    // the sender never heard back.
    const receiver = await startReceiver(async (key, count) => {
      if (count === KILL_AT && running.first) {
        running.inFlight = key;
        await stop(running.first, 'SIGKILL');
      }
    });
    const first = await startServer({ ...database.env, WEBHOOK_URL: receiver.url });
    running.first = first;
    const api = await adminClient(first.base);
    const { day, guestIds } = await seed(api, GUESTS, ['10:00']);
    const expectedKeys = await expectedReminderKeys(api, day, guestIds);
    const sent = await api<{ message: string }>('POST', '/api/event-occurrences/sendReminders', {
      listDate: day,
      timezone: 'Europe/Istanbul',
    });
    expect(sent.message).toBe(`${GUESTS} reminders queued`);
    await waitFor(() => first.child.signalCode === 'SIGKILL', {
      timeoutMs: 30_000,
      what: 'the kill',
      intervalMs: POLL_MS,
    });
    expect(receiver.keys).toHaveLength(KILL_AT);

    const second = await startServer({ ...database.env, WEBHOOK_URL: receiver.url });
    const again = await adminClient(second.base);
    await waitFor(async () => (await reminderLogs(again, day)).every((log) => log.status === 'sent'), {
      timeoutMs: 60_000,
      what: 'every reminder to be sent',
      intervalMs: POLL_MS,
    });
    const logs = await reminderLogs(again, day);
    // A repeat arriving after the last row turned sent would show here: a stopped process has
    // finished the deliveries it had under way.
    await stop(second);
    expect(logs).toHaveLength(GUESTS);
    expect(logs.every((log) => log.status === 'sent' && log.sentAt !== null)).toBe(true);
    expect(logs.map(keyOf).sort()).toEqual(expectedKeys);
    // Every guest's reminder arrived, each under its own key.
    const delivered = counts(receiver.keys);
    expect([...delivered.keys()].sort()).toEqual(expectedKeys);
    // Only the message in flight at the kill may arrive twice: the worker runs one delivery at a
    // time, so no other was under way. The repeat carries the same idempotency key, which is how a
    // receiver recognises it (the reason the transport sends the key).
    const repeated = [...delivered].filter(([, n]) => n > 1);
    expect(repeated.every(([key, n]) => key === running.inFlight && n === 2)).toBe(true);
    expect(receiver.keys).toHaveLength(GUESTS + repeated.length);
    // The killed run was claimed once before the kill and once after it; every other row once.
    const inFlightLog = logs.find((log) => keyOf(log) === running.inFlight);
    expect(inFlightLog?.attempts).toBe(2);
    expect(logs.filter((log) => log !== inFlightLog).every((log) => log.attempts === 1)).toBe(true);
  }, 180_000);

  it.skipIf(!serverUrl)(
    'two processes on one database send each message once, even when both are asked at once',
    async () => {
      const database = await freshDatabase();
      drops.push(database.drop);
      // Each process sends one delivery at a time: the receiver answers none until both have one
      // in flight, so neither drains the queue alone. Nothing is killed here, so the deliveries may
      // run long (60 s): the held call gets a quarter of that (15 s), far more than the other
      // process takes to find a job.
      let bothSending = () => {};
      const both = new Promise<void>((resolve) => (bothSending = resolve));
      const receiver = await startReceiver(async () => {
        if (new Set(receiver.paths).size === 2) bothSending();
        await both;
      });
      // One receiver; each process posts to its own path of it, so a delivery names its sender.
      const patient = { ...database.env, DELIVERY_TIMEOUT_SECONDS: '60' };
      const [one, two] = await Promise.all([
        startServer({ ...patient, WEBHOOK_URL: `${receiver.url}/one` }),
        startServer({ ...patient, WEBHOOK_URL: `${receiver.url}/two` }),
      ]);
      const apiOne = await adminClient(one.base);
      const apiTwo = await adminClient(two.base);
      const GUESTS = 25;
      const { day, guestIds } = await seed(apiOne, GUESTS, ['09:00', '11:00', '14:00', '16:00']);
      const expectedKeys = await expectedReminderKeys(apiOne, day, guestIds);
      expect(expectedKeys).toHaveLength(4 * GUESTS);
      const request = { listDate: day, timezone: 'Europe/Istanbul' };
      const answers = await Promise.all([
        apiOne<{ message: string }>('POST', '/api/event-occurrences/sendReminders', request),
        apiTwo<{ message: string }>('POST', '/api/event-occurrences/sendReminders', request),
        apiTwo<{ message: string }>('POST', '/api/event-occurrences/sendReminders', request),
        apiOne<{ message: string }>('POST', '/api/event-occurrences/sendReminders', request),
      ]);
      // Together the four decisions queued each reminder once; each found the rest already queued.
      const parsed = answers.map((answer) => ({
        queued: Number(/^(\d+) reminders? queued/.exec(answer.message)?.[1]),
        duplicates: Number(/(\d+) already queued before/.exec(answer.message)?.[1] ?? 0),
      }));
      expect(parsed.every((answer) => answer.queued + answer.duplicates === 4 * GUESTS)).toBe(true);
      expect(parsed.reduce((sum, answer) => sum + answer.queued, 0)).toBe(4 * GUESTS);
      await waitFor(async () => (await reminderLogs(apiTwo, day)).every((log) => log.status === 'sent'), {
        timeoutMs: 60_000,
        what: 'every reminder to be sent',
        intervalMs: POLL_MS,
      });
      const logs = await reminderLogs(apiOne, day);
      // A repeat arriving after the last row turned sent would show here (as above).
      await Promise.all([stop(one), stop(two)]);
      expect(logs.map(keyOf).sort()).toEqual(expectedKeys);
      expect(logs.every((log) => log.status === 'sent' && log.attempts === 1)).toBe(true);
      const delivered = counts(receiver.keys);
      expect([...delivered.keys()].sort()).toEqual(expectedKeys);
      expect([...delivered.values()].every((n) => n === 1)).toBe(true);
      // Both processes' workers took part.
      const bySender = counts(receiver.paths);
      expect(bySender.get('/hook/one') ?? 0).toBeGreaterThan(0);
      expect(bySender.get('/hook/two') ?? 0).toBeGreaterThan(0);
      expect((bySender.get('/hook/one') ?? 0) + (bySender.get('/hook/two') ?? 0)).toBe(4 * GUESTS);
    },
    180_000,
  );
});
