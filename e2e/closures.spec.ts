import { AxeBuilder } from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { dayIn } from './clock.js';
import { accounts, E2E_BASE_URL } from './env.js';
import {
  acceptDialogs,
  bearerHeaders,
  expect,
  field,
  openRowMenu,
  row,
  signInAs,
  test,
  uniqueNames,
} from './fixtures.js';

/**
 * Closures (docs/product.md §12) in the browser on a 390 px phone: New closure for the spec's own
 * organiser on a day three days ahead, Preview lists the sessions it would cancel, 'Close these
 * days' cancels them (struck through with the closure's title in Upcoming Events), and Delete
 * restores them. Scoped to the spec's organiser, so other specs' sessions are never touched and
 * the time of day does not matter.
 */
const unique = uniqueNames();
const ZONE = 'Europe/Istanbul';
const day = dayIn(ZONE, 3);
const morning = unique('Choir');
const afternoon = unique('Strings');
const closureTitle = unique('Organiser on leave');

let admin: APIRequestContext;
let adminHeaders: Record<string, string>;
let organiserName: string;
const occurrenceIds: number[] = [];

async function statusOf(id: number) {
  const response = await admin.get(`/api/event-occurrences/${id}`, { headers: adminHeaders });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { status: string }).status;
}

test.beforeAll(async ({ playwright }) => {
  admin = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  adminHeaders = await bearerHeaders(admin, accounts.admin);
  const post = async (path: string, data: Record<string, unknown>) => {
    const response = await admin.post(path, { headers: adminHeaders, data });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { id: number }).id;
  };
  const surname = unique('Yol');
  organiserName = `Deniz ${surname}`;
  const organiserId = await post('/api/users', {
    username: unique('closure-organiser'),
    name: 'Deniz',
    surname,
    role: 'editor',
    timezone: ZONE,
    password: 'closures-password-1',
  });
  const locationId = await post('/api/locations', { name: unique('Studio') });
  for (const [title, start] of [
    [morning, '10:00'],
    [afternoon, '15:00'],
  ] as const) {
    const eventId = await post('/api/events', {
      title,
      locationId,
      organiserId,
      guestIds: [],
      repeat: { doesNotRepeat: true, start: `${day}T${start}` },
      endTime: `${start.slice(0, 2)}:45`,
    });
    const response = await admin.get(`/api/event-occurrences?eventId=${eventId}`, { headers: adminHeaders });
    occurrenceIds.push(((await response.json()) as { eventOccurrences: { id: number }[] }).eventOccurrences[0]!.id);
  }
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

test('on a 390 px phone: a closure previewed, confirmed (its sessions struck through with its title), then deleted (restored)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'admin');
  await page.goto('/closures');
  await expect(page.getByRole('heading', { level: 1, name: 'Closures' })).toBeVisible();
  await page.getByRole('link', { name: 'New closure' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New closure' })).toBeVisible();

  await field(page, 'Title').fill(closureTitle);
  await field(page, 'First day').fill(day);
  await field(page, 'Last day').fill(day);
  await field(page, 'Closes').selectOption({ label: 'One organiser' });
  await field(page, 'One organiser').selectOption({ label: organiserName });
  await page.getByRole('button', { name: 'Preview' }).click();

  const preview = page.getByRole('region', { name: 'What closing these days does' });
  await expect(preview.getByText('2 sessions will be cancelled')).toBeVisible();
  await expect(preview.getByTestId('closure-cancelled').getByRole('listitem')).toHaveCount(2);
  await expect(preview.getByTestId('closure-cancelled')).toContainText(morning);
  await expect(preview.getByTestId('closure-cancelled')).toContainText(afternoon);
  // Its sessions have no guests: nobody would be told, so there is nothing to tick.
  await expect(preview.getByText('Nobody is told: no guest has a session to cancel.')).toBeVisible();
  await expect(preview.getByRole('checkbox', { name: 'Tell these guests' })).toHaveCount(0);
  expect(await violations(page)).toEqual([]);
  // A preview stores nothing.
  expect(await statusOf(occurrenceIds[0]!)).toBe('scheduled');

  await preview.getByRole('button', { name: 'Close these days' }).click();
  await expect(page.getByText(`${closureTitle}: 2 sessions cancelled`)).toBeVisible();
  await expect(page).toHaveURL(/\/closures$/);
  await page.goto(`/closures?q=${encodeURIComponent(closureTitle)}`);
  const listed = row(page, closureTitle);
  await expect(listed).toContainText(`Sessions of ${organiserName}`);
  await expect(listed.getByRole('cell', { name: '2', exact: true })).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await page.goto(`/upcoming-events?date=${day}`);
  for (const title of [morning, afternoon]) {
    const cancelled = row(page, title);
    await expect(cancelled.getByTestId('cancelled-title')).toHaveCSS('text-decoration-line', 'line-through');
    await expect(cancelled.getByTestId('cancellation-reason')).toHaveText(`Cancelled: ${closureTitle}`);
  }

  await page.goto(`/closures?q=${encodeURIComponent(closureTitle)}`);
  const confirmations = acceptDialogs(page);
  await openRowMenu(row(page, closureTitle));
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(page.getByText(`${closureTitle} deleted; its sessions are restored`)).toBeVisible();
  expect(confirmations).toEqual([`Delete ${closureTitle}? The 2 sessions it cancelled are restored.`]);
  await expect(page.getByTestId('list-empty')).toBeVisible();
  for (const id of occurrenceIds) expect(await statusOf(id)).toBe('scheduled');

  await page.goto(`/upcoming-events?date=${day}`);
  await expect(row(page, morning).getByText('Scheduled', { exact: true })).toBeVisible();
  await expect(row(page, morning).getByTestId('cancelled-title')).toHaveCount(0);
});
