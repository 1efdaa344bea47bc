/**
 * Issue 19, the order's lifecycle on two devices: a customer's phone and the manager's tablet. A new
 * order waits as 'new' (nothing says 'kitchen') until a person accepts it with a preparation time;
 * the customer's page then shows the promised clock time, live. A paid card order the restaurant
 * rejects is refunded and reads 'Refunded'; a missing item is refunded line by line. The customer
 * cancels an order before it is accepted (not offline). Past the accept deadline the board
 * escalates (flag, louder ring, blinking title) and the customer is told the restaurant has not
 * confirmed yet, with its phone number; the browsers' clocks are moved past the limit with Playwright's clock (the server's clock is pinned,
 * the pages judge the deadline by the server's time they measured).
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { devices } from '@playwright/test';

import type { Order } from '../../src/shared/schemas/order';
import { expect, test, watchContext } from './fixtures';
import { serverOrigin } from './helpers/e2e-server';
import { signUpViaApi } from './helpers/auth';
import { jsonHeaders, rejectUndecidedOrders, signInAsManager } from './helpers/manager';
import { visitOnceOnline } from './helpers/offline-helpers';
import {
  addDefaultAddress,
  menuOf,
  payOnTestCheckout,
  placeOrderViaApi,
  quietFavicon,
  restaurantOf,
  simpleItems,
  SUCCESS_CARD,
} from './helpers/order-helpers';
import { expectNoSeriousAxeViolations } from './storefront-a11y';

const TABLET = { width: 1024, height: 768 };
const SENT_TO_KITCHEN = 'Order has been sent to kitchen successfully';

const clockText = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Bucharest', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(iso),
  );

interface Customer {
  context: BrowserContext;
  page: Page;
  problems: string[];
}

/** A signed-up customer on a phone-sized context of their own, its console watched like the default page's. */
async function newCustomer(browser: Browser, options: { allowOfflineRequests?: boolean } = {}): Promise<Customer> {
  const { defaultBrowserType: _ignored, ...phone } = devices['Pixel 7'];
  const context = await browser.newContext({ ...phone, baseURL: serverOrigin(), timezoneId: 'Europe/Bucharest', locale: 'en-GB' });
  const problems = await watchContext(context, {
    allowedHttpErrorStatuses: [],
    allowOfflineRequests: options.allowOfflineRequests ?? false,
  });
  const page = await context.newPage();
  await quietFavicon(page);
  await page.goto('/');
  await signUpViaApi(page);
  return { context, page, problems };
}

async function closeCustomer(customer: Customer): Promise<void> {
  await customer.context.close();
  expect(customer.problems, "the customer's pages reported errors").toEqual([]);
}

