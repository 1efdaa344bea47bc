/**
 * Issue 27, "the menu on a phone" (390 x 844, the walkthrough's phone): a compact dish list with a
 * picture of its own per dish, at least three dishes a screen; the bottom cart bar with count and
 * total that never covers an add button; the cakes banner after the first category's dishes (above
 * them on a wide screen); the header search with live results and add buttons; a closed restaurant
 * saying so at the top of home and the menu; the logo and category icons drawn as SVG, not emoji.
 * Phone-only (playwright.config.ts): the wide-screen checks set their own viewport.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';

import type { RestaurantInfo } from '../../src/shared/schemas/restaurant';
import { expect, test } from './fixtures';
import { serverOrigin } from './helpers/e2e-server';
import { expectHydrated } from './helpers/hydration';
import { expectNoSeriousAxeViolations, expectTouchTargets } from './storefront-a11y';

test.use({ viewport: { width: 390, height: 844 } });

const PHONE_HEIGHT = 844;
const categoryBar = (page: Page) => page.getByRole('navigation', { name: 'Categorii meniu' });
const cards = (page: Page) => page.getByTestId('menu-card');
const card = (page: Page, name: string) => cards(page).filter({ has: page.getByRole('heading', { name, exact: true }) });
/** The seed's English names (the browser is English, issue 23). */
const MICI = 'Mici (grilled skinless sausages)';
const BREAD = 'Loaf of bread, 600 g';

async function openMenu(page: Page, path = '/menu') {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Off the charcoal grill (12)' })).toBeVisible();
  // The server's bar already marks the first category: wait until the app has hydrated the page.
  await expectHydrated(categoryBar(page).getByRole('button').first());
}

type Box = { x: number; y: number; width: number; height: number };
const box = async (locator: Locator): Promise<Box> => {
  const found = await locator.boundingBox();
  expect(found, 'the element has a box').not.toBeNull();
  return found!;
};
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('a phone screen shows at least three dishes as compact rows, each with its own picture; the large picture is in the dialog', async ({
  page,
}) => {
  await openMenu(page);
  // Rows wholly on the first screen, under the sticky header and category bar.
  const onScreen = await cards(page).evaluateAll(
    (all, height) =>
      all.filter((el) => {
        const r = el.getBoundingClientRect();
        return r.top >= 0 && r.bottom <= height;
      }).length,
    PHONE_HEIGHT,
  );
  expect(onScreen).toBeGreaterThanOrEqual(3);
  // Further down, a screen holds more of them (no heading in the way).
  await card(page, 'Pork ribs').scrollIntoViewIfNeeded();
  const perScreen = await cards(page).evaluateAll(
    (all, height) =>
      all.filter((el) => {
        const r = el.getBoundingClientRect();
        return r.top >= 0 && r.bottom <= height;
      }).length,
    PHONE_HEIGHT,
  );
  expect(perScreen).toBeGreaterThanOrEqual(4);
  // The whole menu is a few screens long, not ~23,000 px.
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(12_000);

  // A row: thumbnail beside name, description (two lines at most), price and the add button.
  const mici = card(page, MICI);
  const thumbnail = await box(mici.locator('img'));
  expect(thumbnail.width).toBeLessThanOrEqual(120);
  const body = await box(mici.locator('.menu-card__body'));
  expect(thumbnail.x).toBeGreaterThan(body.x);
  const description = mici.locator('.menu-card__description');
  const lines = await description.evaluate((el) =>
    Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)),
  );
  expect(lines).toBeLessThanOrEqual(2);
  await expect(mici.getByText('5.50 lei')).toBeVisible();
  await expect(mici.getByRole('button', { name: `Custom ${MICI}` })).toBeVisible();
  await expectTouchTargets(mici);

  // Every seeded dish shown with a picture has a picture of its own.
  const sources = await cards(page)
    .locator('img')
    .evaluateAll((images) => images.map((img) => img.getAttribute('src') ?? ''));
  const pictures = sources.filter((src) => !src.endsWith('/placeholder.svg'));
  expect(pictures.length).toBeGreaterThan(40);
  expect(new Set(pictures).size).toBe(pictures.length);
  const firstPicture = await page.request.get(pictures[0]!);
  expect(firstPicture.status()).toBe(200);

  // The dish dialog has the large picture.
  await mici.getByRole('button', { name: `Custom ${MICI}` }).click();
  const dialogPicture = await box(page.getByRole('dialog').locator('img').first());
  expect(dialogPicture.width).toBeGreaterThan(300);
  await expectNoSeriousAxeViolations(page);
});

