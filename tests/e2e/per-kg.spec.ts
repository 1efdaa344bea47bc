/**
 * Issue 27, dishes sold by weight: the customer picks 750 g of a per-kg dish in the dish dialog
 * (steps of 250 g from 250 g), and that portion is priced at 0.75 × the kilogram price on the
 * cart, the order (confirmation and order details) and the kitchen ticket the manager prints, with
 * the weight on each. Runs in both projects: the dialog, cart and ticket are used on phones and
 * desktops alike.
 */
import type { Page } from '@playwright/test';

import { formatLei } from '../../src/shared/money';
import type { Bani } from '../../src/shared/money';
import { expect, test } from './fixtures';
import { serverOrigin } from './helpers/e2e-server';
import { signUpViaApi } from './helpers/auth';
import { menuOf } from './helpers/order-helpers';
import { expectNoSeriousAxeViolations } from './storefront-a11y';

const ADMIN = { email: 'manager@casagratarului.ro', password: 'manager-e2e-password' };
/** The dish as the restaurant wrote it (the kitchen's ticket), and as an English screen names it (issue 23). */
const DISH = 'Ceafă de porc';
const DISH_EN = 'Grilled pork neck';
const cartButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Cart/ });

test('750 g of a per-kg dish costs 0.75 × the kilogram price on the cart, the order and the kitchen ticket', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signUpViaApi(page);
  const menu = await menuOf(page);
  const dish = menu.items.find((item) => item.name === DISH)!;
  expect(dish.unit).toBe('Kg');
  expect(dish.nameEn).toBe(DISH_EN);
  // Independent of the app's rule: 0.75 × the kilogram price, to the ban.
  const expected = formatLei(Math.round(dish.priceBani * 0.75) as Bani);
  const perKg = formatLei(dish.priceBani as Bani);

  await page.goto('/menu');
  await page.getByRole('button', { name: `Custom ${DISH_EN}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: DISH_EN });
  await expect(dialog.getByTestId('dialog-weight')).toHaveText('250 g');
  await expect(dialog.getByRole('button', { name: 'Decrease weight' })).toBeDisabled();
  await expect(dialog.getByText(/the final weight, and so the price, may differ slightly/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Increase weight' }).click();
  await dialog.getByRole('button', { name: 'Increase weight' }).click();
  await expect(dialog.getByTestId('dialog-weight')).toHaveText('750 g');
  await expect(dialog.getByTestId('dialog-weight-price')).toHaveText(expected);
  // The required sauce (a free one), then add: the button shows the portion's price.
  await dialog.getByLabel('Garlic sauce (mujdei)').check();
  await expectNoSeriousAxeViolations(page);
  await expect(dialog.getByRole('button', { name: `Add to Cart · ${expected}` })).toBeVisible();
  await dialog.getByRole('button', { name: /Add to Cart/ }).click();
  await expect(dialog).toBeHidden();

  // The cart: the weight, the kilogram price and the portion's price.
  await cartButton(page).click();
  const cart = page.getByRole('dialog', { name: /Your Cart/ });
  const line = cart.getByRole('listitem').filter({ hasText: DISH_EN });
  await expect(line.getByTestId('cart-line-weight')).toHaveText(`750 g · ${perKg}/kg`);
  await expect(line.getByText(expected, { exact: true })).toBeVisible();
  await expect(cart.getByTestId('cart-total')).toHaveText(expected);
  await cart.getByRole('button', { name: 'Proceed to Checkout' }).click();

  // Checkout, pickup and cash: the server prices the order.
  await expect(page).toHaveURL(/\/checkout$/);
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary.getByText('750 g')).toBeVisible();
  await page.getByRole('radio', { name: 'Pickup' }).check();
  await page.getByRole('radiogroup', { name: 'Pickup location' }).getByRole('radio').first().check();
  await page.getByRole('radio', { name: /Cash/ }).check();
  const placeOrder = page.locator('.checkout-bar').getByRole('button');
  await expect(placeOrder).toHaveText(`Place Order · ${expected}`);
  await placeOrder.click();
  await expect(page).toHaveURL(/\/order-confirmation\/cash\/ORD-[0-9A-Z]+\?status=success$/);
  const orderNumber = /\/(ORD-[0-9A-Z]+)/.exec(page.url())![1]!;
  await expect(page.getByTestId('order-item-weight')).toHaveText(`750 g · ${perKg}/kg`);

  // The order details page reads the stored order.
  await page.goto(`/order-details/${orderNumber}`);
  const weightOnDetails = page.getByTestId('order-item-weight');
  await expect(weightOnDetails).toHaveText(`750 g · ${perKg}/kg`);
  await expect(page.getByRole('listitem').filter({ has: weightOnDetails }).getByText(expected, { exact: true })).toBeVisible();

  // The manager's board and the printed kitchen ticket.
  const manager = await browser.newContext({ baseURL: serverOrigin() });
  try {
    const admin = await manager.newPage();
    const login = await admin.request.post(`${serverOrigin()}/api/auth/login`, {
      data: ADMIN,
      headers: { origin: serverOrigin(), 'content-type': 'application/json' },
    });
    expect(login.status(), await login.text()).toBe(200);
    await admin.goto('/admin?section=orders');
    const card = admin.getByRole('article', { name: `Order ${orderNumber}` });
    await expect(card).toBeVisible({ timeout: 15_000 });
    await expect(card.getByText(`Weight: 750 g · ${perKg}/kg = ${expected}`)).toBeVisible();
    await admin.evaluate(() => {
      window.print = () => {
        document.body.dataset.printed = (document.querySelector('.kitchen-ticket') as HTMLElement | null)?.textContent ?? '';
      };
    });
    await card.getByRole('button', { name: 'Print ticket' }).click();
    await expect(admin.locator('body')).toHaveAttribute(
      'data-printed',
      new RegExp(`1 × ${DISH}.*Weight: 750 g · ${perKg}/kg = ${expected}`),
    );
  } finally {
    await manager.close();
  }
});
