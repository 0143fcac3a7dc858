import { ROLES, type Role } from '@ritim/shared';
import { afterAll, beforeAll } from 'vitest';
import type { App, AppDeps } from '../app.js';
import type { Database } from '../platform/db/client.js';
import { JobQueue } from '../platform/jobs/queue.js';
import type { Outbox } from '../platform/delivery/outbox.js';
import { buildTestApp, createTestDatabase, type TestContext } from './harness.js';
import { type Mail, startMailOutbox } from './mail.js';
import { createPersonPerRole, type Headers, type Person } from './seed.js';

export interface UseTestAppOptions extends Partial<AppDeps> {
  /** Sign in one person per role ('admin', 'editor', 'guest'), as createPersonPerRole does. */
  people?: boolean;
  /**
   * Give the app an outbox on a started job queue that delivers through a real in-process SMTP
   * server (test/mail.ts), so sends, retries and their mails happen as in production.
   */
  mail?: boolean;
}

/** The app of the file (or the describe block) that asked for it, read once its hooks have run. */
export interface TestApp {
  readonly app: App;
  readonly database: Database;
  /** The person of each role (with `people: true`). */
  readonly people: Record<Role, Person>;
  /**
   * Each role's bearer headers (with `people: true`): the same objects from the start, filled in
   * when the people sign in, so a file may destructure them at its top
   * (`const { admin, editor, guest } = ctx.headers`) and use them in its tests.
   */
  readonly headers: Record<Role, Headers>;
  /** Each role's user id (with `people: true`): like `headers`, one object filled in at sign-in. */
  readonly ids: Record<Role, number>;
  /** The job queue the outbox delivers on (with `mail: true`). */
  readonly queue: JobQueue;
  /** The app's outbox (with `mail: true`). */
  readonly outbox: Outbox;
  /** Every mail the SMTP server received so far, oldest first (with `mail: true`): one array, appended to. */
  readonly mails: Mail[];
}

interface MailSetUp {
  queue: JobQueue;
  outbox: Outbox;
  mails: Mail[];
  close(): Promise<void>;
}

/** A fresh database and the app on it; with `mail`, the queue and SMTP outbox too (closed after the app). */
async function createApp(overrides: Partial<AppDeps>, withMail: boolean): Promise<TestContext & { mail?: MailSetUp }> {
  const database = await createTestDatabase();
  let mail: MailSetUp | undefined;
  if (withMail) {
    const queue = new JobQueue(database, { pollingIntervalSeconds: 0.5 });
    await queue.start();
    const smtp = await startMailOutbox(database, queue, 'deliver-message-test');
    mail = {
      queue,
      outbox: smtp.outbox,
      mails: smtp.mails,
      close: async () => {
        await queue.stop();
        await smtp.close();
      },
    };
  }
  const app = await buildTestApp(database, mail ? { outbox: mail.outbox, ...overrides } : overrides);
  return {
    app,
    database,
    mail,
    close: async () => {
      await app.close();
      await mail?.close();
      await database.close();
    },
  };
}

/**
 * The test app of one file, or of one describe block when called inside it: a fresh, migrated
 * database and the app on it, built before the block's own hooks run (beforeAll) and closed after
 * them (afterAll). `overrides` are the app's dependencies (a clock, throttle limits...).
 */
export function useTestApp({
  people: withPeople = false,
  mail: withMail = false,
  ...overrides
}: UseTestAppOptions = {}): TestApp {
  let current: (TestContext & { mail?: MailSetUp }) | undefined;
  let signedIn: Record<Role, Person> | undefined;
  const headers: Record<Role, Headers> = { admin: {}, editor: {}, guest: {} };
  const ids = {} as Record<Role, number>;

  beforeAll(async () => {
    current = await createApp(overrides, withMail);
    if (!withPeople) return;
    signedIn = await createPersonPerRole(current);
    for (const role of ROLES) {
      Object.assign(headers[role], signedIn[role].headers);
      ids[role] = signedIn[role].id;
    }
  });
  // A queue stops gracefully: a delivery in progress may take a few seconds to finish.
  afterAll(() => current?.close(), withMail ? 60_000 : undefined);

  const ready = () => {
    if (!current) throw new Error('The test app is read before its beforeAll has run (read it inside a hook or test)');
    return current;
  };
  const mailed = () => {
    const { mail } = ready();
    if (!mail) throw new Error('useTestApp({ mail: true }) starts the queue and the outbox');
    return mail;
  };
  return {
    get app() {
      return ready().app;
    },
    get database() {
      return ready().database;
    },
    get people() {
      ready();
      if (!signedIn) throw new Error('useTestApp({ people: true }) signs in the people');
      return signedIn;
    },
    get headers() {
      if (!withPeople) throw new Error('useTestApp({ people: true }) signs in the people');
      return headers;
    },
    get ids() {
      if (!withPeople) throw new Error('useTestApp({ people: true }) signs in the people');
      return ids;
    },
    get queue() {
      return mailed().queue;
    },
    get outbox() {
      return mailed().outbox;
    },
    get mails() {
      return mailed().mails;
    },
  };
}
