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
  test('creates a group with a trimmed name and lists it with its creator', async ({ adminPage: page }) => {
    const name = unique('Kadıköy Team');
    await createGroup(page, `   ${name}   `);
    const created = row(page, name);
    await expect(created).toHaveCount(1);
    await expect(created.getByRole('cell').nth(1)).toHaveText(name);
    await expect(created.getByRole('cell').nth(2)).toHaveText('admin');
    for (const header of ['Id', 'Name', 'Create User']) {
      await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('heading', { level: 1, name: 'Groups' })).toBeVisible();
  });

  test("refuses a blank name with 'Group name must be a non-empty string' and sends nothing", async ({
    adminPage: page,
  }) => {
    let posted = false;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/groups')) posted = true;
    });
    await page.goto('/groups/create');
    await page.getByLabel('Name').fill('   ');
    await page.getByRole('button', { name: 'Create Group' }).click();
    await expect(page.getByText('Group name must be a non-empty string')).toBeVisible();
    await expect(page).toHaveURL(/\/groups\/create$/);
    expect(posted).toBe(false);
  });

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

  test("says 'Failed to fetch group' for a group that does not exist", async ({ adminPage: page }) => {
    await page.goto('/groups/999999/edit');
    await expect(page.getByRole('alert')).toHaveText('Failed to fetch group: Group not found');
    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/groups$/);
  });

  test("archives a group, hides it, shows it with 'Show archived' and restores it", async ({ adminPage: page }) => {
    const name = unique('Winter Team');
    await createGroup(page, name);
    await openRowMenu(row(page, name));
    await page.getByRole('menuitem', { name: 'Archive' }).click();
    await expect(page.getByText(`${name} archived successfully`)).toBeVisible();
    await expect(row(page, name)).toHaveCount(0);
    await page.getByTestId('list-filter-archived').check();
    await expect(page).toHaveURL(/archived=true/);
    await expect(row(page, name)).toContainText('Archived');
    await openRowMenu(row(page, name));
    await page.getByRole('menuitem', { name: 'Restore' }).click();
    await expect(page.getByText(`${name} restored successfully`)).toBeVisible();
    await page.getByTestId('list-filter-archived').uncheck();
    await expect(row(page, name)).toHaveCount(1);
    await expect(row(page, name)).not.toContainText('Archived');
  });

  test('offers the sorts by name, date and status', async ({ adminPage: page }) => {
    await page.goto('/groups');
    const sort = page.getByTestId('list-sort');
    await expect(sort.locator('option')).toHaveText(['Sort by name', 'Sort by date', 'Sort by status']);
    await sort.selectOption({ label: 'Sort by date' });
    await expect(page).toHaveURL(/sort_by=date/);
  });

  test('deletes only after the browser confirmation', async ({ adminPage: page }) => {
    const name = unique('Temporary Team');
    await createGroup(page, name);
    const dialogs: string[] = [];
    page.once('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await openRowMenu(row(page, name));
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    expect(dialogs).toEqual(['Are you sure you want to delete this item?']);
    await expect(row(page, name)).toHaveCount(1);

    page.once('dialog', (dialog) => void dialog.accept());
    await openRowMenu(row(page, name));
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await expect(page.getByText(`${name} deleted successfully`)).toBeVisible();
    await expect(row(page, name)).toHaveCount(0);
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

  test('is in the admin sidebar, and the slide-over menu on a narrow screen', async ({ adminPage: page }) => {
    await page.goto('/');
    await page.getByTestId('sidebar-nav').getByRole('link', { name: 'Groups', exact: true }).click();
    await expect(page).toHaveURL(/\/groups$/);
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/');
    await page.getByTestId('mobile-menu-button').click();
    await page.getByRole('dialog').getByRole('link', { name: 'Groups', exact: true }).click();
    await expect(page).toHaveURL(/\/groups$/);
    await expect(page.getByRole('link', { name: 'Create groups' })).toBeVisible();
    await page.getByRole('link', { name: 'Create groups' }).click();
    await page.getByLabel('Name').fill(unique('Narrow Team'));
    await page.getByRole('button', { name: 'Create Group' }).click();
    await expect(page.getByText('Group created successfully')).toBeVisible();
  });

  test('is not open to editors', async ({ editorPage: page }) => {
    await page.goto('/groups');
    await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
    await expect(page.getByTestId('sidebar-nav').getByRole('link', { name: 'Groups', exact: true })).toHaveCount(0);
  });
});
