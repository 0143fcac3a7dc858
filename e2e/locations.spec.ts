import { expect, test } from './fixtures.js';

// The Locations list and form (create, blank name, edit, Back, delete and its failure, search,
// archive, sort, pages) are checked by generic-sections.spec.ts; what is left here is the toast.
test.describe('Locations', () => {
  test('closes a toast with its close button', async ({ adminPage: page }) => {
    await page.goto('/locations/create');
    // The pointer rests where the toast will appear (the middle of the top bar) and the form is
    // sent from the keyboard: the toast comes up under the pointer, which holds its 3 s timer, so a
    // slow machine cannot let it expire before the test reaches its close button.
    await page.mouse.move(page.viewportSize()!.width / 2, 8 + 25);
    await page.getByPlaceholder('Location Name').fill('Toast Room');
    await page.getByPlaceholder('Location Name').press('Enter');
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Location created successfully' });
    await expect(toast).toBeVisible();
    await toast.hover();
    await toast.getByRole('button', { name: 'Close toast' }).click();
    await expect(toast).toHaveCount(0);
  });
});
