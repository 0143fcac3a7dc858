import { AxeBuilder } from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { dayIn } from './clock.js';
import { accounts, E2E_BASE_URL } from './env.js';
import { acceptDialogs, bearerHeaders, expect, openRowMenu, row, signInAs, test, uniqueNames } from './fixtures.js';

/**
 * Cancelling a session (docs/product.md §11) in the browser: on a 390 px phone, from Upcoming
 * Events' row menu, with a reason; the session stays listed, struck through with the reason, and
 * Restore brings it back; then the same from the calendar's details. Axe checks the dialog. The spec's own session is tomorrow in Istanbul, so
 * neither the time of day nor other specs' data matter.
 */
const unique = uniqueNames();
const ZONE = 'Europe/Istanbul';
const tomorrow = dayIn(ZONE, 1);
const title = unique('Recital');
const REASON = 'The hall is being painted';

let admin: APIRequestContext;
let adminHeaders: Record<string, string>;
let occurrenceId: number;
let organiserId: number;

/** The occurrence as the API has it. */
async function occurrenceAsApiHasIt(id: number) {
  const response = await admin.get(`/api/event-occurrences/${id}`, { headers: adminHeaders });
  expect(response.status()).toBe(200);
  return (await response.json()) as { status: string; cancellation: { reason: string } | null };
}

test.beforeAll(async ({ playwright }) => {
  admin = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  adminHeaders = await bearerHeaders(admin, accounts.admin);
  const post = async (path: string, data: Record<string, unknown>) => {
    const response = await admin.post(path, { headers: adminHeaders, data });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { id: number }).id;
  };
  organiserId = await post('/api/users', {
    username: unique('cancel-organiser'),
    name: 'Deniz',
    surname: unique('Ak'),
    role: 'editor',
    timezone: ZONE,
    password: 'cancellation-password-1',
  });
  const guestId = await post('/api/users', {
    username: unique('cancel-guest'),
    name: 'Ece',
    surname: unique('Su'),
    role: 'guest',
    timezone: ZONE,
    password: 'cancellation-password-1',
  });
  const eventId = await post('/api/events', {
    title,
    locationId: await post('/api/locations', { name: unique('Stage') }),
    organiserId,
    guestIds: [guestId],
    repeat: { doesNotRepeat: true, start: `${tomorrow}T10:00` },
    endTime: '11:00',
  });
  const response = await admin.get(`/api/event-occurrences?eventId=${eventId}`, { headers: adminHeaders });
  occurrenceId = ((await response.json()) as { eventOccurrences: { id: number }[] }).eventOccurrences[0]!.id;
});

test.afterAll(async () => {
  await admin.dispose();
});

/** The serious and critical axe violations (WCAG 2.1 A and AA) on the page as it is now. */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
}

test('on a 390 px phone: Cancel session with a reason strikes it through with the reason; Restore brings it back', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'admin');
  await page.goto(`/upcoming-events?date=${tomorrow}`);
  await openRowMenu(row(page, title));
  await page.getByRole('menuitem', { name: 'Cancel session' }).click();

  const dialog = page.getByTestId('cancel-session-dialog');
  await expect(dialog.getByRole('heading', { name: `Cancel ${title}` })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  // A blank reason is refused in the dialog, which stays open.
  await dialog.getByRole('button', { name: 'Cancel session' }).click();
  await expect(dialog.getByText('Give a reason for the cancellation')).toBeVisible();
  await dialog.getByLabel('Reason').fill(REASON);
  await expect(dialog.getByRole('checkbox', { name: 'Tell the guests' })).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Cancel session' }).click();
  await expect(page.getByText('Session cancelled')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  const cancelledRow = row(page, title);
  const struck = cancelledRow.getByTestId('cancelled-title');
  await expect(struck).toHaveText(title);
  await expect(struck).toHaveCSS('text-decoration-line', 'line-through');
  await expect(cancelledRow.getByTestId('cancellation-reason')).toHaveText(`Cancelled: ${REASON}`);
  await expect(cancelledRow.getByText('Cancelled', { exact: true })).toBeVisible();
  expect(await occurrenceAsApiHasIt(occurrenceId)).toMatchObject({
    status: 'cancelled',
    cancellation: { reason: REASON },
  });

  // A reload reads it from the server: still struck through, with the reason.
  await page.reload();
  await expect(row(page, title).getByTestId('cancellation-reason')).toHaveText(`Cancelled: ${REASON}`);

  const confirmations = acceptDialogs(page);
  await openRowMenu(row(page, title));
  await page.getByRole('menuitem', { name: 'Restore' }).click();
  await expect(page.getByText('Session restored')).toBeVisible();
  expect(confirmations).toHaveLength(1);
  await expect(row(page, title).getByTestId('cancelled-title')).toHaveCount(0);
  await expect(row(page, title).getByText('Scheduled', { exact: true })).toBeVisible();
  expect(await occurrenceAsApiHasIt(occurrenceId)).toMatchObject({ status: 'scheduled', cancellation: null });
});

test('from the calendar’s details: Cancel session, then its details name the reason and the calendar draws it struck through with it; Restore', async ({
  page,
}) => {
  await signInAs(page, 'admin');
  // Narrowed to the spec's organiser: other specs' sessions of the day never crowd it out.
  await page.goto(`/calendar?view=list&date=${tomorrow}&organiserId=${organiserId}`);
  const entry = page.getByTestId('calendar').getByRole('button', { name: new RegExp(title) });
  await entry.click();
  const details = page.getByRole('dialog', { name: title });
  await details.getByRole('button', { name: 'Cancel session' }).click();

  const dialog = page.getByTestId('cancel-session-dialog');
  await dialog.getByLabel('Reason').fill(REASON);
  await dialog.getByRole('button', { name: 'Cancel session' }).click();
  await expect(page.getByText('Session cancelled')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // Back on the details, which name the reason; closed, the calendar draws it struck through.
  await expect(details.getByTestId('calendar-details-cancellation')).toHaveText(REASON);
  await details.getByRole('button', { name: 'Close' }).click();
  await expect(details).toHaveCount(0);
  const drawn = entry.getByTestId('calendar-session');
  await expect(drawn).toHaveAttribute('data-status', 'cancelled');
  await expect(drawn.getByText(title)).toHaveCSS('text-decoration-line', 'line-through');
  await expect(drawn.getByTestId('calendar-cancellation-reason')).toHaveText(`Cancelled: ${REASON}`);

  await entry.click();
  await expect(details.getByTestId('calendar-details-cancellation')).toHaveText(REASON);
  acceptDialogs(page);
  await details.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText('Session restored')).toBeVisible();
  await expect(details.getByTestId('calendar-details-cancellation')).toHaveCount(0);
  await expect(details.getByRole('button', { name: 'Cancel session' })).toBeVisible();
  expect(await occurrenceAsApiHasIt(occurrenceId)).toMatchObject({ status: 'scheduled', cancellation: null });
});
