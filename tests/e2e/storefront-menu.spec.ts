/**
 * Issue 3, the interactive menu, item dialog and cart: scroll-spy, modifier rules, merging, the
 * drawer, persistence across reloads and tabs, badges, keyboard and axe, on desktop and phone. The
 * browser is English, so the menu's own words are the seed's English (issue 23,
 * docs/decisions/0171-menu-content-follows-the-screen.md); the last test switches to Romanian.
 */
import type { Page } from '@playwright/test';

import { expectHydrated } from './helpers/hydration';
import { expectNoSeriousAxeViolations, expectTouchTargets } from './storefront-a11y';
import { expect, test } from './fixtures';

const categoryBar = (page: Page) => page.getByRole('navigation', { name: 'Categorii meniu' });
const dialog = (page: Page) => page.getByRole('dialog');
const cartButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Cart/ });
/** The seed's English name of Mici (the Romanian name is the dish's own, kept beside it). */
const MICI = 'Mici (grilled skinless sausages)';

async function openMenu(page: Page) {
  await page.goto('/menu');
  await expect(page.getByRole('heading', { name: /Off the charcoal grill/ })).toBeVisible();
  // The server draws the menu before the app does (its bar already marks the first category): this
  // waits until the app has hydrated it (first-paint.spec.ts taps before that).
  await expectHydrated(categoryBar(page).getByRole('button').first());
}

async function addMiciWith(page: Page, sauce: string, extras: string[] = [], quantity = 1) {
  await page.getByRole('button', { name: `Custom ${MICI}`, exact: true }).click();
  const d = dialog(page);
  await d.getByLabel(sauce).check();
  for (const extra of extras) await d.getByLabel(extra).check();
  for (let i = 1; i < quantity; i++) await d.getByRole('button', { name: 'Increase quantity' }).click();
  await d.getByRole('button', { name: /Add to Cart/ }).click();
  await expect(d).toBeHidden();
}

async function openCart(page: Page) {
  await cartButton(page).click();
  await expect(dialog(page).getByRole('heading', { name: 'Your Cart' })).toBeVisible();
}

