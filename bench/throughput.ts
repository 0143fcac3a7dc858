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
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
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
): Promise<{ child: ChildProcess; info: { port: number; kind?: string } }> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', join(here, script), ...args], {
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    createInterface({ input: child.stdout }).once('line', resolve);
  });
  child.removeAllListeners('exit');
  return { child, info: JSON.parse(line) as { port: number; kind?: string } };
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

const scenarios: { name: string; path: string; connections: number }[] = [
  { name: 'day list (busy day)', path: `/api/event-occurrences?date=${busyDay}&limit=50`, connections: CONNECTIONS },
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
];

const recorded: Record<string, { status: number; contentType: string; body: string }> = {};
for (const scenario of scenarios) {
  const answer = await call('GET', scenario.path, admin);
  recorded[scenario.path] = {
    status: answer.status,
    contentType: answer.contentType,
    body: answer.bytes.toString('base64'),
  };
}
const file = join(tmpdir(), `ritim-replay-${process.pid}.json`);
writeFileSync(file, JSON.stringify(recorded));

const load = (url: string, connections: number, token?: string) =>
  autocannon({
    url,
    connections,
    duration: SECONDS,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });

console.log(
  `\n${SECONDS} s each; replay: the same bytes from a bare node:http server; load average ${loadavg()[0]!.toFixed(1)}\n`,
);
console.log('| request | KB | req/s | p50 ms | p99 ms | replay req/s | failed |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const scenario of scenarios) {
  // Two seconds not counted: the JIT and the caches warm up, whatever ran before settles.
  await autocannon({
    url: `${base}${scenario.path}`,
    connections: scenario.connections,
    duration: 2,
    headers: { authorization: `Bearer ${admin}` },
  });
  const result = await load(`${base}${scenario.path}`, scenario.connections, admin);
  const replay = await start('replay-server.ts', [file]);
  const baseline = await load(`http://127.0.0.1:${replay.info.port}${scenario.path}`, scenario.connections);
  await stop(replay.child);
  const kb = Buffer.from(recorded[scenario.path]!.body, 'base64').length / 1024;
  console.log(
    `| ${scenario.name}${scenario.connections === CONNECTIONS ? '' : ` (${scenario.connections} connections)`} | ` +
      `${kb.toFixed(0)} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} | ${result.latency.p99} | ` +
      `${baseline.requests.average.toFixed(0)} | ${result.non2xx + result.errors} |`,
  );
}
console.log(`\nload average ${loadavg()[0]!.toFixed(1)}`);
await stop(server);
