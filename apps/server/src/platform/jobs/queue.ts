import type { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Database, Executor } from '../db/client.js';
import { pgErrorCode } from '../errors.js';

/**
 * pg-boss's `db` adapter over a drizzle executor, so a job is queued inside the caller's
 * transaction and commits (or rolls back) with it. pg-boss sends `$n`-numbered parameter text;
 * it becomes one drizzle SQL value with the same parameters.
 */
export function executorAdapter(executor: Executor): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const chunks: SQL[] = [];
      let last = 0;
      for (const match of text.matchAll(/\$(\d+)/g)) {
        chunks.push(sql.raw(text.slice(last, match.index)), sql`${values[Number(match[1]) - 1] ?? null}`);
        last = match.index + match[0].length;
      }
      chunks.push(sql.raw(text.slice(last)));
      const result = (await executor.execute(sql.join(chunks))) as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

/** The part of a pino/Fastify logger the queue writes to. */
export interface JobLogger {
  error(object: object, message: string): void;
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

const silentLogger: JobLogger = { error: () => undefined, warn: () => undefined, info: () => undefined };

/** A named job with the type of its data and its retry policy (kept on the pg-boss queue). */
export interface JobDefinition<Data extends object> {
  name: string;
  /** How many times a failed run is retried before the job is marked failed. */
  retryLimit: number;
  /** Seconds before the first retry. */
  retryDelaySeconds: number;
  /** Doubles the delay on each retry. */
  retryBackoff: boolean;
  /**
   * Seconds a run may take; a run still active after that (its process died) is failed and
   * retried. pg-boss's default is 15 minutes.
   */
  expireInSeconds?: number;
  /**
   * Where a run that ends failed goes: pg-boss queues its data as this job. Delivered for runs that
   * fail by timeout (their process died or hung) as well as by a throw, on the last try.
   */
  deadLetter?: JobDefinition<Data>;
  /** Only carries the type; never read. */
  readonly __data?: Data;
}

export function defineJob<Data extends object>(
  name: string,
  retry: Partial<
    Pick<JobDefinition<Data>, 'retryLimit' | 'retryDelaySeconds' | 'retryBackoff' | 'expireInSeconds' | 'deadLetter'>
  > = {},
): JobDefinition<Data> {
  return {
    name,
    retryLimit: retry.retryLimit ?? 3,
    retryDelaySeconds: retry.retryDelaySeconds ?? 30,
    retryBackoff: retry.retryBackoff ?? true,
    ...(retry.expireInSeconds === undefined ? {} : { expireInSeconds: retry.expireInSeconds }),
    ...(retry.deadLetter === undefined ? {} : { deadLetter: retry.deadLetter }),
  };
}

export interface JobQueueOptions {
  log?: JobLogger;
  /** How often an idle worker looks for jobs (pg-boss minimum 0.5 s). A worker that found a job looks again at once. */
  pollingIntervalSeconds?: number;
  /**
   * How often pg-boss's maintenance runs: it fails (and so retries) runs past their expiry, e.g.
   * those of a process that died. pg-boss's default is 120 s.
   */
  maintenanceIntervalSeconds?: number;
  /** How often each process checks the cron schedules (1..45 s); the check runs in one process at a time. */
  cronMonitorIntervalSeconds?: number;
  /** How often a due cron job is moved onto its queue (1..45 s). */
  cronWorkerIntervalSeconds?: number;
}

/**
 * pg-boss's `db` adapter over the one PGlite connection (docs/architecture.md#the-embedded-database): text without parameters is
 * pg-boss's multi-statement `BEGIN; ...; COMMIT;` blocks, which only `exec()` accepts; after an error
 * the connection is rolled back out of the aborted transaction. pg-boss swallows some errors (its
 * fetch loop), so they are logged here.
 */
export function pgliteAdapter(client: PGlite, log: JobLogger): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      try {
        if (!values || values.length === 0) {
          const results = await client.exec(text);
          const withRows = results.filter((result) => result.fields.length > 0).at(-1);
          return { rows: withRows?.rows ?? [] };
        }
        const result = await client.query(text, values);
        return { rows: result.rows };
      } catch (error) {
        log.error({ err: error }, 'job queue query failed');
        if (client.isInTransaction()) await client.exec('ROLLBACK').catch(() => undefined);
        throw error;
      }
    },
  };
}

