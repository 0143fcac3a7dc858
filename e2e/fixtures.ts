import {
  type APIRequestContext,
  test as base,
  expect,
  type Locator,
  type Page,
  type PlaywrightWorkerArgs,
} from '@playwright/test';
import { accounts, type AccountRole, E2E_BASE_URL } from './env.js';

/**
 * Signs in through the API inside the page's browser context, so the context holds its own
 * refresh cookie (sharing one stored cookie between tests would trip refresh-token reuse detection).
 */
export async function signInAs(page: Page, role: AccountRole): Promise<void> {
  const response = await page.request.post('/api/auth/login', { data: accounts[role] });
  expect(response.status()).toBe(200);
}

export const test = base.extend<{ adminPage: Page; editorPage: Page; guestPage: Page }>({
  // This worker's own server (each worker has one, e2e/env.ts).
  baseURL: E2E_BASE_URL,
  adminPage: async ({ page }, use) => {
    await signInAs(page, 'admin');
    await use(page);
  },
  editorPage: async ({ page }, use) => {
    await signInAs(page, 'editor');
    await use(page);
  },
  guestPage: async ({ page }, use) => {
    await signInAs(page, 'guest');
    await use(page);
  },
});

/** A name made unique to one spec file in this run; `tag` is the part that makes it so. */
export interface UniqueNames {
  (name: string): string;
  readonly tag: string;
}

let namers = 0;

/**
 * `const unique = uniqueNames();` at the top of a spec: the specs a worker runs share its server's
 * database, so the names a spec creates carry a tag of its own (`Hall-<tag>`). The same name gives
 * the same text throughout the spec; another spec's 'Hall' differs, though both run in one worker.
 */
export function uniqueNames(): UniqueNames {
  namers += 1;
  const tag = `${Date.now().toString(36)}${namers.toString(36)}`;
  return Object.assign((name: string) => `${name}-${tag}`, { tag });
}

/**
 * The authorization header of the page's own session, for direct API calls: an access token from
 * its refresh cookie (rotated, as the app does), so the page stays signed in as it was.
 */
export async function apiHeaders(page: Page): Promise<{ authorization: string }> {
  const response = await page.request.post('/api/auth/refresh');
  expect(response.status()).toBe(200);
  return { authorization: `Bearer ${((await response.json()) as { accessToken: string }).accessToken}` };
}

/**
 * An authorization header for direct API calls, signed in through `api` (a page's request context
 * or one of its own) as `account`, the admin by default.
 */
export async function bearerHeaders(
  api: APIRequestContext,
  account: { username: string; password: string } = accounts.admin,
): Promise<{ authorization: string }> {
  const login = await api.post('/api/auth/login', { data: account });
  expect(login.status()).toBe(200);
  return { authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}` };
}

/**
 * The admin's API client for a spec's set-up, on its own request context: JSON in and out, each
 * answer's status checked (the body is in the failure message). Dispose of it when done.
 */
export async function adminApiClient(playwright: PlaywrightWorkerArgs['playwright']) {
  const api = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  const headers = await bearerHeaders(api);
  const get = async <T>(path: string): Promise<T> => {
    const response = await api.get(path, { headers });
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()) as T;
  };
  return {
    get,
    post: async <T = { id: number }>(path: string, data: Record<string, unknown>, status = 201): Promise<T> => {
      const response = await api.post(path, { headers, data });
      expect(response.status(), await response.text()).toBe(status);
      return (await response.json()) as T;
    },
    patch: async <T = Record<string, unknown>>(path: string, data: Record<string, unknown>): Promise<T> => {
      const response = await api.patch(path, { headers, data });
      expect(response.status(), await response.text()).toBe(200);
      return (await response.json()) as T;
    },
    put: async <T = unknown>(path: string, data: Record<string, unknown>, status = 200): Promise<T> => {
      const response = await api.put(path, { headers, data });
      expect(response.status(), await response.text()).toBe(status);
      return (await response.json()) as T;
    },
    /** Deletes through the API; the answer's status (204, or the refusal's). */
    delete: async (path: string): Promise<number> => (await api.delete(path, { headers })).status(),
    /** An event's first occurrence. */
    firstOccurrence: async (eventId: number) =>
      (
        await get<{ eventOccurrences: { id: number; occurrenceDate: string }[] }>(
          `/api/event-occurrences?eventId=${eventId}`,
        )
      ).eventOccurrences[0]!,
    dispose: () => api.dispose(),
  };
}

/** The list table's row that mentions `text` anywhere (a name unique to the spec, say). */
export const row = (page: Page, text: string) =>
  page.getByTestId('list-table').getByRole('row').filter({ hasText: text });

/** The list table's row with a cell reading exactly `text` (a Title or Event cell, say). */
export const rowWithCell = (page: Page, text: string) =>
  page
    .getByTestId('list-table')
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: text, exact: true }) });

/** Opens a list row's menu (the row from `row` or `rowWithCell`). */
export async function openRowMenu(listRow: Locator): Promise<void> {
  await listRow.getByTestId('row-menu-button').click();
}

/** The number in a list row's first (Id) cell. */
export async function rowId(listRow: Locator): Promise<number> {
  return Number((await listRow.getByRole('cell').first().innerText()).trim());
}

/** A form field by its exact label ('Name' without 'Surname'). */
export const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** Accepts every browser confirmation on the page from now on; the array collects their texts. */
export function acceptDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.accept();
  });
  return dialogs;
}

export { expect };
