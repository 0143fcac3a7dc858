// The Calendar screen on a busy calendar, in Chromium (issue 14): `npm run bench:calendar` after
// `npm run build`. Seeds BENCH_PER_DAY (250) daily events, so every day holds that many sessions,
// over 14 weeks around today (the month view's six weeks hold ~10,400), in an embedded database
// (DATABASE_URL for a PostgreSQL server); serves the built web app and opens the calendar as the
// admin in Debian's Chromium, BENCH_RUNS (3) times per view.
//
// For each first draw it reports, from the calendar request's answer on (resource timing), the
// main thread's longest task (PerformanceObserver 'longtask': tasks over 50 ms) and the time until
// the last session was drawn (a MutationObserver on the calendar), with the sessions drawn, the
// answer's size and the load average (the machine is shared: say so with the figures).
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { DateTime } from 'luxon';
import { buildApp } from '../apps/server/src/app.js';
import { hashPassword } from '../apps/server/src/auth/passwords.js';
import { openDatabase } from '../apps/server/src/platform/db/client.js';
import { eventOccurrences } from '../apps/server/src/platform/db/schema.js';

const PER_DAY = Number(process.env.BENCH_PER_DAY ?? 250);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const WEEKS = 14;
const ZONE = 'Europe/Istanbul';
const webRoot = fileURLToPath(new URL('../apps/web/dist', import.meta.url));

const database = await openDatabase({ url: process.env.DATABASE_URL, dataDir: null });
await database.migrate();
const run = (statement: string) => database.db.execute(statement);
const hash = await hashPassword('bench-password');
const started = Date.now();

// Daily series from the Monday seven weeks back; the days before today are completed, a fifth of
// the rest approved, so all three colours show.
const today = DateTime.now().setZone(ZONE).startOf('day');
const first = today.startOf('week').minus({ weeks: 7 });
const days = WEEKS * 7;
const past = Math.round(today.diff(first, 'days').days);
await run(`insert into users (username, password_hash, role, name, surname, timezone) values
  ('bench', '${hash}', 'admin', 'Bench', 'Admin', '${ZONE}')`);
await run(`insert into users (username, password_hash, role, name, surname, timezone)
  select 'organiser' || i, '${hash}', 'editor', 'Öğretmen' || i, 'Şahin', '${ZONE}' from generate_series(1, 40) as i`);
await run(`insert into locations (name) select 'Oda ' || i from generate_series(1, 30) as i`);
await run(`insert into events (title, rrule, timezone, starts_at, end_date, organiser_id, location_id)
  select case when i % 4 = 1 then 'Piano lessons ' when i % 5 = 0 then 'İngilizce ' else 'Matematik ' end || i,
    'DTSTART;TZID=${ZONE}:' || to_char(s at time zone '${ZONE}', 'YYYYMMDD"T"HH24MISS') || E'\\nRRULE:FREQ=DAILY;COUNT=${days}',
    '${ZONE}', s, s + interval '45 minutes',
    (select id from users where username = 'organiser' || (1 + i % 40)),
    (select id from locations where name = 'Oda ' || (1 + i % 30))
  from generate_series(1, ${PER_DAY}) as i,
    lateral (select timestamptz '${first.toUTC().toISO()}' + ((8 + i % 10) || ' hours')::interval
      + ((i % 4) * 15 || ' minutes')::interval as s) as t`);
await run(`insert into event_occurrences (event_id, starts_at, ends_at, status)
  select e.id, e.starts_at + (d || ' days')::interval, e.end_date + (d || ' days')::interval,
    case when d < ${past} then 'completed' when e.id % 5 = 0 then 'approved' else 'scheduled' end
  from events e, generate_series(0, ${days - 1}) as d`);
await run('analyze');
console.log(
  `${PER_DAY} sessions a day for ${WEEKS} weeks: ${await database.db.$count(eventOccurrences)} occurrences ` +
    `seeded in ${((Date.now() - started) / 1000).toFixed(1)} s (${database.kind})`,
);

const app = await buildApp({
  database,
  jwtSecret: 'bench-secret-that-is-long-enough-for-hs256',
  webRoot,
  logger: false,
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

// Collects the long tasks and when calendar sessions were last added, from the page's start.
const observe = `
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  window.__drawnAt = 0;
  new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes)
        if (node.nodeType === 1 && (node.matches('[data-testid="calendar-session"], [data-testid="calendar-more"]') ||
            node.querySelector('[data-testid="calendar-session"], [data-testid="calendar-more"]'))) {
          window.__drawnAt = performance.now();
          return;
        }
  }).observe(document, { childList: true, subtree: true });
`;
interface Figures {
  longest: number;
  tasks: number;
  draw: number;
  kb: number;
  drawn: number;
}
// Read once the calendar is drawn: the figures from the last calendar answer on.
const collect = `(() => {
  const answers = performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/api/event-occurrences/calendar'));
  const answer = answers[answers.length - 1];
  const after = window.__longTasks.filter((task) => task.start + task.duration > answer.responseEnd);
  return {
    longest: Math.max(0, ...after.map((task) => task.duration)),
    tasks: after.length,
    draw: window.__drawnAt - answer.responseEnd,
    kb: answer.encodedBodySize / 1024,
    drawn: document.querySelectorAll('[data-testid="calendar-session"]').length,
  };
})()`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 900 } });
const login = await context.request.post('/api/auth/login', {
  data: { username: 'bench', password: 'bench-password' },
});
if (login.status() !== 200) throw new Error(`login: ${login.status()} ${await login.text()}`);

const date = today.toISODate()!;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
console.log(
  `\nload average ${loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')}; ${RUNS} runs per view\n`,
);
console.log('| view | answer KB | sessions drawn | longest task ms (each run) | draw ms (each run) |');
console.log('|---|---:|---:|---|---|');
for (const view of ['month', 'week', 'day', 'list'] as const) {
  const results: Figures[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const page = await context.newPage();
    await page.addInitScript(observe);
    await page.goto(`/calendar?view=${view}&date=${date}`);
    await page.locator('[data-testid="calendar-session"]').first().waitFor();
    await page.locator('.animate-spin').waitFor({ state: 'detached' });
    results.push(await page.evaluate<Figures>(collect));
    await page.close();
  }
  const last = results[results.length - 1]!;
  const list = (values: number[]) =>
    `${values.map((value) => value.toFixed(0)).join(', ')} (median ${median(values).toFixed(0)})`;
  console.log(
    `| ${view} | ${last.kb.toFixed(0)} | ${last.drawn} | ${list(results.map((r) => r.longest))} | ${list(results.map((r) => r.draw))} |`,
  );
}
console.log(
  `\nload average ${loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')}`,
);

await browser.close();
await app.close();
await database.close();
