import type { Page } from '@playwright/test';
import { E2E_BASE_URL } from './env.js';
import { acceptDialogs, apiHeaders, bearerHeaders, expect, rowWithCell, test, uniqueNames } from './fixtures.js';

const unique = uniqueNames();
const PASSWORD = 'occurrence-password-1';

/** The seeded admin's zone (the users' default). */
const ADMIN_ZONE = 'Europe/Istanbul';

/** A day `days` after today in the admin's zone, as yyyy-MM-dd and as the app shows it (dd/MM/yyyy). */
function dayAhead(days: number): { iso: string; shown: string } {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ADMIN_ZONE }).format(new Date());
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  const iso = day.toISOString().slice(0, 10);
  const [year, month, date] = iso.split('-');
  return { iso, shown: `${date}/${month}/${year}` };
}

/** The day everything here happens on: ahead, so its schedule can still be approved. */
const day = dayAhead(9);

const people = {
  /** The organiser of the choir, in London while the admin is in Istanbul. */
  organiser: { username: unique('occ-leyla'), name: 'Leyla', surname: unique('Aydın'), timezone: 'Europe/London' },
  otherOrganiser: { username: unique('occ-kerem'), name: 'Kerem', surname: unique('Uçar'), timezone: ADMIN_ZONE },
  ali: { username: unique('occ-ali'), name: 'Ali', surname: unique('Demir') },
  zeynep: { username: unique('occ-zeynep'), name: 'Zeynep', surname: unique('Kara') },
  can: { username: unique('occ-can'), name: 'Can', surname: unique('Öz') },
};
const nameOf = (person: { name: string; surname: string }) => `${person.name} ${person.surname}`;

const titles = {
  choir: unique('Choir'),
  band: unique('Band'),
  spareOne: unique('Spare one'),
  spareTwo: unique('Spare two'),
};

/**
 * Through the API as the admin: a location, two editors, three guests, and single events on the
 * day: the choir (organised by the London editor, with Ali and Zeynep) at 18:00 London time, the
 * band (the other editor, with Can) and two spare ones to delete; and Ali's notes for the choir.
 */
test.beforeAll(async ({ playwright }) => {
  const api = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  const headers = await bearerHeaders(api);
  const post = async (path: string, data: Record<string, unknown>) => {
    const response = await api.post(path, { headers, data });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { id: number }).id;
  };

  const locationId = await post('/api/locations', { name: unique('Studio') });
  const ids: Record<keyof typeof people, number> = {
    organiser: await post('/api/users', {
      ...people.organiser,
      role: 'editor',
      password: PASSWORD,
    }),
    otherOrganiser: await post('/api/users', {
      ...people.otherOrganiser,
      role: 'editor',
      password: PASSWORD,
    }),
    ali: await post('/api/users', { timezone: 'Europe/Istanbul', ...people.ali, role: 'guest', password: PASSWORD }),
    zeynep: await post('/api/users', {
      timezone: 'Europe/Istanbul',
      ...people.zeynep,
      role: 'guest',
      password: PASSWORD,
    }),
    can: await post('/api/users', { timezone: 'Europe/Istanbul', ...people.can, role: 'guest', password: PASSWORD }),
  };
  const event = (title: string, organiserId: number, guestIds: number[], start: string) =>
    post('/api/events', {
      title,
      locationId,
      organiserId,
      guestIds,
      repeat: { doesNotRepeat: true, start: `${day.iso}T${start}` },
      endTime: `${String(Number(start.slice(0, 2)) + 1).padStart(2, '0')}:00`,
    });
  const choirId = await event(titles.choir, ids.organiser, [ids.ali, ids.zeynep], '18:00');
  await event(titles.band, ids.otherOrganiser, [ids.can], '18:00');
  await event(titles.spareOne, ids.otherOrganiser, [ids.can], '09:00');
  await event(titles.spareTwo, ids.otherOrganiser, [ids.can], '10:00');

  // Ali's session notes for the choir are in already: the Notes column and the Fill item's mark show it.
  const occurrences = await api.get(`/api/event-occurrences?eventId=${choirId}`, { headers });
  const [choir] = ((await occurrences.json()) as { eventOccurrences: { id: number }[] }).eventOccurrences;
  const submitted = await api.post('/api/forms/1/submit', {
    headers,
    data: {
      eventOccurrenceId: choir!.id,
      guestId: ids.ali,
      data: { first_name: 'Ali', last_name: 'Demir', attendance: 'late', Aciklama: 'Joined after the warm-up' },
    },
  });
  expect(submitted.ok(), await submitted.text()).toBe(true);
  await api.dispose();
});

/** The table's body rows. */
const bodyRows = (page: Page) => page.getByTestId('list-table').locator('tbody tr');

async function signInAsUser(page: Page, username: string) {
  const response = await page.request.post('/api/auth/login', { data: { username, password: PASSWORD } });
  expect(response.status()).toBe(200);
}

const upcoming = (query = '') => `/upcoming-events?date=${day.iso}${query}`;

