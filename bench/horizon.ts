// The horizon job (issue 24): how long growing open series a year ahead takes, and what the closure
// lookup that every new session makes (a session made inside a closure is stored cancelled) adds.
// Seeds the benchmark's people and rooms and BENCH_EVENTS (default 500) open weekly events whose
// series stop now, in an embedded database (DATABASE_URL for a PostgreSQL server), then runs the
// horizon job (`extendHorizons`: about 52 sessions per event) BENCH_RUNS times (default 3) with no
// closure and with BENCH_CLOSURES (default 60) closures spread over that year (all, a room, an
// organiser), putting the series back between runs.
import { DateTime } from 'luxon';
import { openDatabase } from '../apps/server/src/platform/db/client.js';
import { extendHorizons } from '../apps/server/src/modules/events/horizon.js';
import { seedBench, ZONE } from './seed-sql.js';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 500);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CLOSURES = Number(process.env.BENCH_CLOSURES ?? 60);

const database = await openDatabase({ url: process.env.DATABASE_URL, dataDir: null });
await database.migrate();
const run = (statement: string) => database.db.execute(statement);
const count = async (statement: string) => Number(((await run(statement)) as { rows: { n: number }[] }).rows[0]!.n);

// One short series for the people and rooms, then the open events, each starting a week ago.
await seedBench(database, { events: 1, days: 1, variant: 'clashes' });
const now = DateTime.now().setZone(ZONE).startOf('hour');
const nowUtc = now.toUTC().toISO()!;
await run(`insert into events (title, rrule, timezone, starts_at, end_date, organiser_id, location_id, status, generated_until)
  select 'Open ' || i,
    'DTSTART;TZID=${ZONE}:' || to_char(s at time zone '${ZONE}', 'YYYYMMDD"T"HH24MISS') || E'\\nRRULE:FREQ=WEEKLY',
    '${ZONE}', s, s + interval '45 minutes',
    (select id from users where username = 'organiser' || (1 + i % 20)),
    (select id from locations where name = 'Oda ' || (1 + i % 30)),
    'active', timestamptz '${nowUtc}'
  from generate_series(1, ${EVENTS}) as i,
    lateral (select timestamptz '${nowUtc}' - interval '7 days' + ((i % 7) || ' days')::interval
      + ((i % 12) || ' hours')::interval as s) as t`);
const openEvents = `select id from events where title like 'Open %'`;

async function closeDays() {
  await run(`insert into closures (title, from_day, to_day, timezone, starts_from, ends_before, scope_kind, location_id, organiser_id)
    select 'Closed ' || i, d, d + 2, '${ZONE}',
      (d::timestamp at time zone '${ZONE}'), ((d + 3)::timestamp at time zone '${ZONE}'),
      case i % 3 when 0 then 'all' when 1 then 'location' else 'organiser' end,
      case when i % 3 = 1 then (select id from locations where name = 'Oda ' || (1 + i % 30)) end,
      case when i % 3 = 2 then (select id from users where username = 'organiser' || (1 + i % 20)) end
    from generate_series(1, ${CLOSURES}) as i,
      lateral (select (date '${now.toISODate()}' + (i * 360 / ${CLOSURES})) as d) as t`);
}

async function reset() {
  await run(`delete from event_occurrences where event_id in (${openEvents})`);
  await run(`update events set generated_until = timestamptz '${nowUtc}' where id in (${openEvents})`);
}

async function timed(label: string) {
  const times: number[] = [];
  let made = 0;
  let cancelled = 0;
  for (let i = 0; i < RUNS; i++) {
    await reset();
    const started = performance.now();
    made = await extendHorizons(database.db, now.toJSDate());
    times.push(performance.now() - started);
    cancelled = await count(
      `select cast(count(*) as integer) as n from event_occurrences where status = 'cancelled' and event_id in (${openEvents})`,
    );
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  console.log(
    `${label.padEnd(34)} ${made} sessions made (${cancelled} inside a closure): median ${(median / 1000).toFixed(2)} s, ` +
      `${((median / made) * 1000).toFixed(0)} µs a session (runs: ${times.map((t) => (t / 1000).toFixed(2)).join(', ')} s)`,
  );
}

console.log(`${EVENTS} open weekly events (${database.kind}), a year ahead each`);
await timed('the horizon job, no closure');
// (BENCH_CLOSURES=0 runs the first only: on a version before closures existed, to compare.)
if (CLOSURES > 0) {
  await closeDays();
  await timed(`the horizon job, ${CLOSURES} closures`);
}
await database.close();
