import type { Locator } from '@playwright/test';
import { expect, test, uniqueNames } from './fixtures.js';
import { openScreen, SCREENS, seedScreens, type ScreenIds } from './screens.js';

/**
 * No table hides its actions (issue: at 1366 px the Upcoming Events row menu was cut off): on a
 * laptop and a phone, every list's row-menu button is wholly on screen where it is, without
 * scrolling, is what the pointer hits there, and opens its menu.
 */
const unique = uniqueNames();
let ids: ScreenIds;

test.beforeAll(async ({ playwright }) => {
  ids = await seedScreens(playwright, unique);
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

for (const width of [1366, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const screen of SCREENS.filter((candidate) => candidate.list)) {
      test(`${screen.name}: the row menu is in view and opens`, async ({ page }) => {
        await openScreen(page, screen, ids);
        // The page itself never scrolls sideways; a wide table scrolls inside its card.
        expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
        const button = page.getByTestId('row-menu-button').first();
        // Scroll the page down to the row only (never sideways, which would hide a cut-off).
        await button.evaluate((node) => {
          const page = globalThis as unknown as PageGlobals;
          page.scrollBy(0, (node as unknown as PageElement).getBoundingClientRect().top - page.innerHeight / 2);
        });
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
