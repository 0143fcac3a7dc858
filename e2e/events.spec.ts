import type { Page } from '@playwright/test';
import { dayIn } from './clock.js';
import { apiHeaders, expect, field, rowWithCell, signInAs, test, uniqueNames } from './fixtures.js';

const unique = uniqueNames();

/** The next Monday after today (UTC calendar), as yyyy-MM-dd and dd/MM/yyyy. */
function nextMonday(): { iso: string; shown: string } {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + ((8 - day.getUTCDay()) % 7 || 7));
  const iso = day.toISOString().slice(0, 10);
  const [year, month, date] = iso.split('-');
  return { iso, shown: `${date}/${month}/${year}` };
}

/** A location, an editor in Europe/London (the organiser) and a guest, made through the API. */
async function setUp(page: Page) {
  const headers = await apiHeaders(page);
  const location = await page.request.post('/api/locations', { headers, data: { name: unique('Hall') } });
  expect(location.status()).toBe(201);
  const editor = await page.request.post('/api/users', {
    headers,
    data: {
      username: unique('organiser'),
      password: 'organiser-password-1',
      role: 'editor',
      name: 'Orhan',
      surname: unique('Kaya'),
      timezone: 'Europe/London',
    },
  });
  expect(editor.status()).toBe(201);
  const guest = await page.request.post('/api/users', {
    headers,
    data: {
      username: unique('guest'),
      password: 'guest-password-1',
      role: 'guest',
      name: 'Gül',
      surname: unique('Ak'),
      timezone: 'Europe/Istanbul',
    },
  });
  expect(guest.status()).toBe(201);
  return {
    locationName: unique('Hall'),
    organiserName: `Orhan ${unique('Kaya')}`,
    guestName: `Gül ${unique('Ak')}`,
  };
}