test.describe('Upcoming Events', () => {
  test('shows the chosen day’s occurrences with the time in the organiser’s zone, and searches', async ({
    adminPage: page,
  }) => {
    await page.goto('/');
    await page.getByTestId('sidebar-nav').getByRole('link', { name: 'Upcoming Events', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Upcoming Events' })).toBeVisible();
    await page.getByLabel('Day', { exact: true }).fill(day.iso);
    await expect(page).toHaveURL(new RegExp(`date=${day.iso}`));

    const choir = rowWithCell(page, titles.choir);
    await expect(choir).toBeVisible();
    // 18:00 in London is 20:00 for the admin in Istanbul: the organiser's time is what is shown.
    await expect(choir.getByRole('cell', { name: `${day.shown} 18:00`, exact: true })).toBeVisible();
    await expect(choir.getByRole('cell', { name: nameOf(people.organiser), exact: true })).toBeVisible();
    await expect(
      choir.getByRole('cell', { name: `${nameOf(people.ali)}, ${nameOf(people.zeynep)}`, exact: true }),
    ).toBeVisible();
    await expect(
      choir.getByRole('cell', { name: `${nameOf(people.ali)}: Joined after the warm-up`, exact: true }),
    ).toBeVisible();
    await expect(choir.getByRole('cell', { name: 'Scheduled', exact: true })).toBeVisible();
    await expect(rowWithCell(page, titles.band)).toBeVisible();

    await page.getByTestId('list-search').fill(titles.choir);
    await expect(page).toHaveURL(/q=Choir/);
    await expect(rowWithCell(page, titles.band)).toHaveCount(0);
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(rowWithCell(page, titles.choir)).toBeVisible();

    // Another day has none of them; the day is kept in the URL with the search.
    await page.getByRole('button', { name: 'Next day' }).click();
    await expect(page).toHaveURL(new RegExp(`date=${dayAhead(10).iso}`));
    await expect(page.getByText('No occurrences on this day')).toBeVisible();
  });

  test('approves the day’s schedule after the confirmation, and unapproves it', async ({ adminPage: page }) => {
    const headers = await apiHeaders(page);
    const scheduled = await page.request.get(
      `/api/event-occurrences?date=${day.iso}&timezone=${ADMIN_ZONE}&status=scheduled&limit=1`,
      { headers },
    );
    const count = ((await scheduled.json()) as { totalCount: number }).totalCount;
    expect(count).toBeGreaterThanOrEqual(4);

    await page.goto(upcoming());
    await expect(rowWithCell(page, titles.choir)).toBeVisible();
    const dialogs = acceptDialogs(page);
    await page.getByRole('button', { name: 'Approve Schedule', exact: true }).click();
    await expect(page.getByText(`${count} occurrences approved`)).toBeVisible();
    await expect(rowWithCell(page, titles.choir).getByRole('cell', { name: 'Approved', exact: true })).toBeVisible();
    await expect(rowWithCell(page, titles.band).getByRole('cell', { name: 'Approved', exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Unapprove Schedule', exact: true }).click();
    await expect(page.getByText(`${count} occurrences set back to scheduled`)).toBeVisible();
    await expect(rowWithCell(page, titles.choir).getByRole('cell', { name: 'Scheduled', exact: true })).toBeVisible();
    expect(dialogs).toEqual([
      `Approve the schedule of ${day.shown}? Its scheduled occurrences become approved.`,
      `Unapprove the schedule of ${day.shown}? Its approved occurrences become scheduled again.`,
    ]);
  });

  test('edits one occurrence’s guests', async ({ adminPage: page }) => {
    await page.goto(upcoming(`&q=${encodeURIComponent(titles.choir)}`));
    await rowWithCell(page, titles.choir).getByTestId('row-menu-button').click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Event Occurrence' })).toBeVisible();
    await expect(page.getByTestId('occurrence-event')).toContainText(titles.choir);
    await expect(page.getByTestId('occurrence-event')).toContainText(nameOf(people.organiser));
    await expect(page.getByLabel('Start Date', { exact: true })).toHaveValue(`${day.iso}T18:00`);
    await expect(page.getByText('In Europe/London, the organiser’s time zone.')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: nameOf(people.ali) })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: nameOf(people.can) })).not.toBeChecked();
    await page.getByRole('checkbox', { name: nameOf(people.zeynep) }).uncheck();
    await page.getByRole('button', { name: 'Update Event Occurrence' }).click();
    await expect(page.getByText('Event occurrence updated successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/upcoming-events$/);

    await page.goto(upcoming(`&q=${encodeURIComponent(titles.choir)}`));
    await expect(
      rowWithCell(page, titles.choir).getByRole('cell', { name: nameOf(people.ali), exact: true }),
    ).toBeVisible();
  });

  test('deletes an occurrence after the confirmation', async ({ adminPage: page }) => {
    await page.goto(upcoming());
    await expect(rowWithCell(page, titles.spareOne)).toBeVisible();
    const dialogs: string[] = [];
    page.once('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    await rowWithCell(page, titles.spareOne).getByTestId('row-menu-button').click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await expect(page.getByText('Upcoming event deleted successfully')).toBeVisible();
    await expect(rowWithCell(page, titles.spareOne)).toHaveCount(0);
    expect(dialogs).toEqual(['Are you sure you want to delete this item?']);
  });

  test('shows an editor only the occurrences they organise, with Fill but no Edit, Delete or approval', async ({
    page,
  }) => {
    await signInAsUser(page, people.organiser.username);
    await page.goto(upcoming());
    const choir = rowWithCell(page, titles.choir);
    await expect(choir).toBeVisible();
    await expect(rowWithCell(page, titles.band)).toHaveCount(0);
    for (const organiser of await bodyRows(page).locator('td:nth-child(4)').allTextContents()) {
      expect(organiser).toBe(nameOf(people.organiser));
    }
    await choir.getByTestId('row-menu-button').click();
    // Ali's notes are in: the item says so with its '+'.
    const fillAli = page.getByRole('menuitem', { name: `Fill Session notes for ${nameOf(people.ali)} +`, exact: true });
    await expect(fillAli).toHaveAttribute('href', /^\/forms\/1\/form-submission\/\d+\?guestId=\d+&guestName=Ali\+/);
    await expect(page.getByRole('menuitem', { name: 'Edit' })).toHaveCount(0);
    await expect(page.getByRole('menuitem', { name: 'Delete' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Approve Schedule', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Unapprove Schedule', exact: true })).toHaveCount(0);
  });

  test('shows a guest only the occurrences they are a guest of, without a menu', async ({ page }) => {
    await signInAsUser(page, people.can.username);
    await page.goto(upcoming());
    await expect(rowWithCell(page, titles.band)).toBeVisible();
    await expect(rowWithCell(page, titles.choir)).toHaveCount(0);
    for (const guests of await bodyRows(page).locator('td:nth-child(5)').allTextContents()) {
      expect(guests).toContain(nameOf(people.can));
    }
    await expect(page.getByTestId('row-menu-button')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Approve Schedule', exact: true })).toHaveCount(0);
  });

  test('fits a narrow window: each session is a card of its own, the controls stay on screen', async ({
    adminPage: page,
  }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(upcoming());
    await expect(rowWithCell(page, titles.choir)).toBeVisible();
    const [scrollWidth, clientWidth] = await page.evaluate<[number, number]>(
      '[document.documentElement.scrollWidth, document.documentElement.clientWidth]',
    );
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    for (const control of [
      page.getByRole('button', { name: 'Next day' }),
      page.getByRole('button', { name: 'Today' }),
      page.getByTestId('list-search'),
      page.getByRole('button', { name: 'Approve Schedule', exact: true }),
    ]) {
      await control.scrollIntoViewIfNeeded();
      const box = await control.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    }
  });
});

test.describe('Event Occurrences and Monthly Report', () => {
  test('Event Occurrences lists the day without notes and deletes with its own toast', async ({ adminPage: page }) => {
    await page.goto('/');
    await page.getByTestId('sidebar-nav').getByRole('link', { name: 'Event Occurrences', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Event Occurrences' })).toBeVisible();
    await page.getByLabel('Day', { exact: true }).fill(day.iso);
    await expect(rowWithCell(page, titles.choir)).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Notes' })).toHaveCount(0);

    page.once('dialog', (dialog) => void dialog.accept());
    await rowWithCell(page, titles.spareTwo).getByTestId('row-menu-button').click();
    await expect(page.getByRole('menuitem')).toHaveText(['Cancel session', 'Delete']);
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await expect(page.getByText('Event occurrence deleted successfully')).toBeVisible();
    await expect(rowWithCell(page, titles.spareTwo)).toHaveCount(0);
  });

  test('Monthly Report lists the month of the chosen day and names it', async ({ adminPage: page }) => {
    await page.goto('/');
    await page.getByTestId('sidebar-nav').getByRole('link', { name: 'Monthly Report', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Monthly Report' })).toBeVisible();
    await page.getByLabel('Day', { exact: true }).fill(day.iso);
    const month = new Date(`${day.iso}T12:00:00Z`).toLocaleString('en-GB', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    await expect(page.getByRole('heading', { level: 2, name: month })).toBeVisible();
    await page.getByTestId('list-search').fill(unique.tag);
    await expect(rowWithCell(page, titles.choir)).toBeVisible();
    await expect(rowWithCell(page, titles.band)).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Notes' })).toBeVisible();
  });

  test('are admin sections: an editor sees Access denied and no links to them', async ({ editorPage: page }) => {
    await page.goto('/monthly-event-occurrences');
    await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
    const nav = page.getByTestId('sidebar-nav');
    await expect(nav.getByRole('link', { name: 'Event Occurrences', exact: true })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Monthly Report', exact: true })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Upcoming Events', exact: true })).toBeVisible();
  });
});
