import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { shownDay, wallClock } from './clock.js';
import { accounts, E2E_BASE_URL } from './env.js';
import { bearerHeaders, expect, test, uniqueNames } from './fixtures.js';

const unique = uniqueNames();
const PASSWORD = 'home-password-1';

const ISTANBUL = 'Europe/Istanbul';
const LONDON = 'Europe/London';

/** A day `days` after today in Istanbul (the admin's zone), yyyy-MM-dd. */
function dayAhead(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ISTANBUL }).format(new Date());
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}
const today = dayAhead(0);
const tomorrow = dayAhead(1);
const shown = shownDay;

/** An instant as dd/MM/yyyy HH:mm on the clock of `zone`. */
function shownAt(instant: Date, zone: string): string {
  const { day, time } = wallClock(instant, zone);
  return `${shownDay(day)} ${time}`;
}

const people = {
  /** Organises the choir today and the walk tomorrow, in Istanbul like the admin. */
  organiser: { username: unique('home-selin'), name: 'Selin', surname: unique('Kaya') },
  /** Organises the quartet today at noon London time. */
  londoner: { username: unique('home-oliver'), name: 'Oliver', surname: unique('Reed'), timezone: LONDON },
  /** An editor with nothing today. */
  idleEditor: { username: unique('home-idle-editor'), name: 'Deniz', surname: unique('Boş') },
  ali: { username: unique('home-ali'), name: 'Ali', surname: unique('Demir') },
  zeynep: { username: unique('home-zeynep'), name: 'Zeynep', surname: unique('Kara') },
  /** A guest in London with a session tomorrow. */
  traveller: { username: unique('home-emma'), name: 'Emma', surname: unique('Hart'), timezone: LONDON },
  /** A guest whose session tomorrow is cancelled. */
  dropped: { username: unique('home-can'), name: 'Can', surname: unique('Öz') },
  /** A guest with no sessions. */
  idleGuest: { username: unique('home-idle-guest'), name: 'Nur', surname: unique('Yok') },
};
const nameOf = (person: { name: string; surname: string }) => `${person.name} ${person.surname}`;

const titles = { choir: unique('Choir'), quartet: unique('Quartet'), walk: unique('Walk'), recital: unique('Recital') };
const place = unique('Garden');
const conferenceLink = `https://meet.example.com/${unique.tag}`;

let adminHeaders: Record<string, string>;

/**
 * Through the API as the admin: the people above, the choir today at 12:00 (Istanbul) with Ali
 * and Zeynep, whose session notes for Ali are in already; the quartet today at 12:00 London time;
 * and the walk tomorrow at 10:00 Istanbul time with Emma, its place and conference link.
 */
test.beforeAll(async ({ playwright }) => {
  const api = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  adminHeaders = await bearerHeaders(api, accounts.admin);
  const post = async (path: string, data: Record<string, unknown>) => {
    const response = await api.post(path, { headers: adminHeaders, data });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { id: number }).id;
  };
  const user = (person: keyof typeof people, role: 'editor' | 'guest') =>
    post('/api/users', { timezone: 'Europe/Istanbul', ...people[person], role, password: PASSWORD });

  const locationId = await post('/api/locations', { name: place });
  const organiser = await user('organiser', 'editor');
  const londoner = await user('londoner', 'editor');
  await user('idleEditor', 'editor');
  const ali = await user('ali', 'guest');
  const zeynep = await user('zeynep', 'guest');
  const traveller = await user('traveller', 'guest');
  await user('idleGuest', 'guest');
  const dropped = await user('dropped', 'guest');

  const event = (title: string, organiserId: number, guestIds: number[], start: string, extra = {}) =>
    post('/api/events', {
      title,
      locationId,
      organiserId,
      guestIds,
      repeat: { doesNotRepeat: true, start },
      endTime: `${String(Number(start.slice(11, 13)) + 1).padStart(2, '0')}:00`,
      ...extra,
    });
  const choirId = await event(titles.choir, organiser, [ali, zeynep], `${today}T12:00`);
  await event(titles.quartet, londoner, [zeynep], `${today}T12:00`);
  await event(titles.walk, organiser, [traveller], `${tomorrow}T10:00`, { conferenceLink });
  // Tomorrow's recital, called off: Can's Home says so.
  const recitalId = await event(titles.recital, organiser, [dropped], `${tomorrow}T14:00`, { conferenceLink });
  const recitals = await api.get(`/api/event-occurrences?eventId=${recitalId}`, { headers: adminHeaders });
  const [recital] = ((await recitals.json()) as { eventOccurrences: { id: number }[] }).eventOccurrences;
  const cancelled = await api.post(`/api/event-occurrences/${recital!.id}/cancel`, {
    headers: adminHeaders,
    data: { reason: 'Organiser ill' },
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);

  const occurrences = await api.get(`/api/event-occurrences?eventId=${choirId}`, { headers: adminHeaders });
  const [choir] = ((await occurrences.json()) as { eventOccurrences: { id: number }[] }).eventOccurrences;
  const submitted = await api.post('/api/forms/1/submit', {
    headers: adminHeaders,
    data: {
      eventOccurrenceId: choir!.id,
      guestId: ali,
      data: { first_name: 'Ali', last_name: 'Demir', attendance: 'attended', Aciklama: 'Sang the solo' },
    },
  });
  expect(submitted.ok(), await submitted.text()).toBe(true);
  await api.dispose();
});

