/**
 * Issue 5, checkout end to end: a cash order from the menu to its confirmation (issue 19: it reaches
 * the kitchen once the manager accepts it); card payment through the embedded test checkout (4242
 * succeeds; 4000…0002 is declined → 'Payment Failed' → 'Complete Payment' → success); the spec's
 * validation texts; who may check out; the offline card notice; axe on desktop and phone.
 */
import type { Page } from '@playwright/test';

import type { Order } from '../../src/shared/schemas/order';

import { expectNoSeriousAxeViolations } from './storefront-a11y';
import { expect, test } from './fixtures';
import { signUpViaApi } from './helpers/auth';
import { serverOrigin } from './helpers/e2e-server';
import { acceptOrderViaApi, signInAsManager } from './helpers/manager';
import {
  addDefaultAddress,
  DECLINED_CARD,
  englishName,
  menuOf,
  orderNumberFromUrl,
  payOnTestCheckout,
  quietFavicon,
  placeOrderViaApi,
  seedCart,
  simpleItems,
  SUCCESS_CARD,
} from './helpers/order-helpers';

const actionButton = (page: Page) => page.locator('.checkout-bar').getByRole('button');
const cartButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Cart/ });

async function seedTwoDishes(page: Page) {
  const [first, second] = simpleItems(await menuOf(page));
  await seedCart(page, [
    { item: first!, quantity: 2 },
    { item: second!, quantity: 1 },
  ]);
  return [first!, second!] as const;
}

async function choosePickup(page: Page) {
  await page.getByRole('radio', { name: 'Pickup' }).check();
  await page.getByRole('radiogroup', { name: 'Pickup location' }).getByRole('radio').first().check();
}

test(
  'cash order from the menu to the confirmation, delivered to the preselected default address',
  { tag: '@phone' },
  async ({ page, browser }) => {
    await signUpViaApi(page);
    await addDefaultAddress(page);

    // The cart is filled through the menu, as a customer does it.
    await page.goto('/menu');
    // The page is in English: the dishes and options by the menu's English names (0172).
    await page.getByRole('button', { name: 'Custom Mici (grilled skinless sausages)', exact: true }).click();
    const itemDialog = page.getByRole('dialog');
    await itemDialog.getByLabel('Mustard').check();
    // Eight mici (44.00 lei): above the seeded kitchens' 40 lei minimum order for delivery (issue 22).
    for (let more = 1; more < 8; more += 1) await itemDialog.getByRole('button', { name: 'Increase quantity' }).click();
    await expect(itemDialog.getByRole('button', { name: /Add to Cart/ })).toContainText('44.00 lei');
    await itemDialog.getByRole('button', { name: /Add to Cart/ }).click();
    await expect(itemDialog).toBeHidden();
    await cartButton(page).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Proceed to Checkout' }).click();

    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
    // Prefilled from the profile; the default address preselected; totals shown.
    await expect(page.getByLabel('First name')).toHaveValue('Ana');
    await expect(page.getByLabel('Last name')).toHaveValue('Popescu');
    await expect(page.getByLabel('Phone')).toHaveValue('0722123456');
    const summary = page.getByRole('region', { name: 'Order summary' });
    await expect(summary.getByText('Mici (grilled skinless sausages)')).toBeVisible();
    await expect(summary.getByText('Mustard', { exact: true })).toBeVisible();
    await expect(summary.getByText('Taxes')).toHaveCount(0);
    await expect(page.getByRole('radio', { name: /Strada Doja Gheorghe 12/ })).toBeChecked();

    await expect(actionButton(page)).toHaveText('Please enter: Payment method');
    await expect(actionButton(page)).toBeDisabled();
    await page.getByRole('radio', { name: /Cash/ }).check();
    await expect(actionButton(page)).toHaveText(/^Place Order · \d+\.\d{2} lei$/);
    await expectNoSeriousAxeViolations(page);

    await actionButton(page).click();
    await expect(page).toHaveURL(/\/order-confirmation\/cash\/ORD-[0-9A-Z]+\?status=success$/);
    await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
    // Scoped to the order's lines: the "8 × Mici (grilled skinless sausages)" added-to-cart toast may still be on screen.
    // The confirmation names the dish and its option in English; the order keeps the Romanian (below).
    const orderLines = page.getByRole('list', { name: 'Items in this order' });
    await expect(orderLines).toContainText('Mici (grilled skinless sausages)');
    await expect(orderLines).toContainText('Mustard');
    await expect(orderLines).not.toContainText('Muștar');
    const stored = await page.request.get(`${serverOrigin()}/api/orders/${orderNumberFromUrl(page.url())}`);
    expect(((await stored.json()) as { order: Order }).order.orderItems).toMatchObject([
      { itemName: 'Mici', quantity: 8, selectedModifiers: [{ name: 'Muștar' }] },
    ]);
    await expect(page.getByRole('region', { name: 'Delivery address' })).toContainText('Strada Doja Gheorghe 12');
    await expect(page.getByRole('region', { name: 'Delivery address' })).toContainText('100151');
    // Issue 19: nothing reaches the kitchen until a person at the restaurant accepts the order.
    await expect(page.getByText('Waiting for the restaurant to confirm your order.')).toBeVisible();
    await expect(page.getByText(/Order has been sent to kitchen successfully|Sending order to kitchen\.\.\./)).toHaveCount(0);
    // The manager accepts it (on their own device); the confirmation follows live.
    const manager = await browser.newContext({ baseURL: new URL(page.url()).origin });
    await signInAsManager(manager.request);
    await acceptOrderViaApi(manager.request, orderNumberFromUrl(page.url()), 30);
    await manager.close();
    await expect(page.getByText('Order has been sent to kitchen successfully')).toBeVisible();
    await expect(page.getByText(/^Confirmed — arrives around \d\d:\d\d-\d\d:\d\d$/)).toBeVisible();
    // The cart was cleared.
    await expect(cartButton(page)).toHaveAccessibleName('Cart');
    await expectNoSeriousAxeViolations(page);
  },
);

