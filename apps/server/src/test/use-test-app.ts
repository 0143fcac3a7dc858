import { ROLES, type Role } from '@ritim/shared';
import { afterAll, beforeAll } from 'vitest';
import type { App, AppDeps } from '../app.js';
import type { Database } from '../db/client.js';
import { createTestApp, type TestContext } from './harness.js';
import { createPersonPerRole, type Headers, type Person } from './seed.js';

export interface UseTestAppOptions extends Partial<AppDeps> {
  /** Sign in one person per role ('admin', 'editor', 'guest'), as createPersonPerRole does. */
  people?: boolean;
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
}

/**
 * The test app of one file, or of one describe block when called inside it: a fresh, migrated
 * database and the app on it, built before the block's own hooks run (beforeAll) and closed after
 * them (afterAll). `overrides` are the app's dependencies (a clock, throttle limits...).
 */
export function useTestApp({ people: withPeople = false, ...overrides }: UseTestAppOptions = {}): TestApp {
  let current: TestContext | undefined;
  let signedIn: Record<Role, Person> | undefined;
  const headers: Record<Role, Headers> = { admin: {}, editor: {}, guest: {} };
  const ids = {} as Record<Role, number>;

  beforeAll(async () => {
    current = await createTestApp(overrides);
    if (!withPeople) return;
    signedIn = await createPersonPerRole(current);
    for (const role of ROLES) {
      Object.assign(headers[role], signedIn[role].headers);
      ids[role] = signedIn[role].id;
    }
  });
  afterAll(() => current?.close());

  const ready = () => {
    if (!current) throw new Error('The test app is read before its beforeAll has run (read it inside a hook or test)');
    return current;
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
  };
}
