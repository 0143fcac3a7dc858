import type { Db } from '../../platform/db/client.js';
import { extendHorizons } from './horizon.js';
import { defineJob, type JobLogger, type JobQueue } from '../../platform/jobs/queue.js';

/** The rolling horizon (docs/domain.md): never-ending series always have 12 months of occurrences ahead. */
export const horizonJob = defineJob<Record<string, never>>('events-horizon', {
  retryLimit: 3,
  retryDelaySeconds: 300,
  retryBackoff: true,
});

/** Every day at 03:15 UTC. */
export const HORIZON_CRON = '15 3 * * *';

/** The job's work: extends every due series as of `now`; answers how many occurrences were created. */
export async function runHorizonJob(db: Db, log: JobLogger, now: Date = new Date()): Promise<number> {
  const created = await extendHorizons(db, now);
  log.info({ job: horizonJob.name, created }, 'extended the occurrence horizon');
  return created;
}

/**
 * Works the horizon queue in this process and (re)registers its daily schedule. Every process does
 * both; pg-boss queues one job per due time and hands it to one worker, and extendHorizons itself
 * inserts nothing twice, so several processes never duplicate an occurrence.
 */
export async function startHorizonJob(queue: JobQueue, db: Db, log: JobLogger): Promise<void> {
  await queue.work(horizonJob, async () => {
    await runHorizonJob(db, log);
  });
  await queue.schedule(horizonJob, HORIZON_CRON, {});
}
