import { AxeBuilder } from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { dayIn } from './clock.js';
import { accounts, E2E_BASE_URL } from './env.js';
import { MailCatcher } from './mail-catcher.js';
import {
  adminApiClient,
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
 * restores them; deleting one whose sessions have guests with 'Tell their guests' ticked mails
 * each guest, in their language, that their session takes place after all. Scoped to the spec's
 * organisers, so other specs' sessions are never touched and the time of day does not matter.
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
  await openRowMenu(row(page, closureTitle));
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ${closureTitle}?` });
  await expect(dialog.getByText('The 2 sessions it cancelled are restored.')).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: 'Tell their guests' })).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Delete closure' }).click();
  await expect(page.getByText(`${closureTitle} deleted; its sessions are restored`)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('list-empty')).toBeVisible();
  for (const id of occurrenceIds) expect(await statusOf(id)).toBe('scheduled');

  await page.goto(`/upcoming-events?date=${day}`);
  await expect(row(page, morning).getByText('Scheduled', { exact: true })).toBeVisible();
  await expect(row(page, morning).getByTestId('cancelled-title')).toHaveCount(0);
});

test.describe('deleting a closure with "Tell their guests"', () => {
  const smtp = new MailCatcher();
  const tag = unique('back');
  const awayDay = dayIn(ZONE, 4);
  const lesson = unique('Piano');
  const away = unique('Organiser away');
  const ayla = { email: `ayla-${tag}@example.test`, name: 'Ayla' };
  const burak = { email: `burak-${tag}@example.test`, name: 'Burak' };
  let lessonId = 0;

  /** The organiser's lesson four days ahead with two guests (one reading Turkish), closed through the API. */
  test.beforeAll(async ({ playwright }) => {
    await smtp.start();
    const api = await adminApiClient(playwright);
    const organiserId = (
      await api.post('/api/users', {
        username: unique('away-organiser'),
        name: 'Selin',
        surname: unique('Ak'),
        role: 'editor',
        timezone: ZONE,
        password: 'closures-password-1',
      })
    ).id;
    const guestIds: number[] = [];
    for (const [person, language] of [
      [ayla, 'en'],
      [burak, 'tr'],
    ] as const) {
      const { id } = await api.post('/api/users', {
        username: unique(person.name.toLowerCase()),
        name: person.name,
        surname: unique('Guest'),
        email: person.email,
        role: 'guest',
        timezone: ZONE,
        language,
        password: 'closures-password-1',
      });
      guestIds.push(id);
    }
    const locationId = (await api.post('/api/locations', { name: unique('Studio B') })).id;
    const eventId = (
      await api.post('/api/events', {
        title: lesson,
        locationId,
        organiserId,
        guestIds,
        repeat: { doesNotRepeat: true, start: `${awayDay}T11:00` },
        endTime: '11:45',
      })
    ).id;
    lessonId = (await api.firstOccurrence(eventId)).id;
    await api.post('/api/closures', {
      title: away,
      from: awayDay,
      to: awayDay,
      timezone: ZONE,
      scope: { kind: 'organiser', id: organiserId },
    });
    expect(await statusOf(lessonId)).toBe('cancelled');
    await api.dispose();
  });

  test.afterAll(async () => {
    await smtp.stop();
  });

  test('tells each guest of the session that comes back, in their language', async ({ page }) => {
    await signInAs(page, 'admin');
    await page.goto(`/closures?q=${encodeURIComponent(away)}`);
    await openRowMenu(row(page, away));
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: `Delete ${away}?` });
    await expect(dialog.getByText('The 1 session it cancelled is restored.')).toBeVisible();
    const tell = dialog.getByRole('checkbox', { name: 'Tell their guests' });
    await expect(tell).not.toBeChecked();
    await expect(dialog.getByText(/is told it takes place after all, in their language/)).toBeVisible();
    await tell.check();
    expect(await violations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Delete closure' }).click();

    await expect(page.getByText(`${away} deleted; its sessions are restored and their guests told`)).toBeVisible();
    await expect(page.getByTestId('list-empty')).toBeVisible();
    expect(await statusOf(lessonId)).toBe('scheduled');
    await expect.poll(() => smtp.to(ayla.email).length, { message: 'the mail to Ayla' }).toBe(1);
    await expect.poll(() => smtp.to(burak.email).length, { message: 'the mail to Burak' }).toBe(1);
    const [toAyla] = smtp.to(ayla.email);
    expect(toAyla!.text).toContain(`${lesson} takes place after all:`);
    expect(toAyla!.text).toContain(`No longer closed: ${away}`);
    const [toBurak] = smtp.to(burak.email);
    expect(toBurak!.text).toContain(`${lesson} yine de yapılacak:`);
    expect(toBurak!.text).toContain(`Kapanış kaldırıldı: ${away}`);

    // Logged in the Message Log as 'Back on', one per guest.
    await page.goto(`/message-logs?q=${encodeURIComponent(lesson)}`);
    const logged = page.getByTestId('list-table').getByRole('row').filter({ hasText: 'Back on' });
    await expect(logged).toHaveCount(2);
  });
});
