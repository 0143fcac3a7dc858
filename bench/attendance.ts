// The attendance summary (issue 23) over a year of benchmark data: BENCH_EVENTS weekly series
// (default 1,250) of BENCH_WEEKS sessions (default 52: 65,000 sessions, all in the past year), 3
// guests per event, 20 organisers, an own guest list on every 20th session and every 50th guest
// inactive (bench/seed-sql.ts, 'clashes'), then about 70% of the (session, guest) pairs marked. In
// an embedded database, or DATABASE_URL for a PostgreSQL server. Then the year's summary, per
// groupBy, as an admin (every session) and as an editor (their twentieth): p50/p99 over BENCH_RUNS
// runs (default 50, after 5 warm-up runs) of the query with its mapping, the same request through
// the route (inject, no network) for the admin's guest summary, and each admin plan (EXPLAIN
// ANALYZE), beside one scan of the marks for the machine's pace. Aim: p50 <= 100 ms on PostgreSQL.
// BENCH_SEED=0 reuses a database seeded before.
import { ATTENDANCE_GROUPS, type AttendanceGroup } from '@ritim/shared';
import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { buildApp } from '../apps/server/src/app.js';
import { openDatabase } from '../apps/server/src/platform/db/client.js';
import { attendance, eventOccurrences } from '../apps/server/src/platform/db/schema.js';
import { attendanceSummary, type SummaryRequest, summaryQuery } from '../apps/server/src/modules/attendance/summary.js';
import { PASSWORD, seedBench, ZONE } from './seed-sql.js';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1250);
const WEEKS = Number(process.env.BENCH_WEEKS ?? 52);
const RUNS = Number(process.env.BENCH_RUNS ?? 50);

const database = await openDatabase({ url: process.env.DATABASE_URL, dataDir: null });
await database.migrate();
const run = (statement: string) => database.db.execute(statement);
const started = Date.now();

if (process.env.BENCH_SEED !== '0') {
  // The last session a week ago at most: the whole year has started.
  await seedBench(database, { events: EVENTS, days: WEEKS, variant: 'clashes', every: 7, daysAgo: 7 * WEEKS + 1 });
  // Seven pairs in ten marked, mostly present, by the organiser an hour after the start; the
  // pairs are the guests that count (own list, else the event's), as the summary reads them.
  await run(`insert into attendance (occurrence_id, guest_id, status, note, marked_by, marked_at)
    select p.occurrence_id, p.user_id,
      (array['present', 'present', 'present', 'present', 'present', 'late', 'absent', 'excused', 'cancelled', 'lateCancelled'])[1 + abs(hashint4(p.occurrence_id * 1009 + p.user_id)) % 10],
      case when p.occurrence_id % 9 = 0 then 'Ödev yapıldı' end, e.organiser_id, o.starts_at + interval '1 hour'
    from (
      select o.id as occurrence_id, og.user_id from event_occurrences o join occurrence_guests og on og.occurrence_id = o.id
        where o.has_guest_override
      union all
      select o.id, eg.user_id from event_occurrences o join event_guests eg on eg.event_id = o.event_id
        where not o.has_guest_override
    ) p
    join event_occurrences o on o.id = p.occurrence_id
    join events e on e.id = o.event_id
    where abs(hashint4(p.occurrence_id * 1013 + p.user_id)) % 10 < 7`);
  await run('analyze');
}
const sessions = await database.db.$count(eventOccurrences);
const marks = await database.db.$count(attendance);
console.log(
  `${EVENTS} weekly events, ${sessions} sessions, ${marks} marks ready in ${((Date.now() - started) / 1000).toFixed(1)} s (${database.kind})`,
);

const idOf = async (statement: string) => Number(((await run(statement)) as { rows: { id: number }[] }).rows[0]!.id);
const adminId = await idOf(`select id from users where username = 'bench'`);
const editorId = await idOf(`select id from users where username = 'organiser3'`);

// The past year's days in the office's zone: today and the 365 days before it (366, the most).
const today = DateTime.now().setZone(ZONE).startOf('day');
const from = today.minus({ days: 365 });
const now = new Date();
const request = (groupBy: AttendanceGroup, viewer: SummaryRequest['viewer']): SummaryRequest => ({
  from: from.toJSDate(),
  to: today.plus({ days: 1 }).toJSDate(),
  now,
  zone: ZONE,
  groupBy,
  viewer,
});

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
async function measure(name: string, action: () => Promise<string>) {
  let last = '';
  for (let i = 0; i < 5; i++) last = await action();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    last = await action();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${name.padEnd(40)} p50 ${percentile(times, 50).toFixed(1)} ms  p99 ${percentile(times, 99).toFixed(1)} ms  (${RUNS} runs; ${last})`,
  );
}

// The machine's pace at the moment: one scan of the marks (about 7 ms on an idle machine).
await measure('count(*) of attendance (a scan)', async () => {
  await run('select count(*) from attendance');
  return 'the floor';
});
const admin = { id: adminId, role: 'admin' as const };
const editor = { id: editorId, role: 'editor' as const };
for (const groupBy of ATTENDANCE_GROUPS) {
  for (const [who, viewer] of [
    ['admin', admin],
    ['editor', editor],
  ] as const) {
    await measure(`the year by ${groupBy}, ${who}`, async () => {
      const summary = await attendanceSummary(database.db, request(groupBy, viewer));
      const rate = summary.totals.rate === null ? '-' : `${(summary.totals.rate * 100).toFixed(1)}%`;
      return `${summary.rows.length} rows, ${summary.totals.sessions} pairs, ${summary.totals.unmarked} unmarked, rate ${rate}`;
    });
  }
}

const app = await buildApp({ database, jwtSecret: 'bench-secret-that-is-long-enough-for-hs256', webRoot: null });
await app.ready();
const login = await app.inject({
  method: 'POST',
  url: '/api/auth/login',
  payload: { username: 'bench', password: PASSWORD },
});
const headers = { authorization: `Bearer ${login.json<{ accessToken: string }>().accessToken}` };
const url = `/api/attendance/summary?from=${from.toISODate()}&to=${today.toISODate()}&groupBy=guest&timezone=${ZONE}`;
await measure('GET /api/attendance/summary by guest', async () => {
  const response = await app.inject({ method: 'GET', url, headers });
  if (response.statusCode !== 200) throw new Error(`summary: ${response.statusCode} ${response.body}`);
  return `${(response.body.length / 1024).toFixed(0)} KiB`;
});
await app.close();

async function printPlan(title: string, query: ReturnType<typeof summaryQuery>) {
  const result = await database.db.execute(sql`explain (analyze, buffers) ${query}`);
  const rows = (result as { rows: { 'QUERY PLAN': string }[] }).rows;
  console.log(`EXPLAIN ANALYZE, ${title}:`);
  for (const row of rows) {
    console.log(`  ${row['QUERY PLAN']}`);
  }
}
for (const groupBy of ATTENDANCE_GROUPS) {
  await printPlan(`the year by ${groupBy}, admin`, summaryQuery(request(groupBy, admin)));
}
await printPlan('the year by guest, editor', summaryQuery(request('guest', editor)));

await database.close();
