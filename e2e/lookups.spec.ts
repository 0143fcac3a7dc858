import type { Page } from '@playwright/test';
import { apiHeaders, expect, field, openRowMenu, row, test, uniqueNames } from './fixtures.js';

const unique = uniqueNames();

/** Creates a location through the API (the Locations spec covers its screens). */
async function createLocation(page: Page, name: string): Promise<number> {
  const headers = await apiHeaders(page);
  const response = await page.request.post('/api/locations', {
    headers,
    data: { name },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/**
 * Opens a row's edit form from its menu. The list may still be refreshing after a save; should the
 * menu close under the click, it is opened again, so the test checks the form, not that timing.
 */
async function openEditForm(page: Page, text: string) {
  await expect(async () => {
    if (!/\/lookups\/\d+\/edit$/.test(page.url())) {
      await openRowMenu(row(page, text));
      await page.getByRole('menuitem', { name: 'Edit' }).click({ timeout: 2_000 });
    }
    await expect(page).toHaveURL(/\/lookups\/\d+\/edit$/, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

interface LookupInput {
  key: string;
  value: string;
  label: string;
  type?: string;
  record?: string;
  parent?: string;
}

/** Fills the lookup form; the record select fills once the type's records have loaded. */
async function fillLookup(page: Page, input: LookupInput) {
  await field(page, 'Key').fill(input.key);
  await field(page, 'Value').fill(input.value);
  await field(page, 'Label').fill(input.label);
  if (input.type) await field(page, 'Lookupable Type').selectOption({ label: input.type });
  if (input.record) {
    const record = field(page, 'Lookupable Record');
    await expect(record).toBeEnabled();
    await record.selectOption({ label: input.record });
  }
  if (input.parent) {
    const parent = field(page, 'Parent');
    await expect(parent).toBeEnabled();
    await parent.selectOption({ label: input.parent });
  }
}

async function createLookup(page: Page, input: LookupInput) {
  await page.goto('/lookups');
  await page.getByRole('link', { name: 'Create lookups' }).click();
  await expect(page).toHaveURL(/\/lookups\/create$/);
  await fillLookup(page, input);
  await page.getByRole('button', { name: 'Create Lookup' }).click();
  await expect(page.getByText('Lookup created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/lookups$/);
}

const cells = (page: Page, text: string) => row(page, text).getByRole('cell');

test.describe('Lookups', () => {
  test('creates a lookup tied to a location and lists it with the location name', async ({ adminPage: page }) => {
    const location = unique('Lookup Hall');
    await createLocation(page, location);
    const key = unique('room');
    await createLookup(page, { key, value: 'r1', label: 'Room one', type: 'Locations', record: location });

    await expect(page.getByRole('heading', { level: 1, name: 'Lookups' })).toBeVisible();
    for (const header of ['Id', 'Key', 'Value', 'Label', 'Parent Id', 'Lookupable Type', 'Lookupable Name']) {
      await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }
    await expect(cells(page, key).nth(1)).toHaveText(key);
    await expect(cells(page, key).nth(2)).toHaveText('r1');
    await expect(cells(page, key).nth(3)).toHaveText('Room one');
    await expect(cells(page, key).nth(4)).toHaveText('');
    await expect(cells(page, key).nth(5)).toHaveText('Locations');
    await expect(cells(page, key).nth(6)).toHaveText(location);
  });

  test('edits a lookup from the row menu, its record shown as chosen', async ({ adminPage: page }) => {
    const location = unique('Edit Hall');
    await createLocation(page, location);
    const key = unique('editable');
    await createLookup(page, { key, value: 'e1', label: 'Before', type: 'Locations', record: location });

    await openRowMenu(row(page, key));
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await expect(page).toHaveURL(/\/lookups\/\d+\/edit$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Lookup' })).toBeVisible();
    await expect(field(page, 'Label')).toHaveValue('Before');
    await expect(field(page, 'Lookupable Type')).toHaveValue('locations');
    await expect(field(page, 'Lookupable Record').locator('option:checked')).toHaveText(location);

    await field(page, 'Label').fill('  After  ');
    await page.getByRole('button', { name: 'Update Lookup' }).click();
    await expect(page.getByText('Lookup updated successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/lookups$/);
    await expect(cells(page, key).nth(3)).toHaveText('After');
    await expect(cells(page, key).nth(6)).toHaveText(location);
  });

  test("refuses a blank key with 'Key is required' and sends nothing", async ({ adminPage: page }) => {
    let posted = false;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/lookups')) posted = true;
    });
    await page.goto('/lookups/create');
    await fillLookup(page, { key: '   ', value: 'v', label: 'l' });
    await page.getByRole('button', { name: 'Create Lookup' }).click();
    await expect(page.getByText('Key is required')).toBeVisible();
    await expect(page).toHaveURL(/\/lookups\/create$/);
    expect(posted).toBe(false);
  });

  test('clears the chosen record when the type changes; events can be chosen', async ({ adminPage: page }) => {
    const location = unique('Switch Hall');
    await createLocation(page, location);
    await page.goto('/lookups/create');
    await fillLookup(page, { key: 'k', value: 'v', label: 'l', type: 'Locations', record: location });
    await field(page, 'Lookupable Type').selectOption({ label: 'Events' });
    await expect(field(page, 'Lookupable Record')).toBeEnabled();
    await expect(page.getByText('Events cannot be chosen yet: there are no events.')).toHaveCount(0);
    await field(page, 'Lookupable Type').selectOption({ label: 'Locations' });
    await expect(field(page, 'Lookupable Record')).toBeEnabled();
    await expect(field(page, 'Lookupable Record')).toHaveValue('');
    await page.getByRole('button', { name: 'Create Lookup' }).click();
    await expect(page.getByText('Lookupable record is required for this lookupable type')).toBeVisible();
    await expect(page).toHaveURL(/\/lookups\/create$/);
  });

  test("stays on the form with the server's reason when the record is gone", async ({ adminPage: page }) => {
    const location = unique('Vanishing Hall');
    const locationId = await createLocation(page, location);
    await page.goto('/lookups/create');
    await fillLookup(page, { key: unique('gone'), value: 'g', label: 'Gone', type: 'Locations', record: location });
    // Another admin deletes the location meanwhile.
    const headers = await apiHeaders(page);
    const removed = await page.request.delete(`/api/locations/${locationId}`, {
      headers,
    });
    expect(removed.status()).toBe(204);
    await page.getByRole('button', { name: 'Create Lookup' }).click();
    const toast = page.locator('[data-sonner-toast][data-type="error"]');
    await expect(toast).toContainText(`Location ${locationId} does not exist`);
    await expect(page).toHaveURL(/\/lookups\/create$/);
    await expect(field(page, 'Label')).toHaveValue('Gone');
  });

  test('creates a child under a parent, refuses to delete the parent (409), then deletes both', async ({
    adminPage: page,
  }) => {
    const parentKey = unique('city');
    const childKey = unique('district');
    await createLookup(page, { key: parentKey, value: 'ist', label: 'Istanbul' });
    const parentId = (await cells(page, parentKey).first().innerText()).trim();
    await createLookup(page, {
      key: childKey,
      value: 'kad',
      label: 'Kadıköy',
      parent: `Istanbul (${parentKey}: ist)`,
    });
    await expect(cells(page, childKey).nth(4)).toHaveText(parentId);

    // The parent cannot be deleted while it has a child.
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe('Are you sure you want to delete this item?');
      void dialog.accept();
    });
    await openRowMenu(row(page, parentKey));
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const toast = page.locator('[data-sonner-toast][data-type="error"]');
    await expect(toast).toContainText('Lookup has child lookups and cannot be deleted');
    await expect(row(page, parentKey)).toHaveCount(1);

    page.once('dialog', (dialog) => void dialog.accept());
    await openRowMenu(row(page, childKey));
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await expect(page.getByText('Kadıköy deleted successfully')).toBeVisible();
    await expect(row(page, childKey)).toHaveCount(0);

    page.once('dialog', (dialog) => void dialog.accept());
    await openRowMenu(row(page, parentKey));
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await expect(page.getByText('Istanbul deleted successfully')).toBeVisible();
    await expect(row(page, parentKey)).toHaveCount(0);
  });

  test('does not offer a lookup or its descendants as its own parent', async ({ adminPage: page }) => {
    const top = unique('top');
    const below = unique('below');
    await createLookup(page, { key: top, value: 't', label: 'Top' });
    await createLookup(page, { key: below, value: 'b', label: 'Below', parent: `Top (${top}: t)` });
    await openEditForm(page, top);
    const parent = field(page, 'Parent');
    await expect(parent).toBeEnabled();
    await expect(parent.locator('option', { hasText: top })).toHaveCount(0);
    await expect(parent.locator('option', { hasText: below })).toHaveCount(0);
  });
});
