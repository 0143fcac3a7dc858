// Queueing and delivering reminders: `npm run bench:reminders` (also the end of `npm run bench:reports`).
// Seeds BENCH_REMINDERS (default 1,000) guests with email addresses across 10 approved sessions
// tomorrow, in an embedded database (DATABASE_URL for a PostgreSQL one: give it an empty
// database), then times the real sendReminders decision (one transaction: the outbox rows and
// their delivery jobs) and the delivery of every message through the file transport by the
// job queue's worker, until all are sent (then checks that every message's folder was written).
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { openDatabase } from '../apps/server/src/platform/db/client.js';
import { messageLogs } from '../apps/server/src/platform/db/schema.js';
import { JobQueue } from '../apps/server/src/platform/jobs/queue.js';
import { Outbox } from '../apps/server/src/platform/delivery/outbox.js';
import { createTransport } from '../apps/server/src/platform/delivery/transports/index.js';
import { reportAttachments } from '../apps/server/src/modules/message-composition/attachments.js';
import { RsvpTokens } from '../apps/server/src/modules/rsvp/tokens.js';
import { MessagingService } from '../apps/server/src/modules/message-composition/service.js';

const REMINDERS = Number(process.env.BENCH_REMINDERS ?? 1_000);
const SESSIONS = 10;
const ZONE = 'Europe/Istanbul';

const database = await openDatabase({ url: process.env.DATABASE_URL, dataDir: null });
await database.migrate();
const run = (statement: string) => database.db.execute(statement);
const perSession = Math.ceil(REMINDERS / SESSIONS);
const tomorrow = DateTime.now().setZone(ZONE).plus({ days: 1 }).startOf('day');

await run(`insert into users (username, password_hash, role, name, timezone) values
  ('bench', 'x', 'admin', 'Bench', '${ZONE}'), ('organiser', 'x', 'editor', 'Öğretmen', '${ZONE}')`);
await run(`insert into users (username, password_hash, role, name, surname, email, timezone)
  select 'guest' || i, 'x', 'guest', 'Öğrenci' || i, 'Yılmaz', 'guest' || i || '@example.com',
    case when i % 2 = 0 then 'Europe/London' else '${ZONE}' end
  from generate_series(1, ${REMINDERS}) as i`);
await run(`insert into locations (name) values ('Kadıköy')`);
await run(`insert into events (title, conference_link, rrule, timezone, starts_at, end_date, organiser_id, location_id,
    does_not_repeat)
  select 'Ders ' || s, 'https://meet.example.com/' || s, 'DTSTART;TZID=${ZONE}:20300101T100000\nRRULE:FREQ=DAILY;COUNT=1',
    '${ZONE}', '${tomorrow.toUTC().toISO()}'::timestamptz + s * interval '1 hour',
    '${tomorrow.toUTC().toISO()}'::timestamptz + s * interval '1 hour' + interval '45 minutes',
    (select id from users where username = 'organiser'), (select id from locations limit 1), true
  from generate_series(0, ${SESSIONS - 1}) as s`);
await run(`insert into event_guests (event_id, user_id)
  select e.id, u.id from events e join users u on u.username like 'guest%'
  where (cast(substr(u.username, 6) as integer) - 1) / ${perSession} = cast(substr(e.title, 6) as integer)`);
await run(`insert into event_occurrences (event_id, starts_at, ends_at, status)
  select id, starts_at, end_date, 'approved' from events`);
await run('analyze');

const outDir = await mkdtemp(join(tmpdir(), 'ritim-bench-outbox-'));
const queue = new JobQueue(database, { pollingIntervalSeconds: 0.5 });
await queue.start();
const outbox = new Outbox(
  database.db,
  queue,
  createTransport({ transport: 'file' }, { dataDir: outDir }),
  reportAttachments(database.db),
);
await outbox.register();
const messaging = new MessagingService(database.db, outbox, () => new Date(), {
  tokens: new RsvpTokens('bench-secret-that-is-long-enough-for-hs256'),
  origin: 'http://127.0.0.1:3000',
});
const viewer = { id: 1, role: 'admin' as const, timezone: ZONE, username: 'bench', groupIds: [], sessionVersion: 0 };

console.log(
  `${REMINDERS} guests in ${SESSIONS} approved sessions on ${database.kind}; load average ${loadavg()[0]!.toFixed(1)}`,
);
const started = process.hrtime.bigint();
const answer = await messaging.sendReminders({ listDate: tomorrow.toISODate()!, timezone: ZONE }, viewer);
const queuedMs = Number(process.hrtime.bigint() - started) / 1e6;
console.log(`sendReminders: ${answer.message} in ${queuedMs.toFixed(0)} ms (rows and jobs in one transaction)`);

await outbox.work();
const sentCount = async () =>
  (await database.db.select({ n: count() }).from(messageLogs).where(eq(messageLogs.status, 'sent')))[0]!.n;
let sent = 0;
while (sent < REMINDERS) {
  await new Promise((resolve) => setTimeout(resolve, 100));
  sent = await sentCount();
}
const deliveredMs = Number(process.hrtime.bigint() - started) / 1e6;
console.log(
  `delivered through the file transport: all ${REMINDERS} sent ${(deliveredMs / 1000).toFixed(1)} s after the click ` +
    `(${((REMINDERS / (deliveredMs - queuedMs)) * 1000).toFixed(0)} messages/s, one worker); load average ${loadavg()[0]!.toFixed(1)}`,
);

// The files themselves: one folder per message under outbox/<day>/ (a check that the figures are real).
const outboxDir = join(outDir, 'outbox');
let written = 0;
for (const day of (await readdir(outboxDir)).filter((name) => !name.startsWith('.'))) {
  written += (await readdir(join(outboxDir, day))).length;
}
if (written !== REMINDERS) throw new Error(`${written} message folders written, expected ${REMINDERS}`);

await queue.stop();
await database.close();
await rm(outDir, { recursive: true, force: true });
