import { AxeBuilder } from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Download, Page } from '@playwright/test';
import { dayIn } from './clock.js';
import { accounts, E2E_BASE_URL } from './env.js';
import { bearerHeaders, expect, openRowMenu, rowWithCell, signInAs, test, uniqueNames } from './fixtures.js';

/**
 * Attendance (issue 23) in the browser: marking a session's guests on a phone from Upcoming
 * Events' row menu and with the keyboard alone, at the top of Fill Form and from the calendar's
 * details before the session starts; the sessions still to complete on an organiser's Home; and
 * the Attendance screen (range, grouping, a filter, sorting, the chart, Export CSV, a guest's
 * history), in English and Turkish, with axe on the marking dialog.
 */
const unique = uniqueNames();
const PASSWORD = 'attendance-password-1';
const ZONE = 'Europe/Istanbul';
const yesterday = dayIn(ZONE, -1);
const tomorrow = dayIn(ZONE, 1);

const people = {
  /** Organises yesterday's three sessions and tomorrow's. */
  organiser: { username: unique('att-selin'), name: 'Selin', surname: unique('Kaya') },
  /** Organises the summary's two marked sessions, 8 and 35 days ago. */
  other: { username: unique('att-oya'), name: 'Oya', surname: unique('Tan') },
  ali: { username: unique('att-ali'), name: 'Ali', surname: unique('Demir') },
  zeynep: { username: unique('att-zeynep'), name: 'Zeynep', surname: unique('Kara') },
  can: { username: unique('att-can'), name: 'Can', surname: unique('Ersoy') },
};
const nameOf = (person: { name: string; surname: string }) => `${person.name} ${person.surname}`;
const [ali, zeynep] = [nameOf(people.ali), nameOf(people.zeynep)];

const titles = {
  phone: unique('Choir'),
  keyboard: unique('Quartet'),
  fill: unique('Piano'),
  ahead: unique('Walk'),
  recent: unique('Drama'),
  older: unique('Poetry'),
};

const ids: Record<string, number> = {};
let admin: APIRequestContext;
let adminHeaders: Record<string, string>;

/** The session's marks by guest id, as the API has them. */
async function marksOf(occurrenceId: number): Promise<Record<number, { status: string; note: string | null }>> {
  const response = await admin.get(`/api/event-occurrences/${occurrenceId}`, { headers: adminHeaders });
  expect(response.status()).toBe(200);
  const { attendance } = (await response.json()) as {
    attendance: { guestId: number; status: string; note: string | null }[];
  };
  return Object.fromEntries(attendance.map(({ guestId, status, note }) => [guestId, { status, note }]));
}

/**
 * Through the API as the admin: the people, yesterday's three sessions (10:00, 12:00, 14:00) and
 * tomorrow's of Selin, and Oya's two sessions 8 and 35 days ago, already marked.
 */
test.beforeAll(async ({ playwright }) => {
  admin = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  adminHeaders = await bearerHeaders(admin, accounts.admin);
  const post = async (path: string, data: Record<string, unknown>) => {
    const response = await admin.post(path, { headers: adminHeaders, data });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { id: number }).id;
  };
  for (const [key, person] of Object.entries(people)) {
    const role = key === 'organiser' || key === 'other' ? 'editor' : 'guest';
    ids[key] = await post('/api/users', { timezone: ZONE, ...person, role, password: PASSWORD });
  }
  const locationId = await post('/api/locations', { name: unique('Hall') });
  const session = async (title: string, organiser: number, guests: number[], start: string) => {
    const eventId = await post('/api/events', {
      title,
      locationId,
      organiserId: organiser,
      guestIds: guests,
      repeat: { doesNotRepeat: true, start },
      endTime: `${String(Number(start.slice(11, 13)) + 1).padStart(2, '0')}:00`,
    });
    const response = await admin.get(`/api/event-occurrences?eventId=${eventId}`, { headers: adminHeaders });
    return ((await response.json()) as { eventOccurrences: { id: number }[] }).eventOccurrences[0]!.id;
  };
  const { organiser, other } = ids as Record<'organiser' | 'other', number>;
  const guests = [ids.ali!, ids.zeynep!, ids.can!];
  ids.phone = await session(titles.phone, organiser, guests, `${yesterday}T10:00`);
  ids.keyboard = await session(titles.keyboard, organiser, guests.slice(0, 2), `${yesterday}T12:00`);
  ids.fill = await session(titles.fill, organiser, guests.slice(0, 2), `${yesterday}T14:00`);
  ids.ahead = await session(titles.ahead, organiser, guests.slice(0, 2), `${tomorrow}T10:00`);
  ids.recent = await session(titles.recent, other, guests.slice(0, 2), `${dayIn(ZONE, -8)}T10:00`);
  ids.older = await session(titles.older, other, guests.slice(0, 2), `${dayIn(ZONE, -35)}T10:00`);
  const mark = async (occurrence: number, entries: { guestId: number; status: string }[]) => {
    const response = await admin.put(`/api/event-occurrences/${occurrence}/attendance`, {
      headers: adminHeaders,
      data: { entries },
    });
    expect(response.status(), await response.text()).toBe(200);
  };
  // Ali: present and late (100%); Zeynep: absent and present (50%).
  await mark(ids.recent, [
    { guestId: ids.ali!, status: 'present' },
    { guestId: ids.zeynep!, status: 'absent' },
  ]);
  await mark(ids.older, [
    { guestId: ids.ali!, status: 'late' },
    { guestId: ids.zeynep!, status: 'present' },
  ]);
});