test("the spec's validation texts: '{field} is required', 'Please enter: ...', 'Missing Information', no address", async ({ page }) => {
  await signUpViaApi(page);
  await seedTwoDishes(page);
  await page.goto('/checkout');

  // No saved address: checkout says so and the button asks for one.
  await expect(page.getByText('You need to add a delivery address before proceeding.')).toBeVisible();
  await expect(actionButton(page)).toHaveText('Please add a delivery address to proceed with payment.');
  await expect(actionButton(page)).toBeDisabled();
  // aria-disabled, not disabled: it stays focusable, and pressing it says what is missing.
  await actionButton(page).focus();
  await page.keyboard.press('Enter');
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('Missing Information');
  await expect(toast).toContainText('Please add a delivery address to proceed with payment.');

  // An emptied field says '{field} is required'; the button lists what is missing.
  await page.getByLabel('Phone').fill('');
  await page.getByLabel('Phone').blur();
  await expect(page.getByText('Phone is required')).toBeVisible();
  await page.getByRole('radio', { name: 'Pickup' }).check();
  await expect(actionButton(page)).toHaveText('Please enter: Phone, Pickup location, Payment method');
  await expect(actionButton(page)).toBeDisabled();
  await actionButton(page).focus();
  await page.keyboard.press('Enter');
  await expect(toast).toContainText('Please fill in: Phone, Pickup location, Payment method');
  await expectNoSeriousAxeViolations(page);

  await page.getByLabel('Phone').fill('0722 123 456');
  await choosePickup(page);
  await page.getByRole('radio', { name: /Cash/ }).check();
  await expect(actionButton(page)).toHaveText(/^Place Order/);
  await expect(actionButton(page)).toBeEnabled();
});

