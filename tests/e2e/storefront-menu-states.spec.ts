/**
 * Issue 3, menu screen states: loading skeletons, empty category, missing modifier groups, grid columns, toasts.
 * The browser is English: dishes, groups and options go by the seed's English names (issue 23).
 */
import type { Page } from '@playwright/test';

import { expectNoSeriousAxeViolations } from './storefront-a11y';
import { expect, test } from './fixtures';
import { expectHydrated } from './helpers/hydration';

interface MenuJson {
  categories: { id: number; slug: string }[];
  items: { name: string; categoryId: number; modifierGroups: { options: unknown[] }[] }[];
}

/** Serve GET /api/menu changed by `edit` (plain JSON, no content encoding). */
async function editMenu(page: Page, edit: (menu: MenuJson) => void) {
  await page.route('**/api/menu', async (route) => {
    const response = await route.fetch({ headers: { ...route.request().headers(), 'accept-encoding': 'identity' } });
    const menu = (await response.json()) as MenuJson;
    edit(menu);
    await route.fulfill({ status: 200, json: menu });
  });
}

test('while the menu loads: six skeletons in the category bar and "Loading menu..."', async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/menu', async (route) => {
    await held;
    await route.continue();
  });
  // The server renders /menu with its menu (docs/decisions/0155): the menu is still loading when the
  // app goes there from a page that had no menu yet.
  await page.goto('/contact');
  await page.getByRole('banner').getByRole('link', { name: 'Meniu', exact: true }).click();
  await expect(page).toHaveURL(/\/menu$/);
  await expect(page.getByText('Loading menu...')).toBeVisible();
  await expect(page.locator('.category-bar__skeleton')).toHaveCount(6);
  await expectNoSeriousAxeViolations(page);
  release();
  await expect(page.getByRole('navigation', { name: 'Categorii meniu' }).getByRole('button')).toHaveCount(5);
  await expect(page.getByText('Loading menu...')).toBeHidden();
});

test('an empty category says so, and an item whose groups could not be loaded cannot be added', async ({ page }) => {
  await editMenu(page, (menu) => {
    const desert = menu.categories.find((c) => c.slug === 'desert')!;
    menu.items = menu.items.filter((item) => item.categoryId !== desert.id);
    menu.items.find((item) => item.name === 'Mici')!.modifierGroups[0]!.options = [];
  });
  await page.goto('/menu');
  await expect(page.getByRole('heading', { name: 'Desserts (No items)' })).toBeVisible();
  await expect(page.getByText('No menu items available in this category.')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('button', { name: 'Custom Mici (grilled skinless sausages)', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('This item has modifier groups but they could not be loaded.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Select Required Options' })).toBeDisabled();
});

test('an optional group with no options left is left out and does not block adding', async ({ page }) => {
  await editMenu(page, (menu) => {
    // Mici: required 'Sauce' (Sos), then optional 'Extras' (Extra, all its options withdrawn).
    menu.items.find((item) => item.name === 'Mici')!.modifierGroups[1]!.options = [];
  });
  await page.goto('/menu');
  await page.getByRole('button', { name: 'Custom Mici (grilled skinless sausages)', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('group', { name: /Sauce/ })).toBeVisible();
  await expect(dialog.getByRole('group', { name: /Extras/ })).toHaveCount(0);
  await expect(dialog.getByText('This item has modifier groups but they could not be loaded.')).toHaveCount(0);
  await dialog.getByLabel('Mustard').check();
  await dialog.getByRole('button', { name: /Add to Cart/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
});

test('the menu grid has 1, 2 or 3 columns by width', async ({ page }) => {
  const columns = () =>
    page
      .locator('.menu-grid')
      .first()
      .evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(' ').length);
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/menu');
  await expect.poll(columns).toBe(1);
  await page.setViewportSize({ width: 800, height: 800 });
  await expect.poll(columns).toBe(2);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect.poll(columns).toBe(3);
});

test('notifications: one at a time, the newest replaces the older, success closes after 4200 ms', async ({ page }) => {
  await page.clock.install();
  await page.goto('/menu');
  await expect(page.getByRole('button', { name: 'Add Loaf of bread, 600 g' })).toBeVisible();
  // The app has taken over the server-rendered cards (the clock is stopped below).
  for (const name of ['Loaf of bread, 600 g', 'Sesame bun']) await expectHydrated(page.getByRole('button', { name: `Add ${name}` }));
  // Stop the page's clock: from here only runFor moves its timers. The pause point leaves room for a
  // busy machine (pauseAt refuses a moment that has already passed).
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 5_000);
  const add = async (name: string) => {
    await page.getByRole('button', { name: `Add ${name}` }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Add to Cart/ })
      .click();
    await expect(page.getByTestId('toast')).toContainText(name);
  };
  await add('Loaf of bread, 600 g');
  await add('Sesame bun');
  await expect(page.getByTestId('toast')).toHaveCount(1);
  await page.clock.runFor(4_199);
  await expect(page.getByTestId('toast')).toBeVisible();
  await page.clock.runFor(1);
  await expect(page.getByTestId('toast')).toHaveCount(0);

  await add('Loaf of bread, 600 g');
  await page.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(page.getByTestId('toast')).toHaveCount(0);
});