test.afterAll(async () => {
  await admin.dispose();
});

/** Signs the page in as Selin, the organiser. */
async function signInAsOrganiser(page: Page) {
  const response = await page.request.post('/api/auth/login', {
    data: { username: people.organiser.username, password: PASSWORD },
  });
  expect(response.status()).toBe(200);
}

/** The serious and critical axe violations (WCAG 2.1 A and AA) on the page as it is now. */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
}

/** Whether the page scrolls sideways (it must not, on a phone). */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => {
    const root = (
      globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }
    ).document.documentElement;
    return root.scrollWidth > root.clientWidth;
  });

test.describe('Home', () => {
  test('shows an organiser on a phone the sessions still to complete, each a way to complete it', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAsOrganiser(page);
    await page.goto('/');
    const panel = page.getByTestId('home-to-fill');
    await expect(panel.getByTestId('home-to-fill-count')).toHaveText('3 sessions to complete');
    // A phone: the guests' names wrap, the page does not scroll sideways.
    expect(await scrollsSideways(page)).toBe(false);
    const rows = panel.getByTestId('home-to-fill-row');
    // Newest first: the 14:00, 12:00 and 10:00 sessions of yesterday; tomorrow's has not started.
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText(titles.fill);
    await expect(rows.nth(2)).toContainText('3 guests not marked');

    await rows.nth(1).getByRole('button', { name: 'Take attendance' }).click();
    const dialog = page.getByTestId('attendance-dialog');
    await expect(dialog.getByRole('heading', { name: `Attendance: ${titles.keyboard}` })).toBeVisible();
    await expect(dialog.getByRole('group', { name: ali })).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);

    await rows
      .nth(0)
      .getByRole('link', { name: `Fill Session notes for ${ali}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/forms/1/form-submission/${ids.fill}\\?guestId=${ids.ali}`));
  });
});

