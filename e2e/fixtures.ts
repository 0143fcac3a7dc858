import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';
import { accounts, type AccountRole } from './env.js';

/**
 * Signs in through the API inside the page's browser context, so the context holds its own
 * refresh cookie (sharing one stored cookie between tests would trip refresh-token reuse detection).
 */
export async function signInAs(page: Page, role: AccountRole): Promise<void> {
  const response = await page.request.post('/api/auth/login', { data: accounts[role] });
  expect(response.status()).toBe(200);
}

export const test = base.extend<{ adminPage: Page; editorPage: Page; guestPage: Page }>({
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