async function signInAs(page: Page, person: keyof typeof people) {
  const response = await page.request.post('/api/auth/login', {
    data: { username: people[person].username, password: PASSWORD },
  });
  expect(response.status()).toBe(200);
}

/** The dashboard row of an occurrence, by its title. */
/** Home's entry of an occurrence (a dashboard line, not a list row). */
const homeOccurrence = (page: Page, title: string) => page.getByTestId('home-occurrence').filter({ hasText: title });

async function expectAccessible(page: Page) {
  const scan = await new AxeBuilder({ page }).include('main').analyze();
  expect(scan.violations.filter((v) => ['serious', 'critical'].includes(v.impact ?? ''))).toEqual([]);
}

test.describe('Home', () => {
  test('shows admins today’s occurrences at the organiser’s time, how many are approved, and the day’s list', async ({
    adminPage: page,
  }) => {
    const approve = await page.request.post('/api/event-occurrences/approveSchedule', {
      headers: adminHeaders,
      data: { listDate: today, timezone: ISTANBUL },
    });
    expect(approve.ok(), await approve.text()).toBe(true);
    const count = async (query: string) => {
      const response = await page.request.get(
        `/api/event-occurrences?date=${today}&timezone=${ISTANBUL}&light=true&limit=1${query}`,
        { headers: adminHeaders },
      );
      return ((await response.json()) as { totalCount: number }).totalCount;
    };
    const total = await count('');
    const approved = await count('&status=approved');
    expect(approved).toBeGreaterThanOrEqual(2);

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, admin' })).toBeVisible();
    const panel = page.getByTestId('home-today');
    await expect(panel.getByRole('heading', { name: 'Today’s sessions' })).toBeVisible();
    await expect(panel.getByText(`${shown(today)}, in ${ISTANBUL}`)).toBeVisible();
    await expect(page.getByTestId('home-approved-count')).toHaveText(`${approved} of ${total} approved`);

    const choir = homeOccurrence(page, titles.choir);
    await expect(choir).toContainText('12:00');
    await expect(choir).toContainText(`Organiser: ${nameOf(people.organiser)}`);
    await expect(choir).toContainText('Approved');
    // The quartet is at noon in London: its organiser's time, with the zone named.
    const quartet = homeOccurrence(page, titles.quartet);
    await expect(quartet).toContainText('12:00');
    await expect(quartet).toContainText(`Organiser: ${nameOf(people.londoner)} · ${LONDON} time`);
    await expect(choir).not.toContainText(' time');
    await expectAccessible(page);

    await panel.getByRole('link', { name: 'Open in Upcoming Events' }).click();
    await expect(page).toHaveURL(new RegExp(`/upcoming-events\\?date=${today}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Upcoming Events' })).toBeVisible();
  });

  test('tells admins on a day without sessions where to create one', async ({ adminPage: page }) => {
    // Years ahead, past the 12 months of occurrences any event has.
    await page.clock.setFixedTime(new Date('2031-06-16T09:00:00Z'));
    await page.goto('/');
    const panel = page.getByTestId('home-today');
    await expect(panel.getByText('16/06/2031, in Europe/Istanbul')).toBeVisible();
    await expect(panel.getByText('No sessions today. Create an event in Events.')).toBeVisible();
    await expect(page.getByTestId('home-approved-count')).toHaveCount(0);
    await panel.getByRole('link', { name: 'Create an event in Events.' }).click();
    await expect(page).toHaveURL(/\/events$/);
  });

  test('shows editors their sessions today and the session notes still to fill, which open Fill Form', async ({
    page,
  }) => {
    const form = await page.request.get('/api/forms/1', { headers: adminHeaders });
    const formTitle = ((await form.json()) as { title: string }).title;
    await signInAs(page, 'organiser');
    await page.goto('/');
    const choir = homeOccurrence(page, titles.choir);
    await expect(choir).toContainText('12:00');
    await expect(choir).toContainText(`Place: ${place}`);
    // Ali's notes are in; Zeynep's are not. Tomorrow's walk is not today's.
    await expect(choir.getByRole('link', { name: `Fill ${formTitle} for ${nameOf(people.ali)}` })).toHaveCount(0);
    await expect(homeOccurrence(page, titles.walk)).toHaveCount(0);
    await expect(homeOccurrence(page, titles.quartet)).toHaveCount(0);
    await expectAccessible(page);

    await choir.getByRole('link', { name: `Fill ${formTitle} for ${nameOf(people.zeynep)}` }).click();
    await expect(page).toHaveURL(/\/forms\/1\/form-submission\/\d+\?guestId=\d+/);
    await expect(page.getByRole('heading', { level: 1, name: `Fill Form - ${nameOf(people.zeynep)}` })).toBeVisible();
    await expect(page.getByTestId('fill-context')).toContainText(titles.choir);
  });

  test('tells an editor with nothing today so', async ({ page }) => {
    await signInAs(page, 'idleEditor');
    await page.goto('/');
    await expect(page.getByTestId('home-today').getByText('No sessions today.', { exact: true })).toBeVisible();
  });

  test('shows guests their next sessions in their own zone, with the place and the conference link', async ({
    page,
  }) => {
    await signInAs(page, 'traveller');
    // The first answer fails on the way (the network drops it): the dashboard says so and tries again.
    await page.route('**/api/event-occurrences?*', (route) => route.abort('failed'));
    await page.goto('/');
    const panel = page.getByTestId('home-next');
    await expect(panel.getByRole('alert')).toContainText('The sessions could not be loaded');
    await page.unroute('**/api/event-occurrences?*');
    await panel.getByRole('button', { name: 'Try again' }).click();

    const walk = homeOccurrence(page, titles.walk);
    // 10:00 in Istanbul (UTC+3) is 07:00 UTC, shown on Emma's London clock.
    await expect(walk).toContainText(shownAt(new Date(`${tomorrow}T07:00:00Z`), LONDON));
    await expect(walk).toContainText(`Place: ${place}`);
    await expect(walk).toContainText(`Conference link: ${conferenceLink}`);
    await expect(walk.getByRole('link', { name: conferenceLink })).toHaveAttribute('href', conferenceLink);
    await expect(page.getByTestId('home-occurrence')).toHaveCount(1);
    await expectAccessible(page);
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    test(`shows a guest a cancelled session as cancelled, with its reason and nothing to join, at ${viewport.width} px`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await signInAs(page, 'dropped');
      await page.goto('/');
      const recital = homeOccurrence(page, titles.recital);
      await expect(recital.getByTestId('cancelled-title')).toHaveText(titles.recital);
      await expect(recital.getByTestId('cancellation-reason')).toHaveText('Cancelled: Organiser ill');
      await expect(recital.getByText('Cancelled', { exact: true })).toBeVisible();
      await expect(recital).not.toContainText('Conference link');
      await expect(recital.getByRole('link')).toHaveCount(0);
      // The title is struck through, not merely grey.
      await expect(recital.getByTestId('cancelled-title')).toHaveCSS('text-decoration-line', 'line-through');
      // Nothing spills sideways on a phone.
      const [scrollWidth, clientWidth] = await page.evaluate<[number, number]>(
        '[document.documentElement.scrollWidth, document.documentElement.clientWidth]',
      );
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
      await expectAccessible(page);
    });
  }

  test('tells a guest without sessions so', async ({ page }) => {
    await signInAs(page, 'idleGuest');
    await page.goto('/');
    await expect(page.getByTestId('home-next').getByText('No upcoming sessions.', { exact: true })).toBeVisible();
  });
});
