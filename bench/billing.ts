// The month's billing run and an account's statement (issue 37) at office scale: BENCH_EVENTS weekly
// series (default 1,250) of BENCH_WEEKS sessions (default 52: 65,000 sessions, all in the past year)
// with 3 guests each out of 1,000 guests, two events in five priced (TRY, some GBP), so about 6,000
// priced (session, guest) pairs in a month, about 5,000 of them charged; nine pairs in ten marked, 300 families
// of two guests in an account of their own and the other guests in none (the first run makes
// theirs), one package in five families. In an embedded database, or DATABASE_URL for a PostgreSQL
// server. Then, through the route (inject, no network), as an admin:
// - the preview (dryRun) of last month: p50/p99 over BENCH_RUNS runs (default 10, after 2 warm-ups);
// - the run of each of the three months before this one, once each (each a first run: its drafts
//   and lines written), and a run again of the last (nothing new): its time, and meanwhile the
//   event-loop delay (perf_hooks.monitorEventLoopDelay) and the latency of GET /api/health sent
//   every 20 ms beside it (what another request waits while a run goes on);
// - an account's statement (a family with a year of issued invoices and payments) p50/p99 over 50.
// Aim: a run <= 5 s on PostgreSQL without blocking other requests; a statement <= 50 ms p50.
// BENCH_SEED=0 reuses a database seeded before (then the months' runs add nothing new).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { InvoiceRun } from '@ritim/shared';
import { DateTime } from 'luxon';
import { buildApp } from '../apps/server/src/app.js';
import { openDatabase } from '../apps/server/src/platform/db/client.js';
import { attendance, billingInvoiceLines, eventOccurrences } from '../apps/server/src/platform/db/schema.js';
import { PASSWORD, seedBench, ZONE } from './seed-sql.js';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1250);
const WEEKS = Number(process.env.BENCH_WEEKS ?? 52);
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const GUESTS = 1000;

const database = await openDatabase({ url: process.env.DATABASE_URL, dataDir: null });
await database.migrate();
const run = (statement: string) => database.db.execute(statement);
const started = Date.now();
const today = DateTime.now().setZone(ZONE).startOf('day');
const months = [3, 2, 1].map((back) => today.startOf('month').minus({ months: back }).toFormat('yyyy-MM'));

if (process.env.BENCH_SEED !== '0') {
  await seedBench(database, { events: EVENTS, days: WEEKS, variant: 'clashes', every: 7, daysAgo: 7 * WEEKS + 1 });
  // 1,000 guests (the seed has 600), three per event spread over all of them.
  await run(`insert into users (username, password_hash, role, name, surname, timezone)
    select 'guest' || i, (select password_hash from users where username = 'bench'), 'guest', 'Öğrenci' || i, 'Kaya', '${ZONE}'
    from generate_series(601, ${GUESTS}) as i`);
  await run('delete from event_guests');
  await run(`insert into event_guests (event_id, user_id)
    select e.id, g.id from events e
    join users g on g.username in ('guest' || (1 + (e.id * 3) % ${GUESTS}), 'guest' || (1 + (e.id * 3 + 1) % ${GUESTS}), 'guest' || (1 + (e.id * 3 + 2) % ${GUESTS}))`);
  // Two events in five priced: 750,00 TRY, every tenth of those £30.00.
  await run(`update events set price_amount = case when id % 25 = 0 then 3000 else 75000 end,
    price_currency = case when id % 25 = 0 then 'GBP' else 'TRY' end where id % 5 < 2`);
  // Nine pairs in ten marked by the organiser an hour after the start, most of them charged.
  await run(`insert into attendance (occurrence_id, guest_id, status, marked_by, marked_at)
    select p.occurrence_id, p.user_id,
      (array['present', 'present', 'present', 'present', 'present', 'present', 'present', 'late', 'absent', 'excused'])[1 + abs(hashint4(p.occurrence_id * 1009 + p.user_id)) % 10],
      e.organiser_id, o.starts_at + interval '1 hour'
    from (
      select o.id as occurrence_id, og.user_id from event_occurrences o join occurrence_guests og on og.occurrence_id = o.id
        where o.has_guest_override
      union all
      select o.id, eg.user_id from event_occurrences o join event_guests eg on eg.event_id = o.event_id
        where not o.has_guest_override
    ) p
    join event_occurrences o on o.id = p.occurrence_id
    join events e on e.id = o.event_id
    where abs(hashint4(p.occurrence_id * 1013 + p.user_id)) % 10 < 9`);
  // 300 families of two (guests 1+2, 3+4, ...), a package in every fifth.
  await run(`insert into billing_accounts (name, email, language)
    select 'Aile ' || i, 'aile' || i || '@example.com', case when i % 4 = 0 then 'en' else 'tr' end
    from generate_series(1, 300) as i`);
  await run(`insert into billing_account_guests (account_id, guest_id)
    select a.id, u.id from billing_accounts a
    join users u on u.username in ('guest' || (2 * substr(a.name, 6)::integer - 1), 'guest' || (2 * substr(a.name, 6)::integer))`);
  await run(`insert into billing_packages (account_id, sessions, amount, currency, created_at)
    select id, 10, 600000, 'TRY', now() - interval '400 days' from billing_accounts where id % 5 = 0`);
  await run('analyze');
}
const sessions = await database.db.$count(eventOccurrences);
const marks = await database.db.$count(attendance);
console.log(
  `${EVENTS} weekly events, ${sessions} sessions, ${marks} marks, ${GUESTS} guests ready in ${((Date.now() - started) / 1000).toFixed(1)} s (${database.kind})`,
);

