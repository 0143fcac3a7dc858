import { AxeBuilder } from '@axe-core/playwright';
import type { APIRequestContext, Page, PlaywrightWorkerArgs } from '@playwright/test';
import { acceptDialogs, adminApiClient, expect, field, signInAs, test, uniqueNames } from './fixtures.js';

const unique = uniqueNames();

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
    const current = field(page, 'Current password');
    await expect(current).toHaveValue('');
    await expect(current).toHaveAttribute('type', 'password');
    await expect(current).toHaveAttribute('autocomplete', 'current-password');
    for (const label of ['New password', 'Confirm new password']) {
      await expect(field(page, label)).toHaveValue('');
      await expect(field(page, label)).toHaveAttribute('type', 'password');
      await expect(field(page, label)).toHaveAttribute('autocomplete', 'new-password');
    }
    await expect(field(page, 'New password')).toHaveAccessibleDescription(/Leave empty to keep your current password/);

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
    await field(page, 'New password').fill('short');
    await page.getByRole('button', { name: 'Update My Profile' }).click();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    await expect(page).toHaveURL(/\/my-profile$/);
    expect(saved()).toBe(false);
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

/** A user of this spec alone (password changes and throttling never touch the shared accounts). */
async function createAccount(playwright: PlaywrightWorkerArgs['playwright'], name: string, password: string) {
  const api = await adminApiClient(playwright);
  const username = unique(name);
  const { id } = await api.post('/api/users', { username, password, role: 'editor', timezone: 'Europe/Istanbul' });
  await api.dispose();
  return { id, username };
}

/** Signs `page`'s browser context in as `username` (its own refresh cookie). */
async function signInWith(page: Page, username: string, password: string) {
  expect((await login(page.request, username, password)).status()).toBe(200);
}

/** The bearer token the page sends from now on, read off its next API call. */
function lastToken(page: Page): () => string | undefined {
  let token: string | undefined;
  page.on('request', (request) => {
    const authorization = request.headers().authorization;
    if (request.url().includes('/api/') && authorization) token = authorization;
  });
  return () => token;
}