test.describe('Events', () => {
  test('creates a weekly Monday and Wednesday event ending after 6, lists it, edits it and deletes it', async ({
    adminPage: page,
  }) => {
    const { locationName, organiserName, guestName } = await setUp(page);
    const title = unique('Choir practice');
    const monday = nextMonday();

    await page.goto('/events');
    await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
    await page.getByRole('link', { name: 'Create events' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Create Event' })).toBeVisible();
    await expect(field(page, 'Does not repeat')).toBeChecked();

    await field(page, 'Title').fill(title);
    await field(page, 'Location').selectOption({ label: locationName });
    await field(page, 'Organiser').selectOption({ label: organiserName });
    await expect(page.getByText('Times in Europe/London')).toBeVisible();
    await page.getByRole('checkbox', { name: guestName }).check();
    await field(page, 'Start Date').fill(`${monday.iso}T18:00`);
    await field(page, 'To').fill('19:00');
    await field(page, 'Does not repeat').uncheck();
    await expect(field(page, 'Repeat every')).toHaveValue('1');
    await expect(field(page, 'Frequency')).toHaveValue('week');
    await field(page, 'Monday').check();
    await field(page, 'Wednesday').check();
    await field(page, 'After').check();
    await field(page, 'Occurrences').fill('6');

    const preview = page.getByTestId('event-preview');
    await expect(preview.getByText('Mon, Wed')).toBeVisible();
    await expect(preview.getByText('6 occurrences in all')).toBeVisible();
    await expect(page.getByTestId('event-preview-dates').getByRole('listitem').first()).toHaveText(
      `${monday.shown} 18:00`,
    );

    await page.getByRole('button', { name: 'Create Event' }).click();
    await expect(page.getByText('Event created successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/events$/);

    await page.goto(`/events?q=${encodeURIComponent(title)}`);
    const created = rowWithCell(page, title);
    await expect(created).toBeVisible();
    await expect(created.getByRole('cell', { name: `${monday.shown} 18:00`, exact: true })).toBeVisible();
    await expect(created.getByRole('cell', { name: 'Mon, Wed', exact: true })).toBeVisible();
    await expect(created.getByRole('cell', { name: organiserName, exact: true })).toBeVisible();
    await expect(created.getByRole('cell', { name: guestName, exact: true })).toBeVisible();
    await expect(created.getByRole('cell', { name: locationName, exact: true })).toBeVisible();

    await created.getByTestId('row-menu-button').click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Event' })).toBeVisible();
    await expect(field(page, 'Title')).toHaveValue(title);
    await expect(field(page, 'Monday')).toBeChecked();
    await expect(field(page, 'Occurrences')).toHaveValue('6');
    const renamed = `${title} (renamed)`;
    await field(page, 'Title').fill(renamed);
    await page.getByRole('button', { name: 'Update Event' }).click();
    await expect(page.getByText('Event updated successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/events$/);

    await page.goto(`/events?q=${encodeURIComponent(renamed)}`);
    await expect(rowWithCell(page, renamed)).toBeVisible();
    page.once('dialog', (dialog) => void dialog.accept());
    await rowWithCell(page, renamed).getByTestId('row-menu-button').click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await expect(page.getByText(`${renamed} deleted successfully`)).toBeVisible();
    await expect(rowWithCell(page, renamed)).toHaveCount(0);
  });

  test('shows every validation message before sending', async ({ adminPage: page }) => {
    await page.goto('/events/create');
    await expect(page.getByRole('heading', { level: 1, name: 'Create Event' })).toBeVisible();
    await field(page, 'Start Date').fill(`${nextMonday().iso}T18:00`);
    await field(page, 'To').fill('17:00');
    await field(page, 'Does not repeat').uncheck();
    await field(page, 'Occurrences').fill('181');
    await page.getByRole('button', { name: 'Create Event' }).click();
    await expect(page.getByText('Event title must be a non-empty string')).toBeVisible();
    await expect(page.getByText('Start date cannot be after end date')).toBeVisible();
    await expect(page.getByText('Maximum number of occurrences is 180').first()).toBeVisible();

    await field(page, 'On').check();
    const tooFar = new Date();
    tooFar.setUTCFullYear(tooFar.getUTCFullYear() + 1);
    tooFar.setUTCDate(tooFar.getUTCDate() + 3);
    await field(page, 'End date').fill(tooFar.toISOString().slice(0, 10));
    await page.getByRole('button', { name: 'Create Event' }).click();
    await expect(page.getByText('End date cannot be more than 1 year from now').first()).toBeVisible();
    await expect(page).toHaveURL(/\/events\/create$/);
  });

  test('fits a narrow window: the menu opens Events and the repeat fields stay on screen', async ({
    adminPage: page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Events', exact: true }).click();
    await expect(page).toHaveURL(/\/events$/);
    await page.getByRole('link', { name: 'Create events' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Create Event' })).toBeVisible();
    await field(page, 'Does not repeat').uncheck();
    for (const control of [
      field(page, 'Sunday'),
      field(page, 'Occurrences'),
      page.getByRole('button', { name: 'Create Event' }),
    ]) {
      await control.scrollIntoViewIfNeeded();
      const box = await control.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    }
  });

  /**
   * Through the API: a weekly Tuesday, Wednesday and Thursday event from a week ago (so the first
   * three dates of its preview are over), its fifth session (tomorrow or later) cancelled.
   */
  async function weeklyWithHistory(page: Page, title: string): Promise<number> {
    const headers = await apiHeaders(page);
    // The seeded editor organises it.
    const editors = await page.request.get('/api/users?q=editor', { headers });
    const organiserId = ((await editors.json()) as { users: { id: number; username: string }[] }).users.find(
      (user) => user.username === 'editor',
    )!.id;
    const location = await page.request.post('/api/locations', { headers, data: { name: `${title} hall` } });
    expect(location.status()).toBe(201);
    const created = await page.request.post('/api/events', {
      headers,
      data: {
        title,
        locationId: ((await location.json()) as { id: number }).id,
        organiserId,
        guestIds: [],
        repeat: {
          doesNotRepeat: false,
          start: `${dayIn('Europe/Istanbul', -7)}T10:00`,
          frequency: 'week',
          interval: 1,
          weekdays: ['TU', 'WE', 'TH'],
          end: { type: 'after', count: 12 },
        },
        endTime: '11:00',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const sessions = await page.request.get(`/api/event-occurrences?eventId=${id}`, { headers });
    const fifth = ((await sessions.json()) as { eventOccurrences: { id: number }[] }).eventOccurrences[4]!;
    const cancelled = await page.request.post(`/api/event-occurrences/${fifth.id}/cancel`, {
      headers,
      data: { reason: 'Hall closed' },
    });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
    return id;
  }

  test('Edit Event in Turkish: the days in Turkish, and its next occurrences say which are over and which cancelled', async ({
    page,
  }) => {
    await page.addInitScript(`localStorage.setItem('ritim.language', 'tr')`);
    await signInAs(page, 'admin');
    const title = unique('Haftalık koro');
    const id = await weeklyWithHistory(page, title);

    await page.goto(`/events/${id}/edit`);
    await expect(page.getByRole('heading', { level: 1, name: 'Etkinliği Düzenle' })).toBeVisible();
    const preview = page.getByTestId('event-preview');
    await expect(preview.getByText('Sal, Çar, Per', { exact: true })).toBeVisible();
    const dates = page.getByTestId('event-preview-dates').getByRole('listitem');
    await expect(dates).toHaveCount(5);
    for (const index of [0, 1, 2]) await expect(dates.nth(index)).toHaveText(/ \(geçti\)$/);
    await expect(dates.nth(4)).toHaveText(/^\d\d\/\d\d\/\d{4} 10:00 \(iptal edildi\)$/);

    // The list's Days column says it the same way.
    await page.goto(`/events?q=${encodeURIComponent(title)}`);
    await expect(rowWithCell(page, title).getByRole('cell', { name: 'Sal, Çar, Per', exact: true })).toBeVisible();
  });

  test('Edit Event in English marks the past and cancelled occurrences too', async ({ adminPage: page }) => {
    const id = await weeklyWithHistory(page, unique('Weekly choir'));
    await page.goto(`/events/${id}/edit`);
    await expect(page.getByTestId('event-preview').getByText('Tue, Wed, Thu', { exact: true })).toBeVisible();
    const dates = page.getByTestId('event-preview-dates').getByRole('listitem');
    await expect(dates.first()).toHaveText(/ \(past\)$/);
    await expect(dates.nth(4)).toHaveText(/ 10:00 \(cancelled\)$/);
  });
});
