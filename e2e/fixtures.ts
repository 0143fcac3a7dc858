import { test as base, expect, type Page } from '@playwright/test';
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

export { expect };