test('card payment through the test checkout with 4242 succeeds and clears the cart', async ({ page }) => {
  await quietFavicon(page);
  await signUpViaApi(page);
  const [first] = await seedTwoDishes(page);
  await page.goto('/checkout');
  await choosePickup(page);
  await page.getByRole('radio', { name: /Card/ }).check();
  await expect(actionButton(page)).toHaveText(/^Pay \d+\.\d{2} lei$/);
  await actionButton(page).click();

  await expect(page).toHaveURL(/\/api\/payments\/test-checkout\//);
  await payOnTestCheckout(page, SUCCESS_CARD);
  await expect(page).toHaveURL(/\/order-confirmation\/ORD-[0-9A-Z]+\?status=success&session_id=/);
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  await expect(page.getByText('Paid', { exact: true })).toBeVisible();
  await expect(page.getByText(englishName(first)).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Pickup location' })).toBeVisible();
  await expect(cartButton(page)).toHaveAccessibleName('Cart');
  await expectNoSeriousAxeViolations(page);
});

test("a declined card shows 'Payment Failed', then 'Complete Payment' pays with 4242", async ({ page }) => {
  await quietFavicon(page);
  await signUpViaApi(page);
  await seedTwoDishes(page);
  await page.goto('/checkout');
  await choosePickup(page);
  await page.getByRole('radio', { name: /Card/ }).check();
  await actionButton(page).click();

  await payOnTestCheckout(page, DECLINED_CARD);
  await expect(page).toHaveURL(/\/order-confirmation\/ORD-[0-9A-Z]+\?status=failed/);
  await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: /declined/i })).toBeVisible();
  // The cart is kept while the order is unpaid.
  await expect(cartButton(page)).toHaveAccessibleName(/Cart, 3 items/);
  await expectNoSeriousAxeViolations(page);

  await page.getByRole('button', { name: 'Complete Payment' }).click();
  await payOnTestCheckout(page, SUCCESS_CARD);
  await expect(page).toHaveURL(/status=success&session_id=/);
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  await expect(page.getByText('Paid', { exact: true })).toBeVisible();
  await expect(cartButton(page)).toHaveAccessibleName('Cart');
});

test('a failed payment page without an error text shows the default message', async ({ page }) => {
  await signUpViaApi(page);
  const [first] = simpleItems(await menuOf(page));
  const order = await placeOrderViaApi(page, { paymentMethod: 'card', lines: [{ item: first!, quantity: 1 }] });
  await page.goto(`/order-confirmation/${order.orderNumber}?status=failed`);
  await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible();
  await expect(page.getByText('Your payment could not be processed. Please try again.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Complete Payment' })).toBeVisible();
});

test.describe('who may see checkout', () => {
  // The unknown order's GET answers 404 (Chromium logs it); that is the scenario.
  test.use({ allowedHttpErrorStatuses: [404] });
  test('guests see the restricted screen, empty carts are sent home; an unknown order is Order Not Found', async ({ page }) => {
    await page.goto('/checkout');
    await expect(page.getByRole('heading', { name: 'Access restricted' })).toBeVisible();
    await expect(page.getByText('Sign in to view your page.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to homepage' })).toHaveAttribute('href', '/');
    await expect(page).toHaveURL(/\/checkout$/);

    await signUpViaApi(page);
    await page.goto('/checkout');
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/order-confirmation/ORD-1234567890ABCDEFGHI');
    await expect(page.getByRole('heading', { name: 'Order Not Found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to menu' })).toHaveAttribute('href', '/menu');
    await expect(page.getByRole('link', { name: 'Order history', exact: true })).toHaveAttribute('href', '/order-history');
  });
});

test.describe('offline', () => {
  test.use({ allowOfflineRequests: true });

  test('offline, the card option says it needs a connection', async ({ page, context }) => {
    await signUpViaApi(page);
    await seedTwoDishes(page);
    await page.goto('/checkout');
    await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
    // The app is fully up, its service worker installed, before the connection drops: its idle-time
    // parts (the service worker's registration among them) otherwise wait for the connection and start
    // as the test ends, and Chromium's context close can hang on a worker still starting
    // (puppeteer/puppeteer#11627; CI of e5b8c1b and 04bf23c: the context's teardown exceeded 60 s).
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await context.setOffline(true);
    await expect(page.getByRole('radio', { name: /Card/ })).toBeDisabled();
    await expect(page.getByText(/Card payment needs an internet connection/).first()).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByRole('radio', { name: /Card/ })).toBeEnabled();
  });
});
