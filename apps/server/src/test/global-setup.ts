import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../platform/db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * Where every test file's database comes from, migrated once for the whole run: the path of a
     * migrated PGlite's data directory dump, or the name of a migrated template database on the
     * PostgreSQL server at TEST_DATABASE_URL.
     */
    migratedDatabase: { kind: 'pglite'; dumpPath: string } | { kind: 'postgres'; template: string };
  }
}

/**
 * The server project's global set-up: migrates one database for the whole run, so each test file's
 * database (createTestDatabase) is a copy of it instead of a new database migrated again. Answers
 * the teardown, which removes it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ dataDir: null });
    let dump: Blob;
    try {
      await database.migrate();
      if (database.connection.kind !== 'pglite') throw new Error('expected PGlite');
      dump = await database.connection.client.dumpDataDir('none');
    } finally {
      await database.close();
    }
    const folder = await mkdtemp(path.join(tmpdir(), 'ritim-test-db-'));
    const dumpPath = path.join(folder, 'migrated.tar');
    await writeFile(dumpPath, new Uint8Array(await dump.arrayBuffer()));
    project.provide('migratedDatabase', { kind: 'pglite', dumpPath });
    return () => rm(folder, { recursive: true, force: true });
  }

  const template = `ritim_template_${randomBytes(6).toString('hex')}`;
  const drop = async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(`drop database if exists ${template} with (force)`);
    } finally {
      await admin.end();
    }
  };
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${template}`);
    const url = new URL(serverUrl);
    url.pathname = `/${template}`;
    const database = await openDatabase({ url: url.toString() });
    try {
      await database.migrate();
    } finally {
      // A database is copied only while nothing is connected to it: every pool is closed here,
      // and no connection is allowed from now on.
      await database.close();
    }
    await admin.query(`alter database ${template} with allow_connections false`);
  } catch (error) {
    await drop();
    throw error;
  } finally {
    await admin.end();
  }
  project.provide('migratedDatabase', { kind: 'postgres', template });
  return drop;
}
