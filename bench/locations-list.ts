// Load benchmark of the generic list through the real HTTP stack on loopback:
// `npm run bench`. Seeds 5,000 locations (BENCH_ROWS) in an embedded database (DATABASE_URL for a
// PostgreSQL server), then measures three list calls with 10 connections (BENCH_CONNECTIONS).
import autocannon from 'autocannon';
import { buildApp } from '../apps/server/src/app.js';
import { hashPassword } from '../apps/server/src/auth/passwords.js';
import { openDatabase } from '../apps/server/src/platform/db/client.js';
import { users } from '../apps/server/src/platform/db/schema.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 5_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);

const database = await openDatabase({ url: process.env.DATABASE_URL, dataDir: null });
await database.migrate();
await database.db
  .insert(users)
  .values({ username: 'bench', passwordHash: await hashPassword('bench-password'), role: 'admin' });
await database.db.execute(
  `insert into locations (name, status, created_at)
     select 'Şube ' || i || case when i % 7 = 0 then ' İstanbul' else ' London' end,
            case when i % 10 = 0 then 'archived' else 'active' end,
            now() - (i || ' minutes')::interval
     from generate_series(1, ${ROWS}) as i`,
);

await database.db.execute('analyze');
const app = await buildApp({ database, jwtSecret: 'bench-secret-that-is-long-enough-for-hs256', webRoot: null });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
const login = await fetch(`${base}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'bench', password: 'bench-password' }),
});
const { accessToken } = (await login.json()) as { accessToken: string };

const scenarios = {
  'first page, by name': '/api/locations?limit=50&offset=0&sort=name',
  'search "istanbul", by date': '/api/locations?limit=50&offset=0&sort=date&q=istanbul',
  'page 40 with archived, by status': '/api/locations?limit=50&offset=2000&sort=status&archived=true',
};

console.log(`${ROWS} locations, ${SECONDS}s per scenario, ${CONNECTIONS} connections (${database.kind})`);
for (const [name, path] of Object.entries(scenarios)) {
  const result = await autocannon({
    url: `${base}${path}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { authorization: `Bearer ${accessToken}` },
  });
  const failed = result.non2xx + result.errors;
  console.log(
    `${name.padEnd(36)} ${result.requests.average.toFixed(0).padStart(6)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  failed ${failed}`,
  );
}

await app.close();
await database.close();
