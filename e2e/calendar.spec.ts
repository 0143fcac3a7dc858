import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { dayIn, shownDay, wallClock } from './clock.js';
import { acceptDialogs, adminApiClient, apiHeaders, expect, test, uniqueNames } from './fixtures.js';

/**
 * The Calendar screen (issue 14) through the real browser: the views and the URL, the viewer's
 * zone, the details, moving a session by dragging it, the admin's filters, each role's scope, the
 * narrow screen's list and the keyboard; and FullCalendar staying out of the first download.
 */

const unique = uniqueNames();
const PASSWORD = 'calendar-password-1';
/** The seeded admin's zone (the users' default). */
const ADMIN_ZONE = 'Europe/Istanbul';

/** The day the sessions are on (ahead, so nothing about it is in the past), and the next. */
const day = dayIn(ADMIN_ZONE, 12);
const nextDay = dayIn(ADMIN_ZONE, 13);
const weekLater = dayIn(ADMIN_ZONE, 19);

const people = {
  /** The choir's organiser, in London while the admin is in Istanbul. */
  leyla: { username: unique('cal-leyla'), name: 'Leyla', surname: unique('Aydın'), timezone: 'Europe/London' },
  kerem: { username: unique('cal-kerem'), name: 'Kerem', surname: unique('Uçar'), timezone: ADMIN_ZONE },
  /** The organiser of the sessions dragged about (so a day of theirs holds only those). */
  deniz: { username: unique('cal-deniz'), name: 'Deniz', surname: unique('Ak'), timezone: ADMIN_ZONE },
  ali: { username: unique('cal-ali'), name: 'Ali', surname: unique('Demir'), timezone: ADMIN_ZONE },
  zeynep: { username: unique('cal-zeynep'), name: 'Zeynep', surname: unique('Kara'), timezone: ADMIN_ZONE },
};
const nameOf = (person: { name: string; surname: string }) => `${person.name} ${person.surname}`;

const titles = {
  choir: unique('Choir'),
  band: unique('Band'),
  spare: unique('Spare'),
  drama: unique('Drama'),
  daily: unique('Daily'),
  finished: unique('Finished'),
};
const places = { hall: unique('Hall'), room: unique('Room') };
const conferenceLink = `https://meet.example.test/${unique.tag}`;

const ids = {} as Record<'leyla' | 'kerem' | 'deniz' | 'ali' | 'zeynep' | 'hall' | 'room', number>;
const occurrences = {} as Record<keyof typeof titles, { id: number; occurrenceDate: string; endDate: string }>;

/**
 * Through the API as the admin: two places, two editors, two guests and, on the day: the choir
 * (Leyla, the hall, Ali and Zeynep, 18:00 London time, a conference link), the band (Kerem, the
 * room, Zeynep) and a spare session to delete (Kerem's); Deniz's drama to drag, daily session on
 * the day and the next (a move onto the next is refused) and finished session, reported, so completed.
 */
