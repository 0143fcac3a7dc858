// Throughput of the read path (issue 17): `npm run bench` (after the list benchmark), or
// `npm run bench:throughput`. DATABASE_URL=postgres://… for a PostgreSQL server (a fresh database:
// the script fills it), else an embedded database in memory.
//
// The app runs in a process of its own (bench/throughput-server.ts; NODE_ENV=production), which
// writes 1 admin, BENCH_ORGANISERS (40) organisers, BENCH_GUESTS (1,000) guests and 30 locations.
// Through the API, with 8 requests in flight (timed: "creating an event"), this script then creates
// BENCH_EVENTS (1,000) weekly events of 65 sessions each, 3 guests each, 45% of them on Wednesdays
// (so one Wednesday holds about 450 sessions: the busy day), 65,000 occurrences in all; and one
// 6-guest daily event whose 40 sessions each get six form-1 submissions (the report images).
// No manual ANALYZE: the app must cope with what it just wrote.
//
// Then each request below gets 2 s of warm-up and BENCH_SECONDS (15) of autocannon with BENCH_CONNECTIONS (32)
// connections (4 for the report image), and right after it the same bytes from a bare node:http
// server (bench/replay-server.ts): the ceiling on this machine at that moment. The report image is
// also measured cold: 40 different sessions' first render, 4 at a time.
//
// Issue 26 added the calendar's month, Home's 7-day clash window, an organiser's ICS feed (plain,
// and gzip; its first render after a change measured alone) and a month's CSV export (4
// connections). During each load: the server's event-loop delay (perf_hooks.monitorEventLoopDelay
// inside the server process, read from a loopback port of the bench server, not a route of the
// app), the same figure from an idle node process (bench/loop-control.ts: what the machine's other
// work adds), /api/health one request at a time (p99; and the replay server's answer to it beside the
// replay's load: the floor the machine itself sets), and during the feed's load a sign-in every
// half second and one right after. The day list is also loaded while a form answer is saved every
// 100 ms (each save makes the kept answers stale, so the list is built again up to ten times a
// second). BENCH_ONLY=word,word runs the rows whose name holds one of them.
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { DateTime } from 'luxon';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000);
const GUESTS = Number(process.env.BENCH_GUESTS ?? 1_000);
const ORGANISERS = Number(process.env.BENCH_ORGANISERS ?? 40);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const SESSIONS = 65;
const IN_FLIGHT = 8;
const ZONE = 'Europe/Istanbul';
const here = new URL('.', import.meta.url).pathname;

/** Starts a script of this folder under tsx; resolves with its process and the JSON line it prints first. */
async function start(
  script: string,
  args: string[] = [],
): Promise<{ child: ChildProcess; info: { port: number; monitorPort?: number; kind?: string } }> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', join(here, script), ...args], {
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    createInterface({ input: child.stdout }).once('line', resolve);
  });
  child.removeAllListeners('exit');
  return { child, info: JSON.parse(line) as { port: number; monitorPort?: number; kind?: string } };
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
};

const { child: server, info } = await start('throughput-server.ts');
const base = `http://127.0.0.1:${info.port}`;

async function call(method: string, path: string, token: string | null, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  if (response.status >= 400) throw new Error(`${method} ${path}: ${response.status} ${bytes.toString()}`);
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', bytes };
}
const json = async <T>(method: string, path: string, token: string | null, body?: unknown) =>
  JSON.parse((await call(method, path, token, body)).bytes.toString()) as T;

/** Runs `task(i)` for i < n with `parallel` in flight; the milliseconds each took. */
async function inFlight(n: number, parallel: number, task: (i: number) => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      for (let i = next++; i < n; i = next++) {
        const started = performance.now();
        await task(i);
        times.push(performance.now() - started);
      }
    }),
  );
  return times;
}

const { accessToken: admin } = await json<{ accessToken: string }>('POST', '/api/auth/login', null, {
  username: 'bench',
  password: 'bench-password',
});
const ids = async (path: string, key: string) =>
  (await json<Record<string, { id: number; username?: string; name?: string }[]>>('GET', path, admin))[key]!;
const editors = (await ids(`/api/users?limit=100&role=editor`, 'users')).map((u) => u.id);
const guests = (await ids(`/api/users?limit=${GUESTS}&role=guest`, 'users')).map((u) => u.id);
const rooms = (await ids('/api/locations?limit=30', 'locations')).map((l) => l.id);
if (editors.length < ORGANISERS || guests.length < GUESTS) throw new Error('the server did not seed the users');

