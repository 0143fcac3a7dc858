import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { createTestDatabase } from '../../test/harness.js';
import { cronChecksAndTheirJobs, cronDueTimes } from '../../test/jobs.js';
import { waitFor } from '../../test/seed.js';
import { defineJob, JobQueue } from './queue.js';

const fast = { pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 };

let database: Database;
let queue: JobQueue;

beforeAll(async () => {
  database = await createTestDatabase();
  queue = new JobQueue(database, fast);
  await queue.start();
}, 30_000);

afterAll(async () => {
  await queue?.stop();
  await database?.close();
}, 30_000);

describe(`job queue on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('runs each sent job exactly once, with its data, and marks it completed', async () => {
    const job = defineJob<{ n: number }>('test-once');
    const seen: number[] = [];
    await queue.work(job, async ({ n }) => {
      seen.push(n);
    });
    const ids = await Promise.all([1, 2, 3, 4, 5].map((n) => queue.send(job, { n })));
    await waitFor(() => seen.length >= 5, { what: 'the 5 jobs to run', timeoutMs: 10_000 });
    await waitFor(
      async () => (await Promise.all(ids.map((id) => queue.state(job, id)))).every((s) => s?.state === 'completed'),
      { what: 'the 5 jobs to be marked completed', timeoutMs: 10_000 },
    );
    // Every job has ended and none is waiting or running: nothing runs a second time.
    expect(await queue.unfinished(job)).toBe(0);
    expect(seen.sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('retries a job that throws up to its limit, then marks it failed with the error', async () => {
    const job = defineJob<{ n: number }>('test-failing', { retryLimit: 2, retryDelaySeconds: 0, retryBackoff: false });
    let attempts = 0;
    await queue.work(job, async () => {
      attempts += 1;
      throw new Error('transport down');
    });
    const id = await queue.send(job, { n: 1 });
    await waitFor(async () => (await queue.state(job, id))?.state === 'failed', {
      what: 'the failing job to be marked failed',
      timeoutMs: 10_000,
    });
    const state = await queue.state(job, id);
    expect(attempts).toBe(3);
    expect(state?.retryCount).toBe(2);
    expect(JSON.stringify(state?.output)).toContain('transport down');
  });

  it('a job that fails once then succeeds is completed on its retry', async () => {
    const job = defineJob<{ n: number }>('test-flaky', { retryLimit: 3, retryDelaySeconds: 0, retryBackoff: false });
    let attempts = 0;
    await queue.work(job, async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('first try fails');
    });
    const id = await queue.send(job, { n: 1 });
    await waitFor(async () => (await queue.state(job, id))?.state === 'completed', {
      what: 'the flaky job to be completed',
      timeoutMs: 10_000,
    });
    expect(attempts).toBe(2);
  });

  it('a cron schedule queues its job once per due time, however often it is checked, and the job runs once', async () => {
    const job = defineJob<{ tag: string }>('test-cron-single');
    const runs: string[] = [];
    await queue.work(job, async ({ tag }) => {
      runs.push(tag);
    });
    await queue.schedule(job, '* * * * *', { tag: 'tick' });
    expect(await queue.schedules()).toContainEqual({ name: job.name, cron: '* * * * *', timezone: 'UTC' });
    await waitFor(() => runs.length >= 1, { what: 'the cron job to run', timeoutMs: 10_000 });
    // Two more checks (one a second): every minute is due, so each finds the job due again.
    await cronChecksAndTheirJobs(database, 2);
    // Once unscheduled, two checks more let a check already under way finish what it queued.
    await queue.unschedule(job);
    await cronChecksAndTheirJobs(database, 2);
    expect(await queue.unfinished(job)).toBe(0);
    // One run per due time: one, or two when the checks crossed a minute's end.
    const dueTimes = await cronDueTimes(database, job.name);
    expect(dueTimes).toBeGreaterThanOrEqual(1);
    expect(runs).toEqual(Array.from({ length: dueTimes }, () => 'tick'));
  }, 30_000);

  it('a job sent inside a transaction exists only if the transaction commits', async () => {
    const job = defineJob<{ n: number }>('test-transactional');
    const seen: number[] = [];
    await queue.register(job);
    const committed = await database.db.transaction((tx) => queue.send(job, { n: 1 }, { tx }));
    let rolledBackId = '';
    await expect(
      database.db.transaction(async (tx) => {
        rolledBackId = await queue.send(job, { n: 2 }, { tx });
        throw new Error('decided not to');
      }),
    ).rejects.toThrow('decided not to');
    expect(rolledBackId).not.toBe('');
    expect(await queue.state(job, rolledBackId)).toBeNull();
    await queue.work(job, async ({ n }) => {
      seen.push(n);
    });
    await waitFor(async () => (await queue.state(job, committed))?.state === 'completed', {
      what: 'the committed job to be completed',
      timeoutMs: 10_000,
    });
    // Nothing else of the queue is left to run: the rolled back job never will.
    expect(await queue.unfinished(job)).toBe(0);
    expect(seen).toEqual([1]);
  });

  it('refuses to send inside a transaction before the queue is registered', async () => {
    const job = defineJob<{ n: number }>('test-unregistered');
    await expect(database.db.transaction((tx) => queue.send(job, { n: 1 }, { tx }))).rejects.toThrow(/register/);
  });

  it('starting an already started queue again is harmless', async () => {
    await queue.start();
    const job = defineJob<{ n: number }>('test-restart');
    let runs = 0;
    await queue.work(job, async () => {
      runs += 1;
    });
    await queue.send(job, { n: 1 });
    await waitFor(() => runs === 1, { what: 'the job to run on the restarted queue', timeoutMs: 10_000 });
  });
});
