import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/harness.js';
import { type Database, openDatabase } from './client.js';

describe.skipIf(!process.env.TEST_DATABASE_URL)('openDatabase on PostgreSQL', () => {
  it('opens every connection with JIT off, so no query needs a transaction to turn it off', async () => {
    const database = await createTestDatabase();
    try {
      // Four at once (each holding its connection for a moment), so several pooled connections answer.
      const answers = await Promise.all(
        Array.from({ length: 4 }, () =>
          database.db.execute<{ jit: string; pid: number }>(
            sql`select current_setting('jit') as jit, pg_backend_pid() as pid, pg_sleep(0.05)`,
          ),
        ),
      );
      const rows = answers.map((answer) => (answer as { rows: { jit: string; pid: number }[] }).rows[0]!);
      expect(new Set(rows.map((row) => row.pid)).size).toBeGreaterThan(1);
      expect(rows.map((row) => row.jit)).toEqual(['off', 'off', 'off', 'off']);
    } finally {
      await database.close();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('the health ping on PostgreSQL', () => {
  it('answers while every pooled connection is busy', async () => {
    const database = await createTestDatabase();
    // Every connection of the pool (10) waits on an advisory lock a connection of the test holds.
    const holder = new pg.Client({
      connectionString: database.connection.kind === 'postgres' ? database.connection.url : '',
    });
    await holder.connect();
    const LOCK = 0x68656c;
    await holder.query('select pg_advisory_lock($1)', [LOCK]);
    let released = false;
    const waiting = Array.from({ length: 12 }, () =>
      database.db.execute(sql`select pg_advisory_lock(${LOCK}), pg_advisory_unlock(${LOCK})`).then(() => {
        if (!released) throw new Error('a pooled query ran before the lock was released');
      }),
    );
    try {
      // Every pooled connection is taken (the lock's waiters are there), and the ping still answers.
      await expect
        .poll(async () => {
          const { rows } = await holder.query<{ n: number }>(
            `select count(*)::integer as n from pg_locks
              where locktype = 'advisory' and objid = $1 and not granted
                and database = (select oid from pg_database where datname = current_database())`,
            [LOCK],
          );
          return rows[0]!.n;
        })
        .toBe(10);
      await database.ping();
    } finally {
      released = true;
      await holder.query('select pg_advisory_unlock($1)', [LOCK]);
      await holder.end();
      await Promise.all(waiting);
      await database.close();
    }
  });
});

describe('openDatabase on PGlite', () => {
  const reltuples = async (database: Database, table: string) => {
    const result = await database.db.execute<{ reltuples: number }>(
      sql`select reltuples from pg_class where oid = ${table}::regclass`,
    );
    return Number((result as { rows: { reltuples: number }[] }).rows[0]!.reltuples);
  };

  it('leaves every table with statistics after migrating, and analyzes a table that never was when it opens again', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ritim-db-'));
    try {
      let database = await openDatabase({ dataDir });
      await database.migrate();
      // A new database: the migrations ran, so every table was analyzed (never analyzed is -1).
      expect(await reltuples(database, 'users')).toBe(0);
      expect(await reltuples(database, 'event_occurrences')).toBe(0);
      await database.db.execute(sql`create table late_table as select generate_series(1, 500) as n`);
      await database.db.execute(
        sql`insert into locations (name) select 'Room ' || i from generate_series(1, 300) as i`,
      );
      await database.close();

      database = await openDatabase({ dataDir });
      try {
        expect(await reltuples(database, 'late_table')).toBe(-1);
        await database.migrate();
        // Nothing to migrate: only what was never analyzed is, not every table at every start.
        expect(await reltuples(database, 'late_table')).toBe(500);
        expect(await reltuples(database, 'locations')).toBe(0);
      } finally {
        await database.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
    // Two cold starts of PGlite from a folder (not the run's migrated copy): several seconds each on a loaded machine.
  }, 90_000);
});
