import { adminApiClient, expect, signInAs, test, uniqueNames } from './fixtures.js';

/**
 * Billing (docs/screens.md) in the browser: a priced session of a past month (a session
 * must have started to be marked) with the spec's own guest, marked present through the API; the
 * admin runs the month's preview, creates the drafts, opens the account's draft, issues it (it
 * takes a number), sends it by email, downloads its PDF, adds a package of the event, records a part payment on the account and reads the balance
 * left, on the account and its statement. Scoped to the spec's own account, so other specs'
 * priced sessions in the month only add rows.
 */
const unique = uniqueNames();
const MONTH = '2025-03';
const MONTH_NAME = 'March 2025';
const accountName = unique('Yılmaz family');
const title = unique('Cello lesson');

test.beforeAll(async ({ playwright }) => {
  const api = await adminApiClient(playwright);
  try {
    const { id: organiser } = await api.post('/api/users', {
      username: unique('billing-teacher'),
      password: 'billing-password-1',
      role: 'editor',
      timezone: 'Europe/Istanbul',
      name: 'Selin',
      surname: unique('Ak'),
    });
    const { id: guest } = await api.post('/api/users', {
      username: unique('billing-guest'),
      password: 'billing-password-1',
      role: 'guest',
      timezone: 'Europe/Istanbul',
      name: 'Ece',
      surname: unique('Yılmaz'),
    });
    await api.post('/api/billing/accounts', {
      name: accountName,
      email: `${unique('family')}@example.com`,
      guestIds: [guest],
    });
    const { id: location } = await api.post('/api/locations', { name: unique('Music room') });
    const { id: event } = await api.post('/api/events', {
      title,
      locationId: location,
      organiserId: organiser,
      guestIds: [guest],
      price: { amount: 125000, currency: 'TRY' },
      repeat: { doesNotRepeat: true, start: `${MONTH}-12T10:00` },
      endTime: '11:00',
    });
    await api.put(`/api/event-occurrences/${(await api.firstOccurrence(event)).id}/attendance`, {
      entries: [{ guestId: guest, status: 'present' }],
    });
  } finally {
    await api.dispose();
  }
});

test('runs a month, issues the draft and records a payment against the balance', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.goto('/billing');
  await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Billing' }).getByRole('link', { name: 'Invoices' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
  await page.getByRole('link', { name: 'Run a month' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Run a month' })).toBeVisible();

  await page.getByLabel('Month').fill(MONTH);
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('region', { name: `Preview of ${MONTH_NAME}` });
  const previewRow = preview.getByRole('row').filter({ hasText: accountName });
  await expect(previewRow).toContainText('TRY 1,250.00');
  await expect(previewRow).toContainText('1');

  await preview.getByRole('button', { name: 'Create drafts' }).click();
  const drafts = page.getByRole('region', { name: `Drafts of ${MONTH_NAME}` });
  await drafts.getByRole('link', { name: new RegExp(`^${accountName} \\(Draft \\d+\\)$`) }).click();

  await expect(page.getByRole('heading', { level: 1, name: /^Draft \d+/ })).toBeVisible();
  await expect(page.getByRole('region', { name: '1 line' })).toContainText(title);
  await page.getByRole('button', { name: 'Issue' }).click();
  await page.getByTestId('issue-dialog').getByRole('button', { name: 'Issue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Invoice \d{4}-\d{4}/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Issue' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Send by email' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: /^Invoice \d{4}-\d{4} queued to .+@example\.com/ }),
  ).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  expect((await download).suggestedFilename()).toMatch(/^invoice-\d{4}-\d{4}\.pdf$/);

  await page.getByRole('region', { name: 'Invoice details' }).getByRole('link', { name: accountName }).click();
  await expect(page.getByTestId('account-balance')).toContainText('TRY 1,250.00');
  await page.getByRole('button', { name: 'Add package' }).first().click();
  const packageDialog = page.getByTestId('package-dialog');
  await packageDialog.getByLabel('Sessions').fill('8');
  await packageDialog.getByLabel('Price').fill('4000');
  await packageDialog.getByLabel('Of the event').selectOption({ label: title });
  await packageDialog.getByRole('button', { name: 'Add package' }).click();
  await expect(packageDialog).toHaveCount(0);
  await expect(
    page.getByRole('region', { name: 'Packages' }).getByRole('row').filter({ hasText: title }),
  ).toContainText('8 sessions');

  await page.getByRole('button', { name: 'Record payment' }).first().click();
  const dialog = page.getByTestId('payment-dialog');
  await dialog.getByLabel('Amount').fill('500,50');
  await dialog.getByLabel('Currency').selectOption('TRY');
  await dialog.getByLabel('Method').selectOption({ label: 'Bank transfer' });
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('account-balance')).toContainText('TRY 749.50');
  const statement = page.getByRole('region', { name: 'Statement' });
  await expect(statement.getByRole('row').filter({ hasText: 'Payment' })).toContainText('TRY 749.50');
  await expect(page.getByRole('region', { name: 'Payments' })).toContainText('Bank transfer');
});
