/**
 * Issue 26 (row G3): a large catalogue is drawn near the screen only (src/shared/menu-layout.ts). The
 * menu answer is widened in the browser to 108 dishes a category (copies of the seeded ones with their
 * own ids and names), so the app draws a menu of 540; the server's store stays the seeded one.
 */
import type { Page } from '@playwright/test';

import type { Menu } from '../../src/shared/schemas/menu';
import { expect, test } from './fixtures';

const DISHES_PER_CATEGORY = 108;
const CARDS_AT_ONCE = 24;

async function serveLargeMenu(page: Page, dishesPerCategory = DISHES_PER_CATEGORY) {
  await page.route(/\/api\/menu(\?.*)?$/, async (route) => {
    const response = await route.fetch({ headers: { ...route.request().headers(), 'if-none-match': '' } });
    const menu = (await response.json()) as Menu;
    const items = menu.categories.flatMap((category, categoryIndex) => {
      const originals = menu.items.filter((item) => item.categoryId === category.id);
      return Array.from({ length: dishesPerCategory }, (_, index) => {
        const original = originals[index % originals.length]!;
        const copy = Math.floor(index / originals.length);
        return {
          ...original,
          id: 100_000 + categoryIndex * 1_000 + index,
          sku: `${original.sku}-${copy}-${index}`,
          name: copy === 0 ? original.name : `${original.name} ${copy + 1}`,
          nameEn: copy === 0 || !original.nameEn ? original.nameEn : `${original.nameEn} ${copy + 1}`,
          sortOrder: index,
        };
      });
    });
    await route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ ...menu, version: `${menu.version}-large`, items }),
    });
  });
}

const section = (page: Page, name: RegExp) => page.getByRole('region', { name });

test('a large menu draws each section’s first cards, then the rest as they come near the screen', async ({ page }) => {
  await serveLargeMenu(page);
  await page.goto('/menu');
  const first = section(page, /Off the charcoal grill/);
  await expect(first.getByRole('heading', { name: /Off the charcoal grill \(108\)/ })).toBeVisible();
  // The app's menu (540 dishes) has replaced the server-drawn one: the first section holds its first
  // batch of cards and boxes for the rest; a far section likewise, untouched by the scroll.
  await expect(first.getByTestId('menu-card')).toHaveCount(CARDS_AT_ONCE);
  const last = section(page, /Desserts/);
  await expect(last.getByTestId('menu-card')).toHaveCount(CARDS_AT_ONCE);
  // 108 dishes: a drawn batch of 24, a box for each of the next three batches of 24, and 12 card-sized boxes.
  await expect(last.locator('.menu-card-batch')).toHaveCount(3);
  await expect(last.locator('.menu-card--deferred')).toHaveCount(DISHES_PER_CATEGORY - 4 * CARDS_AT_ONCE);

  // The category bar jumps to a far section: its first dishes are real cards on screen, at once.
  await page
    .getByRole('navigation', { name: 'Categorii meniu' })
    .getByRole('button', { name: /Desserts/ })
    .click();
  await expect(last.getByTestId('menu-card').first()).toBeInViewport();
  await expect(last.getByRole('button', { name: /^(Add|Custom) / }).first()).toBeInViewport();

  // A jump to the section's end draws the batches there, not the ones scrolled past.
  const boxes = last.locator('.menu-card--deferred, .menu-card-batch');
  await last.locator('.menu-card, .menu-card-batch').last().scrollIntoViewIfNeeded();
  await expect(last.locator('.menu-card--deferred')).toHaveCount(0);
  await expect(boxes).not.toHaveCount(0);
  // Scrolling back up through the section, as a thumb does, turns the rest of its boxes into cards.
  await expect(async () => {
    await page.mouse.wheel(0, -600);
    await expect(boxes).toHaveCount(0, { timeout: 250 });
  }).toPass({ intervals: [100] });
  await expect(last.getByTestId('menu-card')).toHaveCount(DISHES_PER_CATEGORY);
  // And a card drawn late works like any other: it opens its dialog.
  await last.getByTestId('menu-card').last().getByRole('button').click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('a large menu of short sections draws each section’s first batch, not all of its cards (row G4)', async ({ page }) => {
  // 60 dishes a category, 300 in all: each section is short enough to be drawn whole on its own, but
  // the page is not (src/shared/menu-layout.ts counts the page's dishes).
  const perCategory = 60;
  await serveLargeMenu(page, perCategory);
  await page.goto('/menu');
  const last = section(page, /Desserts/);
  await expect(last.getByRole('heading', { name: /Desserts \(60\)/ })).toBeVisible();
  await expect(last.getByTestId('menu-card')).toHaveCount(CARDS_AT_ONCE);
  await expect(last.locator('.menu-card-batch')).toHaveCount(1);
  await expect(last.locator('.menu-card--deferred')).toHaveCount(perCategory - 2 * CARDS_AT_ONCE);
  // Scrolled to, the rest of the section turns into cards.
  await expect(async () => {
    await last.locator('.menu-card, .menu-card-batch').last().scrollIntoViewIfNeeded();
    await expect(last.getByTestId('menu-card')).toHaveCount(perCategory, { timeout: 250 });
  }).toPass({ intervals: [100] });
});

test('the full menu draws a long list near the screen, and a search draws its results from the top', async ({ page }) => {
  await serveLargeMenu(page);
  await page.goto('/meniul-complet');
  const list = page.getByRole('list', { name: 'Produse' });
  await expect(page.getByRole('status').filter({ hasText: /produse/ })).toHaveText('540 produse');
  // Boxes are hidden from assistive technology: the list reads as the cards drawn.
  await expect(list.getByRole('listitem')).toHaveCount(CARDS_AT_ONCE);
  await page.getByLabel('Caută produse').fill('Salată');
  await expect(page.getByRole('status').filter({ hasText: /produse/ })).toContainText('pentru „Salată”');
  // Every copy of the twelve salads (found by their Romanian names, shown by their English ones): more
  // than a list drawn whole (96), so again its first batch.
  await expect(page.getByRole('status').filter({ hasText: /produse/ })).toHaveText('108 produse pentru „Salată”');
  await expect(list.getByRole('listitem')).toHaveCount(CARDS_AT_ONCE);
  await expect(list.getByRole('listitem').first().locator('.full-menu__name')).toContainText('salad');
});
