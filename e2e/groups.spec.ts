import type { Page } from '@playwright/test';
import { apiHeaders, expect, openRowMenu, row, rowId, test, uniqueNames } from './fixtures.js';

const unique = uniqueNames();

/** Creates a group through the form, as a user would. */
async function createGroup(page: Page, name: string) {
  await page.goto('/groups');
  await page.getByRole('link', { name: 'Create groups' }).click();
  await expect(page).toHaveURL(/\/groups\/create$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create Group' })).toBeVisible();
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Create Group' }).click();
  await expect(page.getByText('Group created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/groups$/);
}

test.describe('Groups', () => {
  test('edits a group from the row menu', async ({ adminPage: page }) => {
    const before = unique('Moda Team');
    const after = unique('Moda Crew');
    await createGroup(page, before);
    await openRowMenu(row(page, before));
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await expect(page).toHaveURL(/\/groups\/\d+\/edit$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Group' })).toBeVisible();
    await expect(page.getByTestId('group-forms')).toContainText('No form belongs to this group yet.');
    const name = page.getByLabel('Name');
    await expect(name).toHaveValue(before);
    await name.fill(after);
    await page.getByRole('button', { name: 'Update Group' }).click();
    await expect(page.getByText('Group updated successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/groups$/);
    await expect(row(page, after)).toHaveCount(1);
    await expect(row(page, before)).toHaveCount(0);
  });

  test('refuses to delete a group a form uses, says to archive it, and shows the form on the group', async ({
    adminPage: page,
  }) => {
    const name = unique('Busy Team');
    const formTitle = unique('Busy Team notes');
    await createGroup(page, name);
    const id = await rowId(row(page, name));
    const form = await page.request.post('/api/forms', {
      headers: await apiHeaders(page),
      data: { title: formTitle, groupIds: [id] },
    });
    expect(form.status()).toBe(201);

    page.once('dialog', (dialog) => void dialog.accept());
    await openRowMenu(row(page, name));
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await expect(page.locator('[data-sonner-toast][data-type="error"]')).toContainText(
      'Group is used by users, forms or lookups and cannot be deleted; archive it instead',
    );
    await expect(row(page, name)).toHaveCount(1);

    await openRowMenu(row(page, name));
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await expect(page.getByTestId('group-forms')).toContainText(formTitle);
  });
});
