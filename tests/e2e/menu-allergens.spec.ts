/**
 * Issue 18 on the storefront: a dish the manager gave allergens, tags and an uploaded photo shows
 * them on its card and in its dialog; the full menu's "Hide dishes containing…" hides it; a dish
 * outside its availability window says when it comes back and cannot be added. The dishes are made
 * through the manager's API (POST /api/admin/catalogue/photos and /dishes) and deleted afterwards,
 * so the other specs of the run see the seeded menu.
 *
 * The server's clock is Sunday 22 Nov 2026 from 14:00 in Bucharest (playwright.config.ts): a
 * Monday-only window is closed, and opens again on Monday at 11:00.
 */
import { randomUUID } from 'node:crypto';

import type { APIRequestContext, Locator, Page } from '@playwright/test';
import sharp from 'sharp';

import type { Menu } from '../../src/shared/schemas/menu';
import { expectNoSeriousAxeViolations } from './storefront-a11y';
import { expect, test } from './fixtures';
import { serverOrigin } from './helpers/e2e-server';
import { jsonHeaders, signInAsManager } from './helpers/manager';

const ALLERGEN_DISH = 'Plăcintă de test cu brânză';
const WINDOW_DISH = 'Meniul zilei de test';

/** A real PNG, 1600×1200, made here (no binary fixture). */
async function dishPng(): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#d35400' } })
    .png()
    .toBuffer();
}

async function uploadPhoto(request: APIRequestContext): Promise<{ id: string; widths: number[] }> {
  const response = await request.post(`${serverOrigin()}/api/admin/catalogue/photos`, {
    headers: { origin: serverOrigin() },
    multipart: { photo: { name: 'placinta.png', mimeType: 'image/png', buffer: await dishPng() } },
  });
  expect([200, 201], await response.text()).toContain(response.status());
  return ((await response.json()) as { photo: { id: string; widths: number[] } }).photo;
}

