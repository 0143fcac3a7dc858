import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { InjectOptions } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type App, type AppDeps } from '../app.js';
import { hashPassword } from '../auth/passwords.js';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { openDatabase, type Database, type Db } from '../platform/db/client.js';
import * as schema from '../platform/db/schema.js';
import { users } from '../platform/db/schema.js';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

/** The migrated data directory dump the global set-up saved (PGlite), read once per test file. */
let migratedDump: Promise<Buffer> | undefined;

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or, when TEST_DATABASE_URL is
 * set, a new database on that PostgreSQL server, dropped again on close. Each is a copy of the one
 * database the global set-up (global-setup.ts) migrated for the run: PGlite loaded from its data
 * directory dump, PostgreSQL created from its template. Without that set-up, it is migrated here.
 */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const migrated = inject('migratedDatabase');
  if (!serverUrl) {
    if (migrated?.kind === 'pglite') {
      migratedDump ??= readFile(migrated.dumpPath);
      return openDatabase({ dataDir: null, loadDataDir: new Blob([await migratedDump]) });
    }
    const database = await openDatabase({ dataDir: null });
    await database.migrate();
    return database;
  }
  const template = migrated?.kind === 'postgres' ? migrated.template : undefined;
  const created = await createServerDatabase(serverUrl, 'ritim_test', template);
  const database = await openDatabase({ url: created.url });
  if (!template) await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
      await created.drop();
    },
  };
}

/**
 * A new database on the PostgreSQL server at `serverUrl`, named `<prefix>_<random>`: empty, or a
 * copy of the database `template`. Answers its connection string, and `drop` to remove it
 * (closing what is still connected).
 */
export async function createServerDatabase(
  serverUrl: string,
  prefix: string,
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export interface TestContext {
  app: App;
  database: Database;
  close(): Promise<void>;
}

/**
 * The text of an answer that should carry a code and does not: an error's body (status 400 and
 * up) or a bulk action's result (`{success, message}`) without its `code`; undefined otherwise.
 */
export function uncodedText(response: { statusCode: number; headers: Record<string, unknown>; body: string }) {
  const type = response.headers['content-type'];
  if (typeof type !== 'string' || !type.startsWith('application/json')) return undefined;
  const body = JSON.parse(response.body) as unknown;
  if (typeof body !== 'object' || body === null || !('message' in body)) return undefined;
  const isText = response.statusCode >= 400 || typeof (body as { success?: unknown }).success === 'boolean';
  return isText && typeof (body as { code?: unknown }).code !== 'string' ? response.body : undefined;
}

/**
 * Every request a test makes through `inject({...})` fails on an answer whose text has no code
 * (so it could not be shown in Turkish): each server test also checks the texts it meets.
 */
function refusingUncodedTexts(app: App): App {
  const inject = app.inject.bind(app);
  app.inject = ((options?: InjectOptions | string) => {
    if (options === undefined) return inject();
    return inject(options).then((response) => {
      const uncoded = uncodedText(response);
      if (uncoded !== undefined) throw new Error(`A text without a code: ${uncoded}`);
      return response;
    });
  }) as App['inject'];
  return app;
}

/** The app on `database` with the test secret and no web root (`overrides` are its other dependencies), ready. */
export async function buildTestApp(database: Database, overrides: Partial<AppDeps> = {}): Promise<App> {
  const app = refusingUncodedTexts(
    await buildApp({ database, jwtSecret: TEST_JWT_SECRET, webRoot: null, ...overrides }),
  );
  await app.ready();
  return app;
}

export async function createTestApp(overrides: Partial<AppDeps> = {}): Promise<TestContext> {
  const database = await createTestDatabase();
  const app = await buildTestApp(database, overrides);
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export interface TestUserInput {
  username: string;
  password?: string;
  role?: 'admin' | 'editor' | 'guest';
  status?: 'active' | 'inactive';
  /** The username when left out. */
  name?: string;
  surname?: string | null;
  timezone?: string;
  email?: string | null;
  language?: 'en' | 'tr';
}

export async function createUser(database: Database, input: TestUserInput) {
  const [row] = await database.db
    .insert(users)
    .values({
      username: input.username,
      passwordHash: await hashPassword(input.password ?? 'correct horse battery'),
      role: input.role ?? 'admin',
      status: input.status ?? 'active',
      name: input.name ?? input.username,
      surname: input.surname,
      timezone: input.timezone,
      email: input.email,
      language: input.language,
    })
    .returning();
  return row!;
}

/** Signs in through the real route; returns the access token and the refresh cookie value. */
export async function signIn(app: App, username: string, password = 'correct horse battery') {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies.find((c) => c.name === 'ritim_refresh');
  return { accessToken: response.json<{ accessToken: string }>().accessToken, refreshToken: cookie!.value };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The `message` of an error answer. */
export const messageOf = (response: { json: () => unknown }) => (response.json() as { message: string }).message;

/**
 * A second app on the same database whose every query is counted in `queries` (set it to 0 before
 * the request to measure); `close` closes the app and the pool it opened.
 */
export async function createCountingApp(database: Database) {
  const counter = { queries: 0 };
  const logger = { logQuery: () => void counter.queries++ };
  let pool: pg.Pool | undefined;
  let db: Db;
  if (database.connection.kind === 'pglite') {
    db = drizzlePglite(database.connection.client, { schema, logger });
  } else {
    pool = new pg.Pool({ connectionString: database.connection.url, max: 2 });
    db = drizzlePg(pool, { schema, logger });
  }
  const app = await buildApp({ database: { ...database, db }, jwtSecret: TEST_JWT_SECRET });
  const close = async () => {
    await app.close();
    await pool?.end();
  };
  return Object.assign(counter, { app, close });
}
