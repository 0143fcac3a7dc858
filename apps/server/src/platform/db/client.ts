import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction in progress: what `db.transaction` hands its callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * What a statement runs on, the one executor type of the server: the database, or a transaction in
 * progress (a write, its audit row and the jobs it queues then commit or roll back together).
 */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** What the job queue (pg-boss) connects with: the PostgreSQL url, or the one PGlite client. */
  connection: { kind: 'postgres'; url: string } | { kind: 'pglite'; client: PGlite };
  /** Applies every pending migration. */
  migrate(): Promise<void>;
  /** Answers when the database is reachable (on PostgreSQL through a connection of its own, never queued behind the pool). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** The advisory lock key that serialises migrations across processes ('ritim' in ASCII). */
const MIGRATION_LOCK = 0x726974696d;

const migrationsFolder = fileURLToPath(new URL('../../../migrations', import.meta.url));

/**
 * Connects to PostgreSQL at `url`, or opens embedded PGlite under `dataDir` (in memory when null).
 * On PGlite, `loadDataDir` (a dump of another PGlite's data directory, `dumpDataDir()`) is the
 * state it starts from instead of a new, empty database.
 */
export async function openDatabase(options: {
  url?: string;
  dataDir?: string | null;
  loadDataDir?: Blob;
}): Promise<Database> {
  if (options.url) {
    // JIT off: it pays off only for long analytic queries, and the planner's row estimates for
    // interval scans (the clash check) run so high that it would compile for hundreds of
    // milliseconds a query that runs in a few. Set per connection, so no query needs a transaction for it.
    const pool = new pg.Pool({ connectionString: options.url, max: 10, options: '-c jit=off' });
    // An idle connection's error (server restart, or a test database dropped while the closing
    // pool's sockets are still ending) must not crash the process; the pool replaces the client.
    pool.on('error', (error) => {
      if (!pool.ending) console.error(`database connection error: ${error.message}`);
    });
    // The health check's own connection: `GET /api/health` says whether the database answers, so it
    // must not queue behind a busy pool (a feed's or an export's reads holding every connection).
    const healthPool = new pg.Pool({ connectionString: options.url, max: 1, options: '-c jit=off' });
    healthPool.on('error', (error) => {
      if (!healthPool.ending) console.error(`database health connection error: ${error.message}`);
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      connection: { kind: 'postgres', url: options.url },
      migrate: async () => {
        // Several processes may start at once on a new database: one migrates while the others
        // wait on this lock (held by a connection of its own), then find nothing left to do.
        const lock = await pool.connect();
        try {
          await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migratePg(drizzlePg(pool), { migrationsFolder });
        } finally {
          await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
          lock.release();
        }
      },
      ping: async () => {
        await healthPool.query('select 1');
      },
      close: async () => {
        await Promise.all([pool.end(), healthPool.end()]);
      },
    };
  }
  let dir: string | undefined;
  if (options.dataDir) {
    dir = path.resolve(options.dataDir, 'db');
    await mkdir(dir, { recursive: true });
  }
  const client = await PGlite.create(dir, {
    extensions: { pg_trgm },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  // PGlite has no autovacuum daemon: refresh the planner's statistics after migrating and hourly,
  // or it plans every list as if its tables were empty.
  const analyze = () => client.exec('analyze').then(() => undefined);
  const timer = setInterval(() => void analyze().catch(() => undefined), 3600_000);
  timer.unref();
  let refresh: NodeJS.Timeout | undefined;
  const applied = () =>
    client
      .query<{ count: number }>('select count(*)::integer as count from drizzle.__drizzle_migrations')
      .then(({ rows }) => rows[0]?.count ?? 0)
      .catch(() => 0);
  /**
   * ANALYZE of the app's tables: all of them, or only those never analyzed (`reltuples < 0`).
   * Not the whole database: the system catalogs' share made every start some 0.2 s slower.
   */
  const analyzeTables = async (which: 'all' | 'never analyzed') => {
    const { rows } = await client.query<{
      name: string;
    }>(`select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
        ${which === 'all' ? '' : 'and c.reltuples < 0'}`);
    if (rows.length) await client.exec(`analyze ${rows.map((row) => row.name).join(', ')}`);
  };
  return {
    db,
    kind: 'pglite',
    connection: { kind: 'pglite', client },
    migrate: async () => {
      const before = await applied();
      await migratePglite(drizzlePglite(client), { migrationsFolder });
      // Statistics are kept in the data directory, and platform/db/statistics.ts and the hourly ANALYZE
      // keep them fresh while running. So a start waits for all tables only after applying a
      // migration (new tables, new expression indexes), else only for those never analyzed; the
      // rest is refreshed 10 s later (writes a stopped process had not analyzed yet).
      const migrated = (await applied()) !== before;
      await analyzeTables(migrated ? 'all' : 'never analyzed');
      if (!migrated) {
        refresh = setTimeout(() => void analyzeTables('all').catch(() => undefined), 10_000);
        refresh.unref();
      }
    },
    ping: async () => {
      await client.query('select 1');
    },
    close: () => {
      clearInterval(timer);
      clearTimeout(refresh);
      return client.close();
    },
  };
}
