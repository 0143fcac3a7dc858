import { AxeBuilder } from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { dayIn } from './clock.js';
import { accounts, E2E_BASE_URL } from './env.js';
import { bearerHeaders, expect, openRowMenu, row, test, uniqueNames } from './fixtures.js';

/**
 * Find cover (docs/domain.md#cover) in the browser: an admin gives the spec's own session, three
 * days ahead, to the spec's substitute from Upcoming Events' row menu on a 390 px phone, the row
 * reads "Covered by …", the substitute may now mark its attendance and its organiser may not, and
 * the admin gives it back. Scoped to the spec's people: other specs' sessions are never touched.
 */
const unique = uniqueNames();
const ZONE = 'Europe/Istanbul';
const day = dayIn(ZONE, 3);
const title = unique('Cello');
const originalName = `Ece ${unique('Kurt')}`;
const substituteName = `Sarp ${unique('Ay')}`;
const original = { username: unique('cover-original'), password: 'find-cover-password-1' };
const substitute = { username: unique('cover-substitute'), password: 'find-cover-password-2' };

let admin: APIRequestContext;
let adminHeaders: Record<string, string>;
let occurrenceId: number;
let guestId: number;

test.beforeAll(async ({ playwright }) => {
  admin = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  adminHeaders = await bearerHeaders(admin, accounts.admin);
  const post = async (path: string, data: Record<string, unknown>) => {
    const response = await admin.post(path, { headers: adminHeaders, data });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { id: number }).id;
  };
  const person = (account: { username: string; password: string }, fullName: string) =>
    post('/api/users', {
      ...account,
      name: fullName.split(' ')[0],
      surname: fullName.split(' ')[1],
      role: 'editor',
      timezone: ZONE,
    });
  // An office's worth of other free editors: the list makes the dialog taller than a phone.
  for (let n = 0; n < 15; n++) {
    await person(
      { username: unique(`cover-other-${n}`), password: 'find-cover-password-0' },
      `Other ${unique(`E${n}`)}`,
    );
  }
  const originalId = await person(original, originalName);
  await person(substitute, substituteName);
  guestId = await post('/api/users', {
    username: unique('cover-guest'),
    password: 'find-cover-password-3',
    name: 'Nil',
    surname: unique('Er'),
    role: 'guest',
    timezone: ZONE,
  });
  const locationId = await post('/api/locations', { name: unique('Room') });
  const eventId = await post('/api/events', {
    title,
    locationId,
    organiserId: originalId,
    guestIds: [guestId],
    repeat: { doesNotRepeat: true, start: `${day}T10:00` },
    endTime: '10:45',
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

/** PUT the guest's mark as `account`: the status code. */
async function mark(account: { username: string; password: string }) {
  const response = await admin.put(`/api/event-occurrences/${occurrenceId}/attendance`, {
    headers: await bearerHeaders(admin, account),
    data: { entries: [{ guestId, status: 'excused' }] },
  });
  return response.status();
}

test('on a 390 px phone, an admin gives a session to a ranked substitute from Upcoming Events, who may then mark it, and gives it back', async ({
  adminPage: page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/upcoming-events?date=${day}`);
  const session = row(page, title);
  await openRowMenu(session);
  await page.getByRole('menuitem', { name: 'Find cover' }).click();

  const dialog = page.getByTestId('find-cover-dialog');
  await expect(dialog.getByRole('heading', { name: `Find cover for ${title}` })).toBeVisible();
  const candidate = dialog.getByTestId('cover-candidate').filter({ hasText: substituteName });
  await expect(candidate).toContainText('knows none of the guests · no cover this month');
  await expect(dialog.getByTestId('cover-candidate').filter({ hasText: originalName })).toHaveCount(0);
  expect(await violations(page)).toEqual([]);
  await dialog.getByRole('checkbox', { name: /Tell the guests and both organisers/ }).uncheck();
  await candidate.getByRole('button', { name: `Assign ${substituteName}` }).click();
  await expect(page.getByText(`${title} is covered by ${substituteName}`)).toBeVisible();
  await expect(session.getByTestId('cover-line')).toHaveText(`Covered by ${substituteName} (for ${originalName})`);

  // Marking follows the cover: the substitute may, the original organiser no longer sees it.
  expect(await mark(substitute)).toBe(200);
  expect([403, 404]).toContain(await mark(original));

  await openRowMenu(session);
  await page.getByRole('menuitem', { name: 'Give back' }).click();
  await dialog.getByRole('checkbox', { name: /Tell the guests and both organisers/ }).uncheck();
  await dialog.getByRole('button', { name: 'Give back' }).click();
  await expect(page.getByText(`${title} is given back to ${originalName}`)).toBeVisible();
  await expect(session.getByTestId('cover-line')).toHaveCount(0);
  expect(await mark(original)).toBe(200);
});
