import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { dayIn } from './clock.js';
import { adminApiClient, expect, field, signInAs, test, uniqueNames } from './fixtures.js';
import { E2E_BASE_URL } from './env.js';

/**
 * The audit log in the browser (docs/domain.md#audit-log) against the real server: changes made
 * through the API and the UI (a location created and renamed, a user created, an event's title
 * edited in its form, a session moved, a failed sign-in) read in words on /activity, filtered by person,
 * section, action and days, with what changed behind a keyboard disclosure; the History panels of
 * the event (with its sessions' moves, cancellations and marks, each named by its day and time) and
 * the user; Turkish; axe; a 390 px phone; the log is the admins' alone.
 */
const unique = uniqueNames();
/** The seeded admin's and the organiser's zone. */
const ZONE = 'Europe/Istanbul';
const day = dayIn(ZONE, 2);
const locationName = unique('Room');
const renamed = unique('Room 2');
const guestName = unique('bob');
const oldTitle = unique('Piano');
const newTitle = unique('Piano - Ayşe');
const ghost = unique('ghost');
const weeklyTitle = unique('Weekly choir');
/** The weekly event's two sessions, a week apart, at 10:00. */
const weeklyDays = [dayIn(ZONE, 3), dayIn(ZONE, 10)] as const;
let adminId = 0;
let locationId = 0;
let eventId = 0;
let weeklyId = 0;
let guestId = 0;

/** A day (yyyy-MM-dd) as the sentences name a session's: 'Tue 08/12' ('Sal 08/12'). */
function sessionDay(day: string, language: 'en' | 'tr'): string {
  const names = {
    en: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
    tr: ['Paz', 'Pzt', 'Sal', 'Çar', 'Per', 'Cum', 'Cmt'],
  }[language];
  const [, month, date] = day.split('-');
  return `${names[new Date(`${day}T12:00:00Z`).getUTCDay()]} ${date}/${month}`;
}

async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
}

/** A sentence on the page (the Activity list or a History panel) with this text. */
const sentence = (page: Page, text: string | RegExp) => page.getByTestId('audit-sentence').filter({ hasText: text });

/**
 * Through the API as the admin: a location, a guest, an event at 10:00 in two days, and a failed
 * sign-in as a made-up username. The event's title and its session's start change in the browser
 * (the first test).
 */
test.beforeAll(async ({ playwright }) => {
  const api = await adminApiClient(playwright);
  try {
    const idOf = async (username: string) =>
      (await api.get<{ users: { id: number; username: string }[] }>(`/api/users?q=${username}`)).users.find(
        (user) => user.username === username,
      )!.id;
    adminId = await idOf('admin');
    const editorId = await idOf('editor');
    locationId = (await api.post('/api/locations', { name: locationName })).id;
    guestId = (
      await api.post('/api/users', {
        username: guestName,
        password: 'activity-password-1',
        role: 'guest',
        timezone: ZONE,
      })
    ).id;
    eventId = (
      await api.post('/api/events', {
        title: oldTitle,
        locationId,
        organiserId: editorId,
        guestIds: [guestId],
        repeat: { doesNotRepeat: true, start: `${day}T10:00` },
        endTime: '11:00',
      })
    ).id;
    // A weekly event: its first session's guest excused ahead, its second cancelled.
    weeklyId = (
      await api.post('/api/events', {
        title: weeklyTitle,
        locationId,
        organiserId: editorId,
        guestIds: [guestId],
        repeat: {
          doesNotRepeat: false,
          start: `${weeklyDays[0]}T10:00`,
          frequency: 'week',
          interval: 1,
          end: { type: 'after', count: 2 },
        },
        endTime: '11:00',
      })
    ).id;
    const sessions = (
      await api.get<{ eventOccurrences: { id: number }[] }>(`/api/event-occurrences?eventId=${weeklyId}`)
    ).eventOccurrences;
    await api.put(`/api/event-occurrences/${sessions[0]!.id}/attendance`, {
      entries: [{ guestId, status: 'excused' }],
    });
    await api.post(`/api/event-occurrences/${sessions[1]!.id}/cancel`, { reason: 'Teacher ill' }, 200);
  } finally {
    await api.dispose();
  }
  const anonymous = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  const failed = await anonymous.post('/api/auth/login', { data: { username: ghost, password: 'not-the-password' } });
  expect(failed.status()).toBe(401);
  await anonymous.dispose();
});

