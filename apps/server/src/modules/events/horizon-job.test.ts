import { count, eq, max } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/client.js';
import { eventOccurrences, locations } from '../../platform/db/schema.js';
import { EventService } from './service.js';
import { createTestDatabase, createUser } from '../../test/harness.js';
import { insertRow, waitFor } from '../../test/seed.js';
import { HORIZON_CRON, horizonJob, runHorizonJob, startHorizonJob } from './horizon-job.js';
import { JobQueue, type JobLogger } from '../../platform/jobs/queue.js';

const silent: JobLogger = { error: () => undefined, warn: () => undefined, info: () => undefined };

let database: Database;
let queue: JobQueue;
let organiserId: number;
let locationId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  queue = new JobQueue(database, { pollingIntervalSeconds: 0.5 });
  await queue.start();
  await startHorizonJob(queue, database.db, silent);
  organiserId = (await createUser(database, { username: 'horizon-organiser', role: 'editor' })).id;
  locationId = (await insertRow(database, locations, { name: 'Horizon Hall' })).id;
}, 30_000);

afterAll(async () => {
  await queue?.stop();
  await database?.close();
}, 30_000);

/** A weekly never-ending event created as if it were `monthsAgo` months ago (its horizon now short). */
async function createOldSeries(title: string, monthsAgo: number) {
  const then = DateTime.utc().minus({ months: monthsAgo });
  const service = new EventService(database.db, () => then.toJSDate());
  const start = then.plus({ days: 1 }).setZone('Europe/Istanbul').startOf('hour').toFormat("yyyy-LL-dd'T'HH:mm");
  return service.create(
    {
      title,
      locationId,
      organiserId,
      guestIds: [],
      repeat: { doesNotRepeat: false, start, frequency: 'week', interval: 1, weekdays: [], end: { type: 'never' } },
    },
    organiserId,
  );
}

async function occurrencesOf(eventId: number) {
  const [row] = await database.db
    .select({ n: count(), last: max(eventOccurrences.startsAt) })
    .from(eventOccurrences)
    .where(eq(eventOccurrences.eventId, eventId));
  return { n: row!.n, last: row!.last ? new Date(row!.last) : null };
}

async function runThroughQueue() {
  const id = await queue.send(horizonJob, {});
  await waitFor(async () => (await queue.state(horizonJob, id))?.state === 'completed', {
    what: 'the horizon job to complete',
  });
}

describe('the daily horizon job', () => {
  it('is scheduled once, daily at 03:15 UTC, in the database', async () => {
    const rows = (await queue.schedules()).filter((schedule) => schedule.name === horizonJob.name);
    expect(rows).toEqual([{ name: horizonJob.name, cron: HORIZON_CRON, timezone: 'UTC' }]);
  });

  it('extends a never-ending series to 12 months ahead, and a second run adds nothing', async () => {
    const event = await createOldSeries('Weekly since spring', 3);
    const before = await occurrencesOf(event.id);
    // Created three months ago: about nine months of weeks left ahead.
    expect(before.last!.getTime()).toBeLessThan(DateTime.utc().plus({ months: 10 }).toMillis());

    await runThroughQueue();
    const after = await occurrencesOf(event.id);
    expect(after.n).toBeGreaterThan(before.n + 10);
    expect(after.last!.getTime()).toBeGreaterThan(DateTime.utc().plus({ months: 12, days: -8 }).toMillis());
    expect(after.last!.getTime()).toBeLessThanOrEqual(DateTime.utc().plus({ months: 12, days: 1 }).toMillis());

    await runThroughQueue();
    expect(await occurrencesOf(event.id)).toEqual(after);
  }, 30_000);

  it('two runs at once create each missing occurrence once', async () => {
    const event = await createOldSeries('Weekly since winter', 5);
    const before = await occurrencesOf(event.id);
    const [a, b] = await Promise.all([runHorizonJob(database.db, silent), runHorizonJob(database.db, silent)]);
    const after = await occurrencesOf(event.id);
    expect(after.n - before.n).toBe(a + b);
    expect(after.n - before.n).toBeGreaterThan(15);
    expect(await runHorizonJob(database.db, silent)).toBe(0);
  }, 30_000);
});
