/**
 * Issue 23, done when: a browser whose language is Romanian (ro-RO) gets the shop in Romanian on its
 * first visit, and the whole order path (menu, the dish dialog, cart, sign-up, address, checkout,
 * confirmation) shows no English: each screen's visible text is checked against the English
 * catalogue (helpers/catalogue-text.ts). Then the language switch changes it to English, and the
 * choice survives a reload and going offline (the service worker's page and shell in the chosen
 * language, docs/decisions/0166-language-choice-cookie-account-worker.md).
 *
 * The steps are those of checkout.spec.ts and addresses.spec.ts, found by role, form field name or
 * the app's own structure rather than by English words; the few names that are words match either
 * language. Desktop project only (no @phone tag).
 */
import type { Locator, Page } from '@playwright/test';

import { expect, test } from './fixtures';
import { englishIn, englishOnlyMessages, romanianOnlyPieces, visibleText } from './helpers/catalogue-text';

test.use({ locale: 'ro-RO', allowOfflineRequests: true });

const english = englishOnlyMessages();
const romanian = romanianOnlyPieces();
const unique = () => `ro-${Date.now().toString(36)}-${process.pid}@example.ro`;

const header = (page: Page) => page.getByRole('banner');
const cartButton = (page: Page) => header(page).locator('.site-header__cart');
const languageSwitch = (page: Page | Locator) => page.getByRole('group', { name: /^(Language|Limba)$/ });

/** The screen's visible text has no English message: checked softly, so every screen of the walk is reported. */
async function expectNoEnglish(page: Page, screen: string): Promise<void> {
  const text = await visibleText(page);
  expect.soft(englishIn(text, english), `English left on the ${screen} screen`).toEqual([]);
}

async function expectPageLanguage(page: Page, locale: 'ro' | 'en'): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
}

