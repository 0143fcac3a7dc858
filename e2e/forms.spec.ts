import type { Page } from '@playwright/test';
import { apiHeaders, expect, openRowMenu, row, test, uniqueNames } from './fixtures.js';

const unique = uniqueNames();

const notes = { type: 'textarea', name: 'notes', label: 'Notes', placeholder: 'How did it go?' };
const attendance = {
  type: 'radiogroup',
  name: 'attendance',
  label: 'Attendance',
  defaultValue: 'yes',
  options: [
    { key: 'yes', value: 'yes', label: 'Came' },
    { key: 'no', value: 'no', label: 'Did not come' },
  ],
};

const schemaBox = (page: Page) => page.getByRole('textbox', { name: 'Schema' });

/** Searches the list and waits until the search is applied (it is debounced into the URL). */
async function search(page: Page, text: string) {
  await page.getByTestId('list-search').fill(text);
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(page.getByTestId('list-table').getByRole('row')).toHaveCount(2);
}

/** Creates a form through the editor, as a user would. */
async function createForm(page: Page, title: string, schema: unknown, groupName?: string) {
  await page.goto('/forms');
  await page.getByRole('link', { name: 'Create forms' }).click();
  await expect(page).toHaveURL(/\/forms\/create$/);
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page.getByRole('textbox', { name: 'Description' }).fill('Made by the browser tests');
  await schemaBox(page).fill(JSON.stringify(schema, null, 2));
  if (groupName) await page.getByTestId('form-groups').getByLabel(groupName).check();
  await page.getByRole('button', { name: 'Create Form' }).click();
  await expect(page.getByText('Form created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/forms$/);
}

test.describe('Forms', () => {
  test('creates a form with a schema and a group, listed at version 1 with its creator', async ({
    adminPage: page,
  }) => {
    const headers = await apiHeaders(page);
    const groupName = unique('Forms team');
    const group = await page.request.post('/api/groups', {
      headers,
      data: { name: groupName },
    });
    expect(group.status()).toBe(201);

    const title = unique('Intake form');
    await createForm(page, title, { fields: [notes, attendance] }, groupName);
    await search(page, title);
    const created = row(page, title);
    await expect(created).toHaveCount(1);
    await expect(page.getByRole('columnheader', { name: 'Version' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Created At' })).toBeVisible();
    await expect(created.getByRole('cell').nth(2)).toHaveText('Made by the browser tests');
    await expect(created.getByRole('cell').nth(3)).toHaveText('1');
    await expect(created.getByRole('cell').nth(4)).toHaveText('admin');
    await expect(created.getByRole('cell').nth(5)).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);

    await openRowMenu(row(page, title));
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await expect(page.getByTestId('form-groups').getByLabel(groupName)).toBeChecked();
  });

  test('shows where a JSON syntax error is under the schema, and a format error naming the field, sending nothing', async ({
    adminPage: page,
  }) => {
    let posted = false;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/forms')) posted = true;
    });
    await page.goto('/forms/create');
    await page.getByRole('textbox', { name: 'Title' }).fill(unique('Broken form'));
    await schemaBox(page).fill('{\n  "fields": [\n    {"type": "textarea",}\n  ]\n}');
    await page.getByRole('button', { name: 'Create Form' }).click();
    await expect(
      page.getByText('Schema is not valid JSON: unexpected "," before "}" (line 3, column 24)'),
    ).toBeVisible();
    await expect(schemaBox(page)).toHaveAttribute('aria-invalid', 'true');

    await schemaBox(page).fill(
      JSON.stringify({
        fields: [{ type: 'listbox', name: 'city', label: 'City', lookupKey: 'city', parent: 'country' }],
      }),
    );
    await expect(
      page.getByText(/^Field "city": parent "country" does not exist \(line 1, column \d+\)$/),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/forms\/create$/);
    expect(posted).toBe(false);
  });

  test('edits a form: the schema comes back pretty-printed and a changed schema raises the version', async ({
    adminPage: page,
  }) => {
    const title = unique('Versioned form');
    await createForm(page, title, { fields: [notes] });
    await search(page, title);
    await openRowMenu(row(page, title));
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await expect(page).toHaveURL(/\/forms\/\d+\/edit$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Form' })).toBeVisible();
    await expect(schemaBox(page)).toHaveValue(JSON.stringify({ fields: [notes] }, null, 2));
    await expect(page.getByTestId('form-version')).toContainText('Version 1');

    await schemaBox(page).fill(JSON.stringify({ fields: [notes, attendance] }, null, 2));
    await page.getByRole('button', { name: 'Update Form' }).click();
    await expect(page.getByText('Form updated successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/forms$/);
    await search(page, title);
    await expect(row(page, title).getByRole('cell').nth(3)).toHaveText('2');

    // A new title alone keeps the version.
    await openRowMenu(row(page, title));
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await expect(page.getByTestId('form-version')).toContainText('Version 2');
    await page.getByRole('textbox', { name: 'Title' }).fill(`${title} renamed`);
    await page.getByRole('button', { name: 'Update Form' }).click();
    // The first save's toast may still be showing: the way back to the list says this one worked.
    await expect(page).toHaveURL(/\/forms$/);
    await expect(page.getByText('Form updated successfully').last()).toBeVisible();
    await search(page, `${title} renamed`);
    await expect(row(page, `${title} renamed`).getByRole('cell').nth(3)).toHaveText('2');
  });

  test('refuses to delete form 1 (Upcoming Events offers it) and offers no Archive for it', async ({
    adminPage: page,
  }) => {
    await page.goto('/forms?q=Session%20notes');
    const sessionNotes = page
      .getByTestId('list-table')
      .getByRole('row')
      .filter({ has: page.locator('td:first-child', { hasText: /^1$/ }) });
    await expect(sessionNotes).toContainText('Session notes');
    await sessionNotes.getByTestId('row-menu-button').click();
    await expect(page.getByRole('menuitem', { name: 'Archive' })).toHaveCount(0);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const toast = page.locator('[data-sonner-toast][data-type="error"]');
    await expect(toast).toContainText('Form 1 cannot be deleted: Upcoming Events offers it for filling');
    await expect(sessionNotes).toHaveCount(1);

    // It can still be edited: its notes field Aciklama is there.
    await sessionNotes.getByTestId('row-menu-button').click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await expect(schemaBox(page)).toHaveValue(/"name": "Aciklama"/);
  });
});
