import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, signInAs, test, uniqueNames } from './fixtures.js';
import { openScreen, SCREENS, seedScreens, type ScreenIds } from './screens.js';

/**
 * Accessibility: every screen of screens.ts (a new route is one line there) passes axe's WCAG 2.1
 * A and AA rules with no serious or critical violation, in English on a desktop (1280 px) and in
 * Turkish on a phone (390 px); every control is reached with Tab; the dialog and the menus trap
 * focus while open and give it back when closed.
 */
const unique = uniqueNames();
let ids: ScreenIds;

/**
 * This worker's seed, made once: the screens run in parallel (below), so a worker may come back to
 * this file after another's tests, and Playwright then runs beforeAll again in the same process.
 */
let seeded: Promise<ScreenIds> | undefined;

test.beforeAll(async ({ playwright }) => {
  seeded ??= seedScreens(playwright, unique);
  ids = await seeded;
});

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The serious and critical violations on the page as it is now, one line each: rule, what, where. */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) => `${violation.id} (${violation.impact}): ${violation.help} at ${node.target.join(' ')}`,
      ),
    );
}

/** What the page's functions below use of the browser (the e2e project has no DOM types). */
interface PageElement {
  tagName: string;
  id: string;
  textContent: string | null;
  getAttribute(name: string): string | null;
  dataset: Record<string, string | undefined>;
  getClientRects(): { length: number };
  closest(selector: string): PageElement | null;
  matches(selector: string): boolean;
  append(child: PageElement): void;
}
interface PageDocument {
  activeElement: PageElement | null;
  querySelectorAll(selector: string): Iterable<PageElement>;
  querySelector(selector: string): PageElement | null;
  createElement(tag: string): PageElement;
  addEventListener(type: 'focusin', listener: () => void): void;
}
/** (In the page's functions, which are sent as text: `(globalThis as unknown as PageGlobals).document`.) */
type PageGlobals = { document: PageDocument };

/** Controls a keyboard user must reach with Tab (a radio group or grid is one stop, reached by its own keys). */
const CONTROLS =
  'summary, a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]):not([type="radio"]), select:not([disabled]), textarea:not([disabled]), [role="button"], [role="switch"]';

/** The controls of the page as it is now that Tab never reaches, one line each (empty: all reached). */
async function controlsTabMisses(page: Page): Promise<string[]> {
  const total = await page.evaluate((selector) => {
    let index = 0;
    for (const element of (globalThis as unknown as PageGlobals).document.querySelectorAll(selector)) {
      // Hidden, or inside a closed disclosure (its summary, a control itself, opens it).
      const hidden =
        element.getClientRects().length === 0 ||
        element.closest('[inert], [aria-hidden="true"]') ||
        (element.closest('details:not([open])') && element.tagName !== 'SUMMARY');
      if (!hidden) element.dataset.kb = String(index++);
    }
    return index;
  }, CONTROLS);
  // The page notes each control focus lands on; the test reads the notes every few presses.
  await page.evaluate(() => {
    const { document } = globalThis as unknown as PageGlobals;
    const reached = new Set<string>();
    (globalThis as unknown as { reachedKb: Set<string> }).reachedKb = reached;
    document.addEventListener('focusin', () => {
      const mark = document.activeElement?.dataset.kb;
      if (mark !== undefined) reached.add(mark);
    });
  });
  const reachedCount = () => page.evaluate(() => (globalThis as unknown as { reachedKb: Set<string> }).reachedKb.size);
  // Twice as many presses as controls is enough to pass each one (and the skip link) once.
  for (let press = 0; press < total * 2 + 4; press++) {
    await page.keyboard.press('Tab');
    if (press % 10 === 9 && (await reachedCount()) >= total) break;
  }
  const reached = await page.evaluate(() => [...(globalThis as unknown as { reachedKb: Set<string> }).reachedKb]);
  return page.evaluate(
    (seen) =>
      [...(globalThis as unknown as PageGlobals).document.querySelectorAll('[data-kb]')]
        .filter((element) => !seen.includes(element.dataset.kb!))
        .map(
          (element) =>
            `${element.tagName.toLowerCase()} '${element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 60)}'`,
        ),
    reached,
  );
}