test.beforeAll(async ({ playwright }) => {
  const api = await adminApiClient(playwright);
  ids.hall = (await api.post('/api/locations', { name: places.hall })).id;
  ids.room = (await api.post('/api/locations', { name: places.room })).id;
  ids.leyla = (await api.post('/api/users', { ...people.leyla, role: 'editor', password: PASSWORD })).id;
  ids.kerem = (await api.post('/api/users', { ...people.kerem, role: 'editor', password: PASSWORD })).id;
  ids.deniz = (await api.post('/api/users', { ...people.deniz, role: 'editor', password: PASSWORD })).id;
  ids.ali = (await api.post('/api/users', { ...people.ali, role: 'guest', password: PASSWORD })).id;
  ids.zeynep = (await api.post('/api/users', { ...people.zeynep, role: 'guest', password: PASSWORD })).id;

  const event = async (
    key: keyof typeof titles,
    fields: { organiserId: number; locationId: number; guestIds: number[]; start: string; end: string },
    extra: Record<string, unknown> = {},
  ) => {
    const { id } = await api.post('/api/events', {
      title: titles[key],
      locationId: fields.locationId,
      organiserId: fields.organiserId,
      guestIds: fields.guestIds,
      repeat: { doesNotRepeat: true, start: `${day}T${fields.start}` },
      endTime: fields.end,
      ...extra,
    });
    const found = await api.get<{ eventOccurrences: (typeof occurrences)[keyof typeof titles][] }>(
      `/api/event-occurrences?eventId=${id}`,
    );
    occurrences[key] = found.eventOccurrences[0]!;
  };
  await event(
    'choir',
    { organiserId: ids.leyla, locationId: ids.hall, guestIds: [ids.ali, ids.zeynep], start: '18:00', end: '19:00' },
    { conferenceLink },
  );
  await event('band', {
    organiserId: ids.kerem,
    locationId: ids.room,
    guestIds: [ids.zeynep],
    start: '10:00',
    end: '11:00',
  });
  await event('spare', { organiserId: ids.kerem, locationId: ids.room, guestIds: [], start: '08:00', end: '08:45' });
  await event('drama', { organiserId: ids.deniz, locationId: ids.room, guestIds: [], start: '12:00', end: '13:00' });
  await event(
    'daily',
    { organiserId: ids.deniz, locationId: ids.room, guestIds: [], start: '14:00', end: '15:00' },
    {
      repeat: {
        doesNotRepeat: false,
        start: `${day}T14:00`,
        frequency: 'day',
        interval: 1,
        weekdays: [],
        end: { type: 'after', count: 2 },
      },
    },
  );
  await event('finished', {
    organiserId: ids.deniz,
    locationId: ids.room,
    guestIds: [ids.zeynep],
    start: '16:00',
    end: '17:00',
  });
  // Zeynep's session notes, then the report: the finished session becomes completed.
  await api.post(
    '/api/forms/1/submit',
    {
      eventOccurrenceId: occurrences.finished.id,
      guestId: ids.zeynep,
      data: { first_name: 'Zeynep', last_name: 'Kara', attendance: 'late', Aciklama: 'Done' },
    },
    200,
  );
  await api.post('/api/event-occurrences/sendReport', { eventOccurrenceId: occurrences.finished.id, formId: 1 }, 200);
  const finished = await api.get<{ status: string }>(`/api/event-occurrences/${occurrences.finished.id}`);
  expect(finished.status).toBe('completed');
  await api.dispose();
});

/** The calendar's session (a button) whose text names `title`. */
const session = (page: Page, title: string) =>
  page.getByTestId('calendar').getByRole('button', { name: new RegExp(title) });
/** A month view's day cell. */
const dayCell = (page: Page, date: string) =>
  page.getByTestId('calendar').locator(`[role="cell"][data-date="${date}"]`);
/** A session's accessible name: its time, title and status (the status is read out, not only coloured). */
const sessionName = (time: string, title: string, status: string) => new RegExp(`^${time} ${title}\\s*, ${status}$`);
/** An instant's time of day for the admin. */
const adminTime = (instant: string) => wallClock(new Date(instant), ADMIN_ZONE).time;

async function signInAsUser(page: Page, username: string) {
  const response = await page.request.post('/api/auth/login', { data: { username, password: PASSWORD } });
  expect(response.status()).toBe(200);
}

/**
 * Drags `source` onto the middle of `target` with the mouse, the way a person does. The target is
 * scrolled to the middle of the window first: FullCalendar scrolls the page while a drag is within
 * 50 px of the window's edge, which would carry the drop into another week's row.
 */
