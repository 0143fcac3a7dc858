// The audit log's list at a million rows (issue 25 item 5): `npm run bench:audit`. Fills
// audit_logs with BENCH_ROWS (1,000,000) rows in one generate_series insert (a year of rows, 30 s
// apart; 13 sections, 5,000 ids each, 50 actors and a system share, every action), in an embedded
// database (DATABASE_URL=postgres://… for a fresh PostgreSQL database), then asks
// GET /api/audit-logs through the real app (inject, one request at a time: the query, not the
// HTTP stack) BENCH_REQUESTS (200) times per filter after 20 of warm-up, and prints p50 / p90 / max.
// The goal: p50 <= 50 ms for every filter.
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES } from '@ritim/shared';
import { buildApp } from '../apps/server/src/app.js';
import { hashPassword } from '../apps/server/src/auth/passwords.js';
import { openDatabase } from '../apps/server/src/platform/db/client.js';
import { users } from '../apps/server/src/platform/db/schema.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);

const database = await openDatabase({ url: process.env.DATABASE_URL, dataDir: null });
await database.migrate();
await database.db
  .insert(users)
  .values({ username: 'bench', passwordHash: await hashPassword('bench-password'), role: 'admin' });

const list = (values: readonly string[]) => `array[${values.map((value) => `'${value}'`).join(', ')}]`;
const filled = performance.now();
await database.db.execute(
  `insert into audit_logs (at, actor_id, actor_username, action, entity_type, entity_id, entity_name, changes, request_id)
     select now() - (i * interval '30 seconds'),
            case when i % 20 = 0 then null else i % 50 + 1 end,
            case when i % 20 = 0 then null else 'user' || (i % 50 + 1) end,
            (${list(AUDIT_ACTIONS)})[i % ${AUDIT_ACTIONS.length} + 1],
            (${list(AUDIT_ENTITY_TYPES)})[i % ${AUDIT_ENTITY_TYPES.length} + 1],
            i % 5000 + 1,
            'Thing ' || (i % 5000 + 1),
            jsonb_build_object('name', jsonb_build_object('from', 'Old ' || i, 'to', 'New ' || i)),
            'req-' || i
     from generate_series(1, ${ROWS}) as i`,
);
const fillSeconds = (performance.now() - filled) / 1000;
// What a running database has: statistics, and (PostgreSQL) a visibility map for index-only counts.
await database.db.execute(database.kind === 'postgres' ? 'vacuum analyze audit_logs' : 'analyze audit_logs');

const app = await buildApp({ database, jwtSecret: 'bench-secret-that-is-long-enough-for-hs256', webRoot: null });
const login = await app.inject({
  method: 'POST',
  url: '/api/auth/login',
  payload: { username: 'bench', password: 'bench-password' },
});
const headers = { authorization: `Bearer ${login.json<{ accessToken: string }>().accessToken}` };

const day = new Date(Date.now() - 100 * 86_400_000).toISOString().slice(0, 10);
const scenarios: Record<string, string> = {
  'newest page, no filter': '',
  'page 100 (offset 4,950)': 'offset=4950',
  'entityType=events': 'entityType=events',
  'entityType=events&entityId=77': 'entityType=events&entityId=77',
  'actorId=7': 'actorId=7',
  'action=loginFailed': 'action=loginFailed',
  'one day (from=to=a day 100 days ago)': `from=${day}&to=${day}`,
  'entityType=users&action=update': 'entityType=users&action=update',
};

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

console.log(
  `${database.kind}: ${ROWS.toLocaleString('en')} audit rows filled in ${fillSeconds.toFixed(0)} s; ` +
    `${REQUESTS} requests per filter, one at a time (after 20 of warm-up)`,
);
console.log('| filter | rows matching | p50 ms | p90 ms | max ms |');
console.log('|---|---:|---:|---:|---:|');
for (const [name, query] of Object.entries(scenarios)) {
  const url = `/api/audit-logs?limit=50&${query}`;
  let total = 0;
  const times: number[] = [];
  for (let i = 0; i < REQUESTS + 20; i++) {
    const started = performance.now();
    const response = await app.inject({ method: 'GET', url, headers });
    const elapsed = performance.now() - started;
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    total = response.json<{ totalCount: number }>().totalCount;
    if (i >= 20) times.push(elapsed);
  }
  times.sort((a, b) => a - b);
  console.log(
    `| ${name} | ${total.toLocaleString('en')} | ${percentile(times, 0.5).toFixed(1)} | ${percentile(times, 0.9).toFixed(1)} | ${times.at(-1)!.toFixed(1)} |`,
  );
}

await app.close();
await database.close();
