import { sql } from 'drizzle-orm';
import type { Database } from '../platform/db/client.js';
import { waitFor } from './seed.js';

/** When pg-boss last checked the cron schedules, by the database's clock (ms since the epoch); 0 before any check. */
async function lastCronCheck(database: Database): Promise<number> {
  const result = (await database.db.execute(sql`select cron_on from pgboss.version`)) as {
    rows: { cron_on: Date | string | null }[];
  };
  const checkedOn = result.rows[0]?.cron_on;
  return checkedOn ? new Date(checkedOn).getTime() : 0;
}

/**
 * Waits for `count` more checks of the cron schedules (pg-boss runs one per cron monitor interval,
 * across every process on the database), then until no job of any queue is waiting or running:
 * whatever those checks queued has been moved onto its queue and run.
 */
export async function cronChecksAndTheirJobs(database: Database, count: number): Promise<void> {
  for (let check = 0; check < count; check++) {
    const before = await lastCronCheck(database);
    await waitFor(async () => (await lastCronCheck(database)) > before, { what: 'a check of the cron schedules' });
  }
  await waitFor(
    async () => {
      const result = (await database.db.execute(
        sql`select count(*)::integer as count from pgboss.job where state < 'completed'`,
      )) as { rows: { count: number }[] };
      return result.rows[0]!.count === 0;
    },
    { what: 'every job the checks queued to run' },
  );
}

/**
 * How many due times pg-boss queued the schedule of `jobName` for. Its cron check queues a due job
 * through its own send-it queue, at most once per name and clock minute (a singleton slot), so
 * checks that span a minute's end queue a due time more: a test compares its runs with this count
 * instead of keeping its checks inside one minute.
 */
export async function cronDueTimes(database: Database, jobName: string): Promise<number> {
  const result = (await database.db.execute(sql`
    select count(distinct singleton_on)::integer as count from (
      select singleton_on from pgboss.job where name = '__pgboss__send-it' and singleton_key = ${jobName}
      union all
      select singleton_on from pgboss.archive where name = '__pgboss__send-it' and singleton_key = ${jobName}
    ) as queued
  `)) as { rows: { count: number }[] };
  return result.rows[0]!.count;
}