test.describe('Activity', () => {
  test('a location renamed in its form reads in words on /activity, what changed opened from the keyboard', async ({
    adminPage: page,
  }) => {
    await page.goto(`/locations/${locationId}/edit`);
    await field(page, 'Name').fill(renamed);
    await page.getByRole('button', { name: 'Update Location' }).click();
    await expect(page).toHaveURL(/\/locations$/);
    await expect(page.getByText('Location updated successfully')).toBeVisible();

    // A fresh page: the save's toast would still be fading in front of the axe check.
    await page.goto('/activity');
    await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
    await expect(sentence(page, `admin created location '${locationName}'`)).toBeVisible();
    await expect(sentence(page, `admin created user '${guestName}'`)).toBeVisible();
    const change = `admin changed the name of location '${renamed}' from '${locationName}' to '${renamed}'`;
    await expect(sentence(page, change)).toBeVisible();

    const changed = page
      .getByTestId('list-table')
      .getByRole('row')
      .filter({ has: sentence(page, change) });
    await changed.getByText('What changed').focus();
    await page.keyboard.press('Enter');
    await expect(changed.getByTestId('audit-changes')).toHaveAttribute('open', '');
    await expect(changed.getByTestId('audit-changes').getByRole('term')).toHaveText(['name']);
    await expect(changed.getByTestId('audit-changes').getByRole('definition')).toHaveText([
      `'${locationName}' → '${renamed}'`,
    ]);
    expect(await violations(page)).toEqual([]);
  });

  test('filters by section, action, person and days, each kept in the URL', async ({ adminPage: page }) => {
    const location = sentence(page, `admin created location '${locationName}'`);
    const user = sentence(page, `admin created user '${guestName}'`);
    await page.goto('/');
    await page.getByTestId('sidebar-nav').getByRole('link', { name: 'Activity' }).click();
    await expect(page).toHaveURL(/\/activity$/);
    await field(page, 'Section').selectOption({ label: 'Locations' });
    await expect(page).toHaveURL(/entityType=locations/);
    await expect(location).toBeVisible();
    await expect(user).toHaveCount(0);

    await field(page, 'Section').selectOption({ label: 'Users' });
    await field(page, 'Action').selectOption({ label: 'Creation' });
    await expect(page).toHaveURL(/entityType=users&action=create/);
    await expect(user).toBeVisible();
    await expect(location).toHaveCount(0);

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await field(page, 'Person').selectOption(String(adminId));
    await expect(page).toHaveURL(new RegExp(`/activity\\?actorId=${adminId}$`));
    await expect(location).toBeVisible();

    const today = dayIn(ZONE);
    await field(page, 'From').fill(today);
    await field(page, 'To').fill(today);
    await expect(page).toHaveURL(new RegExp(`from=${today}&to=${today}`));
    await expect(location).toBeVisible();
    await field(page, 'From').fill(dayIn(ZONE, 1));
    await field(page, 'To').fill(dayIn(ZONE, 1));
    await expect(page.getByText('Nothing was recorded for these filters')).toBeVisible();

    // A shared link opens on the same filters.
    await page.reload();
    await expect(field(page, 'Person')).toHaveValue(String(adminId));
    await expect(field(page, 'From')).toHaveValue(dayIn(ZONE, 1));
    await expect(page.getByText('Nothing was recorded for these filters')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/activity$/);
    await expect(location).toBeVisible();
  });

  test("a failed sign-in reads as someone's try, under Sign-ins and its action, and is nobody's", async ({
    adminPage: page,
  }) => {
    const tried = sentence(page, `Someone tried to sign in as '${ghost}'`);
    await page.goto('/activity?entityType=auth');
    await expect(field(page, 'Section')).toHaveValue('auth');
    await expect(tried).toBeVisible();
    await field(page, 'Action').selectOption({ label: 'Failed sign-in' });
    await expect(page).toHaveURL(/action=loginFailed/);
    await expect(tried).toBeVisible();
    await field(page, 'Person').selectOption(String(adminId));
    // No failed sign-in has anyone behind it.
    await expect(page.getByText('Nothing was recorded for these filters')).toBeVisible();
    await expect(tried).toHaveCount(0);
  });

  test("an event's title edited in its form, and its session moved in its own, show in their History panels and on /activity", async ({
    adminPage: page,
    playwright,
  }) => {
    await page.goto(`/events/${eventId}/edit`);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Event' })).toBeVisible();
    await expect(field(page, 'Title')).toHaveValue(oldTitle);
    await field(page, 'Title').fill(newTitle);
    await page.getByRole('button', { name: 'Update Event' }).click();
    await expect(page.getByText('Event updated successfully')).toBeVisible();

    // The session moves in its own form, an hour later.
    const api = await adminApiClient(playwright);
    const occurrence = await api.firstOccurrence(eventId);
    await api.dispose();
    await page.goto(`/event-occurrences/${occurrence.id}/edit`);
    await expect(field(page, 'Start Date')).toHaveValue(`${day}T10:00`);
    await field(page, 'Start Date').fill(`${day}T11:00`);
    await page.getByRole('button', { name: 'Update Event Occurrence' }).click();
    await expect(page.getByText('Event occurrence updated successfully')).toBeVisible();
    const moved = `admin moved '${newTitle}' on ${sessionDay(day, 'en')} from 10:00 to 11:00`;
    await page.goto(`/event-occurrences/${occurrence.id}/edit`);
    await expect(page.getByRole('region', { name: 'History' }).getByTestId('audit-sentence').first()).toHaveText(moved);

    // The event's History: its own changes and its session's move.
    await page.goto(`/events/${eventId}/edit`);
    const history = page.getByRole('region', { name: 'History' });
    await expect(history.getByTestId('audit-sentence')).toHaveText([
      moved,
      `admin changed the title of event '${newTitle}' from '${oldTitle}' to '${newTitle}'`,
      `admin created event '${oldTitle}'`,
    ]);
    expect(await violations(page)).toEqual([]);

    await page.goto('/activity?entityType=event-occurrences');
    await expect(sentence(page, moved)).toBeVisible();
  });

  test("an event's History has its sessions' cancellations and marks, each by the session's day and time", async ({
    adminPage: page,
  }) => {
    await page.goto(`/events/${weeklyId}/edit`);
    const history = page.getByRole('region', { name: 'History' });
    await expect(history.getByTestId('audit-sentence')).toHaveText([
      `admin cancelled '${weeklyTitle}' on ${sessionDay(weeklyDays[1], 'en')} 10:00: 'Teacher ill'`,
      `admin marked the attendance of '${weeklyTitle}' on ${sessionDay(weeklyDays[0], 'en')} 10:00`,
      `admin created event '${weeklyTitle}'`,
    ]);
    // What changed names the mark, not the start that says which session.
    const marked = history.getByRole('listitem').nth(1);
    await marked.getByText('What changed').click();
    await expect(marked.getByTestId('audit-changes').getByRole('term')).toHaveText([`guest ${guestId}`]);
  });

  test("a user's History panel says who created them", async ({ adminPage: page }) => {
    await page.goto(`/users/${guestId}/edit`);
    const history = page.getByRole('region', { name: 'History' });
    await expect(history.getByTestId('audit-sentence').last()).toHaveText(`admin created user '${guestName}'`);
    expect(await violations(page)).toEqual([]);
  });

  test('speaks Turkish', async ({ page }) => {
    await page.addInitScript(`localStorage.setItem('ritim.language', 'tr')`);
    await signInAs(page, 'admin');
    await page.goto('/activity?entityType=locations');
    await expect(page.getByRole('heading', { level: 1, name: 'İşlem Geçmişi' })).toBeVisible();
    await expect(sentence(page, `admin, '${locationName}' konumunu oluşturdu`)).toBeVisible();
    await expect(field(page, 'Bölüm')).toHaveValue('locations');
    expect(await violations(page)).toEqual([]);
    // A session is named by its day and time, the Turkish way.
    await page.goto('/activity?entityType=event-occurrences&action=cancel');
    await expect(
      sentence(
        page,
        `admin, ${sessionDay(weeklyDays[1], 'tr')} 10:00 tarihli '${weeklyTitle}' oturumunu iptal etti: 'Teacher ill'`,
      ),
    ).toBeVisible();
    await page.goto(`/events/${weeklyId}/edit`);
    await expect(page.getByRole('region', { name: 'Geçmiş' }).getByTestId('audit-sentence').nth(1)).toHaveText(
      `admin, ${sessionDay(weeklyDays[0], 'tr')} 10:00 tarihli '${weeklyTitle}' yoklamasını işaretledi`,
    );
  });

  test('fits a 390 px phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, 'admin');
    await page.goto('/activity');
    await expect(sentence(page, `admin created location '${locationName}'`)).toBeVisible();
    await expect(field(page, 'Person')).toBeVisible();
    const [scrollWidth, clientWidth] = await page.evaluate<[number, number]>(
      '[document.documentElement.scrollWidth, document.documentElement.clientWidth]',
    );
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    // Nor does the table scroll sideways in its card: rows with nothing to open (sign-ins) would
    // leave such a scroll box out of a keyboard's reach.
    await expect(page.getByTestId('list-table')).toBeVisible();
    const tableFits = async () => {
      const [tableWidth, boxWidth] = await page.evaluate<[number, number]>(
        "(t => [t.scrollWidth, t.parentElement.clientWidth])(document.querySelector('[data-testid=list-table]'))",
      );
      expect(tableWidth).toBeLessThanOrEqual(boxWidth);
    };
    await tableFits();
    expect(await violations(page)).toEqual([]);
    // Opened, this spec's event's creation shows its repeat rule, one long word: it wraps inside the card.
    await page.goto('/activity?entityType=events&action=create');
    const created = page.getByRole('row').filter({ has: sentence(page, `admin created event '${oldTitle}'`) });
    await created.getByText('What changed').click();
    await expect(created.getByTestId('audit-changes').getByText('DTSTART', { exact: false })).toBeVisible();
    await tableFits();
  });

  test('is the admins’ alone: an editor sees Access denied and no link', async ({ editorPage: page }) => {
    await page.goto('/activity');
    await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
    await expect(page.getByTestId('sidebar-nav').getByRole('link', { name: 'Activity' })).toHaveCount(0);
  });
});
