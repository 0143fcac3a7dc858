import { AxeBuilder } from '@axe-core/playwright';
import type { APIRequestContext, Page, PlaywrightWorkerArgs } from '@playwright/test';
import { accounts } from './env.js';
import { acceptDialogs, expect, field, test } from './fixtures.js';

/** Opens My profile the way a user does: from the user menu. Returns the user's id. */
async function openMyProfile(page: Page): Promise<number> {
  await page.goto('/');
  await page.getByTestId('user-menu-button').click();
  await page.getByRole('menuitem', { name: 'My profile' }).click();
  await expect(page).toHaveURL(/\/users\/\d+\/my-profile$/);
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update My Profile' })).toBeEnabled();
  return Number(/\/users\/(\d+)\/my-profile$/.exec(page.url())![1]);
}

/** Records whether the page sends a profile change. */
function watchProfileSaves(page: Page): () => boolean {
  let sent = false;
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().includes('/my-profile')) sent = true;
  });
  return () => sent;
}

async function login(request: APIRequestContext, username: string, password: string) {
  return request.post('/api/auth/login', { data: { username, password } });
}

test.describe('My Profile', () => {
  test('opens from the user menu with the stored details and an empty password', async ({ editorPage: page }) => {
    await openMyProfile(page);
    await expect(field(page, 'Name')).toHaveValue('Editor');
    await expect(field(page, 'Surname')).toHaveValue('Tester');
    await expect(field(page, 'Email')).toHaveValue('');
    await expect(field(page, 'Phone')).toHaveValue('');
    await expect(field(page, 'Address')).toHaveValue('');
    const password = field(page, 'Password');
    await expect(password).toHaveValue('');
    await expect(password).toHaveAttribute('type', 'password');
    await expect(password).toHaveAttribute('autocomplete', 'new-password');
    await expect(password).toHaveAccessibleDescription(/Leave empty to keep your current password/);

    const scan = await new AxeBuilder({ page }).analyze();
    expect(scan.violations.filter((v) => ['serious', 'critical'].includes(v.impact ?? ''))).toEqual([]);

    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('saves name and phone, says so, goes Home and keeps them after a reload', async ({ guestPage: page }) => {
    await openMyProfile(page);
    await field(page, 'Name').fill('  Gül  ');
    await field(page, 'Phone').fill('+90 555 010 20 30');
    await page.getByRole('button', { name: 'Update My Profile' }).click();
    await expect(page.getByText('Profile updated successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    await openMyProfile(page);
    await page.reload();
    await expect(field(page, 'Name')).toHaveValue('Gül');
    await expect(field(page, 'Phone')).toHaveValue('+90 555 010 20 30');
    await expect(field(page, 'Surname')).toHaveValue('Tester');
  });

  test("refuses a bad email with 'Email must be a valid email address' and sends nothing", async ({
    guestPage: page,
  }) => {
    const saved = watchProfileSaves(page);
    await openMyProfile(page);
    await field(page, 'Email').fill('guest.example.com');
    await page.getByRole('button', { name: 'Update My Profile' }).click();
    await expect(page.getByText('Email must be a valid email address')).toBeVisible();
    await expect(field(page, 'Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/my-profile$/);
    expect(saved()).toBe(false);
  });

  test('refuses a password shorter than the minimum and sends nothing', async ({ guestPage: page }) => {
    const saved = watchProfileSaves(page);
    await openMyProfile(page);
    await field(page, 'Password').fill('short');
    await page.getByRole('button', { name: 'Update My Profile' }).click();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    await expect(page).toHaveURL(/\/my-profile$/);
    expect(saved()).toBe(false);
  });

  test('changes the password: the new one signs in, the old one no longer does', async ({ editorPage: page }) => {
    const { username, password: oldPassword } = accounts.editor;
    const newPassword = 'editor-password-2';
    const id = await openMyProfile(page);
    try {
      await field(page, 'Password').fill(newPassword);
      await page.getByRole('button', { name: 'Update My Profile' }).click();
      await expect(page.getByText('Profile updated successfully')).toBeVisible();
      await expect(page).toHaveURL(/\/$/);
      // The change ended every session of the editor on the server, but this browser signed in
      // again with the new password: a reload (which refreshes) keeps it signed in.
      await page.reload();
      await expect(page.getByRole('heading', { name: `Welcome, ${username}` })).toBeVisible();

      expect((await login(page.request, username, newPassword)).status()).toBe(200);
      expect((await login(page.request, username, oldPassword)).status()).toBe(401);
    } finally {
      // Other specs sign in as the editor: put the old password back.
      const response = await login(page.request, username, newPassword);
      if (response.ok()) {
        const { accessToken } = (await response.json()) as { accessToken: string };
        const restored = await page.request.patch(`/api/users/${id}/my-profile`, {
          headers: { Authorization: `Bearer ${accessToken}` },
          data: { password: oldPassword },
        });
        expect(restored.status()).toBe(200);
      }
      expect((await login(page.request, username, oldPassword)).status()).toBe(200);
    }
  });

  test("shows a non-admin the refusal for someone else's profile, not a blank page", async ({ guestPage: page }) => {
    const id = await openMyProfile(page);
    await page.goto(`/users/${id === 1 ? 2 : 1}/my-profile`);
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to fetch user' })).toHaveText(
      'Failed to fetch user: You do not have permission to do this',
    );
    await expect(page.getByRole('button', { name: 'Update My Profile' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Back' })).toBeVisible();
  });

  test("says 'User ID is missing' for an unusable id and asks for nothing", async ({ guestPage: page }) => {
    let asked = false;
    page.on('request', (request) => {
      if (request.url().includes('/api/users')) asked = true;
    });
    await page.goto('/users/not-a-number/my-profile');
    await expect(page.getByRole('alert').filter({ hasText: 'User ID is missing' }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Update My Profile' })).toHaveCount(0);
    expect(asked).toBe(false);
  });
});

test.describe('My Profile: calendar subscription', () => {
  const feedUrl = (page: Page) => page.getByRole('textbox', { name: 'Calendar address' });

  /** Fetches a feed address as a calendar app does: no session, no token but the one in the address. */
  async function fetchFeed(playwright: PlaywrightWorkerArgs['playwright'], url: string) {
    const calendarApp = await playwright.request.newContext();
    try {
      const response = await calendarApp.get(url);
      return { status: response.status(), type: response.headers()['content-type'] ?? '' };
    } finally {
      await calendarApp.dispose();
    }
  }

  test('shows the private .ics address, which a calendar app can fetch without a session', async ({
    guestPage: page,
    playwright,
  }) => {
    await openMyProfile(page);
    const section = page.getByRole('region', { name: 'Calendar subscription' });
    await expect(section).toContainText('Keep it private: anyone with it can see your sessions.');
    await expect(feedUrl(page)).toHaveValue(/^http:\/\/.+\.ics$/);
    await expect(feedUrl(page)).toHaveAttribute('readonly', '');
    const url = await feedUrl(page).inputValue();

    const feed = await fetchFeed(playwright, url);
    expect(feed.status).toBe(200);
    expect(feed.type).toContain('text/calendar');
  });

  test("copies the address with 'Address copied'", async ({ guestPage: page }) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await openMyProfile(page);
    await expect(feedUrl(page)).toHaveValue(/\.ics$/);
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect(page.getByText('Address copied')).toBeVisible();
    // The page's clipboard (the e2e project has no DOM types: the script is a string).
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(await feedUrl(page).inputValue());
  });

  test('without a clipboard, selects the address and says it could not be copied', async ({ guestPage: page }) => {
    await page.addInitScript("Object.defineProperty(navigator, 'clipboard', { value: undefined })");
    await openMyProfile(page);
    await expect(feedUrl(page)).toHaveValue(/\.ics$/);
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect(page.getByText('The address could not be copied')).toBeVisible();
    await expect(feedUrl(page)).toBeFocused();
    // The focused field's selected text (a string script: the e2e project has no DOM types).
    const selected = await page.evaluate<string>(
      '(({ value, selectionStart, selectionEnd }) => value.slice(selectionStart, selectionEnd))(document.activeElement)',
    );
    expect(selected).toBe(await feedUrl(page).inputValue());
  });

  test('resets the address after the confirmation: a new one is shown and the old one answers 404', async ({
    guestPage: page,
    playwright,
  }) => {
    const dialogs = acceptDialogs(page);
    await openMyProfile(page);
    await expect(feedUrl(page)).toHaveValue(/\.ics$/);
    const oldUrl = await feedUrl(page).inputValue();

    await page.getByRole('button', { name: 'Reset address' }).click();
    await expect(page.getByText('New calendar address created; the old one no longer works')).toBeVisible();
    expect(dialogs).toEqual([expect.stringContaining('Reset the calendar address?')]);
    await expect(feedUrl(page)).not.toHaveValue(oldUrl);
    await expect(feedUrl(page)).toHaveValue(/\.ics$/);
    const newUrl = await feedUrl(page).inputValue();

    expect((await fetchFeed(playwright, oldUrl)).status).toBe(404);
    expect((await fetchFeed(playwright, newUrl)).status).toBe(200);
    // A reload asks the server again: the new address is the one kept.
    await page.reload();
    await expect(feedUrl(page)).toHaveValue(newUrl);
  });

  test('keeps the address when the reset is not confirmed', async ({ guestPage: page }) => {
    const asked: string[] = [];
    page.on('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    let reset = false;
    page.on('request', (request) => {
      if (request.url().endsWith('/calendar-feed/reset')) reset = true;
    });
    await openMyProfile(page);
    await expect(feedUrl(page)).toHaveValue(/\.ics$/);
    const url = await feedUrl(page).inputValue();
    await page.getByRole('button', { name: 'Reset address' }).click();
    await expect.poll(() => asked.length).toBe(1);
    await expect(feedUrl(page)).toHaveValue(url);
    expect(reset).toBe(false);
  });
});

test.describe('Role-limited screens', () => {
  test('shows an editor Access denied on /locations, without a Locations link', async ({ editorPage: page }) => {
    await page.goto('/locations');
    await expect(page.getByTestId('access-denied')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
    await expect(page.getByText('You do not have permission to view this page.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Locations' })).toHaveCount(0);
    await expect(page.getByRole('table')).toHaveCount(0);

    await page.goto('/locations/create');
    await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
    await expect(page.getByPlaceholder('Location Name')).toHaveCount(0);

    await page.getByRole('link', { name: 'Go back home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Welcome, editor' })).toBeVisible();
  });
});