async function createDish(request: APIRequestContext, dish: Record<string, unknown>): Promise<number> {
  const response = await request.post(`${serverOrigin()}/api/admin/catalogue/dishes`, {
    data: dish,
    headers: { ...jsonHeaders(), 'Idempotency-Key': randomUUID() },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { dish: { id: number } }).dish.id;
}

async function deleteDish(request: APIRequestContext, id: number): Promise<void> {
  const response = await request.delete(`${serverOrigin()}/api/admin/catalogue/dishes/${id}`, {
    headers: { origin: serverOrigin(), 'Idempotency-Key': randomUUID() },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Makes the two dishes in the first category, runs `body`, and deletes them whatever happened. */
async function withTestDishes(page: Page, body: (photo: { id: string }) => Promise<void>): Promise<void> {
  await signInAsManager(page.request);
  const menu = (await (await page.request.get(`${serverOrigin()}/api/menu`)).json()) as Menu;
  const categoryId = menu.categories[0]!.id;
  const photo = await uploadPhoto(page.request);
  expect(photo.widths).toEqual([320, 640, 1280]);
  const ids: number[] = [];
  try {
    ids.push(
      await createDish(page.request, {
        categoryId,
        name: ALLERGEN_DISH,
        description: 'Foietaj cu brânză de vaci',
        priceBani: 1850,
        photoId: photo.id,
        allergens: ['gluten', 'eggs', 'milk'],
        mayContain: 'sesame seeds',
        dietaryTags: ['vegetarian'],
      }),
    );
    ids.push(
      await createDish(page.request, {
        categoryId,
        name: WINDOW_DISH,
        priceBani: 2500,
        availability: [{ days: [1], from: '11:00', to: '15:00' }],
      }),
    );
    await body(photo);
  } finally {
    for (const id of ids) await deleteDish(page.request, id);
  }
}

/**
 * Scrolls a card's picture into view and waits until it has loaded. The card can be drawn again while
 * this happens (the app takes over the server's first paint; another test's menu change arrives live),
 * which detaches the element being scrolled: try again on the new one.
 */
async function scrollToLoadedImage(image: Locator) {
  await expect(async () => {
    await image.scrollIntoViewIfNeeded({ timeout: 2_000 });
    expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  }).toPass();
}

test('allergens, tags and the photo on the card and in the dialog; a dish outside its window cannot be added', async ({ page }) => {
  await withTestDishes(page, async (photo) => {
    await page.goto('/menu');
    const card = page.getByTestId('menu-card').filter({ hasText: ALLERGEN_DISH });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Vegetarian');
    // Compact on the card, named for screen readers.
    await expect(card.locator('.menu-card__allergens')).toHaveText('Allergens: Gluten · Eggs · Milk');
    // The uploaded photo as <picture>: AVIF and WebP at every width, the browser picks one, and it loads.
    await expect(card.locator('picture source[type="image/avif"]')).toHaveAttribute(
      'srcset',
      new RegExp(`/media/menu/${photo.id}-320\\.avif 320w`),
    );
    await expect(card.locator('picture source[type="image/webp"]')).toHaveAttribute('srcset', new RegExp(`${photo.id}-1280\\.webp 1280w`));
    const image = card.locator('img');
    await scrollToLoadedImage(image);
    expect(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).toContain(`/media/menu/${photo.id}-`);

    await card.click();
    const dialog = page.getByRole('dialog', { name: ALLERGEN_DISH });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('dialog-allergens')).toContainText('Contains: Cereals containing gluten, Eggs, Milk');
    await expect(dialog.getByTestId('dialog-allergens')).toContainText('May contain: sesame seeds');
    await expect(dialog.getByRole('list', { name: 'Dietary tags' })).toHaveText('Vegetarian');
    await expect(dialog.getByRole('button', { name: /Add to Cart/ })).toBeEnabled();
    await expectNoSeriousAxeViolations(page);
    await dialog.getByRole('button', { name: 'Fermer' }).click();

    const windowCard = page.getByTestId('menu-card').filter({ hasText: WINDOW_DISH });
    await expect(windowCard).toContainText('Available from Mon 11:00');
    await expect(windowCard.getByRole('button', { name: `Available from Mon 11:00: ${WINDOW_DISH}` })).toHaveText('Unavailable');
    await windowCard.click();
    const windowDialog = page.getByRole('dialog', { name: WINDOW_DISH });
    await expect(windowDialog.getByRole('status').filter({ hasText: 'Available from' })).toHaveText('Available from Mon 11:00');
    const add = windowDialog.getByRole('button', { name: 'Available from Mon 11:00' });
    await expect(add).toBeDisabled();
    await expect(page.getByTestId('cart-badge')).toHaveCount(0);
  });
});

test('full menu: "Hide dishes containing…" hides a dish with a chosen allergen; Vegetarian keeps only vegetarian dishes', async ({
  page,
}) => {
  await withTestDishes(page, async () => {
    await page.goto('/meniul-complet');
    const main = page.getByRole('main');
    const products = main.getByRole('list', { name: 'Produse' }).getByRole('listitem');
    const dish = products.filter({ hasText: ALLERGEN_DISH });
    await expect(dish).toContainText('Allergens: Gluten · Eggs · Milk');
    const total = await products.count();

    await main.getByText('Hide dishes containing…').click();
    const allergens = main.getByRole('group', { name: 'Hide dishes containing' });
    await allergens.getByRole('button', { name: 'Milk' }).click();
    await expect(allergens.getByRole('button', { name: 'Milk' })).toHaveAttribute('aria-pressed', 'true');
    await expect(dish).toHaveCount(0);
    await expect(products).toHaveCount(total - 1);
    // An allergen no dish has hides nothing more.
    await allergens.getByRole('button', { name: 'Lupin' }).click();
    await expect(products).toHaveCount(total - 1);
    await expectNoSeriousAxeViolations(page);

    await main.getByRole('button', { name: 'Show all dishes' }).click();
    await expect(products).toHaveCount(total);
    await main.getByRole('group', { name: 'Show only' }).getByRole('button', { name: 'Vegetarian' }).click();
    await expect(products).toHaveCount(1);
    await expect(products.first()).toContainText(ALLERGEN_DISH);
  });
});

test('a phone row downloads the 320 px photo, a desktop card the 640 px one', { tag: '@phone' }, async ({ page }) => {
  // Pixel 7: a 96 px thumbnail at 2.625x needs 252 px; Desktop Chrome: a third of 1280 px at 1x, 427 px.
  const expectedWidth = test.info().project.name === 'phone' ? 320 : 640;
  await withTestDishes(page, async (photo) => {
    const requested: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/media/menu/')) requested.push(new URL(request.url()).pathname);
    });
    await page.goto('/menu');
    const image = page.getByTestId('menu-card').filter({ hasText: ALLERGEN_DISH }).locator('img');
    await scrollToLoadedImage(image);
    expect(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(
      new RegExp(`/media/menu/${photo.id}-${expectedWidth}\\.avif$`),
    );
    // The app may draw the card again (taking over the first paint, a live menu change): the same file each time.
    expect(new Set(requested.filter((path) => path.includes(photo.id)))).toEqual(
      new Set([`/media/menu/${photo.id}-${expectedWidth}.avif`]),
    );
  });
});