async function drag(page: Page, source: Locator, target: Locator) {
  await target.evaluate((element) => {
    // (The e2e project has no DOM types.)
    (element as unknown as { scrollIntoView(options: { block: 'center' }): void }).scrollIntoView({ block: 'center' });
  });
  const from = (await source.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
  await page.mouse.up();
}

/** The occurrence as the API has it now. */
async function occurrenceNow(page: Page, id: number) {
  const response = await page.request.get(`/api/event-occurrences/${id}`, { headers: await apiHeaders(page) });
  return {
    status: response.status(),
    body: (response.ok() ? await response.json() : null) as { occurrenceDate: string },
  };
}

test.describe('Calendar', () => {
  test('is in the sidebar right after Home for every role', async ({ adminPage: page, browser }) => {
    await page.goto('/');
    const links = page.getByTestId('sidebar-nav').getByRole('link');
    await expect(links.nth(0)).toHaveText('Home');
    await expect(links.nth(1)).toHaveText('Calendar');
    await links.nth(1).click();
    await expect(page).toHaveURL(/\/calendar$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();

    for (const username of [people.kerem.username, people.ali.username]) {
      const context = await browser.newContext();
      const other = await context.newPage();
      await signInAsUser(other, username);
      await other.goto('/');
      const otherLinks = other.getByTestId('sidebar-nav').getByRole('link');
      await expect(otherLinks.nth(1)).toHaveText('Calendar');
      await context.close();
    }
  });

  test('shows a session in the month and the week at its time in the admin’s zone, the zone named', async ({
    adminPage: page,
  }) => {
    const start = adminTime(occurrences.choir.occurrenceDate);
    const end = adminTime(occurrences.choir.endDate);
    // 18:00 in London is 21:00 (winter) or 20:00 (summer) in Istanbul: the viewer's zone is shown.
    expect(start).not.toBe('18:00');

    await page.goto(`/calendar?view=month&date=${day}&organiserId=${ids.leyla}`);
    await expect(page.getByTestId('calendar-zone')).toHaveText(`Times in ${ADMIN_ZONE}`);
    await expect(page.getByRole('button', { name: 'Month', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(
      dayCell(page, day).getByRole('button', { name: sessionName(start, titles.choir, 'Scheduled') }),
    ).toBeVisible();
    // The legend names each status colour.
    const legend = page.getByTestId('calendar-legend');
    await expect(legend.getByText('Scheduled')).toBeVisible();
    await expect(legend.getByText('Approved')).toBeVisible();
    await expect(legend.getByText('Completed')).toBeVisible();

    await page.getByRole('button', { name: 'Week', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`view=week&date=${day}`));
    await expect(session(page, titles.choir)).toHaveAccessibleName(
      sessionName(`${start}–${end}`, titles.choir, 'Scheduled'),
    );
    await expect(session(page, titles.choir)).toBeVisible();

    // Back returns to the month, as the URL had it.
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`view=month&date=${day}`));
    await expect(page.getByRole('button', { name: 'Month', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(dayCell(page, day).getByRole('button', { name: new RegExp(titles.choir) })).toBeVisible();
  });

  test('previous, next and Today move through the weeks, in the URL, and back works', async ({ adminPage: page }) => {
    await page.goto(`/calendar?view=week&date=${day}&organiserId=${ids.leyla}`);
    await expect(session(page, titles.choir)).toBeVisible();
    const title = page.getByTestId('calendar-title');
    const dayTitle = await title.innerText();

    await page.getByRole('button', { name: 'Next week' }).click();
    await expect(page).toHaveURL(new RegExp(`date=${weekLater}`));
    await expect(page).toHaveURL(new RegExp(`organiserId=${ids.leyla}`));
    await expect(title).not.toHaveText(dayTitle);
    await expect(session(page, titles.choir)).toHaveCount(0);

    await page.getByRole('button', { name: 'Previous week' }).click();
    await expect(page).toHaveURL(new RegExp(`date=${day}`));
    await expect(title).toHaveText(dayTitle);
    await expect(session(page, titles.choir)).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`date=${weekLater}`));
    await expect(session(page, titles.choir)).toHaveCount(0);
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`date=${day}`));
    await expect(session(page, titles.choir)).toBeVisible();

    await page.getByRole('button', { name: 'Today', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`date=${dayIn(ADMIN_ZONE)}`));
    await expect(page.getByRole('button', { name: 'Today', exact: true })).toBeDisabled();
  });

  test('a session opens its details; Edit goes to Edit Event Occurrence', async ({ adminPage: page }) => {
    await page.goto(`/calendar?view=week&date=${day}&organiserId=${ids.leyla}`);
    await session(page, titles.choir).click();
    const details = page.getByRole('dialog', { name: titles.choir });
    await expect(details).toBeVisible();
    const start = adminTime(occurrences.choir.occurrenceDate);
    const end = adminTime(occurrences.choir.endDate);
    await expect(details.getByText(`${shownDay(day)} ${start}–${end}`)).toBeVisible();
    await expect(details.getByText(`(${ADMIN_ZONE})`)).toBeVisible();
    await expect(details.getByText(places.hall, { exact: true })).toBeVisible();
    await expect(details.getByText(nameOf(people.leyla), { exact: true })).toBeVisible();
    await expect(details.getByText(nameOf(people.ali), { exact: true })).toBeVisible();
    await expect(details.getByText(nameOf(people.zeynep), { exact: true })).toBeVisible();
    await expect(details.getByRole('link', { name: conferenceLink })).toHaveAttribute('href', conferenceLink);
    await expect(details.getByText('Scheduled', { exact: true })).toBeVisible();
    await expect(details.getByRole('link', { name: `Fill Session notes for ${nameOf(people.ali)}` })).toBeVisible();

    await details.getByRole('link', { name: 'Edit', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/event-occurrences/${occurrences.choir.id}/edit$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Event Occurrence' })).toBeVisible();
  });

  test('Delete removes a session after the confirmation', async ({ adminPage: page }) => {
    await page.goto(`/calendar?view=week&date=${day}&organiserId=${ids.kerem}`);
    await session(page, titles.spare).click();
    const details = page.getByRole('dialog', { name: titles.spare });
    const dialogs = acceptDialogs(page);
    await details.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText('Session deleted successfully')).toBeVisible();
    expect(dialogs).toEqual([`Delete this session of ${titles.spare} on ${shownDay(day)} 08:00–08:45?`]);
    await expect(details).toBeHidden();
    await expect(session(page, titles.spare)).toHaveCount(0);
    expect((await occurrenceNow(page, occurrences.spare.id)).status).toBe(404);
  });

  test('an admin drags a session to another day: after the confirmation the server has the new time', async ({
    adminPage: page,
  }) => {
    await page.goto(`/calendar?view=month&date=${day}&organiserId=${ids.deniz}`);
    const drama = session(page, titles.drama);
    await expect(drama.getByTestId('calendar-session')).toHaveAttribute('data-draggable', 'true');

    // Cancel puts it back; nothing changes on the server.
    await drag(page, drama, dayCell(page, nextDay));
    const confirmation = page.getByRole('dialog', { name: 'Move this session?' });
    await expect(confirmation).toContainText(
      `Move ${titles.drama} from ${shownDay(day)} 12:00 to ${shownDay(nextDay)} 12:00?`,
    );
    await confirmation.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirmation).toBeHidden();
    await expect(dayCell(page, day).getByRole('button', { name: new RegExp(titles.drama) })).toBeVisible();
    expect((await occurrenceNow(page, occurrences.drama.id)).body.occurrenceDate).toBe(
      occurrences.drama.occurrenceDate,
    );

    await drag(page, drama, dayCell(page, nextDay));
    await confirmation.getByRole('button', { name: 'Move', exact: true }).click();
    await expect(page.getByText(`Session moved to ${shownDay(nextDay)} 12:00`)).toBeVisible();
    await expect(confirmation).toBeHidden();
    await expect(dayCell(page, nextDay).getByRole('button', { name: new RegExp(titles.drama) })).toBeVisible();
    const moved = (await occurrenceNow(page, occurrences.drama.id)).body.occurrenceDate;
    // Istanbul has no DST: the same time a day later is 24 hours later.
    expect(Date.parse(moved) - Date.parse(occurrences.drama.occurrenceDate)).toBe(86_400_000);
  });

  test('a move the server refuses goes back and says why', async ({ adminPage: page }) => {
    await page.goto(`/calendar?view=month&date=${day}&organiserId=${ids.deniz}`);
    // The daily session's next occurrence is at the same time on the next day already.
    const daily = dayCell(page, day).getByRole('button', { name: new RegExp(titles.daily) });
    await expect(dayCell(page, nextDay).getByRole('button', { name: new RegExp(titles.daily) })).toHaveCount(1);
    await drag(page, daily, dayCell(page, nextDay));
    const confirmation = page.getByRole('dialog', { name: 'Move this session?' });
    await expect(confirmation).toContainText(
      `Move ${titles.daily} from ${shownDay(day)} 14:00 to ${shownDay(nextDay)} 14:00?`,
    );
    // The confirmation warns first: the organiser already has the next day's session then.
    await expect(confirmation.getByTestId('calendar-move-conflicts')).toContainText(
      `is already organising ‘${titles.daily}’`,
    );
    await confirmation.getByRole('button', { name: 'Move', exact: true }).click();
    await expect(
      page.getByText('The session could not be moved: The event already has an occurrence at that time'),
    ).toBeVisible();
    await expect(dayCell(page, day).getByRole('button', { name: new RegExp(titles.daily) })).toHaveCount(1);
    await expect(dayCell(page, nextDay).getByRole('button', { name: new RegExp(titles.daily) })).toHaveCount(1);
    expect((await occurrenceNow(page, occurrences.daily.id)).body.occurrenceDate).toBe(
      occurrences.daily.occurrenceDate,
    );
  });

  test('a completed session cannot be dragged', async ({ adminPage: page }) => {
    await page.goto(`/calendar?view=month&date=${day}&organiserId=${ids.deniz}`);
    const finished = dayCell(page, day).getByRole('button', {
      name: sessionName('16:00', titles.finished, 'Completed'),
    });
    await expect(finished.getByTestId('calendar-session')).toHaveAttribute('data-draggable', 'false');
    await expect(finished.getByTestId('calendar-session')).toHaveAttribute('data-status', 'completed');
    await drag(page, finished, dayCell(page, nextDay));
    // Dropping a session that can be dragged asks at once; a completed one stays where it was.
    await expect(page.getByRole('dialog', { name: 'Move this session?' })).toHaveCount(0);
    await expect(dayCell(page, day).getByRole('button', { name: new RegExp(titles.finished) })).toBeVisible();
    await expect(dayCell(page, nextDay).getByRole('button', { name: new RegExp(titles.finished) })).toHaveCount(0);
    expect((await occurrenceNow(page, occurrences.finished.id)).body.occurrenceDate).toBe(
      occurrences.finished.occurrenceDate,
    );
  });

  test('the admin’s filters narrow the sessions and stay in the URL', async ({ adminPage: page }) => {
    await page.goto(`/calendar?view=list&date=${day}`);
    await expect(session(page, titles.choir)).toBeVisible();
    await expect(session(page, titles.band)).toBeVisible();

    await page.getByLabel('Location', { exact: true }).selectOption({ label: places.hall });
    await expect(page).toHaveURL(new RegExp(`locationId=${ids.hall}`));
    await expect(session(page, titles.band)).toHaveCount(0);
    await expect(session(page, titles.choir)).toBeVisible();

    await page.getByRole('button', { name: 'Clear filters' }).click();
    // The next filter is chosen once the cleared ones are gone from the URL, as a user sees them go.
    await expect(page).not.toHaveURL(/locationId=/);
    await expect(page.getByLabel('Location', { exact: true })).toHaveValue('');
    await page.getByLabel('Guest', { exact: true }).selectOption({ label: nameOf(people.zeynep) });
    await expect(page).toHaveURL(new RegExp(`guestId=${ids.zeynep}`));
    await expect(session(page, titles.choir)).toBeVisible();
    await expect(session(page, titles.band)).toBeVisible();
    await expect(session(page, titles.drama)).toHaveCount(0);

    await page.getByLabel('Organiser', { exact: true }).selectOption({ label: nameOf(people.kerem) });
    await expect(page).toHaveURL(new RegExp(`organiserId=${ids.kerem}`));
    await expect(session(page, titles.choir)).toHaveCount(0);
    await expect(session(page, titles.band)).toBeVisible();
  });

  test('an editor sees the sessions they organise, with Fill Form, and moves nothing', async ({ page }) => {
    await signInAsUser(page, people.leyla.username);
    await page.goto(`/calendar?view=list&date=${day}`);
    await expect(session(page, titles.choir)).toBeVisible();
    await expect(session(page, titles.band)).toHaveCount(0);
    await expect(page.getByTestId('calendar-filters')).toHaveCount(0);
    await expect(session(page, titles.choir).getByTestId('calendar-session')).toHaveAttribute(
      'data-draggable',
      'false',
    );
    // Leyla is in London: her calendar shows her zone and the choir at 18:00.
    await expect(page.getByTestId('calendar-zone')).toHaveText('Times in Europe/London');
    await expect(session(page, titles.choir)).toContainText('18:00–19:00');

    await session(page, titles.choir).click();
    const details = page.getByRole('dialog', { name: titles.choir });
    await details.getByRole('link', { name: `Fill Session notes for ${nameOf(people.zeynep)}` }).click();
    await expect(page).toHaveURL(
      new RegExp(`/forms/1/form-submission/${occurrences.choir.id}\\?guestId=${ids.zeynep}`),
    );
  });

  test('a guest sees only the sessions they attend, without admin actions', async ({ page }) => {
    await signInAsUser(page, people.ali.username);
    await page.goto(`/calendar?view=list&date=${day}`);
    await expect(session(page, titles.choir)).toBeVisible();
    await expect(session(page, titles.band)).toHaveCount(0);
    await expect(page.getByTestId('calendar-filters')).toHaveCount(0);
    await session(page, titles.choir).click();
    const details = page.getByRole('dialog', { name: titles.choir });
    await expect(details.getByText(places.hall, { exact: true })).toBeVisible();
    await expect(details.getByRole('link', { name: conferenceLink })).toBeVisible();
    await expect(details.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await expect(details.getByRole('link', { name: 'Edit' })).toHaveCount(0);
    await expect(details.getByRole('link', { name: /^Fill / })).toHaveCount(0);
  });

  test('at 390 px it opens in the list view', async ({ adminPage: page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/calendar?date=${day}&organiserId=${ids.leyla}`);
    await expect(page.getByRole('button', { name: 'List', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(session(page, titles.choir)).toBeVisible();
    await expect(session(page, titles.choir)).toContainText(`${places.hall} · ${nameOf(people.leyla)}`);
    // A view the URL names wins.
    await page.goto(`/calendar?view=month&date=${day}&organiserId=${ids.leyla}`);
    await expect(page.getByRole('button', { name: 'Month', exact: true })).toHaveAttribute('aria-pressed', 'true');
  });

  test('has no serious accessibility problems in the month, the list and the details', async ({ adminPage: page }) => {
    const serious = async () =>
      (await new AxeBuilder({ page }).analyze()).violations
        .filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))
        .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
    await page.goto(`/calendar?view=month&date=${day}&organiserId=${ids.leyla}`);
    await expect(session(page, titles.choir)).toBeVisible();
    expect(await serious()).toEqual([]);
    await page.goto(`/calendar?view=list&date=${day}&organiserId=${ids.leyla}`);
    await expect(session(page, titles.choir)).toBeVisible();
    expect(await serious()).toEqual([]);
    await session(page, titles.choir).click();
    await expect(page.getByRole('dialog', { name: titles.choir })).toBeVisible();
    expect(await serious()).toEqual([]);
  });

  test('the keyboard reaches a session, Enter opens it, Escape gives the focus back', async ({ adminPage: page }) => {
    await page.goto(`/calendar?view=week&date=${day}&organiserId=${ids.leyla}`);
    const choir = session(page, titles.choir);
    await expect(choir).toBeVisible();
    await page.getByRole('button', { name: 'List', exact: true }).focus();
    for (let presses = 0; presses < 20; presses += 1) {
      await page.keyboard.press('Tab');
      if ((await choir.and(page.locator(':focus')).count()) > 0) break;
    }
    await expect(choir).toBeFocused();
    await page.keyboard.press('Enter');
    const details = page.getByRole('dialog', { name: titles.choir });
    await expect(details).toBeVisible();
    // The dialog holds the focus while open.
    await expect(details.getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();
    await expect(choir).toBeFocused();
  });

  // The first load's size is checked in auth.spec.ts (Sign In, then Home).
  test('FullCalendar loads with the calendar only', async ({ adminPage: page }) => {
    const scripts = new Map<string, string>();
    page.on('response', async (response) => {
      if (response.url().endsWith('.js')) scripts.set(response.url(), await response.text().catch(() => ''));
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, admin' })).toBeVisible();
    const isFullCalendar = (source: string) => source.includes('fc-breezy');
    expect([...scripts.values()].some(isFullCalendar)).toBe(false);

    await page.getByTestId('sidebar-nav').getByRole('link', { name: 'Calendar', exact: true }).click();
    await expect(page.getByTestId('calendar-title')).not.toBeEmpty();
    await expect.poll(() => [...scripts.values()].some(isFullCalendar)).toBe(true);
  });

  test('a session without a conference link shows none in its details, with no link to join', async ({ page }) => {
    // Zeynep attends the band, which has no link (and the choir, which has one).
    await signInAsUser(page, people.zeynep.username);
    await page.goto(`/calendar?view=list&date=${day}`);
    await session(page, titles.band).click();
    const details = page.getByRole('dialog', { name: titles.band });
    await expect(details.getByText(places.room, { exact: true })).toBeVisible();
    await expect(
      details.locator('dt', { hasText: 'Conference link' }).locator('xpath=following-sibling::dd'),
    ).toHaveText('None');
    await expect(details.getByRole('link')).toHaveCount(0);
    await expect(details.getByText(/https?:\/\//)).toHaveCount(0);
  });
});

/**
 * A busy day (issue 14: the calendar is given only what each view draws, and draws '+N more' for
 * the rest): ahead, in a month of its own, at a hall of its own: 20 of Nur's sessions every half
 * hour from 08:00 and 6 of Kerem's every hour from 09:00, Ali a guest of Kerem's first five.
 */
const busyDay = dayIn(ADMIN_ZONE, 45);
const nur = { username: unique('cal-nur'), name: 'Nur', surname: unique('Işık'), timezone: ADMIN_ZONE };
const busyHall = unique('Busy hall');
const busyTitles = { nur: unique('Nur lesson'), kerem: unique('Kerem lesson') };
let busyHallId: number;

/** A month view's '+N more' of `date` (a button: FullCalendar makes it reachable like a session). */
const moreOf = (page: Page, date: string) =>
  page
    .getByTestId('calendar')
    .getByRole('button')
    .filter({ has: page.locator(`[data-testid="calendar-more"][data-date="${date}"]`) });
/** yyyy-MM-dd as the calendar names a day: 'Thu 04/02/2027'. */
const dayName = (date: string, locale = 'en-GB') =>
  `${new Date(`${date}T12:00:00Z`).toLocaleDateString(locale, { weekday: 'short', timeZone: 'UTC' })} ${shownDay(date)}`;

test.describe('Calendar, a busy day', () => {
  test.beforeAll(async ({ playwright }) => {
    const api = await adminApiClient(playwright);
    busyHallId = (await api.post('/api/locations', { name: busyHall })).id;
    const nurId = (await api.post('/api/users', { ...nur, role: 'editor', password: PASSWORD })).id;
    const at = (minutes: number) =>
      `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    const session = (title: string, organiserId: number, start: number, minutes: number, guestIds: number[]) =>
      api.post('/api/events', {
        title: `${title} ${at(start)}`,
        locationId: busyHallId,
        organiserId,
        guestIds,
        repeat: { doesNotRepeat: true, start: `${busyDay}T${at(start)}` },
        endTime: at(start + minutes),
      });
    for (let i = 0; i < 20; i += 1) await session(busyTitles.nur, nurId, 8 * 60 + 30 * i, 25, []);
    for (let i = 0; i < 6; i += 1) await session(busyTitles.kerem, ids.kerem, (9 + i) * 60, 45, i < 5 ? [ids.ali] : []);
    await api.dispose();
  });

  test('a busy day shows four sessions and ‘+22 more’, which opens all 26 of its sessions', async ({
    adminPage: page,
  }) => {
    await page.goto(`/calendar?view=month&date=${busyDay}&locationId=${busyHallId}`);
    const more = moreOf(page, busyDay);
    await expect(more).toHaveAccessibleName(`+22 more, show all 26 sessions of ${dayName(busyDay)}`);
    await expect(dayCell(page, busyDay).getByTestId('calendar-session')).toHaveCount(4);
    // The first four by start: Nur's 08:00, 08:30, then 09:00 (Nur's and Kerem's).
    await expect(
      dayCell(page, busyDay).getByRole('button', { name: new RegExp(`^08:00 ${busyTitles.nur}`) }),
    ).toBeVisible();

    await more.click();
    const day = page.getByRole('dialog', { name: `Sessions of ${dayName(busyDay)}` });
    await expect(day.getByTestId('calendar-day-count')).toHaveText('26 sessions');
    const rows = day.getByTestId('calendar-day-sessions').getByRole('button');
    await expect(rows).toHaveCount(26);
    await expect(rows.last()).toContainText(`17:30–17:55${busyTitles.nur} 17:30`);
    // A row opens the session's details over the day; closing them goes back to the day.
    await rows.filter({ hasText: `${busyTitles.kerem} 14:00` }).click();
    const details = page.getByRole('dialog', { name: `${busyTitles.kerem} 14:00` });
    await expect(details.getByText(nameOf(people.kerem), { exact: true })).toBeVisible();
    await details.getByRole('button', { name: 'Close' }).click();
    await expect(details).toBeHidden();
    await expect(day).toBeVisible();
  });

  test('‘+N more’ is reached with Tab after the day’s sessions, opens with Enter and gets the focus back', async ({
    adminPage: page,
  }) => {
    await page.goto(`/calendar?view=month&date=${busyDay}&locationId=${busyHallId}`);
    const last = dayCell(page, busyDay).getByTestId('calendar-session').last();
    await expect(last).toBeVisible();
    await dayCell(page, busyDay).getByRole('button').nth(3).focus();
    await page.keyboard.press('Tab');
    const more = moreOf(page, busyDay);
    await expect(more).toBeFocused();
    await page.keyboard.press('Enter');
    const day = page.getByRole('dialog', { name: `Sessions of ${dayName(busyDay)}` });
    await expect(day.getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(day.getByTestId('calendar-day-sessions').getByRole('button').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(day).toBeHidden();
    await expect(more).toBeFocused();
  });

  test('the week draws two sessions an hour with the day’s ‘+N more’ above, the list twenty a day', async ({
    adminPage: page,
  }) => {
    await page.goto(`/calendar?view=week&date=${busyDay}&locationId=${busyHallId}`);
    // Hours 09:00 to 14:00 hold three sessions each (Nur's two and Kerem's one): one is left out of each.
    await expect(moreOf(page, busyDay)).toHaveAccessibleName(`+6 more, show all 26 sessions of ${dayName(busyDay)}`);
    await expect(page.getByTestId('calendar').getByTestId('calendar-session')).toHaveCount(20);

    await page.getByRole('button', { name: 'List', exact: true }).click();
    await expect(moreOf(page, busyDay)).toHaveAccessibleName(`+6 more, show all 26 sessions of ${dayName(busyDay)}`);
    await expect(page.getByTestId('calendar').getByTestId('calendar-session')).toHaveCount(20);
    await moreOf(page, busyDay).click();
    await expect(
      page.getByRole('dialog', { name: `Sessions of ${dayName(busyDay)}` }).getByTestId('calendar-day-count'),
    ).toHaveText('26 sessions');
  });

  test('an editor and a guest count and open only their own sessions of the day', async ({ page }) => {
    await signInAsUser(page, people.kerem.username);
    await page.goto(`/calendar?view=month&date=${busyDay}`);
    await expect(moreOf(page, busyDay)).toHaveAccessibleName(`+2 more, show all 6 sessions of ${dayName(busyDay)}`);
    await moreOf(page, busyDay).click();
    const rows = page.getByTestId('calendar-day-sessions').getByRole('button');
    await expect(rows).toHaveCount(6);
    await expect(rows.filter({ hasText: busyTitles.kerem })).toHaveCount(6);

    await page.context().clearCookies();
    await signInAsUser(page, people.ali.username);
    await page.goto(`/calendar?view=month&date=${busyDay}`);
    await expect(moreOf(page, busyDay)).toHaveAccessibleName(`+1 more, show all 5 sessions of ${dayName(busyDay)}`);
    await moreOf(page, busyDay).click();
    await expect(rows).toHaveCount(5);
    await expect(rows.filter({ hasText: busyTitles.nur })).toHaveCount(0);
  });

  test('in Turkish ‘+N more’ reads in Turkish, on a phone as the count alone', async ({ adminPage: page }) => {
    await page.addInitScript(`localStorage.setItem('ritim.language', 'tr')`);
    await page.goto(`/calendar?view=month&date=${busyDay}&locationId=${busyHallId}`);
    await expect(moreOf(page, busyDay)).toHaveAccessibleName(
      `+22 daha, ${dayName(busyDay, 'tr-TR')} gününün 26 oturumunun tümünü göster`,
    );
    // On a phone the day shows the count alone; it reads the same.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(moreOf(page, busyDay).getByText('+22', { exact: true })).toBeVisible();
    await expect(moreOf(page, busyDay).getByText('+22 daha', { exact: true })).toBeHidden();
    await expect(moreOf(page, busyDay)).toHaveAccessibleName(
      `+22 daha, ${dayName(busyDay, 'tr-TR')} gününün 26 oturumunun tümünü göster`,
    );
    await moreOf(page, busyDay).click();
    await expect(page.getByRole('dialog', { name: `${dayName(busyDay, 'tr-TR')} oturumları` })).toContainText(
      '26 oturum',
    );
  });
});

test.describe('a cancelled session in the month view', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('at 1280 px its reason has a line of its own, under the whole title, not cut to a few letters', async ({
    adminPage: page,
    playwright,
  }) => {
    const api = await adminApiClient(playwright);
    const title = unique('Pi');
    const { id } = await api.post<{ id: number }>('/api/events', {
      title,
      locationId: ids.room,
      organiserId: ids.kerem,
      guestIds: [],
      repeat: { doesNotRepeat: true, start: `${weekLater}T10:00` },
      endTime: '11:00',
    });
    const [occurrence] = (await api.get<{ eventOccurrences: { id: number }[] }>(`/api/event-occurrences?eventId=${id}`))
      .eventOccurrences;
    await api.post(`/api/event-occurrences/${occurrence!.id}/cancel`, { reason: 'Ill' }, 200);
    await api.dispose();

    await page.goto(`/calendar?view=month&date=${weekLater}&organiserId=${ids.kerem}`);
    const chip = session(page, title);
    await expect(chip).toBeVisible();
    const content = chip.getByTestId('calendar-session');
    await expect(content).toHaveAttribute('data-status', 'cancelled');
    const reason = content.getByTestId('calendar-cancellation-reason');
    await expect(reason).toHaveText('Cancelled: Ill');
    // Each text whole: neither the title nor the reason is clipped by the day's width.
    const clipped = (locator: Locator) =>
      locator.evaluate((node) => {
        const box = node as unknown as { scrollWidth: number; clientWidth: number };
        return box.scrollWidth > box.clientWidth;
      });
    expect(await clipped(reason)).toBe(false);
    expect(await clipped(content.getByText(title, { exact: false }).first())).toBe(false);
    const [titleBox, reasonBox] = [await content.getByText(title).first().boundingBox(), await reason.boundingBox()];
    expect(reasonBox!.y).toBeGreaterThanOrEqual(titleBox!.y + titleBox!.height - 1);
    await expect(content).toHaveAttribute('title', `${title} · Cancelled: Ill`);
  });
});