test('the bottom cart bar shows the count and the total, and never covers an add button', async ({ page }) => {
  await openMenu(page);
  await expect(page.getByTestId('cart-bar')).toHaveCount(0);
  // 2 x the 600 g loaf (6.90) + 1 x Mici with mustard (5.50) = 3 items, 19.30 lei.
  await card(page, BREAD)
    .getByRole('button', { name: `Add ${BREAD}` })
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Increase quantity' }).click();
  await dialog.getByRole('button', { name: /Add to Cart/ }).click();
  await expect(dialog).toBeHidden();
  await card(page, MICI)
    .getByRole('button', { name: `Custom ${MICI}` })
    .click();
  await dialog.getByLabel('Mustard').check();
  await dialog.getByRole('button', { name: /Add to Cart/ }).click();
  await expect(dialog).toBeHidden();

  const bar = page.getByTestId('cart-bar').getByRole('button', { name: /^View cart/ });
  await expect(page.getByTestId('cart-bar-summary')).toHaveText('3 items · 19.30 lei');
  await expect(bar).toHaveAccessibleName('View cart, 3 items · 19.30 lei');
  const barBox = await box(bar);
  // A bottom bar: across the phone, at its bottom edge.
  expect(barBox.width).toBeGreaterThan(300);
  expect(barBox.y + barBox.height).toBeGreaterThan(PHONE_HEIGHT - 40);
  expect(barBox.y + barBox.height).toBeLessThanOrEqual(PHONE_HEIGHT);

  // The last dish, brought into view as the browser does it (and as a tap on it would): above the bar.
  const lastButton = cards(page).last().getByRole('button');
  await lastButton.scrollIntoViewIfNeeded();
  expect(overlaps(await box(lastButton), await box(bar))).toBe(false);
  // Scrolled to the very end of the page: no add button on screen is under the bar.
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
  const covered = await page.evaluate(() => {
    const barRect = document.querySelector('[data-testid="cart-bar"] button')!.getBoundingClientRect();
    return [...document.querySelectorAll<HTMLElement>('[data-testid="menu-card"] button')]
      .map((button) => ({ name: button.getAttribute('aria-label'), r: button.getBoundingClientRect() }))
      .filter(({ r }) => r.bottom > 0 && r.top < window.innerHeight)
      .filter(({ r }) => r.left < barRect.right && barRect.left < r.right && r.top < barRect.bottom && barRect.top < r.bottom)
      .map(({ name }) => name);
  });
  expect(covered).toEqual([]);
  // Keyboard focus on a card's button also scrolls it clear of the bar.
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await card(page, 'Chocolate crêpes').getByRole('button').focus();
  expect(overlaps(await box(card(page, 'Chocolate crêpes').getByRole('button')), await box(bar))).toBe(false);

  await expectNoSeriousAxeViolations(page);
  await bar.click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Your Cart' })).toBeVisible();
  await expect(page.getByRole('dialog').getByTestId('cart-total')).toHaveText('19.30 lei');
});

