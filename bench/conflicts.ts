// Double-booking check (issue 15): how long POST /api/events/preview's conflict query takes for a
// 180-occurrence series. Seeds BENCH_EVENTS events (default 260) with BENCH_DAYS daily occurrences
// each (default 250: 65,000 occurrences; BENCH_EVENTS=1000 gives 250,000), 3 guests per event, 20
// organisers, 30 rooms and an own guest list on every 20th occurrence (bench/seed-sql.ts, 'clashes'),
// in an embedded database (DATABASE_URL for a PostgreSQL server). Then checks a daily 180-occurrence series (organiser,
// room, 3 guests) BENCH_RUNS times (default 300, after 30 warm-up runs) and reports p50/p99 of the
// query alone and of the whole preview request (inject, no network), the plan (EXPLAIN ANALYZE),
// and Home's 7-day clash window. Aim: the 180-occurrence check p50 <= 20 ms on PostgreSQL.
import { DateTime } from 'luxon';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { openDatabase } from '../apps/server/src/platform/db/client.js';
import { eventOccurrences } from '../apps/server/src/platform/db/schema.js';
import { ConflictChecker } from '../apps/server/src/modules/event-occurrences/conflicts.js';
import { ClashRepository } from '../apps/server/src/modules/event-occurrences/clashes.js';
import { PASSWORD, seedBench, ZONE } from './seed-sql.js';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 260);
const DAYS = Number(process.env.BENCH_DAYS ?? 250);
const RUNS = Number(process.env.BENCH_RUNS ?? 300);

const database = await openDatabase({ url: process.env.DATABASE_URL, dataDir: null });
await database.migrate();
const run = (statement: string) => database.db.execute(statement);
const started = Date.now();

// BENCH_SEED=0 reuses a database seeded by an earlier run.
if (process.env.BENCH_SEED !== '0') await seedBench(database, { events: EVENTS, days: DAYS, variant: 'clashes' });
const occurrenceCount = await database.db.$count(eventOccurrences);
console.log(
  `${EVENTS} events, ${occurrenceCount} occurrences seeded in ${((Date.now() - started) / 1000).toFixed(1)} s (${database.kind})`,
);

const idOf = async (statement: string) => Number(((await run(statement)) as { rows: { id: number }[] }).rows[0]!.id);
const organiserId = await idOf(`select id from users where username = 'organiser3'`);
const locationId = await idOf(`select id from locations where name = 'Oda 3'`);
const guestIds = [
  await idOf(`select id from users where username = 'guest10'`),
  await idOf(`select id from users where username = 'guest11'`),
  await idOf(`select id from users where username = 'guest12'`),
];
// The candidate: every day at 10:00 for 180 days from tomorrow, an hour each.
const tomorrow = DateTime.now().setZone(ZONE).startOf('day').plus({ days: 1, hours: 10 });
const starts = Array.from({ length: 180 }, (_, day) => tomorrow.plus({ days: day }).toJSDate());
const candidates = {
  starts,
  ends: starts.map((start) => new Date(start.getTime() + 3_600_000)),
  organiserId,
  locationId,
  guestIds,
};

const checker = new ConflictChecker(database.db);
const repository = new ClashRepository(database.db);
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
async function measure(name: string, action: () => Promise<unknown>, describe: (result: unknown) => string) {
  let last: unknown;
  for (let i = 0; i < 30; i++) last = await action();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    last = await action();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${name.padEnd(46)} p50 ${percentile(times, 50).toFixed(2)} ms  p99 ${percentile(times, 99).toFixed(2)} ms  (${RUNS} runs; ${describe(last)})`,
  );
}

// EXPLAIN runs as the repository runs its queries (without JIT).
const explain = async (query: ReturnType<typeof sql>) =>
  (await repository.run(query)) as unknown as { 'QUERY PLAN': string }[];
const plan = { rows: await explain(sql`explain (analyze, buffers) ${repository.clashQuery(candidates, 100)!}`) };
console.log('EXPLAIN ANALYZE of the 180-occurrence check:');
for (const row of plan.rows) console.log(`  ${row['QUERY PLAN']}`);

// The server's own timing of the statement (EXPLAIN ANALYZE, no per-node timing): planning and
// execution apart, without the round trip, the driver and the machine's other work between them.
const split: { planning: number; execution: number }[] = [];
for (let i = 0; i < 50; i++) {
  const rows = (
    await explain(sql`explain (analyze, timing off, summary) ${repository.clashQuery(candidates, 100)!}`)
  ).map((row) => row['QUERY PLAN']);
  const ms = (label: string) => Number(/([\d.]+) ms/.exec(rows.find((line) => line.includes(label)) ?? '')?.[1] ?? NaN);
  split.push({ planning: ms('Planning Time'), execution: ms('Execution Time') });
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const least = (values: number[]) => Math.min(...values);
console.log(
  `180-occurrence check inside the database (50 runs): execution median ${median(split.map((s) => s.execution)).toFixed(2)} ms (least ${least(split.map((s) => s.execution)).toFixed(2)}), planning median ${median(split.map((s) => s.planning)).toFixed(2)} ms (least ${least(split.map((s) => s.planning)).toFixed(2)})`,
);

const counted = (result: unknown) => {
  const list = result as { conflicts: unknown[]; conflictCount: number };
  return `${list.conflicts.length} listed of ${list.conflictCount}`;
};
await measure('180-occurrence check, the query', () => checker.check(candidates), counted);

const app = await buildApp({ database, jwtSecret: 'bench-secret-that-is-long-enough-for-hs256', webRoot: null });
await app.ready();
const login = await app.inject({
  method: 'POST',
  url: '/api/auth/login',
  payload: { username: 'bench', password: PASSWORD },
});
const headers = { authorization: `Bearer ${login.json<{ accessToken: string }>().accessToken}` };
const body = {
  organiserId,
  locationId,
  guestIds,
  rrule: `DTSTART;TZID=${ZONE}:${tomorrow.toFormat("yyyyMMdd'T'HHmmss")}\nRRULE:FREQ=DAILY;COUNT=180`,
  endTime: '11:00',
};
await measure(
  '180-occurrence check, POST /api/events/preview',
  async () => {
    const response = await app.inject({ method: 'POST', url: '/api/events/preview', headers, payload: body });
    if (response.statusCode !== 200) throw new Error(`preview: ${response.statusCode} ${response.body}`);
    return response.json();
  },
  counted,
);

const week = { from: DateTime.now().toJSDate(), to: DateTime.now().plus({ days: 7 }).toJSDate() };
const homePlan = {
  rows: await explain(sql`explain (analyze, buffers) ${repository.clashesBetweenQuery(week.from, week.to, 100)}`),
};
console.log("Home's 7-day window:");
for (const row of homePlan.rows) console.log(`  ${row['QUERY PLAN']}`);
await measure("Home's clashes in the next 7 days", () => checker.between(week.from, week.to), counted);

await app.close();
await database.close();