test('menu: categories from the API, first auto-selected, click scrolls and scroll-spy follows', { tag: '@phone' }, async ({ page }) => {
  await openMenu(page);
  const buttons = categoryBar(page).getByRole('button');
  await expect(buttons).toHaveText([/Off the charcoal grill/, /Sides/, /Home cooking/, /Salads/, /Desserts/]);
  await expect(buttons.first()).toHaveAttribute('aria-current', 'true');
  await expect(page.getByRole('heading', { name: 'Off the charcoal grill (12)' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Comandă Online' }).first()).toHaveAttribute('href', /^https:\/\/prajituri\.example\.ro/);

  await categoryBar(page)
    .getByRole('button', { name: /Salads/ })
    .click();
  await expect(categoryBar(page).getByRole('button', { name: /Salads/ })).toHaveAttribute('aria-current', 'true');
  // The section lands 150 px below the top of the viewport (under the sticky header and bar).
  const salateTop = () => page.locator('#salate').evaluate((el) => Math.round(el.getBoundingClientRect().top));
  await expect.poll(salateTop).toBeLessThanOrEqual(152);
  expect(await salateTop()).toBeGreaterThanOrEqual(148);

  // After the 1 s pause, scrolling moves the active category with the section under the 30% line.
  await page.waitForTimeout(1100);
  await page.evaluate(() => {
    const top = document.getElementById('garnituri')!.getBoundingClientRect().top + window.scrollY;
    window.scrollTo({ top: top - window.innerHeight * 0.2, behavior: 'instant' });
  });
  await expect(categoryBar(page).getByRole('button', { name: /Sides/ })).toHaveAttribute('aria-current', 'true');
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await expect(buttons.first()).toHaveAttribute('aria-current', 'true');
});

test('menu: a link to /menu#<category> (the home tabs) lands on that section, one drawn after the first commit', async ({ page }) => {
  await page.goto('/menu#salate');
  await expect(categoryBar(page).getByRole('button', { name: /Salads/ })).toHaveAttribute('aria-current', 'true');
  // Scrolled to it: the section's top sits under the sticky header and bar, in the top 30% of the
  // screen (on a phone the page may end before the section can reach the usual 150 px line).
  const salateTop = () =>
    page.locator('#salate').evaluate((el) => ({ top: Math.round(el.getBoundingClientRect().top), limit: window.innerHeight * 0.3 }));
  await expect
    .poll(async () => {
      const { top, limit } = await salateTop();
      return top >= 148 && top <= limit;
    })
    .toBe(true);
  await expect(page.locator('.menu-section')).toHaveCount(5);
});

test('menu: after a click the clicked category stays active through the smooth scroll, its button centred in the bar', async ({ page }) => {
  // Narrow enough that the bar scrolls sideways, so centring is observable on every project.
  await page.setViewportSize({ width: 360, height: 740 });
  await openMenu(page);
  const bar = categoryBar(page);
  // Record, every frame from the click on, the active button and the page's scroll position.
  await page.evaluate(() => {
    const w = window as unknown as { spyFrames: { active: string; y: number }[] };
    w.spyFrames = [];
    const nav = document.querySelector('nav[aria-label="Categorii meniu"]')!;
    const record = () => {
      w.spyFrames.push({ active: nav.querySelector('[aria-current="true"]')?.textContent?.trim() ?? '', y: window.scrollY });
      if (w.spyFrames.length < 600) requestAnimationFrame(record);
    };
    nav.addEventListener('click', () => requestAnimationFrame(record), { once: true });
  });
  await bar.getByRole('button', { name: /Salads/ }).click();
  await expect(bar.getByRole('button', { name: /Salads/ })).toHaveAttribute('aria-current', 'true');
  await expect.poll(() => page.locator('#salate').evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBeLessThanOrEqual(152);
  const frames = await page.evaluate(() => (window as unknown as { spyFrames: { active: string; y: number }[] }).spyFrames);
  // The page scrolled smoothly through Sides and Home cooking (several intermediate positions)...
  expect(new Set(frames.map((f) => f.y)).size).toBeGreaterThan(3);
  // ...and the active category never left the clicked one while it did.
  expect(frames.map((f) => f.active).filter((name) => !name.includes('Salads'))).toEqual([]);

  // The active button ends up centred in the bar (or as near as the bar's scroll range allows).
  const centring = () =>
    bar.locator('.category-bar__scroller').evaluate((scroller) => {
      const button = scroller.querySelector<HTMLElement>('[aria-current="true"]')!;
      const s = scroller.getBoundingClientRect();
      const b = button.getBoundingClientRect();
      const offCentre = b.left + b.width / 2 - (s.left + s.width / 2);
      const max = scroller.scrollWidth - scroller.clientWidth;
      const wanted = Math.min(max, Math.max(0, scroller.scrollLeft + offCentre));
      return { overflows: max > 0, miss: Math.abs(wanted - scroller.scrollLeft) };
    });
  await expect.poll(async () => (await centring()).miss).toBeLessThanOrEqual(2);
  expect((await centring()).overflows).toBe(true);
  await bar.getByRole('button', { name: /Sides/ }).click();
  await expect(bar.getByRole('button', { name: /Sides/ })).toHaveAttribute('aria-current', 'true');
  await expect.poll(async () => (await centring()).miss).toBeLessThanOrEqual(2);
});

test('menu cards: placeholder image, price in lei, Custom vs Add', { tag: '@phone' }, async ({ page }) => {
  await openMenu(page);
  const mici = page.getByTestId('menu-card').filter({ has: page.getByRole('heading', { name: MICI, exact: true }) });
  await expect(mici.getByText('5.50 lei')).toBeVisible();
  await expect(mici.getByRole('button', { name: `Custom ${MICI}` })).toHaveText('Custom');
  const bread = page.getByTestId('menu-card').filter({ has: page.getByRole('heading', { name: 'Loaf of bread, 600 g' }) });
  await expect(bread.getByRole('button')).toHaveText('Add');
  const noImage = page.getByTestId('menu-card').filter({ has: page.getByRole('heading', { name: 'Mutton sausages' }) });
  await expect(noImage.locator('img')).toHaveAttribute('src', '/images/menu/placeholder.svg');
});

test(
  'item dialog: required group blocks adding, single choice replaces, multi choice stops at its maximum',
  { tag: '@phone' },
  async ({ page }) => {
    await openMenu(page);
    await page.getByRole('button', { name: `Custom ${MICI}`, exact: true }).click();
    const d = dialog(page);
    await expect(d.getByRole('heading', { name: MICI })).toBeVisible();
    await expect(d.getByText('Customization Options')).toBeVisible();
    await expect(d.getByText('Special Instructions (Optional)')).toBeVisible();
    const sauce = d.getByRole('group', { name: /Sauce/ });
    const extra = d.getByRole('group', { name: /Extras/ });
    await expect(sauce.getByText('Required')).toBeVisible();
    await expect(sauce.getByText('Choose 1-1')).toBeVisible();
    await expect(extra.getByText('Optional')).toBeVisible();
    await expect(extra.getByText('Multi-select')).toBeVisible();
    await expect(sauce.locator('label', { hasText: 'Mustard' })).toContainText('Free');
    await expect(sauce.locator('label', { hasText: 'Barbecue sauce' })).toContainText('+2.50 LEI');

    const add = d.getByRole('button', { name: /Select Required Options|Add to Cart/ });
    await expect(add).toHaveText('Select Required Options');
    await expect(add).toBeDisabled();
    // Optional groups never block.
    await extra.getByLabel('Red onion').check();
    await expect(add).toBeDisabled();

    await sauce.getByLabel('Mustard').check();
    await expect(add).toBeEnabled();
    await sauce.getByLabel('Ketchup').check();
    await expect(sauce.getByLabel('Mustard')).not.toBeChecked();
    await expect(sauce.getByLabel('Ketchup')).toBeChecked();

    await extra.getByLabel('Chilli pepper').check();
    await extra.getByLabel('Mixed pickles').check();
    await expect(extra.getByLabel('Melted cheese')).toBeDisabled();
    await expect(extra.getByLabel('Toast')).toBeDisabled();
    await extra.getByLabel('Red onion').uncheck();
    await expect(extra.getByLabel('Melted cheese')).toBeEnabled();

    // Quantity never goes below 1; the price follows (5.50 + 1.50 + 6.00) x 2.
    await expect(d.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
    await d.getByRole('button', { name: 'Increase quantity' }).click();
    await expect(add).toHaveText('Add to Cart · 26.00 lei');
    await expectNoSeriousAxeViolations(page);

    // Reopening starts fresh.
    await page.keyboard.press('Escape');
    await expect(d).toBeHidden();
    await page.getByRole('button', { name: `Custom ${MICI}`, exact: true }).click();
    await expect(d.getByTestId('dialog-quantity')).toHaveText('1');
    await expect(d.getByRole('group', { name: /Sauce/ }).getByLabel('Ketchup')).not.toBeChecked();
  },
);

test('item dialog traps focus and returns it to the card button; works by keyboard', async ({ page }) => {
  await openMenu(page);
  const opener = page.getByRole('button', { name: 'Add Loaf of bread, 600 g' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const d = dialog(page);
  await expect(d).toBeVisible();
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    expect(await d.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Shift+Tab');
    expect(await d.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(d).toBeHidden();
  await expect(opener).toBeFocused();

  // Keyboard only: open, add, and the badge counts it.
  await page.keyboard.press('Enter');
  await d.getByRole('button', { name: /Add to Cart/ }).focus();
  await page.keyboard.press('Enter');
  await expect(d).toBeHidden();
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
});

test(
  'cart: same configuration merges, different modifiers make two lines, stepper, remove, clear, badges',
  { tag: '@phone' },
  async ({ page }) => {
    await openMenu(page);
    await expect(page.getByTestId('cart-badge')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /View cart/ })).toHaveCount(0);

    await addMiciWith(page, 'Mustard', ['Chilli pepper', 'Red onion']);
    await addMiciWith(page, 'Mustard', ['Red onion', 'Chilli pepper'], 2);
    await addMiciWith(page, 'Ketchup');
    await expect(page.getByTestId('cart-badge')).toHaveText('4');
    await expect(page.getByRole('button', { name: 'View cart, 4 items' })).toBeVisible();
    const miciCard = page.getByTestId('menu-card').filter({ has: page.getByRole('heading', { name: MICI, exact: true }) });
    await expect(miciCard.getByLabel('4 in cart')).toBeVisible();

    await openCart(page);
    const d = dialog(page);
    const lines = d.getByRole('list', { name: 'Cart items' }).getByRole('listitem');
    await expect(lines).toHaveCount(2);
    const merged = lines.filter({ hasText: 'Chilli pepper' });
    await expect(merged).toContainText('Mustard, Red onion, Chilli pepper');
    await expect(merged.locator('.stepper__value')).toHaveText('3');
    await expect(merged).toContainText('21.00 lei'); // (5.50 + 0 + 0 + 1.50) x 3
    await expect(d.getByTestId('cart-total')).toHaveText('26.50 lei');
    await expect(d.getByText('Please sign in to continue with your order')).toBeVisible();

    const single = lines.filter({ hasText: 'Ketchup' });
    await expect(single.getByRole('button', { name: `Decrease quantity of ${MICI}` })).toBeDisabled();
    await single.getByRole('button', { name: `Increase quantity of ${MICI}` }).click();
    await expect(single.locator('.stepper__value')).toHaveText('2');
    await expect(d.getByTestId('cart-total')).toHaveText('32.00 lei');
    await expect(page.getByTestId('cart-badge')).toHaveText('5');
    await expectNoSeriousAxeViolations(page);
    if (test.info().project.name === 'phone') await expectTouchTargets(d);

    await merged.getByRole('button', { name: `Remove ${MICI}` }).click();
    await expect(lines).toHaveCount(1);
    await d.getByRole('button', { name: 'Clear Cart' }).click();
    await expect(d.getByText('Your cart is empty')).toBeVisible();
    await expect(d.getByText('Add some delicious items to get started!')).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await d.getByRole('button', { name: 'Close cart' }).click();
    await expect(page.getByTestId('cart-badge')).toHaveCount(0);
  },
);

test('cart: a line shows its special instructions, and a different note makes its own line', async ({ page }) => {
  await openMenu(page);
  await addMiciWith(page, 'Mustard');
  await page.getByRole('button', { name: `Custom ${MICI}`, exact: true }).click();
  await dialog(page).getByLabel('Mustard').check();
  await dialog(page).getByLabel('Special Instructions (Optional)').fill('fără ceapă, bine făcuți');
  await dialog(page)
    .getByRole('button', { name: /Add to Cart/ })
    .click();
  await expect(dialog(page)).toBeHidden();
  await openCart(page);
  const lines = dialog(page).getByRole('list', { name: 'Cart items' }).getByRole('listitem');
  await expect(lines).toHaveCount(2);
  await expect(lines.filter({ hasText: 'Note: fără ceapă, bine făcuți' })).toHaveCount(1);
  await expect(lines.filter({ hasNotText: 'Note:' })).toHaveCount(1);
});

test('cart: guests who proceed to checkout get the login modal request', async ({ page }) => {
  await openMenu(page);
  await page.getByRole('button', { name: 'Add Loaf of bread, 600 g' }).click();
  await dialog(page)
    .getByRole('button', { name: /Add to Cart/ })
    .click();
  await openCart(page);
  // The line list is at most 70% of the viewport height.
  const maxHeight = await dialog(page)
    .getByRole('list', { name: 'Cart items' })
    .evaluate((list) => parseFloat(getComputedStyle(list).maxHeight) / window.innerHeight);
  expect(maxHeight).toBeCloseTo(0.7, 2);
  await dialog(page).getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page.getByRole('heading', { name: 'Your Cart' })).toBeHidden();
  // Guests are asked to sign in: the login modal opens on its 'Sign In' tab, and they stay on the menu.
  const login = page.getByRole('dialog', { name: 'Sign In' });
  await expect(login).toBeVisible();
  await expect(login.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
  await expect(login.getByLabel('Email')).toBeVisible();
  await expect(page).toHaveURL(/\/menu$/);
});

test('cart survives a reload and shows up in a second tab', async ({ page, context }) => {
  await openMenu(page);
  await addMiciWith(page, 'Mustard', [], 3);
  await expect(page.getByTestId('cart-badge')).toHaveText('3');
  await page.reload();
  await expect(page.getByTestId('cart-badge')).toHaveText('3');

  const second = await context.newPage();
  await second.goto('/');
  await expect(second.getByTestId('cart-badge')).toHaveText('3');
  // A change in one tab reaches the other without a reload.
  await page.getByRole('button', { name: 'Add Loaf of bread, 600 g' }).click();
  await dialog(page)
    .getByRole('button', { name: /Add to Cart/ })
    .click();
  await expect(second.getByTestId('cart-badge')).toHaveText('4');
  await second.close();
});

test('a cart left by the old site in localStorage is migrated once and the key removed', async ({ page }) => {
  await page.goto('/about');
  await page.evaluate(() =>
    localStorage.setItem(
      'cart-storage',
      JSON.stringify({
        state: {
          items: [
            {
              id: '1',
              menuItemId: 2,
              name: 'Mici',
              sku: 'SKU-2',
              price: 5.5,
              quantity: 2,
              selectedModifiers: [],
              specialInstructions: '',
              imageUrl: null,
            },
          ],
        },
        version: 0,
      }),
    ),
  );
  await page.goto('/menu');
  await expect(page.getByTestId('cart-badge')).toHaveText('2');
  expect(await page.evaluate(() => localStorage.getItem('cart-storage'))).toBeNull();
  await page.reload();
  await expect(page.getByTestId('cart-badge')).toHaveText('2');
});

test('menu screen has no serious axe violations and phone-sized touch targets', { tag: '@phone' }, async ({ page }) => {
  await openMenu(page);
  await expectNoSeriousAxeViolations(page);
  if (test.info().project.name === 'phone') {
    await expectTouchTargets(page.getByRole('banner'));
    await expectTouchTargets(categoryBar(page));
    await expectTouchTargets(page.getByTestId('menu-card').first());
  }
});

test('menu load failure shows the error with Retry', async ({ page }) => {
  // An answer the app cannot use (a failed HTTP status would also log a network error in the console).
  await page.route('**/api/menu', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"unexpected":true}' }));
  await page.goto('/menu');
  await expect(page.getByText('Failed to load items')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(page.getByText('Loading menu...')).toBeHidden();
});

test('Retry on the menu load error reloads the page, and the menu then loads', async ({ page }) => {
  let failing = true;
  await page.route('**/api/menu', (route) =>
    failing ? route.fulfill({ status: 200, contentType: 'application/json', body: '{"unexpected":true}' }) : route.continue(),
  );
  await page.goto('/menu');
  await expect(page.getByText('Failed to load items')).toBeVisible({ timeout: 20_000 });
  await expectNoSeriousAxeViolations(page);
  // A marker that only survives if the page is NOT reloaded.
  await page.evaluate(() => ((window as unknown as { beforeRetry?: boolean }).beforeRetry = true));
  failing = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Off the charcoal grill (12)' })).toBeVisible();
  await expect(page.getByText('Failed to load items')).toBeHidden();
  expect(await page.evaluate(() => (window as unknown as { beforeRetry?: boolean }).beforeRetry)).toBeUndefined();
});

test('/category-menu is the same interactive menu screen', async ({ page }) => {
  await page.goto('/category-menu');
  await expect(page.getByRole('heading', { name: 'Off the charcoal grill (12)' })).toBeVisible();
  await expectHydrated(categoryBar(page).getByRole('button').first());
  await page.getByRole('button', { name: 'Add Loaf of bread, 600 g' }).click();
  await dialog(page)
    .getByRole('button', { name: /Add to Cart/ })
    .click();
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
  await expectNoSeriousAxeViolations(page);
});

test('the language switch redraws the menu’s own words: a dish card’s name, the category headings and the home tabs', async ({ page }) => {
  const languageSwitch = page.getByRole('contentinfo').getByRole('group', { name: /^(Language|Limba)$/ });
  const card = (name: string) => page.getByTestId('menu-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
  await openMenu(page);
  // English: the seed's English, not the Romanian it was written beside.
  await expect(card('Grilled pork neck')).toHaveCount(1);
  await expect(card('Ceafă de porc')).toHaveCount(0);
  await expect(card('Grilled pork neck').getByRole('button', { name: 'Custom Grilled pork neck' })).toBeVisible();

  await languageSwitch.getByRole('button', { name: 'Română' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ro');
  await expect(card('Ceafă de porc')).toHaveCount(1);
  await expect(card('Grilled pork neck')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Produse la jar (12)' })).toBeVisible();
  await expect(categoryBar(page).getByRole('button')).toHaveText([/Produse la jar/, /Garnituri/, /Gatite/, /Salate/, /Desert/]);
  // The dish dialog too: its title and its options.
  await card('Ceafă de porc').locator('.menu-card__button').click();
  await expect(dialog(page).getByRole('heading', { name: 'Ceafă de porc' })).toBeVisible();
  await expect(dialog(page).getByRole('group', { name: /Sos/ }).getByLabel('Muștar')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();

  // The home tabs, in the app (no new page from the server): the short labels in Romanian, then in English.
  await page.getByRole('banner').getByRole('link', { name: 'Casa Grătarului, acasă' }).click();
  const tabs = page.getByRole('tablist', { name: 'Categorii' }).getByRole('tab');
  await expect(tabs).toHaveText([/La jar/, /Garnituri/, /Gatite/, /Salate/, /Desert/]);
  await expect(page.getByRole('tabpanel')).toContainText('Produse la jar');
  await languageSwitch.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(tabs).toHaveText([/Grill/, /Sides/, /Home cooking/, /Salads/, /Desserts/]);
  await expect(page.getByRole('tabpanel')).toContainText('Off the charcoal grill');
  await expect(page.getByRole('tabpanel')).not.toContainText('Produse la jar');
});