// The series start 16 weeks ago on a Monday; the busy day is the Wednesday of this week.
const monday = DateTime.now().setZone(ZONE).startOf('week');
const first = monday.minus({ weeks: 16 });
const busyDay = monday.plus({ days: 2 }).toISODate()!;
const others = ['MO', 'TU', 'TH', 'FR', 'SA'] as const;
const seeding = performance.now();
const createTimes = await inFlight(EVENTS, IN_FLIGHT, (i) => {
  const wednesday = i % 20 < 9;
  const weekdays = wednesday ? ['WE', others[i % 5]!] : [others[i % 5]!, others[(i + 2) % 5]!];
  const hour = 8 + (i % 11);
  return call('POST', '/api/events', admin, {
    title: `${i % 4 === 1 ? 'Piano lessons' : i % 5 === 0 ? 'İngilizce' : 'Matematik'} ${i + 1}`,
    description: i % 3 === 0 ? 'Haftalık ders, ödevler ve tekrar.' : null,
    locationId: rooms[i % rooms.length],
    organiserId: editors[i % editors.length],
    guestIds: [0, 1, 2].map((k) => guests[(i * 3 + k) % guests.length]),
    repeat: {
      doesNotRepeat: false,
      start: `${first.toISODate()}T${String(hour).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
      frequency: 'week',
      interval: 1,
      weekdays,
      end: { type: 'after', count: SESSIONS },
    },
    endTime: `${String(hour).padStart(2, '0')}:${i % 2 ? '30' : '00'}`.replace(/^(\d+)/, (h) =>
      String(Number(h) + 1).padStart(2, '0'),
    ),
  });
});
const seconds = (performance.now() - seeding) / 1000;

// The 6-guest event of the report images: 40 daily sessions from tomorrow, six submissions each.
const reportGuests = guests.slice(0, 6);
const reportEvent = await json<{ id: number }>('POST', '/api/events', admin, {
  title: 'Türkçe okuma-yazma atölyesi',
  locationId: rooms[0],
  organiserId: editors[0],
  guestIds: reportGuests,
  repeat: {
    doesNotRepeat: false,
    start: `${monday.plus({ weeks: 1 }).toISODate()}T07:00`,
    frequency: 'day',
    interval: 1,
    weekdays: [],
    end: { type: 'after', count: 40 },
  },
  endTime: '08:30',
});
const reportSessions = (
  await ids(`/api/event-occurrences?eventId=${reportEvent.id}&limit=40&light=true`, 'eventOccurrences')
).map((o) => o.id);
const notes = [
  'Okuma çalışmasını bitirdi; gelecek hafta yazı ödevine geçiyoruz. Çok istekliydi.',
  'Trafik yüzünden 20 dakika geç geldi. Şiir bölümünü birlikte tekrar ettik.',
  'Sınav kaygısı azalmış görünüyor. Ödevlerini düzenli yapıyor.',
  'Hastaymış, annesi haber verdi. Telafi dersi için salı öğleden sonra uygun.',
  '',
  'Sunumunu İngilizce yaptı, ğ ve ş seslerinde zorlanmadı. Harika ilerleme!',
];
await inFlight(reportSessions.length * 6, IN_FLIGHT, (i) =>
  call('POST', '/api/forms/1/submit', admin, {
    eventOccurrenceId: reportSessions[Math.floor(i / 6)],
    guestId: reportGuests[i % 6],
    data: {
      first_name: 'Öğrenci',
      last_name: `${i % 6}`,
      attendance: ['attended', 'late', 'absent'][i % 3],
      ...(notes[i % 6] ? { Aciklama: notes[i % 6] } : {}),
    },
  }),
);

const busy = await json<{ totalCount: number }>(
  'GET',
  `/api/event-occurrences?date=${busyDay}&timezone=${ZONE}&limit=1`,
  admin,
);
const month = await json<{ totalCount: number }>(
  'GET',
  `/api/event-occurrences?date=${busyDay}&timezone=${ZONE}&monthly=true&limit=1`,
  admin,
);
const all = await json<{ totalCount: number }>('GET', '/api/event-occurrences?limit=1', admin);
const users = await json<{ totalCount: number }>('GET', '/api/users?limit=1', admin);
console.log(
  `${info.kind}: ${users.totalCount} users, ${EVENTS + 1} events, ${all.totalCount} occurrences, busy day ${busyDay} ` +
    `${busy.totalCount}, its month ${month.totalCount}; seeded through the API in ${seconds.toFixed(0)} s`,
);
console.log(
  `creating an event (${SESSIONS} sessions), ${IN_FLIGHT} in flight: p50 ${percentile(createTimes, 0.5).toFixed(1)} ms, ` +
    `p90 ${percentile(createTimes, 0.9).toFixed(1)} ms, p99 ${percentile(createTimes, 0.99).toFixed(1)} ms`,
);

// The report image cold: each session's first render, 4 at a time.
const coldTimes = await inFlight(reportSessions.length, 4, (i) =>
  call('GET', `/api/forms/1/report/${reportSessions[i]}`, admin),
);
console.log(
  `report image, cold (${reportSessions.length} sessions, 4 at a time): p50 ${percentile(coldTimes, 0.5).toFixed(1)} ms, ` +
    `p90 ${percentile(coldTimes, 0.9).toFixed(1)} ms`,
);

// The reads of issue 26: the calendar's month (six weeks from the Monday before the busy day's
// month begins, at most 4 sessions a day), Home's clash window (7 days from today), an organiser's
// feed (plain, and gzip as calendar apps ask for it) and a month's CSV export.
const monthStart = DateTime.fromISO(busyDay, { zone: ZONE }).startOf('month');
const gridStart = monthStart.startOf('week');
const calendarPath =
  `/api/event-occurrences/calendar?from=${encodeURIComponent(gridStart.toISO()!)}` +
  `&to=${encodeURIComponent(gridStart.plus({ weeks: 6 }).toISO()!)}&perDay=4&timezone=${ZONE}`;
const today = DateTime.now().setZone(ZONE).startOf('day');
const clashPath =
  `/api/event-occurrences/conflicts?from=${encodeURIComponent(today.toISO()!)}` +
  `&to=${encodeURIComponent(today.plus({ days: 7 }).toISO()!)}`;
const feedUrl = (await json<{ url: string }>('GET', `/api/users/${editors[0]}/calendar-feed`, admin)).url;
const feedPath = new URL(feedUrl).pathname;
const exportPath = `/api/event-occurrences/export?from=${monthStart.toISODate()}&to=${monthStart.endOf('month').toISODate()}&timezone=${ZONE}`;
const feedSessions = (await call('GET', feedPath, null)).bytes.toString().split('BEGIN:VEVENT').length - 1;

type Delay = { p50: number; p99: number; max: number; gcMax?: number; gcKind?: string };
/** The server's event-loop delay since the last call (bench/throughput-server.ts's monitor). */
const loopDelay = async () => (await (await fetch(`http://127.0.0.1:${info.monitorPort}/loop`)).json()) as Delay;
// An idle node process measuring its own loop at the same time: the machine's share of the delay.
const control = await start('loop-control.ts');
const controlDelay = async () => (await (await fetch(`http://127.0.0.1:${control.info.port}/loop`)).json()) as Delay;

// The feed cold: its first render after a change to it (the room of some of its sessions renamed),
// alone; the event loop's longest delay while it renders.
const coldFeed: number[] = [];
let coldLoop = 0;
let coldControl = 0;
for (let i = 0; i < 3; i++) {
  await call('PATCH', `/api/locations/${rooms[0]}`, admin, { name: `Oda 1 (${i})` });
  await loopDelay();
  await controlDelay();
  const started = performance.now();
  await call('GET', feedPath, null);
  coldFeed.push(performance.now() - started);
  coldLoop = Math.max(coldLoop, (await loopDelay()).max);
  coldControl = Math.max(coldControl, (await controlDelay()).max);
}
console.log(
  `organiser's feed, cold (${feedSessions} sessions, after a change to it, 3 times): ` +
    `${coldFeed.map((ms) => ms.toFixed(0)).join(', ')} ms; event-loop delay max ${coldLoop.toFixed(1)} ms ` +
    `(the idle control's ${coldControl.toFixed(1)} ms)`,
);

interface Scenario {
  name: string;
  path: string;
  connections: number;
  /** Sent without a session (the feed: its token is in the path). */
  anonymous?: boolean;
  headers?: Record<string, string>;
  /** Sign in during and after the load. */
  signIn?: boolean;
  /** Save a form answer every 100 ms during the load (each write makes every kept answer stale). */
  writes?: boolean;
}
const scenarios: Scenario[] = [
  { name: 'day list (busy day)', path: `/api/event-occurrences?date=${busyDay}&limit=50`, connections: CONNECTIONS },
  {
    name: 'day list while a form answer is saved every 100 ms',
    path: `/api/event-occurrences?date=${busyDay}&limit=50`,
    connections: CONNECTIONS,
    writes: true,
  },
  {
    name: 'month list',
    path: `/api/event-occurrences?date=${busyDay}&monthly=true&limit=50`,
    connections: CONNECTIONS,
  },
  { name: 'events, offset 900', path: '/api/events?limit=50&offset=900', connections: CONNECTIONS },
  { name: 'events, search "les"', path: '/api/events?q=les&limit=50', connections: CONNECTIONS },
  { name: 'users, sorted', path: '/api/users?limit=50&sort=username', connections: CONNECTIONS },
  { name: 'locations', path: '/api/locations?limit=50', connections: CONNECTIONS },
  { name: 'report image, 6 guests', path: `/api/forms/1/report/${reportSessions[0]}`, connections: 4 },
  { name: 'calendar month (6 weeks, perDay=4)', path: calendarPath, connections: CONNECTIONS },
  { name: "Home's 7-day clash window", path: clashPath, connections: CONNECTIONS },
  {
    name: `organiser's feed (${feedSessions} sessions)`,
    path: feedPath,
    connections: CONNECTIONS,
    anonymous: true,
    signIn: true,
  },
  {
    name: "organiser's feed, gzip",
    path: `${feedPath}?encoding=gzip`,
    connections: CONNECTIONS,
    anonymous: true,
    headers: { 'accept-encoding': 'gzip' },
    signIn: true,
  },
  { name: "a month's CSV export", path: exportPath, connections: 4 },
];
const only = process.env.BENCH_ONLY?.split(',');
const chosen = only ? scenarios.filter((scenario) => only.some((word) => scenario.name.includes(word))) : scenarios;

/** The app's answer to `path` as it went on the wire (compressed if it was). */
function rawAnswer(scenario: Scenario) {
  return new Promise<{ status: number; contentType: string; contentEncoding?: string; body: string }>(
    (resolve, reject) => {
      const request = get(
        `${base}${scenario.path}`,
        { headers: { ...(scenario.anonymous ? {} : { authorization: `Bearer ${admin}` }), ...scenario.headers } },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              contentType: String(response.headers['content-type'] ?? ''),
              ...(response.headers['content-encoding']
                ? { contentEncoding: String(response.headers['content-encoding']) }
                : {}),
              body: Buffer.concat(chunks).toString('base64'),
            }),
          );
        },
      );
      request.on('error', reject);
    },
  );
}

const recorded: Record<string, { status: number; contentType: string; contentEncoding?: string; body: string }> = {};
for (const scenario of chosen) recorded[scenario.path] = await rawAnswer(scenario);
// The replay answers the health check too: its latency under the replay's load is the machine's own
// floor for a small request beside that much traffic, the figure to read the app's health column by.
recorded['/api/health'] = await rawAnswer({ name: 'health', path: '/api/health', connections: 1, anonymous: true });
const file = join(tmpdir(), `ritim-replay-${process.pid}.json`);
writeFileSync(file, JSON.stringify(recorded));

const headersOf = (scenario: Scenario) => ({
  ...(scenario.anonymous ? {} : { authorization: `Bearer ${admin}` }),
  ...scenario.headers,
});
const load = (url: string, scenario: Scenario, duration = SECONDS) =>
  autocannon({ url, connections: scenario.connections, duration, headers: headersOf(scenario) });

/** Calls `task` one after another, `pauseMs` apart, until `running()` is false; the milliseconds each took. */
async function probe(running: () => boolean, pauseMs: number, task: () => Promise<unknown>) {
  const times: number[] = [];
  let failures = 0;
  while (running()) {
    const started = performance.now();
    try {
      await task();
    } catch {
      failures += 1;
    }
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  return { times, failures };
}
const health = () => call('GET', '/api/health', null);
/** A form answer saved again (an admin editing a note), on the report event's later sessions (not the measured one). */
let saved = 0;
const saveAnswer = () => {
  saved += 1;
  return call('POST', '/api/forms/1/submit', admin, {
    eventOccurrenceId: reportSessions[1 + (saved % (reportSessions.length - 1))],
    guestId: reportGuests[saved % reportGuests.length],
    data: { first_name: 'Öğrenci', last_name: `${saved}`, attendance: 'attended', Aciklama: `Not ${saved}` },
  });
};
const signIn = () => call('POST', '/api/auth/login', null, { username: 'organiser1', password: 'bench-password' });

console.log(
  `\n${SECONDS} s each; replay: the same bytes from a bare node:http server; loop: the server's event-loop delay ` +
    `during the load (p99 / max); health: /api/health one at a time during the load (replay health: the same beside the replay's load); load average ${loadavg()[0]!.toFixed(1)}\n`,
);
console.log(
  '| request | KB | req/s | p50 ms | p99 ms | replay req/s | failed | loop p99 / max ms (longest GC pause) | idle control p99 / max ms | health p99 ms | replay health p99 ms | load avg |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
const afterTable: string[] = [];
for (const scenario of chosen) {
  // Two seconds not counted: the JIT and the caches warm up, whatever ran before settles.
  await load(`${base}${scenario.path}`, scenario, 2);
  await loopDelay();
  await controlDelay();
  let running = true;
  const loaded = Promise.resolve(load(`${base}${scenario.path}`, scenario)).finally(() => (running = false));
  const healthProbe = probe(() => running, 20, health);
  const signInProbe = scenario.signIn ? probe(() => running, 500, signIn) : undefined;
  const writeProbe = scenario.writes ? probe(() => running, 100, saveAnswer) : undefined;
  const result = await loaded;
  const loop = await loopDelay();
  const idle = await controlDelay();
  const healthTimes = await healthProbe;
  if (signInProbe) {
    const during = await signInProbe;
    const started = performance.now();
    await signIn();
    afterTable.push(
      `sign-in during the ${scenario.name} load: ${during.times.length - during.failures} of ${during.times.length} ` +
        `answered, p50 ${percentile(during.times, 0.5).toFixed(0)} ms, max ${Math.max(...during.times).toFixed(0)} ms; ` +
        `right after: ${(performance.now() - started).toFixed(0)} ms`,
    );
  }
  if (writeProbe) {
    const writes = await writeProbe;
    afterTable.push(
      `writes during the ${scenario.name} load: ${writes.times.length - writes.failures} of ${writes.times.length} ` +
        `saved, p50 ${percentile(writes.times, 0.5).toFixed(0)} ms, p99 ${percentile(writes.times, 0.99).toFixed(0)} ms`,
    );
  }
  const replay = await start('replay-server.ts', [file]);
  const replayBase = `http://127.0.0.1:${replay.info.port}`;
  let replaying = true;
  const replayed = Promise.resolve(load(`${replayBase}${scenario.path}`, scenario)).finally(() => (replaying = false));
  const replayHealth = await probe(
    () => replaying,
    20,
    async () => (await fetch(`${replayBase}/api/health`)).arrayBuffer(),
  );
  const baseline = await replayed;
  await stop(replay.child);
  const kb = Buffer.from(recorded[scenario.path]!.body, 'base64').length / 1024;
  console.log(
    `| ${scenario.name}${scenario.connections === CONNECTIONS ? '' : ` (${scenario.connections} connections)`} | ` +
      `${kb.toFixed(0)} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} | ${result.latency.p99} | ` +
      `${baseline.requests.average.toFixed(0)} | ${result.non2xx + result.errors + result.timeouts} | ` +
      `${loop.p99} / ${loop.max} (${loop.gcMax ?? '?'}, ${loop.gcKind ?? '?'}) | ${idle.p99} / ${idle.max} | ` +
      `${percentile(healthTimes.times, 0.99).toFixed(0)}` +
      `${healthTimes.failures ? ` (${healthTimes.failures} failed)` : ''} | ` +
      `${percentile(replayHealth.times, 0.99).toFixed(0)} | ${loadavg()[0]!.toFixed(1)} |`,
  );
}
for (const line of afterTable) console.log(line);
console.log(`\nload average ${loadavg()[0]!.toFixed(1)}`);
await stop(control.child);
await stop(server);
