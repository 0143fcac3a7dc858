import { AxeBuilder } from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { accounts } from './env.js';
import { apiHeaders, bearerHeaders, expect, field, openRowMenu, rowWithCell, test, uniqueNames } from './fixtures.js';

const unique = uniqueNames();

async function login(request: APIRequestContext, username: string, password: string) {
  return request.post('/api/auth/login', { data: { username, password } });
}

/** Shows the users list filtered to `text` (the search box applies it after typing stops). */
async function searchUsers(page: Page, text: string) {
  await page.goto(`/users?q=${encodeURIComponent(text)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
}

/** Creates a user through the form, as an admin would. */
async function createUser(page: Page, username: string, fill?: (page: Page) => Promise<void>) {
  await page.goto('/users');
  await page.getByRole('link', { name: 'Create users' }).click();
  await expect(page).toHaveURL(/\/users\/create$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create User' })).toBeVisible();
  await field(page, 'Username').fill(username);
  await field(page, 'Password').fill('first-password-1');
  await fill?.(page);
  await page.getByRole('button', { name: 'Create User' }).click();
  await expect(page.getByText('User created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/users$/);
}

test.describe('Users', () => {
  test('creates a user with groups, trimmed text and a timezone, and lists them', async ({
    adminPage: page,
    request,
  }) => {
    const headers = await apiHeaders(page);
    const groupName = unique('Choir');
    const group = await page.request.post('/api/groups', {
      headers,
      data: { name: groupName },
    });
    expect(group.status()).toBe(201);

    const username = unique('ece');
    await createUser(page, `  ${username}  `, async (form) => {
      await field(form, 'Name').fill('  Ece ');
      await field(form, 'Surname').fill('Şahin');
      await field(form, 'Email').fill('ece@example.com');
      await field(form, 'Phone').fill('+90 (555) 010-20-30');
      await field(form, 'Role').selectOption({ label: 'Editor' });
      await form.getByRole('checkbox', { name: groupName }).check();
      await expect(field(form, 'Timezone')).toHaveValue('Europe/Istanbul');
      await field(form, 'Timezone').selectOption('Europe/London');
      await expect(field(form, 'Status')).toHaveValue('active');
    });

    await searchUsers(page, username);
    await expect(rowWithCell(page, username).getByRole('cell')).toHaveText([
      /^\d+$/,
      'Ece',
      'Şahin',
      username,
      'Editor',
      groupName,
      'Active',
      /.*/,
    ]);
    // The new user signs in with the password they were given, and their token names the group.
    const signedIn = await login(request, username, 'first-password-1');
    expect(signedIn.status()).toBe(200);
    const { accessToken } = (await signedIn.json()) as { accessToken: string };
    const claims = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as {
      groupIds: number[];
    };
    expect(claims.groupIds).toEqual([((await group.json()) as { id: number }).id]);
  });

  test("refuses a blank username with 'Username must be a non-empty string' and sends nothing", async ({
    adminPage: page,
  }) => {
    let posted = false;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/users')) posted = true;
    });
    await page.goto('/users/create');
    await field(page, 'Username').fill('    ');
    await field(page, 'Password').fill('first-password-1');
    await page.getByRole('button', { name: 'Create User' }).click();
    await expect(page.getByText('Username must be a non-empty string')).toBeVisible();
    await expect(field(page, 'Username')).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/users\/create$/);
    expect(posted).toBe(false);

    const scan = await new AxeBuilder({ page }).analyze();
    expect(scan.violations.filter((v) => ['serious', 'critical'].includes(v.impact ?? ''))).toEqual([]);
  });

  test('edits a user in a narrow window: keeps the password when empty, deactivates them, and they cannot sign in', async ({
    adminPage: page,
    request,
  }) => {
    const username = unique('deniz');
    await createUser(page, username, async (form) => {
      await field(form, 'Name').fill('Deniz');
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await searchUsers(page, username);
    await openRowMenu(rowWithCell(page, username));
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await expect(page).toHaveURL(/\/users\/\d+\/edit$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit User' })).toBeVisible();
    await expect(field(page, 'Username')).toHaveValue(username);
    await expect(field(page, 'Password')).toHaveValue('');
    await expect(field(page, 'Password')).toHaveAccessibleDescription(/Leave empty to keep the current password/);
    await field(page, 'Surname').fill('Kaya');
    await field(page, 'Status').selectOption({ label: 'Inactive' });
    await page.getByRole('button', { name: 'Update User' }).click();
    await expect(page.getByText('User updated successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/users$/);

    await searchUsers(page, username);
    await expect(rowWithCell(page, username)).toContainText('Kaya');
    await expect(rowWithCell(page, username)).toContainText('Inactive');
    // Deactivated: the (kept) password no longer signs in.
    expect((await login(request, username, 'first-password-1')).status()).toBe(401);
  });

  test('refuses, with the reason in a red toast, to delete yourself', async ({ adminPage: page }) => {
    await searchUsers(page, accounts.admin.username);
    page.once('dialog', (dialog) => void dialog.accept());
    await openRowMenu(rowWithCell(page, accounts.admin.username));
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const toast = page.locator('[data-sonner-toast][data-type="error"]');
    await expect(toast).toContainText('You cannot delete your own account');
    await expect(rowWithCell(page, accounts.admin.username)).toHaveCount(1);
  });

  test("signs a deactivated admin's open page out at its next call, so the last active admin stays", async ({
    adminPage: page,
    request,
  }) => {
    // A second admin, `boss`. Then `boss` deactivates every other active admin, the signed-in
    // `admin` included, whose page still holds an access token from before: the deactivation
    // ended that session, so deleting `boss` (now the only active admin) from it is refused at the
    // door and the page goes to Sign In. Everything is put back afterwards.
    const adminHeaders = await apiHeaders(page);
    const boss = unique('boss');
    const created = await page.request.post('/api/users', {
      headers: adminHeaders,
      data: { username: boss, password: 'boss-password-1', role: 'admin', timezone: 'Europe/Istanbul' },
    });
    expect(created.status()).toBe(201);
    const bossId = ((await created.json()) as { id: number }).id;
    await searchUsers(page, boss);
    await expect(rowWithCell(page, boss)).toHaveCount(1);

    const bossHeaders = await bearerHeaders(request, { username: boss, password: 'boss-password-1' });
    const admins = (await (
      await request.get('/api/users?role=admin&status=active&limit=1000', { headers: bossHeaders })
    ).json()) as { users: { id: number }[] };
    const others = admins.users.map((user) => user.id).filter((id) => id !== bossId);
    try {
      for (const id of others) {
        const response = await request.patch(`/api/users/${id}`, {
          headers: bossHeaders,
          data: { status: 'inactive' },
        });
        expect(response.status()).toBe(200);
      }
      page.once('dialog', (dialog) => void dialog.accept());
      await openRowMenu(rowWithCell(page, boss));
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
      await expect(page.getByText(/Your session has expired/).first()).toBeVisible();
      const still = await request.get(`/api/users/${bossId}`, { headers: bossHeaders });
      expect(await still.json()).toMatchObject({ role: 'admin', status: 'active' });
    } finally {
      for (const id of others) {
        await request.patch(`/api/users/${id}`, { headers: bossHeaders, data: { status: 'active' } });
      }
    }
    const { username, password } = accounts.admin;
    const restored = await bearerHeaders(request, { username, password });
    expect((await request.delete(`/api/users/${bossId}`, { headers: restored })).status()).toBe(204);
  });
});
