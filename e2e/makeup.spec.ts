import { AxeBuilder } from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { dayIn, wallClock } from './clock.js';
import { accounts, E2E_BASE_URL } from './env.js';
import { bearerHeaders, expect, openRowMenu, row, signInAs, test, uniqueNames } from './fixtures.js';

/**
 * A make-up session (docs/product.md §14) in the browser, on a 390 px phone: the admin marks a guest
 * absent at yesterday's session, opens 'Book a make-up' beside them, books the first of the three
 * proposals in one click and finds the make-up in Upcoming Events on its day, marked 'Make-up'. The
 * spec's organiser, guest and place are its own, so the proposals are the next free grid times
 * whatever the hour; axe checks the proposals.
 */
const unique = uniqueNames();
const ZONE = 'Europe/Istanbul';
const yesterday = dayIn(ZONE, -1);
const title = unique('Violin');
const guestName = `Ece ${unique('Su')}`;

let admin: APIRequestContext;
let adminHeaders: Record<string, string>;
let eventId: number;

test.beforeAll(async ({ playwright }) => {
  admin = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  adminHeaders = await bearerHeaders(admin, accounts.admin);
  const post = async (path: string, data: Record<string, unknown>) => {
    const response = await admin.post(path, { headers: adminHeaders, data });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { id: number }).id;
  };
  const organiserId = await post('/api/users', {
    username: unique('makeup-organiser'),
    name: 'Deniz',
    surname: unique('Ak'),
    role: 'editor',
    timezone: ZONE,
    password: 'makeup-password-1',
  });
  const guestId = await post('/api/users', {
    username: unique('makeup-guest'),
    name: 'Ece',
    surname: guestName.slice('Ece '.length),
    role: 'guest',
    timezone: ZONE,
    password: 'makeup-password-1',
  });
  eventId = await post('/api/events', {
    title,
    locationId: await post('/api/locations', { name: unique('Studio') }),
    organiserId,
    guestIds: [guestId],
    repeat: { doesNotRepeat: true, start: `${yesterday}T10:00` },
    endTime: '11:00',
  });
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

test('on a 390 px phone: marks a guest absent, books the first proposal in one click, and lists it as a make-up', async ({
  page,
}) => {
  // Two visits of the list, a marking, a search for free times, a booking and an axe run.
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'admin');
  await page.goto(`/upcoming-events?date=${yesterday}`);

  await openRowMenu(row(page, title));
  await page.getByRole('menuitem', { name: 'Take attendance' }).click();
  const dialog = page.getByTestId('attendance-dialog');
  await dialog.getByRole('group', { name: guestName }).getByText('Absent', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Save attendance' }).click();
  await expect(page.getByText('Attendance saved')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // Once marked absent, 'Book a make-up' is beside them.
  await openRowMenu(row(page, title));
  await page.getByRole('menuitem', { name: 'Take attendance' }).click();
  await dialog.getByRole('button', { name: `Book a make-up: ${guestName}` }).click();
  const panel = dialog.getByTestId('makeup-panel');
  await expect(panel.getByRole('heading', { name: `Free times for ${guestName}’s make-up (${ZONE})` })).toBeVisible();
  const proposals = panel.getByTestId('makeup-proposals').getByRole('button');
  await expect(proposals).toHaveCount(3);
  await expect(panel.getByRole('button', { name: 'Show more times' })).toBeVisible();
  expect(await violations(page)).toEqual([]);

  const first = (await proposals.first().innerText()).replace(/^Book /, '');
  await proposals.first().click();
  await expect(page.getByText(`Make-up booked for ${guestName}: ${first} (${ZONE})`)).toBeVisible();
  await expect(panel).toHaveCount(0);
  // The guest now shows their make-up's time rather than a second 'Book a make-up'.
  await expect(dialog.getByTestId('makeup-booked')).toHaveText(
    new RegExp(`^Make-up booked: \\d{2}/\\d{2}/\\d{4} ${first.slice(-11, -6)} \\(${ZONE}\\)$`),
  );
  await expect(dialog.getByRole('button', { name: `Book a make-up: ${guestName}` })).toHaveCount(0);

  // The make-up is a session of the same event with the guest alone.
  const response = await admin.get(`/api/event-occurrences?eventId=${eventId}`, { headers: adminHeaders });
  const sessions = (
    (await response.json()) as {
      eventOccurrences: {
        id: number;
        occurrenceDate: string;
        makeupOf: { occurrenceId: number } | null;
        guests: { id: number }[];
      }[];
    }
  ).eventOccurrences;
  const makeup = sessions.find((session) => session.makeupOf !== null)!;
  expect(makeup.guests).toHaveLength(1);
  const { day } = wallClock(new Date(makeup.occurrenceDate), ZONE);

  await page.keyboard.press('Escape');
  await page.goto(`/upcoming-events?date=${day}`);
  const listed = row(page, title);
  await expect(listed.getByTestId('makeup-badge')).toHaveText('Make-up');
  await expect(listed.getByText(guestName)).toBeVisible();
});
