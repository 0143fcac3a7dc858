import { type Config, publicUrl } from '../../../config.js';
import type { Db } from '../../../platform/db/client.js';
import type { Outbox } from '../../../platform/delivery/outbox.js';
import { queueToFillDigests, type ToFillDigestSettings } from './digest.js';
import { defineJob, type JobLogger, type JobQueue } from '../../../platform/jobs/queue.js';

/** The organisers' daily list of yesterday's sessions still to fill (TO_FILL_DIGEST). */
export const toFillDigestJob = defineJob<Record<string, never>>('to-fill-digest', {
  retryLimit: 2,
  retryDelaySeconds: 60,
  retryBackoff: true,
});

/**
 * Every hour on the hour (UTC): each run sends to the organisers whose own day is at the digest's
 * hour, so every zone gets it at its local time, DST or not.
 */
export const TO_FILL_DIGEST_CRON = '0 * * * *';

/** The digest's settings from the configuration: null unless TO_FILL_DIGEST is on. */
export const toFillDigestSettings = (
  config: Pick<Config, 'TO_FILL_DIGEST' | 'TO_FILL_DIGEST_HOUR' | 'PUBLIC_URL' | 'HOST' | 'PORT'>,
): ToFillDigestSettings | null =>
  config.TO_FILL_DIGEST === 'on' ? { hour: config.TO_FILL_DIGEST_HOUR, appUrl: publicUrl(config) } : null;

/** The job's work as of `now`: answers what it queued. */
export async function runToFillDigest(
  db: Db,
  outbox: Outbox,
  settings: ToFillDigestSettings,
  log: JobLogger,
  now: Date = new Date(),
) {
  const result = await queueToFillDigests(db, outbox, settings, now);
  log.info(
    { job: toFillDigestJob.name, queued: result.queued, unreachable: result.unreachable.length },
    'queued the to-fill digests',
  );
  return result;
}

/**
 * Switched on (`settings`): works the job's queue in this process and (re)registers its hourly
 * schedule; every process does both, pg-boss queues one job per due hour, and the messages'
 * idempotency keys keep an organiser to one a day. Switched off (null): removes the schedule, so
 * a database that once had it on queues nothing more.
 */
export async function startToFillDigestJob(
  queue: JobQueue,
  db: Db,
  outbox: Outbox,
  settings: ToFillDigestSettings | null,
  log: JobLogger,
): Promise<void> {
  if (!settings) {
    await queue.unschedule(toFillDigestJob);
    return;
  }
  await queue.work(toFillDigestJob, async () => {
    await runToFillDigest(db, outbox, settings, log);
  });
  await queue.schedule(toFillDigestJob, TO_FILL_DIGEST_CRON, {});
}
