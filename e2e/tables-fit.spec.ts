import type { Locator, Page } from '@playwright/test';
import { dayIn } from './clock.js';
import { adminApiClient, expect, signInAs, test, uniqueNames } from './fixtures.js';
import { openScreen, SCREENS, seedScreens, type ScreenIds } from './screens.js';

/**
 * No table hides its actions (issue: at 1366 px the Upcoming Events row menu was cut off): on a
 * laptop and a phone, every list's row-menu button is wholly on screen where it is, without
 * scrolling, is what the pointer hits there, and opens its menu. Attendance's table shows all its
 * columns at 1280 px, and Upcoming Events shows each session's status and guests on a phone.
 */
const unique = uniqueNames();
let ids: ScreenIds;
const ZONE = 'Europe/Istanbul';
const yesterday = dayIn(ZONE, -1);
/** The seeded guests with long names (screens.ts). */
const longNames = [`Zeynep Nur ${unique('Karaosmanoğlu')}`, `Mehmet Ali ${unique('Büyükçekmeceli')}`];

test.beforeAll(async ({ playwright }) => {
  ids = await seedScreens(playwright, unique);
  // Yesterday's session of the seeded guests, marked, so Attendance has rows to show.
  const api = await adminApiClient(playwright);
  try {
    const { guestIds } = await api.get<{ guestIds: number[] }>(`/api/events/${ids.event}`);
    const { id } = await api.post('/api/events', {
      title: unique('Attendance fit'),
      locationId: ids.location,
      organiserId: ids.editor,
      guestIds,
      repeat: { doesNotRepeat: true, start: `${yesterday}T10:00` },
      endTime: '11:00',
    });
    const session = await api.firstOccurrence(id);
    await api.put(`/api/event-occurrences/${session.id}/attendance`, {
      entries: guestIds.map((guestId, index) => ({ guestId, status: index === 0 ? 'late' : 'present' })),
    });
  } finally {
    await api.dispose();
  }
});

/** What the page's functions below use of the browser (the e2e project has no DOM types). */
interface PageElement {
  getBoundingClientRect(): { left: number; top: number; width: number; height: number };
  contains(other: unknown): boolean;
}
interface PageGlobals {
  document: { elementFromPoint(x: number, y: number): unknown; documentElement: { scrollWidth: number } };
  innerHeight: number;
  scrollBy(x: number, y: number): void;
}

/** The element a click at the centre of `target` lands on is `target` (or inside it): nothing covers or clips it. */
async function hitsItself(target: Locator): Promise<boolean> {
  return target.evaluate((node) => {
    const element = node as unknown as PageElement;
    const box = element.getBoundingClientRect();
    const hit = (globalThis as unknown as PageGlobals).document.elementFromPoint(
      box.left + box.width / 2,
      box.top + box.height / 2,
    );
    return hit !== null && element.contains(hit);
  });
}

/** Scrolls the page down to `target` only: never sideways, which would hide a cut-off. */
async function scrollDownTo(target: Locator): Promise<void> {
  await target.evaluate((node) => {
    const page = globalThis as unknown as PageGlobals;
    page.scrollBy(0, (node as unknown as PageElement).getBoundingClientRect().top - page.innerHeight / 2);
  });
}

for (const width of [1366, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const screen of SCREENS.filter((candidate) => candidate.list)) {
      test(`${screen.name}: the row menu is in view and opens`, async ({ page }) => {
        await openScreen(page, screen, ids);
        // The page itself never scrolls sideways; a wide table scrolls inside its card.
        expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
        const button = page.getByTestId('row-menu-button').first();
        await scrollDownTo(button);
        await expect(button).toBeInViewport({ ratio: 1 });
        expect(await hitsItself(button)).toBe(true);
        await button.click();
        await expect(page.getByRole('menu')).toBeVisible();
        await expect(page.getByRole('menuitem').first()).toBeInViewport();
        await page.keyboard.press('Escape');
        await expect(page.getByRole('menu')).toBeHidden();
      });
    }
  });
}

/** The table's own scroll box: wider content than it shows means columns out of sight. */
const tableOverflow = (page: Page) =>
  page.getByTestId('list-table').evaluate((table) => {
    const box = (table as unknown as { parentElement: { scrollWidth: number; clientWidth: number } }).parentElement;
    return box.scrollWidth - box.clientWidth;
  });

test.describe('Attendance at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  for (const [language, heading] of [
    ['en', 'Attendance'],
    ['tr', 'Yoklama'],
  ] as const) {
    test(`shows every column of its table without scrolling (${language})`, async ({ page }) => {
      await page.addInitScript(`localStorage.setItem('ritim.language', '${language}')`);
      await signInAs(page, 'admin');
      await page.goto(`/attendance?from=${yesterday}&to=${yesterday}`);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      const table = page.getByTestId('list-table');
      await expect(table.getByRole('row').filter({ hasText: longNames[0] })).toBeVisible();
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(1280);
      expect(await tableOverflow(page)).toBeLessThanOrEqual(0);
      // The last column ('Unmarked') is wholly on screen once the page is scrolled down to it.
      await scrollDownTo(table.getByRole('columnheader').last());
      await expect(table.getByRole('columnheader').last()).toBeInViewport({ ratio: 1 });
    });
  }
});

test.describe('Upcoming Events at 390 px', () => {
  test.use({ viewport: { width: 390, height: 900 } });

  test('shows each session’s status and guests without scrolling sideways', async ({ page, playwright }) => {
    // The session is 'Scheduled', or 'Approved' when a spec before this one on the worker's server
    // approved today's schedule (make-ups and new sessions on an approved day are approved).
    const api = await adminApiClient(playwright);
    const { status } = await api.get<{ status: 'scheduled' | 'approved' }>(`/api/event-occurrences/${ids.occurrence}`);
    await api.dispose();
    const upcoming = SCREENS.find((screen) => screen.name === 'Upcoming Events')!;
    await openScreen(page, upcoming, ids);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    const session = page
      .getByTestId('list-table')
      .getByRole('row')
      .filter({ hasText: unique('Piano lesson for beginners, second term') });
    for (const shown of [
      session.getByText(status === 'approved' ? 'Approved' : 'Scheduled', { exact: true }),
      ...longNames.map((name) => session.getByText(name)),
    ]) {
      await scrollDownTo(shown);
      await expect(shown).toBeInViewport({ ratio: 1 });
    }
  });
});
