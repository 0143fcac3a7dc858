// The app under test for `bench/throughput.ts`, in a process of its own so the load generator does
// not share its event loop. Opens the database (DATABASE_URL, else an embedded one in memory),
// migrates, writes the users and locations the benchmark needs straight into the tables (1,000
// guests through the API would mostly measure argon2), listens on loopback and prints the port.
// The events, their occurrences and the submissions go through the API (bench/throughput.ts).
// It also reports its event loop's delay (perf_hooks.monitorEventLoopDelay) on a port of its own.
import { createServer } from 'node:http';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app.js';
import { hashPassword } from '../apps/server/src/auth/passwords.js';
import { openDatabase } from '../apps/server/src/platform/db/client.js';

const ZONE = 'Europe/Istanbul';
const GUESTS = Number(process.env.BENCH_GUESTS ?? 1_000);
const ORGANISERS = Number(process.env.BENCH_ORGANISERS ?? 40);

const database = await openDatabase({ url: process.env.DATABASE_URL, dataDir: null });
await database.migrate();
const run = (statement: string) => database.db.execute(statement);
const hash = await hashPassword('bench-password');
await run(`insert into users (username, password_hash, role, name, surname, timezone) values
  ('bench', '${hash}', 'admin', 'Bench', 'Admin', '${ZONE}')`);
await run(`insert into users (username, password_hash, role, name, surname, timezone)
  select 'organiser' || i, '${hash}', 'editor', 'Öğretmen' || i, 'Şahin', '${ZONE}'
  from generate_series(1, ${ORGANISERS}) as i`);
await run(`insert into users (username, password_hash, role, name, surname, email, phone, timezone)
  select 'guest' || i, '${hash}', 'guest', 'Öğrenci' || i,
    case when i % 3 = 0 then 'Yılmaz' when i % 3 = 1 then 'Lesley' else 'Smith' end,
    'guest' || i || '@example.com', '+90 555 ' || lpad(i::text, 7, '0'), '${ZONE}'
  from generate_series(1, ${GUESTS}) as i`);
await run(`insert into locations (name) select 'Oda ' || i from generate_series(1, 30) as i`);

// The event loop's delay in this process, for the benchmark only: a second listener on loopback
// (not a route of the app) answers GET /loop with the histogram since the last read, and resets it.
// Beside it, the longest garbage-collection pause in the same span (a `gc` performance entry), the
// part of a delay that is the collector's rather than a request's code.
const loop = monitorEventLoopDelay({ resolution: 5 });
loop.enable();
let gcMax = 0;
let gcKind = '';
const GC_KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
};
new PerformanceObserver((entries) => {
  for (const entry of entries.getEntries()) {
    if (entry.duration <= gcMax) continue;
    gcMax = entry.duration;
    gcKind = GC_KINDS[(entry as { detail?: { kind?: number } }).detail?.kind ?? 0] ?? 'other';
  }
}).observe({ entryTypes: ['gc'] });
const monitor = createServer((_request, response) => {
  const ms = (ns: number) => Math.round(ns / 1e4) / 100;
  const body = JSON.stringify({
    p50: ms(loop.percentile(50)),
    p99: ms(loop.percentile(99)),
    max: ms(loop.max),
    gcMax: Math.round(gcMax * 100) / 100,
    gcKind,
  });
  loop.reset();
  gcMax = 0;
  gcKind = '';
  response.writeHead(200, { 'content-type': 'application/json' }).end(body);
});
await new Promise<void>((resolve) => monitor.listen(0, '127.0.0.1', resolve));
const monitorAddress = monitor.address();

const app = await buildApp({ database, jwtSecret: 'bench-secret-that-is-long-enough-for-hs256', webRoot: null });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(
  `${JSON.stringify({
    port: typeof address === 'object' && address ? address.port : 0,
    monitorPort: typeof monitorAddress === 'object' && monitorAddress ? monitorAddress.port : 0,
    kind: database.kind,
  })}\n`,
);

const stop = async () => {
  monitor.close();
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