test.describe('My Profile: changing the password', () => {
  test('needs the current one and the new one twice; old tokens are refused, this page goes on and another comes back after signing in', async ({
    page,
    browser,
    playwright,
  }) => {
    const oldPassword = 'first-password-1';
    const newPassword = 'second-password-2';
    const { id, username } = await createAccount(playwright, 'pw-change', oldPassword);
    await signInWith(page, username, oldPassword);
    const token = lastToken(page);
    await openMyProfile(page);
    const before = token();
    expect(before).toBeTruthy();

    // Another browser (another device) signed in as the same user, on the same profile screen.
    const elsewhere = await browser.newContext();
    const other = await elsewhere.newPage();
    try {
      await signInWith(other, username, oldPassword);
      await other.goto(`/users/${id}/my-profile`);
      await expect(other.getByRole('button', { name: 'Update My Profile' })).toBeEnabled();

      // Mismatched, then without the current password: refused in the form, nothing sent.
      const saved = watchProfileSaves(page);
      await field(page, 'New password').fill(newPassword);
      await field(page, 'Confirm new password').fill('something else');
      await page.getByRole('button', { name: 'Update My Profile' }).click();
      await expect(page.getByText('The new passwords do not match')).toBeVisible();
      await field(page, 'Confirm new password').fill(newPassword);
      await page.getByRole('button', { name: 'Update My Profile' }).click();
      await expect(page.getByText('Current password is required to set a new one')).toBeVisible();
      expect(saved()).toBe(false);

      // A wrong current password: refused by the server, said under the field.
      await field(page, 'Current password').fill('not my password');
      await page.getByRole('button', { name: 'Update My Profile' }).click();
      await expect(page.getByText('Current password is not correct').first()).toBeVisible();
      await expect(field(page, 'Current password')).toHaveAttribute('aria-invalid', 'true');
      await expect(page).toHaveURL(/\/my-profile$/);

      await field(page, 'Current password').fill(oldPassword);
      await page.getByRole('button', { name: 'Update My Profile' }).click();
      await expect(page.getByText('Profile updated successfully')).toBeVisible();
      await expect(page).toHaveURL(/\/$/);

      // The access token from before the change is refused at once, not in 15 minutes.
      const refused = await page.request.get(`/api/users/${id}`, { headers: { authorization: before! } });
      expect(refused.status()).toBe(401);
      // This page went on in the new session: its next screen loads with the new token (no Sign
      // In), and a reload keeps it signed in.
      const loaded = page.waitForResponse((r) => r.url().includes('/api/event-occurrences') && r.status() === 200);
      await page.getByRole('navigation').getByRole('link', { name: 'Upcoming Events' }).first().click();
      const sent = (await loaded).request().headers().authorization;
      expect(sent).toBeTruthy();
      expect(sent).not.toBe(before);
      await expect(page).toHaveURL(/\/upcoming-events/);
      await page.goto(`/users/${id}/my-profile`);
      await expect(page.getByTestId('my-profile-username')).toHaveText(username);

      // The other browser's session ended: its next call goes to Sign In, and signing in with the
      // new password brings it back to the same screen.
      await field(other, 'Name').fill('Changed elsewhere');
      await other.getByRole('button', { name: 'Update My Profile' }).click();
      await expect(other).toHaveURL(/\/login$/);
      await expect(other.getByText(/Your session has expired/).first()).toBeVisible();
      await other.getByLabel('Username').fill(username);
      await other.getByLabel('Password', { exact: true }).fill(newPassword);
      await other.getByRole('button', { name: 'Sign in' }).click();
      await expect(other).toHaveURL(new RegExp(`/users/${id}/my-profile$`));
      await expect(other.getByTestId('my-profile-username')).toHaveText(username);

      expect((await login(page.request, username, oldPassword)).status()).toBe(401);
      expect((await login(page.request, username, newPassword)).status()).toBe(200);
    } finally {
      await elsewhere.close();
    }
  });

  test('says when to try again after too many wrong current passwords, and so does Sign In', async ({
    page,
    browser,
    playwright,
  }) => {
    const password = 'patient-password-1';
    const { username } = await createAccount(playwright, 'pw-throttle', password);
    await signInWith(page, username, password);
    await openMyProfile(page);
    await field(page, 'New password').fill('attacker-password-1');
    await field(page, 'Confirm new password').fill('attacker-password-1');
    const submit = page.getByRole('button', { name: 'Update My Profile' });
    for (let i = 0; i < 5; i++) {
      const answered = page.waitForResponse((r) => r.url().includes('/my-profile') && r.request().method() === 'PATCH');
      await field(page, 'Current password').fill(`guess number ${i}`);
      await submit.click();
      expect((await answered).status()).toBe(400);
    }
    const answered = page.waitForResponse((r) => r.url().includes('/my-profile') && r.request().method() === 'PATCH');
    await field(page, 'Current password').fill(password);
    await submit.click();
    const blocked = await answered;
    expect(blocked.status()).toBe(429);
    expect(Number(blocked.headers()['retry-after'])).toBeGreaterThan(14 * 60);
    await expect(page.getByText('Too many failed attempts. Try again in 15 minutes.').first()).toBeVisible();
    await expect(field(page, 'Current password')).toHaveAttribute('aria-invalid', 'true');

    // The checks share one count: Sign In from this address says the same, the right password included.
    const fresh = await browser.newContext();
    try {
      const signInPage = await fresh.newPage();
      await signInPage.goto('/login');
      await signInPage.getByLabel('Username').fill(username);
      await signInPage.getByLabel('Password', { exact: true }).fill(password);
      await signInPage.getByRole('button', { name: 'Sign in' }).click();
      await expect(signInPage.getByRole('alert')).toHaveText('Too many failed attempts. Try again in 15 minutes.');
      await expect(signInPage).toHaveURL(/\/login$/);

      // Activity says each wrong current password as such (not as a failed sign-in), in words.
      await signInAs(signInPage, 'admin');
      await signInPage.goto('/activity?action=passwordChangeFailed');
      await expect(signInPage.getByTestId('audit-sentence').first()).toBeVisible();
      const lines = signInPage
        .getByTestId('audit-sentence')
        .filter({ hasText: `${username} gave a wrong current password changing their password` });
      await expect(lines).toHaveCount(5);
      await expect(signInPage.getByText(`Someone tried to sign in as '${username}'`)).toHaveCount(0);
    } finally {
      await fresh.close();
    }
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