/**
 * The job queue: pg-boss on the application's own database (PostgreSQL through its connection
 * string, PGlite through the adapter). Jobs are durable rows in the `pgboss` schema, retried with
 * backoff, and each is worked once across every process on the database.
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly log: JobLogger;
  private readonly pollingIntervalSeconds: number;
  private readonly created = new Set<string>();
  private started = false;

  constructor(database: Pick<Database, 'connection'>, options: JobQueueOptions = {}) {
    this.log = options.log ?? silentLogger;
    this.pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
    const common = {
      ...(options.maintenanceIntervalSeconds === undefined
        ? {}
        : { maintenanceIntervalSeconds: options.maintenanceIntervalSeconds }),
      cronMonitorIntervalSeconds: options.cronMonitorIntervalSeconds ?? 30,
      cronWorkerIntervalSeconds: options.cronWorkerIntervalSeconds ?? 5,
    };
    const connection = database.connection;
    this.boss =
      connection.kind === 'postgres'
        ? new PgBoss({ connectionString: connection.url, max: 4, ...common })
        : new PgBoss({ db: pgliteAdapter(connection.client, this.log), ...common });
    // Without a listener an 'error' event would crash the process.
    this.boss.on('error', (error) => this.log.error({ err: error }, 'job queue error'));
  }

  /** Creates or updates pg-boss's tables (idempotent, safe in several processes at once) and starts its timers. */
  async start(): Promise<void> {
    if (this.started) return;
    await this.boss.start();
    this.started = true;
  }

  /** Stops the workers and timers; a job in progress gets up to `timeoutMs` to finish. */
  async stop(timeoutMs = 10_000): Promise<void> {
    if (!this.started) return;
    this.started = false;
    // wait: answers once the workers and timers are stopped and pg-boss's own pool is closed.
    await this.boss.stop({ graceful: true, timeout: timeoutMs, wait: true });
  }

  /** Creates the job's pg-boss queue with its retry policy (once per instance). */
  private async ensureQueue(job: JobDefinition<object>): Promise<void> {
    if (this.created.has(job.name)) return;
    // The dead-letter queue must exist first: pg-boss keeps a foreign key to it.
    if (job.deadLetter) await this.ensureQueue(job.deadLetter);
    const policy = {
      name: job.name,
      retryLimit: job.retryLimit,
      retryDelay: job.retryDelaySeconds,
      retryBackoff: job.retryBackoff,
      ...(job.expireInSeconds === undefined ? {} : { expireInSeconds: job.expireInSeconds }),
      ...(job.deadLetter === undefined ? {} : { deadLetter: job.deadLetter.name }),
    };
    // Processes starting together create queues at once; pg-boss attaches each queue's partition
    // to its job table, and two such attaches can deadlock: the loser tries again.
    for (let attempt = 1; ; attempt++) {
      try {
        const existing = await this.boss.getQueue(job.name);
        if (existing) await this.boss.updateQueue(job.name, policy);
        else await this.boss.createQueue(job.name, policy);
        break;
      } catch (error) {
        // Another process may have created it between the look-up and here.
        if (await this.boss.getQueue(job.name).catch(() => null)) break;
        if (pgErrorCode(error) !== '40P01' || attempt >= 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
      }
    }
    this.created.add(job.name);
  }

  /**
   * Makes the job's queue ready. Needed before `send` inside a transaction: on PGlite the queue's own
   * connection would wait for the transaction (one connection), so it cannot be created from there.
   */
  async register(job: JobDefinition<object>): Promise<void> {
    await this.ensureQueue(job);
  }

  /**
   * Queues one job; answers its id. With `tx` (a drizzle transaction) the job is written in that
   * transaction: it exists exactly when the transaction commits (the outbox pattern).
   */
  async send<Data extends object>(
    job: JobDefinition<Data>,
    data: Data,
    options: { tx?: Executor } = {},
  ): Promise<string> {
    if (options.tx) {
      if (!this.created.has(job.name))
        throw new Error(`Job ${job.name}: call register() before sending in a transaction`);
    } else await this.ensureQueue(job);
    const id = options.tx
      ? await this.boss.send(job.name, data, { db: executorAdapter(options.tx) })
      : await this.boss.send(job.name, data);
    if (!id) throw new Error(`Job ${job.name} was not queued`);
    return id;
  }

  /**
   * Queues many jobs of one kind in one statement (with `tx`, inside that transaction, as `send`).
   * Each job carries the definition's retry policy itself.
   */
  async sendMany<Data extends object>(job: JobDefinition<Data>, data: Data[], options: { tx?: Executor } = {}) {
    if (data.length === 0) return;
    if (options.tx) {
      if (!this.created.has(job.name))
        throw new Error(`Job ${job.name}: call register() before sending in a transaction`);
    } else await this.ensureQueue(job);
    const jobs = data.map((item) => ({
      name: job.name,
      data: item,
      retryLimit: job.retryLimit,
      retryDelay: job.retryDelaySeconds,
      retryBackoff: job.retryBackoff,
      ...(job.expireInSeconds === undefined ? {} : { expireInSeconds: job.expireInSeconds }),
      ...(job.deadLetter === undefined ? {} : { deadLetter: job.deadLetter.name }),
    }));
    await (options.tx ? this.boss.insert(jobs, { db: executorAdapter(options.tx) }) : this.boss.insert(jobs));
  }

  /**
   * Runs `data` as job `job` on the cron (5 fields, in `tz`). pg-boss keeps the schedule in the
   * database and queues at most one job per minute slot across every process, so the job runs
   * once per due time however many processes are running.
   */
  async schedule<Data extends object>(job: JobDefinition<Data>, cron: string, data: Data, tz = 'UTC'): Promise<void> {
    await this.ensureQueue(job);
    await this.boss.schedule(job.name, cron, data, { tz });
  }

  /** Removes the job's cron schedule, if it has one (a setting turned off): nothing more is queued by time. */
  async unschedule(job: JobDefinition<object>): Promise<void> {
    await this.boss.unschedule(job.name);
  }

  /** Works the job's queue in this process: one job at a time; a throw fails that run (retried by the policy). */
  async work<Data extends object>(
    job: JobDefinition<Data>,
    handler: (data: Data, meta: { id: string; retryCount: number }) => Promise<void>,
  ): Promise<string> {
    await this.ensureQueue(job);
    let workerId = '';
    workerId = await this.boss.work<Data>(
      job.name,
      { batchSize: 1, pollingIntervalSeconds: this.pollingIntervalSeconds, includeMetadata: true },
      async ([current]) => {
        // A worker that found a job looks for the next at once instead of waiting a polling interval.
        this.boss.notifyWorker(workerId);
        if (!current) return;
        try {
          await handler(current.data, { id: current.id, retryCount: current.retryCount });
        } catch (error) {
          this.log.warn({ err: error, job: job.name, jobId: current.id, retryCount: current.retryCount }, 'job failed');
          throw error;
        }
      },
    );
    return workerId;
  }

  /** The cron schedules kept in the database (one per job name, whatever the number of processes). */
  async schedules(): Promise<{ name: string; cron: string; timezone: string }[]> {
    // The rows carry the schedule's time zone, which pg-boss 10's types leave out.
    const all = (await this.boss.getSchedules()) as (PgBoss.Schedule & { timezone: string })[];
    return all.map(({ name, cron, timezone }) => ({ name, cron, timezone }));
  }

  /**
   * How many of the job's runs are still to come: waiting (created, or retry, due now or later) or
   * running (active). 0 once every job sent has ended (completed, failed or cancelled): none of
   * them will run again.
   */
  async unfinished(job: JobDefinition<object>): Promise<number> {
    return (await this.boss.getQueueSize(job.name, { before: 'completed' })) ?? 0;
  }

  /** The job's current state (created, retry, active, completed, failed, ...), or null. */
  async state(
    job: JobDefinition<object>,
    id: string,
  ): Promise<{ state: string; retryCount: number; output: unknown } | null> {
    const found = await this.boss.getJobById(job.name, id, { includeArchive: true });
    return found ? { state: found.state, retryCount: found.retryCount, output: found.output } : null;
  }
}
