import { AxeBuilder } from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { dayIn } from './clock.js';
import { accounts, E2E_BASE_URL } from './env.js';
import { bearerHeaders, expect, field, test, uniqueNames } from './fixtures.js';

/**
 * Time off and its cover plan (docs/domain.md#time-off) in the browser: an admin records a day off
 * for the spec's own editor with two sessions, sees both affected before saving, gives both to the
 * spec's substitute in one step (chosen in the plan over whoever is proposed), and the sessions are
 * covered by them; the editor sets their own working hours on My Profile on a 390 px phone, and
 * reads their own time off. Scoped to the spec's people, three days ahead: other specs' sessions
 * are never touched and the time of day does not matter.
 */
const unique = uniqueNames();
const ZONE = 'Europe/Istanbul';
const day = dayIn(ZONE, 3);
const morning = unique('Choir');
const afternoon = unique('Strings');
const absentSurname = unique('Aksoy');
const absentName = `Ece ${absentSurname}`;
const substituteName = `Sarp ${unique('Tan')}`;
const absent = { username: unique('absent-editor'), password: 'time-off-password-1' };

let admin: APIRequestContext;
let adminHeaders: Record<string, string>;
let absentId: number;
let substituteId: number;
const occurrenceIds: number[] = [];

test.beforeAll(async ({ playwright }) => {
  admin = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  adminHeaders = await bearerHeaders(admin, accounts.admin);
  const post = async (path: string, data: Record<string, unknown>) => {
    const response = await admin.post(path, { headers: adminHeaders, data });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { id: number }).id;
  };
  absentId = await post('/api/users', {
    ...absent,
    name: 'Ece',
    surname: absentSurname,
    role: 'editor',
    timezone: ZONE,
  });
  substituteId = await post('/api/users', {
    username: unique('substitute'),
    password: 'time-off-password-2',
    name: substituteName.split(' ')[0],
    surname: substituteName.split(' ')[1],
    role: 'editor',
    timezone: ZONE,
  });
  const locationId = await post('/api/locations', { name: unique('Studio') });
  for (const [title, start] of [
    [morning, '10:00'],
    [afternoon, '15:00'],
  ] as const) {
    const eventId = await post('/api/events', {
      title,
      locationId,
      organiserId: absentId,
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

test('on a 390 px phone, an admin records time off for an editor, sees the affected sessions, and gives them to a substitute in one step', async ({
  adminPage: page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/time-off');
  await expect(page.getByRole('heading', { level: 1, name: 'Time Off' })).toBeVisible();
  await page.getByRole('link', { name: 'New time off' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New time off' })).toBeVisible();
  await field(page, 'User').selectOption({ label: absentName });
  await field(page, 'First day').fill(day);
  await field(page, 'Last day').fill(day);
  await field(page, 'Reason').fill('Ill');
  await page.getByRole('button', { name: 'Show affected sessions' }).click();

  const affected = page.getByRole('region', { name: 'Sessions on these days' });
  await expect(affected.getByText('2 sessions on these days')).toBeVisible();
  await expect(affected.getByTestId('time-off-affected')).toContainText(morning);
  await expect(affected.getByTestId('time-off-affected')).toContainText(afternoon);
  expect(await violations(page)).toEqual([]);
  await affected.getByRole('button', { name: 'Save time off' }).click();
  await expect(page.getByText(`Time off saved for ${absentName}`)).toBeVisible();

  // Its cover plan: a substitute proposed per session, each changed here to the spec's own.
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^Cover plan: ${absentName}`) })).toBeVisible();
  await expect(page).toHaveURL(/\/time-off\/\d+\/cover-plan$/);
  await expect(page.getByTestId('cover-plan-row')).toHaveCount(2);
  for (const title of [morning, afternoon]) {
    const select = page.getByLabel(new RegExp(`^Substitute for ${title}, `));
    const option = select.locator('option', { hasText: substituteName });
    await expect(option).toHaveCount(1);
    await select.selectOption(await option.getAttribute('value'));
  }
  // Checked once the saved toast has gone (axe reads a toast fading in as low contrast).
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  expect(await violations(page)).toEqual([]);
  await page.getByRole('checkbox', { name: 'Tell the guests and both organisers' }).uncheck();
  await page.getByRole('button', { name: 'Give these covers' }).click();
  await expect(page.getByText('2 sessions covered')).toBeVisible();
  await expect(page).toHaveURL(/\/time-off$/);
  await expect(page.getByText(absentName).first()).toBeVisible();

  for (const id of occurrenceIds) {
    const response = await admin.get(`/api/event-occurrences/${id}`, { headers: adminHeaders });
    const session = (await response.json()) as {
      cover: { organiser: { id: number }; originalOrganiser: { id: number } };
    };
    expect(session.cover).toMatchObject({ organiser: { id: substituteId }, originalOrganiser: { id: absentId } });
  }
});

test('on a 390 px phone, an editor sets their own working hours on My Profile and reads their own time off', async ({
  page,
}) => {
  // Their own time off, on a day without sessions, recorded for them.
  const reason = unique('Course');
  const recorded = await admin.post('/api/time-off', {
    headers: adminHeaders,
    data: { userId: absentId, from: dayIn(ZONE, 20), to: dayIn(ZONE, 21), reason },
  });
  expect(recorded.status(), await recorded.text()).toBe(201);

  await page.setViewportSize({ width: 390, height: 844 });
  const login = await page.request.post('/api/auth/login', { data: absent });
  expect(login.status()).toBe(200);
  await page.goto(`/users/${absentId}/my-profile`);
  const panel = page.getByRole('region', { name: 'Working hours' });
  const monday = panel.getByRole('group', { name: 'Monday' });
  await monday.getByRole('button', { name: 'Add hours on Monday' }).click();
  await expect(monday.getByLabel('Monday from')).toHaveValue('09:00');
  await monday.getByLabel('Monday from').fill('18:00');
  await expect(monday.getByText('Each interval’s from must be before its to')).toBeVisible();
  await monday.getByLabel('Monday from').fill('10:00');
  await expect(monday.getByText('Each interval’s from must be before its to')).toHaveCount(0);
  await panel.getByRole('button', { name: 'Save working hours' }).click();
  await expect(page.getByText('Working hours saved')).toBeVisible();
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  expect(await violations(page)).toEqual([]);

  const headers = await bearerHeaders(admin, absent);
  const hours = await admin.get(`/api/users/${absentId}/availability`, { headers });
  expect(await hours.json()).toEqual({ timezone: ZONE, weekly: [{ day: 'MO', from: '10:00', to: '17:00' }] });

  await page.goto('/time-off');
  await expect(page.getByText(reason)).toBeVisible();
  await expect(page.getByText(absentName).first()).toBeVisible();
});