test('a Romanian browser orders in Romanian from the first visit, then switches to English, which survives a reload and going offline', async ({
  page,
  context,
}) => {
  test.slow();

  // --- First visit: the server draws the menu in Romanian.
  const firstPaint = await page.request.get('/menu', { headers: { 'accept-language': 'ro-RO,ro;q=0.9' } });
  expect(await firstPaint.text()).toContain('<html lang="ro"');
  await page.goto('/menu');
  await expectPageLanguage(page, 'ro');
  await expect(page.getByRole('heading', { name: /Produse la jar/ })).toBeVisible();
  // The footer (drawn once the browser is idle) holds the switch, labelled in the Romanian catalogue's words.
  await expect(languageSwitch(page)).toBeVisible();
  await expect(languageSwitch(page).getByRole('button', { name: 'Română' })).toHaveAttribute('aria-pressed', 'true');
  const menuText = await visibleText(page);
  expect(romanian.filter((piece) => menuText.includes(piece)).length, 'Romanian catalogue words on the menu').toBeGreaterThan(0);
  await expectNoEnglish(page, 'menu');

  // --- The dish dialog: Mici with mustard, eight of them (above the 40 lei minimum for delivery).
  await page
    .getByTestId('menu-card')
    .filter({ has: page.getByRole('heading', { name: 'Mici', exact: true }) })
    .locator('.menu-card__button')
    .click();
  const dish = page.getByRole('dialog');
  await expect(dish).toBeVisible();
  await dish.getByLabel('Muștar').check();
  await expectNoEnglish(page, 'dish dialog');
  const quantity = dish.getByRole('group', { name: /^(Quantity|Cantitate)$/ });
  for (let more = 1; more < 8; more += 1) await quantity.getByRole('button').last().click();
  // Money as Romanian writes it (soft: a screen not yet converted is reported, and the walk goes on).
  await expect(dish.locator('.item-dialog__add')).toContainText(/44[.,]00 lei/);
  await expect.soft(dish.locator('.item-dialog__add'), 'money in Romanian in the dish dialog').toContainText('44,00 lei');
  await dish.locator('.item-dialog__add').click();
  await expect(dish).toBeHidden();

  // --- The cart; a guest's 'proceed' opens the sign-in dialog.
  await cartButton(page).click();
  const cart = page.getByRole('dialog');
  await expect(cart.getByTestId('cart-total')).toContainText(/44[.,]00 lei/);
  await expect.soft(cart.getByTestId('cart-total'), 'money in Romanian in the cart').toContainText('44,00 lei');
  await expectNoEnglish(page, 'cart');
  await cart.locator('.cart-summary .button--block').first().click();

  // --- Sign-up (the second tab of the sign-in dialog).
  const account = page.getByRole('dialog');
  await account.getByRole('tab').nth(1).click();
  await expect(account.locator('input[name="firstName"]')).toBeVisible();
  await expectNoEnglish(page, 'sign-up');
  await account.locator('input[name="email"]').fill(unique());
  await account.locator('input[name="password"]').fill('parola-e2e-123');
  await account.locator('input[name="firstName"]').fill('Ioana');
  await account.locator('input[name="lastName"]').fill('Dumitrescu');
  await account.locator('input[name="phone"]').fill('0722123456');
  await account.locator('button[type="submit"]').click();
  await expect(account).toBeHidden();
  // The new account took the request's language (Romanian): the screen stays in it.
  await expectPageLanguage(page, 'ro');

  // --- Checkout: no address yet; one is added from here.
  await cartButton(page).click();
  await page.getByRole('dialog').locator('.cart-summary .button--block').first().click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.locator('.checkout-bar')).toBeVisible();
  await expectNoEnglish(page, 'checkout (no address)');
  await page.locator('.checkout-delivery > .button--outline').click();
  const address = page.getByRole('dialog');
  await address.getByRole('combobox').fill('Gheorghe Doja 12');
  await page
    .getByRole('option', { name: /Strada Doja Gheorghe 12/ })
    .first()
    .click();
  const coordinates = address.locator('.address-coordinates');
  await coordinates.locator('input').nth(0).fill('44.9418');
  await coordinates.locator('input').nth(1).fill('26.0336');
  await coordinates.getByRole('button').click();
  const save = address.locator('button[type="submit"]');
  await expect(save).toBeEnabled();
  await expectNoEnglish(page, 'address');
  await save.click();
  await expect(address).toBeHidden();

  // --- Checkout with the address: cash, then the order.
  await expect(page.getByRole('radio', { name: /Strada Doja Gheorghe 12/ })).toBeChecked();
  await page.locator('input[name="checkout-payment"][value="cash"]').check();
  const place = page.locator('.checkout-bar').getByRole('button');
  await expect(place).toBeEnabled();
  await expect(place).toContainText('lei');
  await expectNoEnglish(page, 'checkout');
  await place.click();

  // --- The confirmation.
  await expect(page).toHaveURL(/\/order-confirmation\/cash\/ORD-[0-9A-Z]+/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The order's lines by the menu's Romanian names: the dish and its option.
  await expect(page.locator('.order-items')).toContainText('Mici');
  await expect(page.locator('.order-items')).toContainText('Muștar');
  await expect(page.locator('.order-items')).not.toContainText('grilled skinless sausages');
  await expectNoEnglish(page, 'order confirmation');
  await expectPageLanguage(page, 'ro');

  const confirmation = page.url();

  // --- The service worker, in control from here, answers in the device's language: offline, this page
  // is its shell, with <html lang="ro"> (the build's says "en").
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // Installed; a page loaded from now on is in its hands.
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await context.setOffline(true);
  await page.reload();
  await expectPageLanguage(page, 'ro');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await context.setOffline(false);
  // The menu, drawn by the server in Romanian, is kept by the worker as the Romanian page of /menu.
  await page.goto('/menu');
  await expectPageLanguage(page, 'ro');
  await expect(page.getByRole('heading', { name: /Produse la jar/ })).toBeVisible();
  await expect(page.getByTestId('menu-card').getByRole('heading', { name: 'Mici', exact: true })).toBeVisible();

  // --- The switch (the header's account menu): English, for the device and the account.
  await header(page).locator('.account-menu__button').click();
  await languageSwitch(header(page)).getByRole('button', { name: 'English' }).click();
  await expectPageLanguage(page, 'en');
  await expect(languageSwitch(header(page))).toHaveAccessibleName('Language');
  await expect(languageSwitch(header(page)).getByTestId('language-switched')).toHaveText('The app is now in English.');
  // The menu on screen follows at once: the dish by its English name, no longer its Romanian one.
  await expect(page.getByTestId('menu-card').getByRole('heading', { name: 'Mici (grilled skinless sausages)', exact: true })).toBeVisible();
  await expect(page.getByTestId('menu-card').getByRole('heading', { name: 'Mici', exact: true })).toHaveCount(0);
  expect((await context.cookies()).find((cookie) => cookie.name === 'lang')).toMatchObject({ value: 'en', path: '/', sameSite: 'Lax' });
  // The account's language reaches the server (through the outbox, online at once).
  await expect
    .poll(async () => ((await (await page.request.get('/api/auth/me')).json()) as { user: { language: string } }).user.language)
    .toBe('en');
  // The server draws its pages, and words the manifest, in the choice (the browser still asks for Romanian).
  expect(await (await page.request.get('/menu')).text()).toContain('<html lang="en"');
  expect(((await (await page.request.get('/manifest.webmanifest')).json()) as { lang: string }).lang).toBe('en');

  // --- A reload: still English.
  await page.goto(confirmation);
  await page.reload();
  await expectPageLanguage(page, 'en');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(languageSwitch(page)).toHaveAccessibleName('Language');
  await expect(languageSwitch(page).getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
  // The same order's lines now by the menu's English names (docs/decisions/0172-order-lines-in-the-screens-language.md).
  await expect(page.locator('.order-items')).toContainText('Mici (grilled skinless sausages)');
  await expect(page.locator('.order-items')).toContainText('Mustard');
  await expect(page.locator('.order-items')).not.toContainText('Muștar');

  // --- Offline: still English. The menu page the worker kept in Romanian is not answered; the shell
  // is, in English, and the app draws the menu from this device's copy.
  await context.setOffline(true);
  await page.reload();
  await expectPageLanguage(page, 'en');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/menu');
  await expectPageLanguage(page, 'en');
  // The menu's own words in English too, from this device's copy: a category and a dish.
  await expect(page.getByRole('heading', { name: /Off the charcoal grill/ })).toBeVisible();
  await expect(page.getByTestId('menu-card').getByRole('heading', { name: 'Mici (grilled skinless sausages)', exact: true })).toBeVisible();
  await expect(languageSwitch(page).getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
  await expect(languageSwitch(page)).toHaveAccessibleName('Language');
  await context.setOffline(false);
});