async function openBoard(page: Page): Promise<void> {
  await page.setViewportSize(TABLET);
  await signInAsManager(page.request);
  await page.goto('/admin?section=orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
}

const column = (page: Page, name: RegExp) => page.getByRole('region', { name });
const cardOf = (page: Page, orderNumber: string) => page.getByRole('article', { name: `Order ${orderNumber}` });

async function readOrder(page: Page, orderNumber: string): Promise<Order> {
  const response = await page.request.get(`${serverOrigin()}/api/orders/${orderNumber}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { order: Order }).order;
}

test.describe('the order lifecycle', () => {
  test('a new order waits, with nothing sent to the kitchen, until the manager accepts it with 30 minutes; the customer sees the time live', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await openBoard(page);
    const customer = await newCustomer(browser);
    const address = await addDefaultAddress(customer.page);
    const [dish] = simpleItems(await menuOf(customer.page));
    const order = await placeOrderViaApi(customer.page, {
      paymentMethod: 'cash',
      lines: [{ item: dish!, quantity: 2 }],
      deliveryAddressId: address.id,
    });

    await customer.page.goto(`/order-details/${order.orderNumber}`);
    const status = customer.page.getByRole('region', { name: 'Status' });
    await expect(status.locator('[aria-current="step"]')).toHaveText(new RegExp(`Received${clockText(order.createdAt)}`));
    await expect(status.getByText('Waiting for the restaurant to confirm your order.')).toBeVisible();
    await expect(customer.page.getByRole('button', { name: 'Cancel order' })).toBeVisible();

    // On the board it sits in 'New', ringing, and stays there: nothing moves it on its own.
    const card = cardOf(page, order.orderNumber);
    await expect(column(page, /^New/).getByRole('article', { name: `Order ${order.orderNumber}` })).toBeVisible({ timeout: 15_000 });
    await expect(card.getByText('New', { exact: true })).toBeVisible();
    await expect(card.getByText('Waiting for acceptance')).toBeVisible();
    await page.waitForTimeout(3_000);
    expect((await readOrder(customer.page, order.orderNumber)).status).toBe('received');
    await expect(status.getByText(SENT_TO_KITCHEN)).toHaveCount(0);
    await expect(status.getByText('Sending order to kitchen...')).toHaveCount(0);
    // Only 'Received' has happened: no other step is ticked.
    await expect(status.locator('.order-timeline__step--done')).toHaveCount(0);

    await card.getByRole('button', { name: 'Accept', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Accept order ${order.orderNumber}` });
    await expect(dialog.getByRole('button', { name: 'Accept order' })).toBeDisabled();
    for (const preset of ['15 min', '30 min', '45 min', '60 min', 'Custom'])
      await expect(dialog.getByRole('radio', { name: preset })).toBeVisible();
    await dialog.getByRole('radio', { name: '30 min' }).check();
    await expect(dialog.getByText(/^Ready at \d\d:\d\d/)).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await dialog.getByRole('button', { name: 'Accept order' }).click();
    await expect(dialog).toBeHidden();

    const accepted = await readOrder(customer.page, order.orderNumber);
    expect(accepted.status).toBe('confirmed');
    expect(accepted.prepMinutes).toBe(30);
    expect(Date.parse(accepted.readyAt!) - Date.parse(accepted.acceptedAt!)).toBe(30 * 60_000);
    expect(accepted.arrivalWindow).not.toBeNull();
    await expect(column(page, /^Accepted/).getByRole('article', { name: `Order ${order.orderNumber}` })).toBeVisible();
    await expect(card.getByText(new RegExp(`^Ready at ${clockText(accepted.readyAt!)}`))).toBeVisible();
    await expect(card.getByText('New', { exact: true })).toHaveCount(0);

    // The customer's page follows without a reload: the promised window, the kitchen line, the ticked steps with their times.
    const promise = `Confirmed — arrives around ${clockText(accepted.arrivalWindow!.from)}-${clockText(accepted.arrivalWindow!.to)}`;
    await expect(status.getByText(promise)).toBeVisible();
    await expect(status.getByText(SENT_TO_KITCHEN)).toBeVisible();
    await expect(status.locator('[aria-current="step"]')).toHaveText(new RegExp(`Confirmed${clockText(accepted.acceptedAt!)}`));
    await expect(status.locator('.order-timeline__step--done')).toHaveText([new RegExp(`Received.*${clockText(order.createdAt)}`)]);
    await expect(customer.page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
    await expectNoSeriousAxeViolations(customer.page);

    // Too late for the customer to cancel: the server refuses it too.
    const late = await customer.page.request.post(`${serverOrigin()}/api/orders/${order.orderNumber}/cancel`, {
      data: {},
      headers: jsonHeaders(),
    });
    expect(late.status()).toBe(409);
    await closeCustomer(customer);
  });

  test("a paid card order the manager rejects is refunded: the customer reads the reason and 'Refunded'", async ({ page, browser }) => {
    test.setTimeout(120_000);
    await openBoard(page);
    const customer = await newCustomer(browser);
    const [dish] = simpleItems(await menuOf(customer.page));
    const order = await placeOrderViaApi(customer.page, { paymentMethod: 'card', lines: [{ item: dish!, quantity: 1 }] });
    const session = await customer.page.request.post(`${serverOrigin()}/api/payments/create-checkout-session`, {
      data: { orderNumber: order.orderNumber },
      headers: jsonHeaders(),
    });
    expect(session.ok(), await session.text()).toBe(true);
    await customer.page.goto(((await session.json()) as { url: string }).url);
    await payOnTestCheckout(customer.page, SUCCESS_CARD);
    await expect(customer.page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
    await customer.page.goto(`/order-details/${order.orderNumber}`);
    const header = customer.page.locator('.order-details__header');
    await expect(header.getByText('Paid', { exact: true })).toBeVisible();

    const card = cardOf(page, order.orderNumber);
    await expect(column(page, /^New/).getByRole('article', { name: `Order ${order.orderNumber}` })).toBeVisible({ timeout: 15_000 });
    await card.getByRole('button', { name: 'Reject', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Reject order ${order.orderNumber}` });
    for (const reason of ['Sold out', 'Too busy', 'Outside the delivery area', 'Customer unreachable', 'Other'])
      await expect(dialog.getByRole('radio', { name: reason })).toBeVisible();
    await expect(dialog.getByText(/The card payment of \d+\.\d\d lei is refunded\./)).toBeVisible();
    // 'Other' needs a note the customer will read.
    await dialog.getByRole('radio', { name: 'Other' }).check();
    await expect(dialog.getByRole('button', { name: 'Reject order' })).toBeDisabled();
    await expectNoSeriousAxeViolations(page);
    await dialog.getByRole('radio', { name: 'Sold out' }).check();
    await dialog.getByRole('button', { name: 'Reject order' }).click();
    await expect(dialog).toBeHidden();

    // The customer's page, live: cancelled with the reason, then 'Refunded' once the provider confirms.
    await expect(header.getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(customer.page.getByText('The restaurant cancelled this order: Sold out')).toBeVisible();
    await expect(header.getByText('Refunded', { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(customer.page.getByText(/^Refunded \d+\.\d\d lei to your card\.$/)).toBeVisible();
    await expect(customer.page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);

    // The board lists the refund on the finished card.
    await page.getByText(/^Finished \(\d+\)$/).click();
    await expect(card.getByRole('list', { name: `Refunds of ${order.orderNumber}` })).toContainText(
      /Full refund · \d+\.\d\d lei · refunded/,
    );
    const stored = await readOrder(customer.page, order.orderNumber);
    expect(stored.paymentStatus).toBe('refunded');
    expect(stored.cancelReasonCode).toBe('sold_out');
    await closeCustomer(customer);
  });

  test('a missing item: the manager refunds one line of a paid card order; the customer sees the refund and the new total', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await openBoard(page);
    const customer = await newCustomer(browser);
    const [first, second] = simpleItems(await menuOf(customer.page));
    const order = await placeOrderViaApi(customer.page, {
      paymentMethod: 'card',
      lines: [
        { item: first!, quantity: 2 },
        { item: second!, quantity: 1 },
      ],
    });
    const session = await customer.page.request.post(`${serverOrigin()}/api/payments/create-checkout-session`, {
      data: { orderNumber: order.orderNumber },
      headers: jsonHeaders(),
    });
    expect(session.ok(), await session.text()).toBe(true);
    await customer.page.goto(((await session.json()) as { url: string }).url);
    await payOnTestCheckout(customer.page, SUCCESS_CARD);
    await expect(customer.page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
    await customer.page.goto(`/order-details/${order.orderNumber}`);

    const card = cardOf(page, order.orderNumber);
    await expect(card).toBeVisible({ timeout: 15_000 });
    await card.getByRole('button', { name: 'Accept', exact: true }).click();
    const accept = page.getByRole('dialog', { name: `Accept order ${order.orderNumber}` });
    await accept.getByRole('radio', { name: '30 min' }).check();
    await accept.getByRole('button', { name: 'Accept order' }).click();
    await expect(accept).toBeHidden();

    // One of the two portions of the first dish is missing.
    const line = order.orderItems.find((item) => item.menuItemId === first!.id)!;
    const unit = line.itemTotalBani / line.quantity;
    const lei = (bani: number) => `${(bani / 100).toFixed(2)} lei`;
    await card.getByRole('button', { name: 'Refund items' }).click();
    const dialog = page.getByRole('dialog', { name: `Refund items of ${order.orderNumber}` });
    await expect(dialog.getByRole('button', { name: 'Refund items' })).toBeDisabled();
    const quantity = dialog.getByLabel(`${first!.name} (ordered 2, up to 2)`);
    await quantity.fill('1');
    await expect(dialog.getByText(`Refund ${lei(unit)} · new total ${lei(order.totalBani - unit)}`)).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await dialog.getByRole('button', { name: 'Refund items' }).click();
    await expect(dialog).toBeHidden();

    await expect(card.getByRole('list', { name: `Refunds of ${order.orderNumber}` })).toContainText(
      `Partial refund · ${lei(unit)} · refunded`,
    );
    await expect(card.getByText(`refunded ${lei(unit)} · now ${lei(order.totalBani - unit)}`)).toBeVisible();
    // The customer's page, live: still paid, the refund and the new total in the summary.
    await expect(customer.page.getByText(`Refunded ${lei(unit)} to your card; new total ${lei(order.totalBani - unit)}.`)).toBeVisible();
    const summary = customer.page.getByRole('region', { name: 'Summary' });
    await expect(summary.getByText('New total')).toBeVisible();
    await expect(customer.page.locator('.order-details__header').getByText('Paid', { exact: true })).toBeVisible();
    const stored = await readOrder(customer.page, order.orderNumber);
    expect(stored.paymentStatus).toBe('paid');
    expect(stored.refundedBani).toBe(unit);
    expect(stored.refunds).toEqual([
      expect.objectContaining({ kind: 'partial', status: 'succeeded', lines: [{ orderItemId: line.id, quantity: 1 }] }),
    ]);
    await closeCustomer(customer);
  });

  test('the customer cancels an order the restaurant has not accepted yet (and is told a connection is needed offline)', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await openBoard(page);
    const customer = await newCustomer(browser, { allowOfflineRequests: true });
    const [dish] = simpleItems(await menuOf(customer.page));
    const order = await placeOrderViaApi(customer.page, { paymentMethod: 'cash', lines: [{ item: dish!, quantity: 1 }] });
    // A phone that has used the app before: the service worker controls it when the connection drops.
    await visitOnceOnline(customer.page);
    await customer.page.goto(`/order-details/${order.orderNumber}`);
    const cancel = customer.page.getByRole('button', { name: 'Cancel order' });
    await expect(cancel).toBeEnabled();
    await expect(column(page, /^New/).getByRole('article', { name: `Order ${order.orderNumber}` })).toBeVisible({ timeout: 15_000 });

    await customer.context.setOffline(true);
    await expect(cancel).toBeDisabled();
    await expect(customer.page.getByText('Cancelling needs a connection. You are offline.')).toBeVisible();
    await customer.context.setOffline(false);
    await expect(cancel).toBeEnabled();

    await cancel.click();
    const dialog = customer.page.getByRole('dialog', { name: `Cancel order ${order.orderNumber}?` });
    await expectNoSeriousAxeViolations(customer.page);
    await dialog.getByRole('button', { name: 'Yes, cancel order' }).click();
    await expect(dialog).toBeHidden();
    await expect(customer.page.locator('.order-details__header').getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(customer.page.getByText('You cancelled this order.')).toBeVisible();
    await expect(cancel).toHaveCount(0);

    // It leaves the board's 'New' column (and stops ringing) without anyone touching the board.
    await expect(column(page, /^New/).getByRole('article', { name: `Order ${order.orderNumber}` })).toHaveCount(0);
    await page.getByText(/^Finished \(\d+\)$/).click();
    await expect(cardOf(page, order.orderNumber).getByText('Cancelled', { exact: true })).toBeVisible();
    await closeCustomer(customer);
  });

  test('past the accept deadline the board escalates and the customer is told the restaurant has not confirmed yet', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    // Record the ring's tones (Web Audio): the escalated ring has a higher, louder tone.
    await page.addInitScript(() => {
      const tones = window as unknown as { tones: number[] };
      tones.tones = [];
      const start = OscillatorNode.prototype.start;
      OscillatorNode.prototype.start = function (this: OscillatorNode, when?: number) {
        tones.tones.push(this.frequency.value);
        return start.call(this, when);
      };
    });
    await page.clock.install();
    await signInAsManager(page.request);
    // Orders earlier specs of the run left undecided are long past their deadline and would ring
    // loud already: rejected first, so the loud tone proves this order's escalation.
    await rejectUndecidedOrders(page.request);
    await openBoard(page);
    // A tap first, so the browser lets the board play sound.
    await page.getByRole('heading', { level: 1, name: 'Orders' }).click();
    const customer = await newCustomer(browser);
    await customer.page.clock.install();
    const [dish] = simpleItems(await menuOf(customer.page));
    const order = await placeOrderViaApi(customer.page, { paymentMethod: 'cash', lines: [{ item: dish!, quantity: 1 }] });
    const acceptWithin = (await restaurantOf(customer.page)).settings.acceptWithinMinutes;
    expect(Date.parse(order.acceptDeadlineAt!) - Date.parse(order.createdAt)).toBe(acceptWithin * 60_000);
    await customer.page.goto(`/order-details/${order.orderNumber}`);
    await expect(customer.page.getByText('Waiting for the restaurant to confirm your order.')).toBeVisible();

    const card = cardOf(page, order.orderNumber);
    await expect(card).toBeVisible({ timeout: 15_000 });
    await expect(card.getByText('New', { exact: true })).toBeVisible();
    await expect(card).not.toHaveClass(/admin-order--late/);
    const tones = () => page.evaluate(() => (window as unknown as { tones: number[] }).tones);
    expect(await tones()).not.toContain(1760);

    // Both devices' clocks pass the limit (the pages estimate the server's time from their own clock).
    await page.clock.fastForward(`${String(acceptWithin + 1).padStart(2, '0')}:00`);
    await customer.page.clock.fastForward(`${String(acceptWithin + 1).padStart(2, '0')}:00`);

    await expect(card.getByText('Not accepted in time')).toBeVisible();
    await expect(card).toHaveClass(/admin-order--late/);
    await expect(page).toHaveTitle(/^⚠ \d+ orders? not accepted$/);
    await expect(page).toHaveTitle(/^Orders · Admin Panel/);
    await expect(page.getByRole('status').filter({ hasText: /not accepted in time/ })).toBeVisible();
    await page.clock.runFor(4_000);
    await expect.poll(tones).toContain(1760);
    await expectNoSeriousAxeViolations(page);

    const alert = customer.page.getByRole('alert').filter({ hasText: 'The restaurant has not confirmed your order yet' });
    await expect(alert).toBeVisible();
    const phone = (await restaurantOf(customer.page)).settings.phone;
    await expect(alert.getByRole('link', { name: phone })).toHaveAttribute('href', `tel:${phone.replace(/\s+/g, '')}`);
    await expect(customer.page.getByRole('button', { name: 'Cancel order' })).toBeEnabled();
    await expectNoSeriousAxeViolations(customer.page);

    // Accepting ends the escalation on both sides.
    await card.getByRole('button', { name: 'Accept', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Accept order ${order.orderNumber}` });
    await dialog.getByRole('radio', { name: 'Custom' }).check();
    await dialog.getByLabel('Minutes (1-240)').fill('20');
    await dialog.getByRole('button', { name: 'Accept order' }).click();
    await expect(card).not.toHaveClass(/admin-order--late/);
    await expect(card.getByText('Not accepted in time')).toHaveCount(0);
    await expect(alert).toHaveCount(0);
    await expect(customer.page.getByText(/^Confirmed — ready at \d\d:\d\d$/)).toBeVisible();
    expect((await readOrder(customer.page, order.orderNumber)).prepMinutes).toBe(20);
    await closeCustomer(customer);
  });
});