test.describe('Take attendance', () => {
  test('on a 390 px phone from Upcoming Events: everyone present, one absent with a note; a reload shows the marks', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, 'admin');
    await page.goto(`/upcoming-events?date=${yesterday}`);
    await openRowMenu(rowWithCell(page, titles.phone));
    await page.getByRole('menuitem', { name: 'Take attendance' }).click();
    const dialog = page.getByTestId('attendance-dialog');
    await expect(dialog.getByRole('heading', { name: `Attendance: ${titles.phone}` })).toBeVisible();
    expect(await violations(page)).toEqual([]);
    expect(await scrollsSideways(page)).toBe(false);

    // Large tap targets: every choice is at least 44 px high and fits the screen.
    const choice = await dialog.getByRole('group', { name: ali }).getByText('Present', { exact: true }).boundingBox();
    expect(choice!.height).toBeGreaterThanOrEqual(44);

    await dialog.getByRole('button', { name: 'Everyone present' }).click();
    const zeynepMarks = dialog.getByRole('group', { name: zeynep });
    await zeynepMarks.getByText('Absent', { exact: true }).click();
    await dialog.getByRole('button', { name: `Add a note: ${zeynep}` }).click();
    await dialog.getByLabel(`Note about ${zeynep} (optional)`).fill('Ill, her mother called');
    await expect(dialog.getByText('3 changes to save.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Save attendance' }).click();
    await expect(page.getByText('Attendance saved')).toBeVisible();
    await expect(dialog).toHaveCount(0);

    expect(await marksOf(ids.phone!)).toEqual({
      [ids.ali!]: { status: 'present', note: null },
      [ids.zeynep!]: { status: 'absent', note: 'Ill, her mother called' },
      [ids.can!]: { status: 'present', note: null },
    });

    await page.reload();
    // The guests in name order: Ali, Can, Zeynep.
    const guestsCell = rowWithCell(page, titles.phone);
    await expect(guestsCell.getByTestId('attendance-badge')).toHaveText(['Present', 'Present', 'Absent']);
    await openRowMenu(rowWithCell(page, titles.phone));
    await page.getByRole('menuitem', { name: 'Take attendance' }).click();
    await expect(dialog.getByRole('group', { name: zeynep }).getByRole('radio', { name: 'Absent' })).toBeChecked();
    await expect(dialog.getByLabel(`Note about ${zeynep} (optional)`)).toHaveValue('Ill, her mother called');
    await expect(dialog.getByText(`Marked by`).first()).toBeVisible();
  });

  test('with the keyboard alone', async ({ page }) => {
    await signInAs(page, 'admin');
    await page.goto(`/upcoming-events?date=${yesterday}`);
    const menuButton = rowWithCell(page, titles.keyboard).getByTestId('row-menu-button');
    await menuButton.focus();
    await page.keyboard.press('Enter');
    // The menu has the focus and points at its first item, Take attendance.
    const menu = page.getByRole('menu');
    await expect(menu).toBeFocused();
    await expect(menu).toHaveAttribute(
      'aria-activedescendant',
      (await menu.getByRole('menuitem', { name: 'Take attendance' }).getAttribute('id'))!,
    );
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('attendance-dialog');
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    await expect(dialog.getByTestId('attendance-marking')).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Everyone present' })).toBeFocused();
    await page.keyboard.press('Enter');

    // A guest's marks are one stop: the arrow keys move the choice.
    await page.keyboard.press('Tab');
    const aliMarks = dialog.getByRole('group', { name: ali });
    await expect(aliMarks.getByRole('radio', { name: 'Present' })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(aliMarks.getByRole('radio', { name: 'Late', exact: true })).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: `Add a note: ${ali}` })).toBeFocused();
    await page.keyboard.press('Tab');
    const zeynepMarks = dialog.getByRole('group', { name: zeynep });
    await expect(zeynepMarks.getByRole('radio', { name: 'Present' })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(zeynepMarks.getByRole('radio', { name: 'Absent' })).toBeChecked();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(dialog.getByLabel(`Note about ${zeynep} (optional)`)).toBeFocused();
    await page.keyboard.type('Missed the bus');
    await page.keyboard.press('Enter');

    await expect(page.getByText('Attendance saved')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(menuButton).toBeFocused();
    expect(await marksOf(ids.keyboard!)).toEqual({
      [ids.ali!]: { status: 'late', note: null },
      [ids.zeynep!]: { status: 'absent', note: 'Missed the bus' },
    });
  });

  test('at the top of Fill Form, for the guest the form is about', async ({ page }) => {
    await signInAsOrganiser(page);
    await page.goto(
      `/forms/1/form-submission/${ids.fill}?guestId=${ids.zeynep}&guestName=${encodeURIComponent(zeynep)}`,
    );
    const card = page.getByTestId('fill-attendance');
    await expect(card.getByRole('heading', { name: 'Attendance' })).toBeVisible();
    await expect(card.getByRole('group')).toHaveCount(1);
    await card.getByRole('group', { name: zeynep }).getByText('Cancelled late', { exact: true }).click();
    await card.getByRole('button', { name: 'Save attendance' }).click();
    await expect(page.getByText('Attendance saved')).toBeVisible();
    // The form is still there to fill below.
    await expect(page.getByTestId('fill-form')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('fill-attendance').getByRole('radio', { name: 'Cancelled late' })).toBeChecked();
    expect((await marksOf(ids.fill!))[ids.zeynep!]).toEqual({ status: 'lateCancelled', note: null });
  });

  test('from the calendar’s details before the session starts: only Cancelled and Excused, and why', async ({
    page,
  }) => {
    await signInAsOrganiser(page);
    await page.goto(`/calendar?view=day&date=${tomorrow}`);
    await page
      .getByTestId('calendar')
      .getByRole('button', { name: new RegExp(titles.ahead) })
      .click();
    const details = page.getByTestId('calendar-details');
    await details.getByRole('button', { name: 'Take attendance' }).click();
    await expect(details.getByTestId('attendance-ahead')).toHaveText(
      'The session has not started yet: only Cancelled and Excused can be marked ahead.',
    );
    const aliMarks = details.getByRole('group', { name: ali });
    for (const status of ['Present', 'Late', 'Absent', 'Cancelled late'])
      await expect(aliMarks.getByRole('radio', { name: status, exact: true })).toBeDisabled();
    await expect(details.getByRole('button', { name: 'Everyone present' })).toBeDisabled();
    await aliMarks.getByText('Excused', { exact: true }).click();
    await details.getByRole('button', { name: 'Save attendance' }).click();
    // Back on the details, the guest's mark beside their name.
    await expect(details.getByTestId('calendar-details-list').getByTestId('attendance-badge')).toHaveText(['Excused']);
  });
});