test('the cakes banner follows the first category’s dishes on a phone, and stays above the dishes on a wide screen', async ({ page }) => {
  await openMenu(page);
  const banner = page.getByRole('complementary', { name: 'Promoție' });
  await expect(banner).toHaveCount(1);
  await expect(banner.getByRole('link', { name: 'Comandă Online' })).toHaveAttribute('href', /^https:\/\/prajituri\.example\.ro/);
  const bannerTop = (await box(banner)).y;
  const firstSection = await box(page.locator('#produse-la-jar'));
  expect(bannerTop).toBeGreaterThanOrEqual(firstSection.y + firstSection.height - 1);
  expect(bannerTop).toBeLessThan((await box(page.locator('#garnituri'))).y);
  // The first thing on the phone's menu is a dish, not the cakes.
  const firstCard = await box(cards(page).first());
  expect(firstCard.y).toBeLessThan(bannerTop);

  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(banner).toHaveCount(1);
  expect((await box(banner)).y).toBeLessThan((await box(page.locator('#produse-la-jar'))).y);
});

test('the header search shows live results as you type, each with an add button that adds to the cart', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('tablist', { name: 'Categorii' })).toBeVisible();
  await page.getByRole('banner').getByRole('button', { name: 'Search the menu' }).click();
  const search = page.getByRole('dialog', { name: 'Caută în meniu' });
  const input = search.getByPlaceholder('Caută produse...');
  await expect(input).toBeFocused();
  const results = search.getByRole('list', { name: 'Rezultate' }).getByRole('listitem');

  // No Enter: the results follow the typing, and the page stays where it is. The English screen names
  // each dish in English, and a Romanian name finds it (issue 23).
  await input.pressSequentially('ceaf', { delay: 30 });
  await expect(results).toHaveCount(1);
  await expect(results.first()).toContainText('Grilled pork neck');
  await expect(results.first()).toContainText('129.00 lei');
  await input.fill('paine');
  await expect(results).toHaveCount(1);
  await expect(results.first()).toContainText(BREAD);
  await expect(search.getByRole('status')).toHaveText('1 produs pentru „paine”');
  await input.fill('salate');
  await expect(results).toHaveCount(12);
  await input.fill('pizza');
  await expect(results).toHaveCount(0);
  await expect(search.getByRole('status')).toHaveText('Nu am găsit produse pentru „pizza”');
  await expect(page).toHaveURL(/\/$/);

  await input.fill('pâine 600');
  await expect(results).toHaveCount(1);
  await expectNoSeriousAxeViolations(page);
  await expectTouchTargets(results.first());
  await results
    .first()
    .getByRole('button', { name: `Add ${BREAD}` })
    .click();
  const itemDialog = page.getByRole('dialog', { name: BREAD });
  await itemDialog.getByRole('button', { name: /Add to Cart/ }).click();
  await expect(itemDialog).toBeHidden();
  await expect(page.getByRole('banner').getByTestId('cart-badge')).toHaveText('1');
  // The search is still open for the next dish, its button focused again.
  await expect(search).toBeVisible();
  await expect(results.first().getByRole('button', { name: `Add ${BREAD}` })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(search).toBeHidden();
});

const ADMIN = { email: 'manager@casagratarului.ro', password: 'manager-e2e-password' };
const jsonHeaders = () => ({ origin: serverOrigin(), 'content-type': 'application/json' });

async function setOpenSwitch(manager: APIRequestContext, isOpen: boolean): Promise<void> {
  const current = (await (await manager.get(`${serverOrigin()}/api/admin/settings`)).json()) as { settings: Record<string, unknown> };
  const { zoneValidationType: _z, deliveryZoneName: _d, status: _s, updatedAt: _u, ...editable } = current.settings;
  const response = await manager.put(`${serverOrigin()}/api/admin/settings`, { data: { ...editable, isOpen }, headers: jsonHeaders() });
  expect(response.status(), await response.text()).toBe(200);
}