test('the axe check itself sees a violation (an unnamed button)', async ({ page }) => {
  await openScreen(
    page,
    SCREENS.find((screen) => screen.name === 'Sign In')!,
    ids,
  );
  expect(await violations(page)).toEqual([]);
  await page.evaluate(() => {
    const { document } = globalThis as unknown as PageGlobals;
    document.querySelector('main')!.append(document.createElement('button'));
  });
  expect((await violations(page)).join('\n')).toContain('button-name (critical)');
});

/**
 * Each screen, in one browser context: in English on a desktop, axe finds nothing serious and Tab
 * reaches every control; then in Turkish on a phone, axe again. Each language and each width is
 * checked once: the texts (labels, names, the page's language) are what a language changes, and
 * Turkish's longer words on the narrow window are where the layout is tightest.
 */
test.describe('every screen: axe in both languages and widths, every control reached with Tab', () => {
  // The screens are independent: both workers share them (each with its own server and seed).
  test.describe.configure({ mode: 'parallel' });
  for (const screen of SCREENS) {
    test(screen.name, async ({ page }) => {
      const where = `${screen.name} (${screen.path(ids)})`;
      await page.setViewportSize({ width: 1280, height: 900 });
      await openScreen(page, screen, ids, 'en');
      expect(await violations(page), `${where}, en 1280px`).toEqual([]);
      expect(await controlsTabMisses(page), `${where}: controls Tab never reaches`).toEqual([]);
      await page.setViewportSize({ width: 390, height: 900 });
      await openScreen(page, screen, ids, 'tr');
      expect(await violations(page), `${where}, tr 390px`).toEqual([]);
    });
  }
});

/** Whether the focused element is inside the element `selector` finds (or is it). */
const focusIn = (page: Page, selector: string) =>
  page.evaluate(
    (within) => (globalThis as unknown as PageGlobals).document.activeElement?.closest(within) != null,
    selector,
  );

test.describe('focus in dialogs and menus', () => {
  test('the phone’s navigation dialog traps focus and gives it back to its button', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await signInAs(page, 'admin');
    await page.goto('/');
    const opener = page.getByTestId('mobile-menu-button');
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    // The navigation is a native <dialog>: its dialog role is implicit, not an attribute.
    await expect.poll(() => focusIn(page, 'dialog')).toBe(true);
    expect(await violations(page)).toEqual([]);
    // Round the dialog both ways: focus never leaves it.
    const links = await dialog.getByRole('link').count();
    for (const key of ['Tab', 'Shift+Tab']) {
      for (let press = 0; press < links + 3; press++) {
        await page.keyboard.press(key);
        expect(await focusIn(page, 'dialog'), `${key} ${press + 1}`).toBe(true);
      }
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('a row menu opens from the keyboard, moves with the arrows and gives focus back', async ({ page }) => {
    const locations = SCREENS.find((screen) => screen.name === 'Locations')!;
    await openScreen(page, locations, ids);
    const button = page.getByTestId('row-menu-button').first();
    await button.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    // The menu keeps the focus and points at the active item (aria-activedescendant).
    const items = menu.getByRole('menuitem');
    await expect(menu).toBeFocused();
    await expect(menu).toHaveAttribute('aria-activedescendant', (await items.first().getAttribute('id'))!);
    expect(await violations(page)).toEqual([]);
    await page.keyboard.press('ArrowDown');
    await expect(menu).toHaveAttribute('aria-activedescendant', (await items.nth(1).getAttribute('id'))!);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
  });

  test('the user menu opens from the keyboard and gives focus back', async ({ page }) => {
    await signInAs(page, 'admin');
    await page.goto('/');
    const button = page.getByRole('banner').getByRole('button').last();
    await button.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(menu).toBeFocused();
    await expect(menu).toHaveAttribute(
      'aria-activedescendant',
      (await menu.getByRole('menuitem').first().getAttribute('id'))!,
    );
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
  });
});