test.describe('the Attendance screen', () => {
  /** Sets the range and narrows to Oya's sessions, so only this spec's marks count. */
  async function openOyas(page: Page) {
    await page.goto('/attendance');
    await expect(page.getByRole('heading', { level: 1, name: 'Attendance' })).toBeVisible();
    await page.getByLabel('From').fill(dayIn(ZONE, -40));
    await page.getByLabel('To', { exact: true }).fill(dayIn(ZONE, 0));
    await page.getByLabel('Organiser').selectOption({ label: nameOf(people.other) });
    await expect(page).toHaveURL(new RegExp(`organiserId=${ids.other}`));
  }

  const names = (page: Page) => page.getByTestId('list-table').locator('tbody tr td:first-child');

  test('groups, filters and sorts the range, draws the chart, and exports the same as CSV', async ({ page }) => {
    await signInAs(page, 'admin');
    await openOyas(page);
    await expect(names(page)).toHaveText([ali, zeynep]);
    const table = page.getByTestId('list-table');
    await expect(table.getByRole('row').filter({ hasText: ali })).toContainText('100%');
    await expect(table.getByRole('row').filter({ hasText: zeynep })).toContainText('50%');
    await expect(page.getByTestId('attendance-totals')).toContainText('75%');

    // The rate: highest first, then lowest first.
    await table.getByRole('button', { name: 'Rate' }).click();
    await expect(table.getByRole('columnheader', { name: 'Rate' })).toHaveAttribute('aria-sort', 'descending');
    await expect(names(page)).toHaveText([ali, zeynep]);
    await table.getByRole('button', { name: 'Rate' }).click();
    await expect(names(page)).toHaveText([zeynep, ali]);

    // The chart of the months is drawn (its own chunk).
    await expect(
      page.getByTestId('attendance-chart').getByRole('application', { name: 'The marks of each month and the rate' }),
    ).toBeVisible();
    expect(await violations(page)).toEqual([]);

    await page.getByLabel('Group by').selectOption({ label: 'By event' });
    await expect(names(page)).toHaveText([titles.older, titles.recent].sort());

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download: Download = await downloading;
    expect(download.suggestedFilename()).toBe(`ritim-attendance-event-${dayIn(ZONE, -40)}-${dayIn(ZONE, 0)}.csv`);
    const [header, ...lines] = (await readFile(await download.path(), 'utf8'))
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(header).toBe('key,sessions,present,late,absent,excused,cancelled,lateCancelled,unmarked,rate');
    expect(lines.at(-1)).toBe('Total,4,2,1,1,0,0,0,0,0.75');
  });

  test('opens a guest’s history, by month', async ({ page }) => {
    await signInAs(page, 'admin');
    await openOyas(page);
    await page.getByRole('link', { name: `Open the history of ${zeynep}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `History of ${zeynep}` })).toBeVisible();
    await expect(page.getByTestId('list-table').getByRole('columnheader', { name: 'Month' })).toBeVisible();
    await expect(page.getByTestId('attendance-totals')).toContainText('50%');
    await page.getByRole('link', { name: 'Back to every guest' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Attendance' })).toBeVisible();
  });

  test('in Turkish', async ({ page }) => {
    await page.addInitScript(`localStorage.setItem('ritim.language', 'tr')`);
    await signInAs(page, 'admin');
    await page.goto(`/attendance?from=${dayIn(ZONE, -40)}&to=${dayIn(ZONE, 0)}&organiserId=${ids.other}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Yoklama' })).toBeVisible();
    await expect(page.getByLabel('Gruplama')).toHaveValue('guest');
    await expect(page.getByTestId('list-table').getByRole('row').filter({ hasText: zeynep })).toContainText('%50');
    await expect(page.getByTestId('attendance-totals')).toContainText('Geldi');
    expect(await violations(page)).toEqual([]);
  });

  test('is an editor’s too, and not a guest’s', async ({ page }) => {
    await signInAsOrganiser(page);
    await page.goto('/attendance');
    await expect(page.getByRole('heading', { level: 1, name: 'Attendance' })).toBeVisible();
    await expect(page.getByLabel('Organiser')).toHaveCount(0);
    await page.context().clearCookies();
    await signInAs(page, 'guest');
    await page.goto('/attendance');
    await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  });
});
