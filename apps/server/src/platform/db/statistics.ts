import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

/**
 * Fresh planner statistics after bulk writes. A list's plan depends on them: right after thousands
 * of occurrences were created (a busy seeding, an import, the horizon job) the planner still
 * believes the tables small and picks sequential scans and hash joins (issue 17 measured the day
 * list at 13-20 ms before an ANALYZE and 3.7 ms after). PostgreSQL's autovacuum gets there within
 * minutes and PGlite has none, so the app does not wait for it: writers note how many rows they
 * wrote, and once a table has had at least MIN_ROWS and a quarter of its size (as of its last
 * ANALYZE) written, an ANALYZE of the tables due runs in the background, a second after the note
 * (the writing transaction has committed by then), one at a time.
 */

const MIN_ROWS = 1_000;
const SHARE = 0.25;
const DELAY_MS = 1_000;

export class TableStatistics {
  /** Rows written per table since its last ANALYZE. */
  private readonly written = new Map<string, number>();
  /** Rows per table as its last ANALYZE counted them. */
  private readonly sizes = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  /** How many ANALYZE statements ran (tests read it). */
  analyzed = 0;

  constructor(private readonly db: Db) {}

  /** `rows` rows of `table` were inserted, updated or deleted. */
  noteWrites(table: PgTable, rows: number): void {
    if (rows <= 0) return;
    const name = getTableName(table);
    this.written.set(name, (this.written.get(name) ?? 0) + rows);
    if (this.due().length > 0 && !this.timer) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        void this.analyze().catch(() => undefined);
      }, DELAY_MS);
      this.timer.unref();
    }
  }

  private due(): string[] {
    return [...this.written]
      .filter(([name, rows]) => rows >= Math.max(MIN_ROWS, SHARE * (this.sizes.get(name) ?? 0)))
      .map(([name]) => name);
  }

  /**
   * ANALYZE of the tables due now (all noted ones with `all`), after any one running. Errors (the
   * database closing meanwhile) are the caller's; the background run ignores them.
   */
  async analyze(all = false): Promise<void> {
    while (this.running) await this.running.catch(() => undefined);
    const tables = all ? [...this.written.keys()] : this.due();
    if (tables.length === 0) return;
    for (const name of tables) this.written.delete(name);
    const list = sql.join(
      tables.map((name) => sql.identifier(name)),
      sql`, `,
    );
    this.running = (async () => {
      await this.db.execute(sql`analyze ${list}`);
      this.analyzed += 1;
      const result = await this.db.execute(
        sql`select relname as name, reltuples as rows from pg_class
          where relnamespace = 'public'::regnamespace and relname in (${sql.join(
            tables.map((name) => sql`${name}`),
            sql`, `,
          )})`,
      );
      for (const row of (result as { rows: { name: string; rows: number | string }[] }).rows) {
        this.sizes.set(row.name, Math.max(0, Number(row.rows)));
      }
    })();
    try {
      await this.running;
    } finally {
      this.running = undefined;
    }
  }
}

const byDatabase = new WeakMap<Db, TableStatistics>();

/** The statistics keeper of a database (one per process and database). */
export function statisticsOf(db: Db): TableStatistics {
  let statistics = byDatabase.get(db);
  if (!statistics) {
    statistics = new TableStatistics(db);
    byDatabase.set(db, statistics);
  }
  return statistics;
}