/** Opens `path` and waits until the page has the restaurant's status and has drawn what it says. */
async function gotoAndReadStatus(page: Page, path: string) {
  const status = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/restaurant/status');
  await page.goto(path);
  expect((await status).status()).toBe(200);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

test('a closed restaurant says so at the top of home and the menu, before anyone fills a cart', async ({ page, playwright }) => {
  // Four page loads and two axe runs on a phone: more than the default minute on a busy machine.
  test.setTimeout(120_000);
  const manager = await playwright.request.newContext({ baseURL: serverOrigin() });
  const login = await manager.post(`${serverOrigin()}/api/auth/login`, { data: ADMIN, headers: jsonHeaders() });
  expect(login.status(), await login.text()).toBe(200);
  const info = (await (await manager.get(`${serverOrigin()}/api/restaurant`)).json()) as RestaurantInfo;
  const notice = page.getByTestId('closed-notice');
  try {
    // Open (Sunday 14:00 in Bucharest): nothing to say.
    await gotoAndReadStatus(page, '/');
    await expect(notice).toHaveCount(0);

    // Outside hours: every location closed on Sundays opens tomorrow at 11:00.
    for (const location of info.locations) {
      const response = await manager.put(`${serverOrigin()}/api/admin/locations/${location.id}/hours`, {
        data: { weekly: { ...location.openingHours.weekly, sun: [] }, exceptions: [] },
        headers: jsonHeaders(),
      });
      expect(response.status(), await response.text()).toBe(200);
    }
    await page.goto('/');
    await expect(notice).toContainText('Closed now — opens tomorrow at 11:00');
    // Issue 22: closed now but open later, so ordering for later is offered, not only "closed".
    await expect(notice).toContainText('You can order now for later: add your dishes and choose a time at checkout.');
    // At the top: above the hero.
    expect((await box(notice)).y).toBeLessThan((await box(page.locator('.hero'))).y);
    await expectNoSeriousAxeViolations(page);
    await openMenu(page);
    await expect(notice).toContainText('Closed now — opens tomorrow at 11:00');
    expect((await box(notice)).y).toBeLessThan((await box(cards(page).first())).y);

    // The manager's switch off: not taking orders.
    for (const location of info.locations) {
      const response = await manager.put(`${serverOrigin()}/api/admin/locations/${location.id}/hours`, {
        data: location.openingHours,
        headers: jsonHeaders(),
      });
      expect(response.status(), await response.text()).toBe(200);
    }
    await setOpenSwitch(manager, false);
    await openMenu(page);
    await expect(notice).toContainText('Closed now — not taking orders');
    await expectNoSeriousAxeViolations(page);
    await page.goto('/');
    await expect(notice).toContainText('Closed now — not taking orders');
  } finally {
    for (const location of info.locations) {
      await manager.put(`${serverOrigin()}/api/admin/locations/${location.id}/hours`, {
        data: location.openingHours,
        headers: jsonHeaders(),
      });
    }
    await setOpenSwitch(manager, info.settings.isOpen);
    await manager.dispose();
  }
  // Open again: the notice is gone.
  await gotoAndReadStatus(page, '/menu');
  await expect(page.getByRole('heading', { name: 'Off the charcoal grill (12)' })).toBeVisible();
  await expect(notice).toHaveCount(0);
});

test('the logo and the category icons are SVG drawings, with no emoji in the header, category bar or home tabs', async ({ page }) => {
  const emoji = /\p{Extended_Pictographic}/u;
  await openMenu(page);
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Casa Grătarului, acasă' }).locator('svg')).toHaveCount(1);
  expect(await header.innerText()).not.toMatch(emoji);
  const buttons = categoryBar(page).getByRole('button');
  await expect(buttons).toHaveCount(5);
  for (const button of await buttons.all()) await expect(button.locator('svg.category-icon')).toHaveCount(1);
  expect(await categoryBar(page).innerText()).not.toMatch(emoji);
  expect(await page.locator('.menu-section__title').allInnerTexts()).not.toContainEqual(expect.stringMatching(emoji));

  await page.goto('/');
  const tabs = page.getByRole('tablist', { name: 'Categorii' });
  await expect(tabs.getByRole('tab')).toHaveCount(5);
  await expect(tabs.locator('svg.category-icon')).toHaveCount(5);
  expect(await page.getByRole('main').innerText()).not.toMatch(emoji);
});
