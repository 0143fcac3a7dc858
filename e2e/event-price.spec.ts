import { AxeBuilder } from '@axe-core/playwright';
import { adminApiClient, apiHeaders, expect, signInAs, test, uniqueNames } from './fixtures.js';

/**
 * A price on an event (issue 37 item 10) in the browser: the admin types a decimal price and its
 * currency on the event form; through the API the session's guest is marked present, the month's
 * preview bills the price in minor units, the drafts are made and the spec's invoice issued; then
 * Home, on a phone, lists it among the unpaid invoices, linking to it, with axe on the card.
 * A month of its own (other specs' priced sessions elsewhere only add rows).
 */
const unique = uniqueNames();
const MONTH = '2025-05';
const ZONE = 'Europe/Istanbul';
const title = unique('Flute lesson');
const accountName = unique('Aksoy family');
const ids: Record<string, number> = {};

test.beforeAll(async ({ playwright }) => {
  const api = await adminApiClient(playwright);
  try {
    const person = (key: string, role: string, name: string) =>
      api.post('/api/users', {
        username: unique(`price-${key}`),
        password: 'price-password-1',
        role,
        timezone: ZONE,
        name,
        surname: unique('Aksoy'),
      });
    ids.organiser = (await person('teacher', 'editor', 'Derya')).id;
    ids.guest = (await person('guest', 'guest', 'Efe')).id;
    await api.post('/api/billing/accounts', { name: accountName, guestIds: [ids.guest] });
    const { id: locationId } = await api.post('/api/locations', { name: unique('Studio') });
    ids.event = (
      await api.post('/api/events', {
        title,
        locationId,
        organiserId: ids.organiser,
        guestIds: [ids.guest],
        repeat: { doesNotRepeat: true, start: `${MONTH}-14T17:00` },
        endTime: '18:00',
      })
    ).id;
    ids.occurrence = (await api.firstOccurrence(ids.event)).id;
  } finally {
    await api.dispose();
  }
});

test('a price typed on the event form is billed by the month’s run and its unpaid invoice is on Home', async ({
  page,
}) => {
  await signInAs(page, 'admin');
  await page.goto(`/events/${ids.event}/edit`);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Event' })).toBeVisible();
  const price = page.getByLabel('Price', { exact: true });
  await expect(price).toHaveValue('');
  await price.fill('450.505');
  await page.getByRole('button', { name: 'Update Event' }).click();
  await expect(
    page.getByText('Write the price as a number with at most two decimals, like 750 or 12.50'),
  ).toBeVisible();
  await price.fill('450,5');
  await page.getByLabel('Currency', { exact: true }).selectOption('EUR');
  await page.getByRole('button', { name: 'Update Event' }).click();
  await expect(page.getByText('Event updated successfully').first()).toBeVisible();

  const headers = await apiHeaders(page);
  const call = async (method: 'get' | 'post' | 'put', path: string, data?: object) => {
    const response = await page.request[method](path, { headers, ...(data ? { data } : {}) });
    expect(response.status(), await response.text()).toBe(200);
    return response.json() as Promise<Record<string, unknown>>;
  };
  const event = await call('get', `/api/events/${ids.event}`);
  expect(event.price).toEqual({ amount: 45_050, currency: 'EUR' });
  await call('put', `/api/event-occurrences/${ids.occurrence}/attendance`, {
    entries: [{ guestId: ids.guest, status: 'present' }],
  });
  type Run = { invoices: { id: number | null; account: { name: string }; total: number; currency: string }[] };
  const ours = (run: Run) => run.invoices.find((invoice) => invoice.account.name === accountName);
  const preview = (await call('post', '/api/billing/invoices/run', {
    month: MONTH,
    timezone: ZONE,
    dryRun: true,
  })) as Run;
  expect(ours(preview)).toMatchObject({ id: null, total: 45_050, currency: 'EUR' });
  const run = (await call('post', '/api/billing/invoices/run', { month: MONTH, timezone: ZONE })) as Run;
  const invoiceId = ours(run)!.id!;
  const issued = await call('post', `/api/billing/invoices/${invoiceId}/issue`);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const card = page.getByTestId('home-unpaid-invoices');
  await expect(card.getByRole('heading', { name: 'Unpaid invoices' })).toBeVisible();
  const line = card.getByTestId('home-unpaid-invoice').filter({ hasText: accountName });
  await expect(line).toContainText('€450.50');
  const link = line.getByRole('link', { name: `${String(issued.number)} · ${accountName}` });
  await expect(link).toHaveAttribute('href', `/billing/invoices/${invoiceId}`);
  const [scrollWidth, clientWidth] = await page.evaluate<[number, number]>(
    '[document.documentElement.scrollWidth, document.documentElement.clientWidth]',
  );
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  const axe = await new AxeBuilder({ page }).include('[data-testid="home-unpaid-invoices"]').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
});
