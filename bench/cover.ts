// Cover (issue 36 item 9): how long the ranked candidates for one session and a two-week absence's
// cover plan take. Seeds BENCH_EVENTS events (default 400) with BENCH_DAYS daily sessions each
// (default 163: 65,200 sessions, 100 days past and 63 ahead) round BENCH_EDITORS editors (default
// 400), 3 guests per event and an own list on every 20th session (bench/seed-sql.ts, 'clashes'),
// then: working hours for every other editor (Monday to Saturday, 08:00–20:00), a week's time off
// for every tenth, a cover on every 40th past session (so coversLast30Days and knownGuests count
// covered sessions too), and two more daily series for 'organiser1' so that their two weeks
// from tomorrow hold 42 sessions. In an embedded database, DATABASE_URL for a PostgreSQL server.
// Measures BENCH_RUNS times (default 200, after 20 warm-up runs), p50/p99: the candidates of one
// of organiser1's sessions (the service, and GET /api/event-occurrences/{id}/cover-candidates)
// and the cover plan of their two-week time off (the service, and GET /api/time-off/{id}/cover-plan),
// with the plans (EXPLAIN ANALYZE) of the queries they run. Aims: candidates p50 <= 50 ms, the plan
// p50 <= 500 ms on PostgreSQL.
import { DateTime } from 'luxon';
import { sql, type SQL } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { openDatabase } from '../apps/server/src/platform/db/client.js';
import { eventOccurrences } from '../apps/server/src/platform/db/schema.js';
import { CoverService } from '../apps/server/src/modules/cover/service.js';
import { OccurrenceCovers } from '../apps/server/src/modules/occurrence-covers/index.js';
import { activeEditors } from '../apps/server/src/modules/users/staff.js';
import { PASSWORD, seedBench, ZONE } from './seed-sql.js';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 400);
const DAYS = Number(process.env.BENCH_DAYS ?? 163);
const EDITORS = Number(process.env.BENCH_EDITORS ?? 400);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const DAY_MS = 86_400_000;

const database = await openDatabase({ url: process.env.DATABASE_URL, dataDir: null });
await database.migrate();
const run = (statement: string) => database.db.execute(statement);
const rows = async <T>(statement: string) => ((await run(statement)) as { rows: T[] }).rows;
const started = Date.now();

const tomorrow = DateTime.now().setZone(ZONE).startOf('day').plus({ days: 1 });
const twoWeeks = { from: tomorrow.toISODate()!, to: tomorrow.plus({ days: 13 }).toISODate()! };

// BENCH_SEED=0 reuses a database seeded by an earlier run.
if (process.env.BENCH_SEED !== '0') {
  await seedBench(database, { events: EVENTS, days: DAYS, variant: 'clashes', organisers: EDITORS });
  // organiser1 also takes the events of organiser2 and organiser3 (at other hours of the day).
  await run(`update events set organiser_id = (select id from users where username = 'organiser1')
    where organiser_id in (select id from users where username in ('organiser2', 'organiser3'))`);
  await run(`insert into working_hours (user_id, day, from_minute, to_minute)
    select u.id, d, 480, 1200 from users u, generate_series(0, 5) as d
    where u.role = 'editor' and u.id % 2 = 0`);
  await run(`insert into time_off (user_id, from_day, to_day, timezone, starts_from, ends_before)
    select u.id, t.day::date, (t.day + interval '6 days')::date, '${ZONE}',
      (t.day::timestamp at time zone '${ZONE}'), ((t.day + interval '7 days')::timestamp at time zone '${ZONE}')
    from users u, lateral (select date '${tomorrow.toISODate()}' + (u.id % 40) as day) t
    where u.role = 'editor' and u.id % 10 = 5`);
  // A cover on every 40th past session, given to the next editor round.
  await run(`with given as (
      select o.id, e.organiser_id as original,
        (select id from users where username = 'organiser' || (1 + (o.id * 7) % ${EDITORS})) as substitute
      from event_occurrences o join events e on e.id = o.event_id
      where o.starts_at < now() and o.id % 40 = 0)
    insert into occurrence_covers (occurrence_id, organiser_id, original_organiser_id, covered_at)
    select id, substitute, original, now() - (id % 60) * interval '1 day' from given where substitute <> original`);
  await run(`update event_occurrences o set cover_organiser_id = c.organiser_id
    from occurrence_covers c where c.occurrence_id = o.id`);
  await run('analyze');
}
const sessionCount = await database.db.$count(eventOccurrences);
const editorCount = (await activeEditors(database.db)).length;
console.log(
  `${EVENTS} events, ${sessionCount} sessions, ${editorCount} editors seeded in ${((Date.now() - started) / 1000).toFixed(1)} s (${database.kind})`,
);

const app = await buildApp({ database, jwtSecret: 'bench-secret-that-is-long-enough-for-hs256', webRoot: null });
await app.ready();
const login = await app.inject({
  method: 'POST',
  url: '/api/auth/login',
  payload: { username: 'bench', password: PASSWORD },
});
const headers = { authorization: `Bearer ${login.json<{ accessToken: string }>().accessToken}` };

