import { type Page } from '@playwright/test';
import { adminApiClient, bearerHeaders, expect, field, test, uniqueNames } from './fixtures.js';
import { E2E_BASE_URL } from './env.js';

const unique = uniqueNames();
const PASSWORD = 'language-password-1';

/** Signs in through the Sign In screen, as a person would. */
async function signInWithForm(page: Page, username: string) {
  await page.goto('/login');
  await field(page, 'Username').fill(username);
  await field(page, 'Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test.describe('Languages', () => {
  test('a Turkish user signs in to Turkish screens, and a server refusal with values reads in Turkish', async ({
    page,
    playwright,
  }) => {
    const api = await adminApiClient(playwright);
    const admin = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
    try {
      const username = unique('ayla');
      await api.post('/api/users', {
        username,
        password: PASSWORD,
        role: 'admin',
        language: 'tr',
        timezone: 'Europe/Istanbul',
      });

      // Before sign-in the device's choice (English); from sign-in on, the user's language.
      await signInWithForm(page, username);
      await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
      await expect(page.getByRole('navigation').getByRole('link', { name: 'Etkinlikler' }).first()).toBeVisible();
      await expect(page.getByRole('navigation').getByRole('link', { name: 'Events' })).toHaveCount(0);

      // A message group chosen on the form is deleted before the form is sent: the server's
      // 'Message group <id> does not exist' comes back with its code and id, and reads in Turkish.
      const groupName = unique('Aile');
      const group = await api.post<{ id: number }>('/api/message-groups', { name: groupName });
      await page.goto('/users/create');
      await expect(page.getByRole('heading', { level: 1, name: 'Kullanıcı Oluştur' })).toBeVisible();
      await field(page, 'Kullanıcı adı').fill(unique('deniz'));
      await field(page, 'Parola').fill(PASSWORD);
      await field(page, 'Mesaj Grubu').selectOption({ label: groupName });
      const removed = await admin.delete(`/api/message-groups/${group.id}`, { headers: await bearerHeaders(admin) });
      expect(removed.status()).toBe(204);
      const answer = page.waitForResponse((response) => response.url().endsWith('/api/users'));
      await page.getByRole('button', { name: 'Kullanıcı Oluştur' }).click();
      expect(await (await answer).json()).toEqual({
        message: `Message group ${group.id} does not exist`,
        code: 'users.messageGroupNotFound',
        values: { id: group.id },
      });
      await expect(page.getByText(`${group.id} numaralı mesaj grubu yok`)).toBeVisible();
      await expect(page.getByText('does not exist')).toHaveCount(0);
    } finally {
      await api.dispose();
      await admin.dispose();
    }
  });

  test('the language chosen in My Profile is kept: after a reload and at the next sign-in', async ({
    page,
    browser,
    playwright,
  }) => {
    const api = await adminApiClient(playwright);
    try {
      const username = unique('emre');
      const user = await api.post<{ id: number; language: string }>('/api/users', {
        username,
        password: PASSWORD,
        timezone: 'Europe/Istanbul',
        role: 'editor',
      });
      expect(user.language).toBe('en');

      await signInWithForm(page, username);
      await expect(page.getByRole('navigation').getByRole('link', { name: 'Events' }).first()).toBeVisible();
      await page.goto(`/users/${user.id}/my-profile`);
      await expect(field(page, 'Language')).toHaveValue('en');
      await field(page, 'Language').selectOption({ label: 'Türkçe' });
      await page.getByRole('button', { name: 'Update My Profile' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
      await expect(page.getByRole('navigation').getByRole('link', { name: 'Etkinlikler' }).first()).toBeVisible();
      expect((await api.get<{ language: string }>(`/api/users/${user.id}`)).language).toBe('tr');

      await page.reload();
      await expect(page.getByRole('navigation').getByRole('link', { name: 'Etkinlikler' }).first()).toBeVisible();
      await page.goto(`/users/${user.id}/my-profile`);
      await expect(field(page, 'Dil')).toHaveValue('tr');

      // Another browser, nothing stored: Sign In is in English, and the user's screens in Turkish.
      const fresh = await browser.newPage({ baseURL: E2E_BASE_URL });
      try {
        await signInWithForm(fresh, username);
        await expect(fresh.locator('html')).toHaveAttribute('lang', 'tr');
        await expect(fresh.getByRole('navigation').getByRole('link', { name: 'Etkinlikler' }).first()).toBeVisible();
      } finally {
        await fresh.close();
      }
    } finally {
      await api.dispose();
    }
  });
});
