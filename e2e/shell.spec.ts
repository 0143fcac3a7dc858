import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';

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
      'Activity',
    ]);
    await nav.getByRole('link', { name: 'Message Logs' }).click();
    await expect(page).toHaveURL(/\/message-logs$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Message Log' })).toBeVisible();
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

  test('shows an editor the links every signed-in user has, and Attendance', async ({ editorPage }) => {
    await expectOnlyCommonLinks(editorPage, 'editor', ['Attendance']);
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