const [absent] = await rows<{ id: number }>(`select id from users where username = 'organiser1'`);
const absentId = Number(absent!.id);
// The two weeks from tomorrow off, through the API (replacing one left by an earlier run).
await run(`delete from time_off where user_id = ${absentId} and from_day = '${twoWeeks.from}'`);
const recorded = await app.inject({
  method: 'POST',
  url: '/api/time-off',
  headers,
  payload: { userId: absentId, ...twoWeeks, reason: 'bench' },
});
if (recorded.statusCode !== 201) throw new Error(`time off: ${recorded.statusCode} ${recorded.body}`);
const { timeOff, affected } = recorded.json<{ timeOff: { id: number }; affected: { occurrenceId: number }[] }>();
const sessionId = affected[Math.floor(affected.length / 2)]!.occurrenceId;
console.log(`organiser1's two weeks off (${twoWeeks.from}..${twoWeeks.to}): ${affected.length} sessions affected`);

const service = new CoverService(database.db, () => new Date(), { queueCoverNotices: async () => undefined });
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
const results: Record<string, number> = {};
async function measure(name: string, action: () => Promise<unknown>, describe: (result: unknown) => string) {
  let last: unknown;
  for (let i = 0; i < 20; i++) last = await action();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    last = await action();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  results[name] = percentile(times, 50);
  console.log(
    `${name.padEnd(52)} p50 ${percentile(times, 50).toFixed(2)} ms  p99 ${percentile(times, 99).toFixed(2)} ms  (${RUNS} runs; ${describe(last)})`,
  );
}
const get = (url: string) => async () => {
  const response = await app.inject({ method: 'GET', url, headers });
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json<unknown>();
};
const candidatesSaid = (result: unknown) => {
  const { candidates } = result as { candidates: { knownGuests: number }[] };
  return `${candidates.length} candidates, the first knows ${candidates[0]?.knownGuests ?? 0} guests`;
};
const planSaid = (result: unknown) => {
  const { plan } = result as { plan: { candidate: unknown }[] };
  return `${plan.length} sessions, ${plan.filter((entry) => entry.candidate !== null).length} with a substitute`;
};

await measure('candidates for one session, the service', () => service.candidates(sessionId), candidatesSaid);
await measure(
  'candidates, GET /api/event-occurrences/{id}/cover-candidates',
  get(`/api/event-occurrences/${sessionId}/cover-candidates`),
  candidatesSaid,
);
await measure('two weeks’ cover plan, the service', () => service.plan(timeOff.id), planSaid);
await measure('cover plan, GET /api/time-off/{id}/cover-plan', get(`/api/time-off/${timeOff.id}/cover-plan`), planSaid);

// The plans: each query the plan runs, read through an executor that explains instead of running.
let plans: string[] = [];
const explaining = {
  execute: async (query: SQL) => {
    const result = (await database.db.execute(sql`explain (analyze, buffers) ${query}`)) as {
      rows: { 'QUERY PLAN': string }[];
    };
    plans = result.rows.map((row) => row['QUERY PLAN']);
    return { rows: [] };
  },
} as unknown as typeof database.db;
const explained = async (name: string, action: () => Promise<unknown>) => {
  await action();
  console.log(`EXPLAIN ANALYZE, ${name}:`);
  for (const line of plans) console.log(`  ${line}`);
};
const covers = new OccurrenceCovers();
const sessions = await covers.sessionsOf(
  database.db,
  absentId,
  tomorrow.toJSDate(),
  tomorrow.plus({ days: 14 }).toJSDate(),
);
const ids = (await activeEditors(database.db)).map((editor) => editor.id);
const from = sessions[0]!.startsAt;
const to = sessions[sessions.length - 1]!.endsAt;
const now = new Date();
await explained('the affected sessions (sessionsOf)', () =>
  covers.sessionsOf(explaining, absentId, tomorrow.toJSDate(), tomorrow.plus({ days: 14 }).toJSDate()),
);
await explained('who is busy over the two weeks (busy)', () => covers.busy(explaining, ids, from, to));
await explained('who knows the guests of the 42 sessions (knownGuests)', () =>
  covers.knownGuests(
    explaining,
    sessions.map((session) => session.id),
    ids,
    new Date(now.getTime() - 180 * DAY_MS),
    now,
  ),
);
await explained('covers in the last 30 days (coversSince)', () =>
  covers.coversSince(explaining, ids, new Date(now.getTime() - 30 * DAY_MS)),
);

const candidatesMs = results['candidates, GET /api/event-occurrences/{id}/cover-candidates']!;
const planMs = results['cover plan, GET /api/time-off/{id}/cover-plan']!;
console.log(
  `Aims: candidates p50 ${candidatesMs.toFixed(1)} ms <= 50 ms ${candidatesMs <= 50 ? 'met' : 'MISSED'}; plan p50 ${planMs.toFixed(1)} ms <= 500 ms ${planMs <= 500 ? 'met' : 'MISSED'}`,
);

await app.close();
await database.close();
