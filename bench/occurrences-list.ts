// Load benchmark of the occurrence lists through the real HTTP stack on loopback (part of
// `npm run bench`). Seeds BENCH_EVENTS events (default 1,000) with BENCH_DAYS daily occurrences
// each (default 250: 250,000 occurrences), 3 guests per event, 20 organisers and a form-1
// submission on about a third of the past occurrences (bench/seed-sql.ts, 'lists'), in an embedded
// database (DATABASE_URL for a PostgreSQL server). Then measures, with BENCH_CONNECTIONS connections (default 32): the Upcoming
// Events day list (50 rows, light) for an admin and for an organiser, a searched day list, and
// the monthly list. Aim (issue 7): day list p99 <= 15 ms on PostgreSQL.
import autocannon from 'autocannon';
import { DateTime } from 'luxon';
import { buildApp } from '../apps/server/src/app.js';
import { openDatabase } from '../apps/server/src/platform/db/client.js';
import { eventOccurrences, formSubmissions } from '../apps/server/src/platform/db/schema.js';
import { PASSWORD, seedBench, ZONE } from './seed-sql.js';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 250);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);

const database = await openDatabase({ url: process.env.DATABASE_URL, dataDir: null });
await database.migrate();
const started = Date.now();

// The series start 100 days ago, so the lists see past (with submissions) and future days.
const first = await seedBench(database, { events: EVENTS, days: DAYS, variant: 'lists' });
const seeded = {
  occurrences: await database.db.$count(eventOccurrences),
  submissions: await database.db.$count(formSubmissions),
};
console.log(
  `${EVENTS} events, ${seeded.occurrences} occurrences, ${seeded.submissions} submissions seeded in ${((Date.now() - started) / 1000).toFixed(1)} s (${database.kind})`,
);

const app = await buildApp({ database, jwtSecret: 'bench-secret-that-is-long-enough-for-hs256', webRoot: null });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
async function tokenOf(username: string) {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`login ${username}: ${login.status} ${await login.text()}`);
  return ((await login.json()) as { accessToken: string }).accessToken;
}
const admin = await tokenOf('bench');
const organiser = await tokenOf('organiser3');

const today = DateTime.now().setZone(ZONE).toISODate()!;
const past = first.plus({ days: 60 }).toISODate()!;
const day = (date: string) => `/api/event-occurrences?date=${date}&timezone=${ZONE}&light=true&limit=50&offset=0`;
const scenarios: [string, string, string][] = [
  ['day list, admin, today', day(today), admin],
  ['day list, admin, past day, page 3', day(past).replace('offset=0', 'offset=100'), admin],
  ['day list, organiser, today', day(today), organiser],
  ['day list, admin, search "ingilizce"', `${day(today)}&q=ingilizce`, admin],
  ['monthly list, admin', `/api/event-occurrences?date=${past}&timezone=${ZONE}&monthly=true&limit=50&offset=0`, admin],
];

console.log(`${SECONDS}s per scenario, ${CONNECTIONS} connections`);
for (const [name, path, token] of scenarios) {
  const check = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await check.json()) as { eventOccurrences?: unknown[]; totalCount?: number; message?: string };
  if (check.status !== 200) throw new Error(`${name}: ${check.status} ${body.message}`);
  const result = await autocannon({
    url: `${base}${path}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { authorization: `Bearer ${token}` },
  });
  const failed = result.non2xx + result.errors;
  console.log(
    `${name.padEnd(40)} rows ${String(body.eventOccurrences?.length).padStart(2)}/${String(body.totalCount).padEnd(6)} ${result.requests.average.toFixed(0).padStart(6)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  failed ${failed}`,
  );
}

await app.close();
await database.close();