const app = await buildApp({ database, jwtSecret: 'bench-secret-that-is-long-enough-for-hs256', webRoot: null });
await app.ready();
const login = await app.inject({
  method: 'POST',
  url: '/api/auth/login',
  payload: { username: 'bench', password: PASSWORD },
});
const headers = { authorization: `Bearer ${login.json<{ accessToken: string }>().accessToken}` };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
const ms = (ns: number) => (ns / 1e6).toFixed(1);

async function runMonth(month: string, dryRun: boolean) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/billing/invoices/run',
    headers,
    payload: { month, timezone: ZONE, dryRun },
  });
  if (response.statusCode !== 200) throw new Error(`run: ${response.statusCode} ${response.body}`);
  const body = response.json<InvoiceRun>();
  const lines = body.invoices.reduce((sum, invoice) => sum + invoice.lineCount, 0);
  return `${body.invoices.length} drafts, ${lines} lines, ${body.unmarked.length} unmarked`;
}

/** `action` once, with the event-loop delay and a health request every 20 ms beside it. */
async function watched(name: string, action: () => Promise<string>) {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  const health: number[] = [];
  let going = true;
  const probe = (async () => {
    while (going) {
      const t0 = performance.now();
      await app.inject({ method: 'GET', url: '/api/health' });
      health.push(performance.now() - t0);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  loop.enable();
  const t0 = performance.now();
  const what = await action();
  const took = performance.now() - t0;
  loop.disable();
  going = false;
  await probe;
  health.sort((a, b) => a - b);
  console.log(
    `${name.padEnd(34)} ${(took / 1000).toFixed(2)} s  loop delay p50 ${ms(loop.percentile(50))} p99 ${ms(loop.percentile(99))} max ${ms(loop.max)} ms  ` +
      `health p50 ${percentile(health, 50).toFixed(1)} max ${health.at(-1)!.toFixed(1)} ms (${health.length})  (${what})`,
  );
}

async function measure(name: string, runs: number, action: () => Promise<string>) {
  let last = '';
  for (let i = 0; i < 2; i++) last = await action();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    last = await action();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${name.padEnd(34)} p50 ${percentile(times, 50).toFixed(1)} ms  p99 ${percentile(times, 99).toFixed(1)} ms  (${runs} runs; ${last})`,
  );
}

const last = months.at(-1)!;
await measure(`preview (dryRun) of ${last}`, RUNS, () => runMonth(last, true));
await watched(`preview (dryRun) of ${last}, watched`, () => runMonth(last, true));
for (const month of months) await watched(`run of ${month}`, () => runMonth(month, false));
await watched(`run of ${last} again`, () => runMonth(last, false));

// A year of a family's billing for the statement: each draft issued, a payment a month per account.
await run(`update billing_invoices set status = 'issued', issued_at = created_at + (id % 20 || ' minutes')::interval,
  number = to_char(created_at, 'YYYY') || '-' || lpad(id::text, 6, '0') where status = 'draft'`);
await run(`insert into billing_payments (account_id, amount, currency, method, received_at)
  select a.id, 150000, 'TRY', 'bankTransfer', now() - (m || ' months')::interval
  from billing_accounts a, generate_series(0, 11) as m`);
await run('analyze');
const family = Number(
  (
    (await run(
      `select account_id as id from billing_invoices group by account_id order by count(*) desc, account_id limit 1`,
    )) as { rows: { id: number }[] }
  ).rows[0]!.id,
);
const from = today.minus({ months: 12 }).toISODate();
await measure('GET statement of a family (a year)', 50, async () => {
  const response = await app.inject({
    method: 'GET',
    url: `/api/billing/accounts/${family}/statement?from=${from}&timezone=${ZONE}`,
    headers,
  });
  if (response.statusCode !== 200) throw new Error(`statement: ${response.statusCode} ${response.body}`);
  return `${response.json<{ entries: unknown[] }>().entries.length} entries`;
});
const lines = await database.db.$count(billingInvoiceLines);
console.log(`${lines} invoice lines in all`);
await app.close();
await database.close();
