import type { Page } from '@playwright/test';
import { apiHeaders, expect, openRowMenu, row, test } from './fixtures.js';

/** Creates a location through the form, as a user would. */
async function createLocation(page: Page, name: string) {
  await page.goto('/locations');
  await page.getByRole('link', { name: 'Create locations' }).click();
  await expect(page).toHaveURL(/\/locations\/create$/);
  await page.getByPlaceholder('Location Name').fill(name);
  await page.getByRole('button', { name: 'Create Location' }).click();
  await expect(page.getByText('Location created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/locations$/);
}

test.describe('Locations', () => {
  test('creates a location with a trimmed name and lists it with its creator', async ({ adminPage: page }) => {
    await createLocation(page, '   Kadıköy Studio   ');
    const created = row(page, 'Kadıköy Studio');
    await expect(created).toHaveCount(1);
    await expect(created.getByRole('cell').nth(1)).toHaveText('Kadıköy Studio');
    await expect(created).toContainText('admin');
    await expect(page.getByRole('columnheader', { name: 'Create User' })).toBeVisible();
  });

  test("refuses a blank name with 'Location name must be a non-empty string' and sends nothing", async ({
    adminPage: page,
  }) => {
    let posted = false;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/locations')) posted = true;
    });
    await page.goto('/locations/create');
    await page.getByPlaceholder('Location Name').fill('    ');
    await page.getByRole('button', { name: 'Create Location' }).click();
    await expect(page.getByText('Location name must be a non-empty string')).toBeVisible();
    await expect(page).toHaveURL(/\/locations\/create$/);
    expect(posted).toBe(false);
  });

  test('edits a location from the row menu', async ({ adminPage: page }) => {
    await createLocation(page, 'Moda Room');
    await openRowMenu(row(page, 'Moda Room'));
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await expect(page).toHaveURL(/\/locations\/\d+\/edit$/);
    const name = page.getByPlaceholder('Location Name');
    await expect(name).toHaveValue('Moda Room');
    await name.fill('Moda Hall');
    await page.getByRole('button', { name: 'Update Location' }).click();
    await expect(page.getByText('Location updated successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/locations$/);
    await expect(row(page, 'Moda Hall')).toHaveCount(1);
    await expect(row(page, 'Moda Room')).toHaveCount(0);
  });

  test('Back leaves the form without saving', async ({ adminPage: page }) => {
    await page.goto('/locations/create');
    await page.getByPlaceholder('Location Name').fill('Never saved');
    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/locations$/);
    await expect(row(page, 'Never saved')).toHaveCount(0);
  });

  test('deletes only after the browser confirmation, with a success toast', async ({ adminPage: page }) => {
    await createLocation(page, 'Temporary Room');
    const dialogs: string[] = [];
    page.once('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await openRowMenu(row(page, 'Temporary Room'));
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    expect(dialogs).toEqual(['Are you sure you want to delete this item?']);
    await expect(row(page, 'Temporary Room')).toHaveCount(1);

    page.once('dialog', (dialog) => void dialog.accept());
    await openRowMenu(row(page, 'Temporary Room'));
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await expect(page.getByText('Temporary Room deleted successfully')).toBeVisible();
    await expect(row(page, 'Temporary Room')).toHaveCount(0);
  });

  test('shows the server message in a red toast when a delete fails', async ({ adminPage: page }) => {
    await createLocation(page, 'Vanishing Room');
    // Another admin removes it meanwhile, so this delete answers 404.
    const id = await row(page, 'Vanishing Room').getByRole('cell').first().innerText();
    const headers = await apiHeaders(page);
    const removed = await page.request.delete(`/api/locations/${id.trim()}`, {
      headers,
    });
    expect(removed.status()).toBe(204);
    page.once('dialog', (dialog) => void dialog.accept());
    await openRowMenu(row(page, 'Vanishing Room'));
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const toast = page.locator('[data-sonner-toast][data-type="error"]');
    await expect(toast).toContainText('Location not found');
  });

  test('searches after three characters, Turkish letters included, and keeps the search in the URL', async ({
    adminPage: page,
  }) => {
    await createLocation(page, 'İSTANBUL Şişli');
    await createLocation(page, 'London Bridge');
    const search = page.getByTestId('list-search');
    await search.fill('is');
    await page.waitForTimeout(700);
    await expect(page).not.toHaveURL(/q=/);
    await search.fill('istanbul');
    await expect(page).toHaveURL(/q=istanbul/);
    await expect(row(page, 'İSTANBUL Şişli')).toHaveCount(1);
    await expect(row(page, 'London Bridge')).toHaveCount(0);
    await search.fill('');
    await expect(page).not.toHaveURL(/q=/);
    await expect(row(page, 'London Bridge')).toHaveCount(1);
  });

  test('archives a location, hides it, and shows it again with the checkbox filter', async ({ adminPage: page }) => {
    await createLocation(page, 'Winter Hall');
    await openRowMenu(row(page, 'Winter Hall'));
    await page.getByRole('menuitem', { name: 'Archive' }).click();
    await expect(page.getByText('Winter Hall archived successfully')).toBeVisible();
    await expect(row(page, 'Winter Hall')).toHaveCount(0);
    await page.getByTestId('list-filter-archived').check();
    await expect(page).toHaveURL(/archived=true/);
    await expect(row(page, 'Winter Hall')).toHaveCount(1);
  });

  test('sorts through the sort select, kept in the URL as sort_by', async ({ adminPage: page }) => {
    await page.goto('/locations');
    await page.getByTestId('list-sort').selectOption({ label: 'Sort by date' });
    await expect(page).toHaveURL(/sort_by=date/);
  });

  test('closes a toast with its close button', async ({ adminPage: page }) => {
    await page.goto('/locations/create');
    // The pointer rests where the toast will appear (the toaster's top-right offset) and the form is
    // sent from the keyboard: the toast comes up under the pointer, which holds its 3 s timer, so a
    // slow machine cannot let it expire before the test reaches its close button.
    await page.mouse.move(page.viewportSize()!.width - 24 - 120, 76 + 25);
    await page.getByPlaceholder('Location Name').fill('Toast Room');
    await page.getByPlaceholder('Location Name').press('Enter');
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Location created successfully' });
    await expect(toast).toBeVisible();
    await toast.hover();
    await toast.getByRole('button', { name: 'Close toast' }).click();
    await expect(toast).toHaveCount(0);
  });

  test('pages through more than 50 locations', async ({ adminPage: page }) => {
    const headers = await apiHeaders(page);
    for (let i = 1; i <= 55; i++) {
      const created = await page.request.post('/api/locations', {
        headers,
        data: { name: `Paged Room ${String(i).padStart(2, '0')}` },
      });
      expect(created.status()).toBe(201);
    }
    await page.goto('/locations?q=paged&sort_by=name');
    await expect(page.getByTestId('list-table').getByRole('row')).toHaveCount(51);
    await expect(page.getByTestId('pagination-previous')).toBeDisabled();
    await page.getByTestId('pagination-next').click();
    await expect(page).toHaveURL(/page=2/);
    await expect(row(page, 'Paged Room 55')).toHaveCount(1);
    await expect(page.getByTestId('pagination-next')).toBeDisabled();
  });
});
