/**
 * Issue 22, delivery in each kitchen's own zone: a customer saves an address (the embedded street
 * gazetteer stands in for the geocoder; the pin is typed, as the panel allows) in the south of
 * Ploiești, 3.5 km from the second kitchen (Casa Grătarului Centru) and 5.7 km from the first; the
 * checkout names the kitchen the server routes it to, with its ready time and the fee its bands give
 * (3-6 km: 9.99 lei, free above 120 lei, explained as "Free above 120.00 lei: add … lei"); the order is
 * placed, and the order page and the manager's board show that kitchen. A pin outside every kitchen's
 * zone is refused with the spec's text naming the nearest kitchen and its distance.
 * docs/decisions/0148-address-zones-are-the-kitchens-zones.md, docs/decisions/0149-checkout-kitchen-from-the-server.md.
 */
import type { Page } from '@playwright/test';

import { localClockText } from '../../src/shared/domain/opening-hours';
import { asBani, formatLei } from '../../src/shared/money';
import type { Address } from '../../src/shared/schemas/address';
import type { DeliveryRoute } from '../../src/shared/schemas/scheduling';
import { expect, test } from './fixtures';
import { signUpViaApi } from './helpers/auth';
import { serverOrigin } from './helpers/e2e-server';
import { jsonHeaders, signInAsManager } from './helpers/manager';
import { menuOf, seedCart, simpleItems } from './helpers/order-helpers';
import { expectNoSeriousAxeViolations } from './storefront-a11y';

const SECOND_KITCHEN = 'Casa Grătarului Centru';
/** Near Bariera București, south Ploiești: 3.5 km from Centru (44.9352, 26.0318), 5.7 km from Nord. */
const NEAR_SECOND = { latitude: 44.905, longitude: 26.045 };
/** 37 km south, towards Bucharest: no kitchen's 10 km zone. */
const FAR_SOUTH = { latitude: 44.6, longitude: 26.05 };
/** The seeded kitchens' 3-6 km band and free threshold (api/store/seed-data.ts SEED_KITCHEN_DELIVERY). */
const BAND_FEE_BANI = 999;
const FREE_ABOVE_BANI = 12_000;
const MINIMUM_BANI = 4_000;

const lei = (bani: number) => formatLei(asBani(bani));

async function startAddress(page: Page) {
  await page.goto('/profile?tab=addresses');
  await expect(page.getByRole('heading', { name: 'Delivery Addresses', level: 2 })).toBeVisible();
  await page.getByRole('button', { name: 'Add New Address' }).click();
  const panel = page.getByRole('region', { name: 'Add New Address' });
  await page.getByRole('combobox', { name: 'Search address' }).fill('marasesti 5');
  await page
    .getByRole('option', { name: /Strada Mărășești 5/ })
    .first()
    .click();
  return panel;
}

async function placePin(page: Page, pin: { latitude: number; longitude: number }) {
  const coordinates = page.getByRole('group', { name: 'Pin coordinates' });
  await coordinates.getByLabel('Latitude').fill(String(pin.latitude));
  await coordinates.getByLabel('Longitude').fill(String(pin.longitude));
  await coordinates.getByRole('button', { name: 'Place pin' }).click();
}

