import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { createTestDatabase } from '../../test/harness.js';
import { cronChecksAndTheirJobs, cronDueTimes } from '../../test/jobs.js';
import { waitFor } from '../../test/seed.js';
import { defineJob, JobQueue } from './queue.js';

// Two JobQueue objects, each with its own pg-boss and its own connection pool, on one PostgreSQL
// database: what two server processes look like to the database.
const onPostgres = !!process.env.TEST_DATABASE_URL;
const fast = { pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 };

describe.skipIf(!onPostgres)('two processes on one PostgreSQL database', () => {
  let database: Database;
  let first: JobQueue;
  let second: JobQueue;

  beforeAll(async () => {
    database = await createTestDatabase();
    first = new JobQueue(database, fast);
    second = new JobQueue(database, fast);
    // Both start at once, as two processes deploying together would: the schema is created once.
    await Promise.all([first.start(), second.start()]);
  }, 30_000);

  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    await database?.close();
  }, 30_000);

  it('working the same queue, they run each job exactly once between them', async () => {
    const job = defineJob<{ n: number }>('test-shared');
    const runs = new Map<number, string[]>();
    // A worker that finds a job looks again at once, so with quick jobs one process could drain the
    // queue alone: each process's first run is held until the other process runs one too.
    let bothWorking = () => {};
    const both = new Promise<void>((resolve) => (bothWorking = resolve));
    const record =
      (who: string) =>
      async ({ n }: { n: number }) => {
        runs.set(n, [...(runs.get(n) ?? []), who]);
        if (new Set([...runs.values()].flat()).size === 2) bothWorking();
        await both;
      };
    await first.work(job, record('first'));
    await second.work(job, record('second'));
    const count = 60;
    await Promise.all(Array.from({ length: count }, (_, n) => (n % 2 ? first : second).send(job, { n })));
    await waitFor(() => runs.size === count, { what: `all ${count} jobs to run` });
    // Every job has ended and none is waiting or running: nothing runs a second time.
    await waitFor(async () => (await first.unfinished(job)) === 0, { what: `all ${count} jobs to end` });
    expect([...runs.values()].every((who) => who.length === 1)).toBe(true);
    expect(runs.size).toBe(count);
    // Both processes took part.
    const workers = new Set([...runs.values()].flat());
    expect(workers).toEqual(new Set(['first', 'second']));
  }, 30_000);

  it('a schedule both processes register queues one job per due time, worked once', async () => {
    const job = defineJob<{ tag: string }>('test-cron');
    const runs: string[] = [];
    await first.work(job, async ({ tag }) => {
      runs.push(`first:${tag}`);
    });
    await second.work(job, async ({ tag }) => {
      runs.push(`second:${tag}`);
    });
    // Every minute is due; both processes register it and both check the schedules every second.
    await Promise.all([
      first.schedule(job, '* * * * *', { tag: 'tick' }),
      second.schedule(job, '* * * * *', { tag: 'tick' }),
    ]);
    await waitFor(() => runs.length >= 1, { what: 'the scheduled job to run' });
    // Three more cron checks (one a second, by either process), each finding the job due again.
    await cronChecksAndTheirJobs(database, 3);
    // Once unscheduled, two checks more let a check already under way finish what it queued.
    await first.unschedule(job);
    await cronChecksAndTheirJobs(database, 2);
    expect(await first.unfinished(job)).toBe(0);
    // One run per due time: one, or two when the checks crossed a minute's end.
    const dueTimes = await cronDueTimes(database, job.name);
    expect(dueTimes).toBeGreaterThanOrEqual(1);
    expect(runs).toHaveLength(dueTimes);
    expect(runs.every((run) => run.endsWith(':tick'))).toBe(true);
  }, 40_000);
});
