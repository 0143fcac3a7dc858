import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { adminApiClient, expect, test, uniqueNames } from './fixtures.js';

const unique = uniqueNames();
const PASSWORD = 'export-password-1';

/** The seeded admin's zone (the users' default), the zone the occurrence screens show days in. */
const ADMIN_ZONE = 'Europe/Istanbul';

/** A day `days` after today in the admin's zone, as yyyy-MM-dd. */
function dayAhead(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ADMIN_ZONE }).format(new Date());
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

const day = dayAhead(12);
const title = unique('Export choir');

/** Through the API as the admin: a location, an editor, a guest, and one session of the choir on the day. */
test.beforeAll(async ({ playwright }) => {
  const api = await adminApiClient(playwright);
  try {
    const { id: locationId } = await api.post('/api/locations', { name: unique('Export studio') });
    const { id: organiserId } = await api.post('/api/users', {
      username: unique('exp-selin'),
      name: 'Selin',
      surname: unique('Yıldız'),
      role: 'editor',
      timezone: 'Europe/Istanbul',
      password: PASSWORD,
    });
    const { id: guestId } = await api.post('/api/users', {
      username: unique('exp-deniz'),
      name: 'Deniz',
      surname: unique('Er'),
      role: 'guest',
      timezone: 'Europe/Istanbul',
      password: PASSWORD,
    });
    await api.post('/api/events', {
      title,
      locationId,
      organiserId,
      guestIds: [guestId],
      repeat: { doesNotRepeat: true, start: `${day}T18:00` },
      endTime: '19:00',
    });
  } finally {
    await api.dispose();
  }
});

/** Clicks Export CSV and answers the download's name and text (without the UTF-8 byte order mark). */
async function exportCsv(page: Page): Promise<{ name: string; text: string }> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download: Download = await downloading;
  const text = await readFile(await download.path(), 'utf8');
  return { name: download.suggestedFilename(), text: text.replace(/^\uFEFF/, '') };
}

test.describe('Export CSV', () => {
  test('Event Occurrences exports the day shown as ritim-<day>-<day>.csv', async ({ adminPage: page }) => {
    await page.goto(`/event-occurrences?date=${day}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Event Occurrences' })).toBeVisible();
    await expect(page.getByRole('cell', { name: title, exact: true })).toBeVisible();

    const { name, text } = await exportCsv(page);
    expect(name).toBe(`ritim-${day}-${day}.csv`);
    const lines = text.split(/\r?\n/);
    expect(lines[0]).toMatch(/^Occurrence id,Date,Start/);
    expect(lines.some((line) => line.includes(title))).toBe(true);
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  test('Monthly Report exports the month shown, first to last day', async ({ adminPage: page }) => {
    await page.goto(`/monthly-event-occurrences?date=${day}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Monthly Report' })).toBeVisible();
    await expect(page.getByRole('cell', { name: title, exact: true })).toBeVisible();

    const [year, month] = day.split('-').map(Number) as [number, number];
    const last = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
    const first = `${day.slice(0, 7)}-01`;
    const { name, text } = await exportCsv(page);
    expect(name).toBe(`ritim-${first}-${last}.csv`);
    expect(text).toMatch(/^Occurrence id,Date,Start/);
    expect(text).toContain(title);
  });

  test("says 'Error exporting CSV: <reason>' when the export fails", async ({ adminPage: page }) => {
    await page.route('**/api/event-occurrences/export?*', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'The export covers at most 366 days' }),
      }),
    );
    await page.goto(`/event-occurrences?date=${day}`);
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await expect(page.getByText('Error exporting CSV: The export covers at most 366 days')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  test('an editor has no Export button: the occurrence screens are the admins’', async ({ editorPage: page }) => {
    for (const path of ['/event-occurrences', '/monthly-event-occurrences']) {
      await page.goto(`${path}?date=${day}`);
      await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);
    }
  });
});
