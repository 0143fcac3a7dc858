// The app under test for `bench/export.ts`, in a process of its own so its memory is the server's
// alone: opens the database (DATABASE_URL, else an embedded one in memory), migrates, seeds the
// benchmark data (bench/seed-sql.ts, 'lists': BENCH_EVENTS events of BENCH_DAYS daily sessions, a
// form-1 submission on every third past session), marks every guest of the past sessions (present,
// late or absent: the export's attendance column), listens on loopback and prints what it seeded.
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { openDatabase } from '../apps/server/src/platform/db/client.js';
import { attendance, eventGuests, eventOccurrences, formSubmissions } from '../apps/server/src/platform/db/schema.js';
import { seedBench } from './seed-sql.js';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 365);

const database = await openDatabase({ url: process.env.DATABASE_URL, dataDir: null });
await database.migrate();
const started = Date.now();
const first = await seedBench(database, { events: EVENTS, days: DAYS, variant: 'lists' });
await database.db.execute(sql`insert into ${attendance} (occurrence_id, guest_id, status)
  select o.id, eg.user_id, (array['present', 'late', 'absent'])[1 + (o.id + eg.user_id) % 3]
  from ${eventOccurrences} o join ${eventGuests} eg on eg.event_id = o.event_id
  where o.starts_at < now() and not o.has_guest_override`);
const seconds = (Date.now() - started) / 1000;

const app = await buildApp({ database, jwtSecret: 'bench-secret-that-is-long-enough-for-hs256', webRoot: null });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(
  `${JSON.stringify({
    port: typeof address === 'object' && address ? address.port : 0,
    kind: database.kind,
    first: first.toISODate(),
    occurrences: await database.db.$count(eventOccurrences),
    submissions: await database.db.$count(formSubmissions),
    marks: await database.db.$count(attendance),
    seconds,
  })}\n`,
);

const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
