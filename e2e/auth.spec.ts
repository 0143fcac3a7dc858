import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { accounts, E2E_BASE_URL } from './env.js';
import { expect, signInAs, test } from './fixtures.js';

const KB = 1024;

/**
 * The JavaScript the page downloads, as the browser fetches it (entry, module preloads, lazy
 * chunks): each file's size gzipped at level 9, the way a compressing server would send it, and
 * whether it holds zod (its classes keep their '$Zod...' names when minified). `settled` says
 * every script asked for so far has arrived.
 */
function recordScripts(page: Page) {
  const asked = new Set<string>();
  const arrived = new Map<string, { gzipped: number; zod: boolean }>();
  const scriptPath = (url: string) => {
    const { pathname } = new URL(url);
    return pathname.endsWith('.js') ? pathname : undefined;
  };
  page.on('request', (request) => {
    const path = scriptPath(request.url());
    if (path) asked.add(path);
  });
  page.on('response', async (response) => {
    const path = scriptPath(response.url());
    if (!path) return;
    const body = await response.body();
    arrived.set(path, { gzipped: gzipSync(body, { level: 9 }).length, zod: body.includes('$ZodType') });
  });
  return {
    settled: () => [...asked].every((path) => arrived.has(path)),
    total: () => [...arrived.values()].reduce((sum, { gzipped }) => sum + gzipped, 0),
    withZod: () => [...arrived].filter(([, { zod }]) => zod).map(([path]) => path),
    /** One line per file, largest first: the message a failing size check shows. */
    list: () =>
      [...arrived]
        .sort(([, a], [, b]) => b.gzipped - a.gzipped)
        .map(([path, { gzipped }]) => `${(gzipped / KB).toFixed(1)} KB ${path}`)
        .join('\n'),
  };
}

test.describe('Sign In', () => {
  test('signs in with username and password and lands on Home', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByText('Use your username and password to sign in')).toBeVisible();
    await page.getByLabel('Username').fill(accounts.admin.username);
    await page.getByLabel('Password').fill(accounts.admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Welcome, admin' })).toBeVisible();
  });

  test('shows the server message under the form for a wrong password and stays signed out', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Username').fill(accounts.editor.username);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByTestId('login-error')).toHaveText('Invalid username or password');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('requires both fields before sending anything', async ({ page }) => {
    let sent = false;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/login')) sent = true;
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Username is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    expect(sent).toBe(false);
  });

  test('sends a signed-out visitor to /login and back to the page they asked for', async ({ page }) => {
    await page.goto('/locations?sort_by=date');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Username').fill(accounts.admin.username);
    await page.getByLabel('Password').fill(accounts.admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/locations\?sort_by=date$/);
    await expect(page.getByRole('heading', { name: 'Locations' })).toBeVisible();
  });

  test('opens Sign In for a signed-out visitor without fetching the signed-in screens', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/upcoming-events');
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(scripts.some((path) => path.includes('/login-page-'))).toBe(true);
    expect(
      scripts.filter((path) =>
        /\/(root-layout|home-page|upcoming-events-list|occurrences-table|menu|en-sections)-/.test(path),
      ),
    ).toEqual([]);
  });

  test('downloads under 150 KB of gzipped JavaScript for Sign In and under 200 KB up to Home', async ({ page }) => {
    const scripts = recordScripts(page);
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    await expect.poll(scripts.settled).toBe(true);
    expect(scripts.total(), scripts.list()).toBeLessThan(150 * KB);

    // The admin's Home is the fullest of the three roles' (today's list, clashes, messages).
    await page.getByLabel('Username').fill(accounts.admin.username);
    await page.getByLabel('Password').fill(accounts.admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome, admin' })).toBeVisible();
    await expect(page.getByTestId('home-reminders')).toBeVisible();
    await expect(page.locator('#main').getByRole('status')).toHaveCount(0);
    await expect.poll(scripts.settled).toBe(true);
    expect(scripts.total(), scripts.list()).toBeLessThan(200 * KB);
    // The web does not check responses with zod; the forms, which validate with it, load later.
    expect(scripts.withZod()).toEqual([]);
  });

  test('still checks a session whose hint cookie outlived it, and then asks to sign in', async ({ page }) => {
    await page.context().addCookies([{ name: 'ritim_session', value: '1', url: E2E_BASE_URL }]);
    await page.goto('/groups');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  });

  test('keeps the session across a reload through the refresh cookie', async ({ page }) => {
    await signInAs(page, 'admin');
    await page.goto('/locations');
    await expect(page.getByRole('heading', { name: 'Locations' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Locations' })).toBeVisible();
    await expect(page).toHaveURL(/\/locations$/);
  });
});

test.describe('Sign out', () => {
  test('signs out from the user menu, and a reload does not sign back in', async ({ adminPage: page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Welcome, admin' })).toBeVisible();
    await page.getByTestId('user-menu-button').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  });
});
