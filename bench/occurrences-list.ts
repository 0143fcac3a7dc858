// Load benchmark of the occurrence lists through the real HTTP stack on loopback (part of
// `npm run bench`). Seeds BENCH_EVENTS events (default 1,000) with BENCH_DAYS daily occurrences
// each (default 250: 250,000 occurrences), 3 guests per event, 20 organisers and a form-1
// submission on about a third of the past occurrences, in an embedded database (DATABASE_URL for a
// PostgreSQL server). Then measures, with BENCH_CONNECTIONS connections (default 32): the Upcoming
// Events day list (50 rows, light) for an admin and for an organiser, a searched day list, and
// the monthly list. Aim (issue 7): day list p99 <= 15 ms on PostgreSQL.
import autocannon from 'autocannon';
import { DateTime } from 'luxon';
import { buildApp } from '../apps/server/src/app.js';
import { hashPassword } from '../apps/server/src/auth/passwords.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { eventOccurrences, formSubmissions } from '../apps/server/src/db/schema.js';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 250);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ZONE = 'Europe/Istanbul';

const database = await openDatabase({ url: process.env.DATABASE_URL, dataDir: null });
await database.migrate();
const run = (statement: string) => database.db.execute(statement);
const hash = await hashPassword('bench-password');
const started = Date.now();

// The series start 100 days ago, so the lists see past (with submissions) and future days.
const first = DateTime.now().setZone(ZONE).startOf('day').minus({ days: 100 });
const firstUtc = first.toUTC().toISO();
await run(`insert into users (username, password_hash, role, name, surname, timezone) values
  ('bench', '${hash}', 'admin', 'Bench', 'Admin', '${ZONE}')`);
await run(`insert into users (username, password_hash, role, name, surname, timezone)
  select 'organiser' || i, '${hash}', 'editor', 'Öğretmen' || i, 'Şahin', case when i % 2 = 0 then 'Europe/London' else '${ZONE}' end
  from generate_series(1, 20) as i`);
await run(`insert into users (username, password_hash, role, name, surname, timezone)
  select 'guest' || i, '${hash}', 'guest', 'Öğrenci' || i, case when i % 3 = 0 then 'Yılmaz' else 'Smith' end, '${ZONE}'
  from generate_series(1, 600) as i`);
await run(`insert into locations (name) select 'Oda ' || i from generate_series(1, 30) as i`);
await run(`insert into events (title, rrule, timezone, starts_at, end_date, organiser_id, location_id)
  select 'Ders ' || i || case when i % 5 = 0 then ' İngilizce' else ' Matematik' end,
    'DTSTART;TZID=${ZONE}:' || to_char(s at time zone '${ZONE}', 'YYYYMMDD"T"HH24MISS') || E'\\nRRULE:FREQ=DAILY;COUNT=${DAYS}',
    '${ZONE}', s, s + interval '45 minutes',
    (select id from users where username = 'organiser' || (1 + i % 20)),
    (select id from locations where name = 'Oda ' || (1 + i % 30))
  from generate_series(1, ${EVENTS}) as i,
    lateral (select timestamptz '${firstUtc}' + ((8 + i % 12) || ' hours')::interval + ((i % 4) * 15 || ' minutes')::interval as s) as t`);
await run(`insert into event_guests (event_id, user_id)
  select e.id, g.id from events e
  join users g on g.username in ('guest' || (1 + (e.id * 7) % 600), 'guest' || (1 + (e.id * 7 + 1) % 600), 'guest' || (1 + (e.id * 7 + 2) % 600))`);
await run(`insert into event_occurrences (event_id, starts_at, ends_at, status)
  select e.id, e.starts_at + (d || ' days')::interval, e.end_date + (d || ' days')::interval,
    case when d < 100 then 'completed' else 'scheduled' end
  from events e, generate_series(0, ${DAYS - 1}) as d`);
await run(`insert into form_submissions (form_id, occurrence_id, guest_id, form_version, data)
  select 1, o.id, (select min(user_id) from event_guests eg where eg.event_id = o.event_id), 1,
    jsonb_build_object('first_name', 'Ada', 'last_name', 'Yılmaz', 'attendance', 'attended', 'Aciklama', 'Ödev yapıldı, çok iyi')
  from event_occurrences o where o.starts_at < now() and o.id % 3 = 0`);
await run('analyze');
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
    body: JSON.stringify({ username, password: 'bench-password' }),
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
