import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test, uniqueNames } from './fixtures.js';

const unique = uniqueNames();

test.describe('Shell', () => {
  test('shows admins the admin links in the sidebar, in the spec’s order', async ({ adminPage: page }) => {
    await page.goto('/');
    const nav = page.getByTestId('sidebar-nav');
    await expect(nav.getByRole('link')).toHaveText([
      'Home',
      'Calendar',
      'Upcoming Events',
      'Users',
      'Groups',
      'Message Groups',
      'Locations',
      'Forms',
      'Lookups',
      'Message Logs',
      'Events',
      'Event Occurrences',
      'Monthly Report',
      'Attendance',
      'Closures',
      'Time Off',
      'Billing',
      'Activity',
    ]);
    await nav.getByRole('link', { name: 'Message Logs' }).click();
    await expect(page).toHaveURL(/\/message-logs$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Message Log' })).toBeVisible();
  });

  test('scrolls the sidebar on a short window, so its last link is still reached', async ({ adminPage: page }) => {
    await page.setViewportSize({ width: 1280, height: 560 });
    await page.goto('/');
    await page.getByTestId('sidebar-nav').getByRole('link', { name: 'Activity' }).click();
    await expect(page).toHaveURL(/\/activity$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
  });

  const expectOnlyCommonLinks = async (page: Page, username: string, extra: string[] = []) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: `Welcome, ${username}` })).toBeVisible();
    const nav = page.getByTestId('sidebar-nav');
    await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Calendar' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Upcoming Events' })).toBeVisible();
    for (const name of extra) await expect(nav.getByRole('link', { name })).toBeVisible();
    await expect(nav.getByRole('link')).toHaveCount(3 + extra.length);
  };

  test('shows an editor the links every signed-in user has, Attendance and Time Off', async ({ editorPage }) => {
    await expectOnlyCommonLinks(editorPage, 'editor', ['Attendance', 'Time Off']);
  });

  test('shows a guest only the links every signed-in user has', async ({ guestPage }) => {
    await expectOnlyCommonLinks(guestPage, 'guest');
  });

  test('opens the slide-over menu on a narrow screen', async ({ adminPage: page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/');
    await expect(page.getByTestId('sidebar-nav')).toBeHidden();
    await page.getByTestId('mobile-menu-button').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('link', { name: 'Locations' }).click();
    await expect(page).toHaveURL(/\/locations$/);
    await expect(page.getByRole('dialog')).toBeHidden();
  });

  test('shows the not-found page with the spec texts and a way home', async ({ adminPage: page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByText('Sorry, an unexpected error has occurred.')).toBeVisible();
    await expect(page.getByText('Not Found', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Go back home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('has no serious accessibility violations on Sign In and Home', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    const login = await new AxeBuilder({ page }).analyze();
    expect(login.violations.filter((v) => ['serious', 'critical'].includes(v.impact ?? ''))).toEqual([]);
  });

  test('switches to Turkish from the user menu and keeps it after a reload', async ({ adminPage: page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Türkçe' }).click();
    const nav = page.getByTestId('sidebar-nav');
    await expect(nav.getByRole('link', { name: 'Konumlar' })).toBeVisible();
    await page.reload();
    await expect(nav.getByRole('link', { name: 'Konumlar' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
    await page.getByRole('button', { name: 'Kullanıcı menüsünü aç' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(nav.getByRole('link', { name: 'Locations' })).toBeVisible();
  });
});

test.describe('Toasts', () => {
  /** A toast once it has come to rest (it slides in from the top). */
  async function settled(toast: Locator) {
    await expect(toast).toBeVisible();
    await expect(toast).toHaveAttribute('data-mounted', 'true');
    await expect(toast).toHaveCSS('transform', 'matrix(1, 0, 0, 1, 0, 0)');
    return toast;
  }

  /** Fails when the two boxes share any point (a toast over a button). */
  async function expectApart(toast: Locator, button: Locator) {
    const [a, b] = [await toast.boundingBox(), await button.boundingBox()];
    expect(a).not.toBeNull();
    expect(b).not.toBeNull();
    const overlap =
      a!.x < b!.x + b!.width && b!.x < a!.x + a!.width && a!.y < b!.y + b!.height && b!.y < a!.y + a!.height;
    expect(overlap, `toast ${JSON.stringify(a)} over button ${JSON.stringify(b)}`).toBe(false);
  }

  for (const width of [1280, 390]) {
    test(`at ${width} px never cover the page's main button: Create after a save, Save after a refusal`, async ({
      adminPage: page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      const chatId = `${unique('toast')}-${width}@g.us`;
      await page.goto('/message-groups/create');
      await page.getByLabel('Name', { exact: true }).fill(unique(`Toast parents ${width}`));
      await page.getByLabel('Chat id (optional)').fill(chatId);
      await page.getByRole('button', { name: 'Create Message Group' }).click();
      // Saved: the list, whose main button is Create at the title's right.
      await expect(page.getByRole('heading', { level: 1, name: 'Message Groups' })).toBeVisible();
      const saved = await settled(
        page.locator('[data-sonner-toast]').filter({ hasText: 'Message group created successfully' }),
      );
      await expectApart(saved, page.getByRole('link', { name: 'Create message groups' }));

      // Refused (the chat id is taken): the form stays, with its Save button where it was pressed.
      await page.goto('/message-groups/create');
      await page.getByLabel('Name', { exact: true }).fill(unique(`Toast parents again ${width}`));
      await page.getByLabel('Chat id (optional)').fill(chatId);
      const save = page.getByRole('button', { name: 'Create Message Group' });
      await save.click();
      const refused = await settled(
        page.locator('[data-sonner-toast][data-type="error"]').filter({ hasText: 'already uses this chat id' }),
      );
      await expect(save).toBeInViewport();
      await expectApart(refused, save);
      await expectApart(refused, page.getByRole('link', { name: 'Back' }));
      // Nor the top bar's own buttons.
      await expectApart(refused, page.getByRole('button', { name: 'Open user menu' }));
      if (width < 1024) await expectApart(refused, page.getByTestId('mobile-menu-button'));
    });
  }
});