test('a delivery address near the second kitchen is routed there: checkout names it with its ready time and fee, the order and the board show it', async ({
  page,
  browser,
}) => {
  test.slow();
  await signUpViaApi(page);

  // --- The address book: the server decides the zone from the kitchens' own zones.
  const panel = await startAddress(page);
  await placePin(page, NEAR_SECOND);
  await expect(panel.getByRole('status').filter({ hasText: 'Deliverable' })).toBeVisible();
  await panel.getByRole('button', { name: 'Add Address' }).click();
  await expect(page.getByText('Address Added')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Saved delivery addresses' }).getByText('3.5 km Near')).toBeVisible();
  const { addresses } = (await (await page.request.get(`${serverOrigin()}/api/addresses`)).json()) as { addresses: Address[] };
  expect(addresses).toHaveLength(1);
  const address = addresses[0]!;

  // --- A cart between the minimum (40 lei) and the free threshold (120 lei).
  const dish = simpleItems(await menuOf(page)).find((item) => item.priceBani >= MINIMUM_BANI && item.priceBani < FREE_ABOVE_BANI)!;
  expect(dish).toBeDefined();
  await seedCart(page, [{ item: dish, quantity: 1 }]);

  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Strada Mărășești 5/ })).toBeChecked();
  // The server's answer for this address names the kitchen and when it would be ready (now + its lead time).
  const route = (await (await page.request.get(`${serverOrigin()}/api/addresses/${address.id}/kitchen`)).json()) as DeliveryRoute;
  expect(route).toMatchObject({ kind: 'routed', locationName: SECOND_KITCHEN, distanceKm: 3.5, bandFeeBani: BAND_FEE_BANI });
  const readyAt = new Date((route as Extract<DeliveryRoute, { kind: 'routed' }>).readyAt!);
  // The screen asked a moment apart from this request: the same minute or the next.
  const readyTexts = [readyAt, new Date(readyAt.getTime() + 60_000), new Date(readyAt.getTime() - 60_000)].map((at) => localClockText(at));
  const kitchenLine = page.getByTestId('checkout-delivery-kitchen');
  await expect(kitchenLine).toHaveText(new RegExp(`^Cooked at ${SECOND_KITCHEN} · ready around (${readyTexts.join('|')})$`));

  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary.getByText(lei(BAND_FEE_BANI), { exact: true })).toBeVisible();
  await expect(page.getByTestId('checkout-fee-line')).toHaveText(
    `Free above ${lei(FREE_ABOVE_BANI)}: add ${lei(FREE_ABOVE_BANI - dish.priceBani)}`,
  );
  await page.getByRole('radio', { name: /Cash/ }).check();
  const total = dish.priceBani + BAND_FEE_BANI;
  const action = page.locator('.checkout-bar').getByRole('button');
  await expect(action).toHaveText(`Place Order · ${lei(total)}`);
  await expectNoSeriousAxeViolations(page);

  await action.click();
  await expect(page).toHaveURL(/\/order-confirmation\/cash\/ORD-[0-9A-Z]+\?status=success$/);
  const orderNumber = /ORD-[0-9A-Z]+/.exec(page.url())![0];
  try {
    await page.goto(`/order-details/${orderNumber}`);
    await expect(page.getByTestId('order-kitchen')).toHaveText(`Cooked at ${SECOND_KITCHEN}`);

    // --- The manager's board: the order is in New, on the second kitchen.
    const managerContext = await browser.newContext({ baseURL: serverOrigin() });
    try {
      const manager = await managerContext.newPage();
      await signInAsManager(manager.request);
      await manager.goto('/admin?section=orders');
      await expect(manager.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
      const newLane = manager.getByRole('region', { name: /^New/ });
      const card = manager.getByRole('article', { name: `Order ${orderNumber}` });
      await expect(newLane.getByRole('listitem').filter({ has: card })).toContainText(`Kitchen: ${SECOND_KITCHEN}`);
      await expectNoSeriousAxeViolations(manager);
    } finally {
      await managerContext.close();
    }
  } finally {
    // Leave the run's board as found: the new order would otherwise ring for every later spec.
    const manager = await browser.newContext({ baseURL: serverOrigin() });
    await signInAsManager(manager.request);
    const cancelled = await manager.request.post(`${serverOrigin()}/api/admin/board/${orderNumber}/cancel`, {
      data: { reasonCode: 'too_busy' },
      headers: jsonHeaders(),
    });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
    await manager.close();
  }
});

test('a pin outside every kitchen’s zone is refused with the nearest kitchen and its distance', async ({ page }) => {
  await signUpViaApi(page);
  const panel = await startAddress(page);
  await placePin(page, FAR_SOUTH);
  const message = `This address is outside our delivery zone. Please choose a different location. The nearest kitchen, ${SECOND_KITCHEN}, is 37.3 km away.`;
  await expect(panel.getByRole('status').filter({ hasText: message })).toBeVisible();
  await expect(page.getByTestId('toast').filter({ hasText: message })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Add Address' })).toBeDisabled();
});
