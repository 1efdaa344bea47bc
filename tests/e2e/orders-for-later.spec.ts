/**
 * Issue 22, orders for later, the customer's side: the checkout's "When" picker (a day and the
 * kitchen's 15-minute slots from GET /api/locations/:id/slots), the pickup list nearest first from
 * the default address, the order pages showing the slot, and a slot that fills up meanwhile refused
 * (409 slot_full) with the next free slots offered, never placed at another time by itself.
 * The e2e server's clock starts Sunday 22 Nov 2026 14:00 Bucharest, so "Tomorrow" is Mon 23 Nov.
 */
import type { APIRequestContext, Page } from '@playwright/test';

import type { Location, RestaurantInfo } from '../../src/shared/schemas/restaurant';
import { expect, test } from './fixtures';
import { signUpViaApi } from './helpers/auth';
import { serverOrigin } from './helpers/e2e-server';
import { jsonHeaders, signInAsManager } from './helpers/manager';
import { addDefaultAddress, menuOf, seedCart, simpleItems } from './helpers/order-helpers';
import { expectNoSeriousAxeViolations } from './storefront-a11y';

const SECOND_LOCATION = 'Casa Grătarului Centru';

async function restaurant(request: APIRequestContext): Promise<RestaurantInfo> {
  return (await (await request.get(`${serverOrigin()}/api/restaurant`)).json()) as RestaurantInfo;
}

/** PUT /api/admin/locations/:id with one field changed; answers the saved location (its new version). */
async function saveLocation(manager: APIRequestContext, location: Location, change: Partial<Location>): Promise<Location> {
  const { id, ...fields } = { ...location, ...change };
  const response = await manager.put(`${serverOrigin()}/api/admin/locations/${id}`, { data: fields, headers: jsonHeaders() });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { location: Location }).location;
}

/** Opens checkout with a cart, chooses pickup at the second location and cash, and opens the slot picker on tomorrow. */
async function pickupTomorrowAtSecondLocation(page: Page): Promise<void> {
  await page.goto('/checkout');
  await page.getByRole('radio', { name: 'Pickup' }).check();
  const list = page.getByRole('radiogroup', { name: 'Pickup location' });
  // The default address (Strada Doja Gheorghe) is nearer the Centru kitchen: it is listed first.
  await expect(list.getByRole('radio').first()).toHaveAccessibleName(new RegExp(SECOND_LOCATION));
  await expect(list.locator('label').first()).toContainText('Today: 11:00-22:00');
  await expect(list.locator('label').first()).toContainText('Open now');
  await list.getByRole('radio', { name: new RegExp(SECOND_LOCATION) }).check();
  await page.getByRole('radio', { name: /Cash/ }).check();
  await page.getByRole('radio', { name: 'Schedule for later' }).check();
  const days = page.getByRole('radiogroup', { name: 'Day', exact: true });
  await expect(days.getByRole('radio')).toHaveCount(7);
  await days.getByRole('radio', { name: 'Tomorrow', exact: true }).check();
}

test.describe('orders for later (issue 22)', () => {
  test('a customer orders pickup for tomorrow 13:00 from the second location and sees it on the order page', async ({ page }) => {
    await signUpViaApi(page);
    await addDefaultAddress(page);
    const [dish] = simpleItems(await menuOf(page));
    await seedCart(page, [{ item: dish!, quantity: 4 }]);

    await pickupTomorrowAtSecondLocation(page);
    const slots = page.getByRole('radiogroup', { name: 'Time slot, Tomorrow', exact: true });
    // Tomorrow within 11:00-22:00: the first slot 11:00, the last 21:45.
    await expect(slots.getByRole('radio').first()).toHaveAccessibleName('11:00');
    await expect(slots.getByRole('radio').last()).toHaveAccessibleName('21:45');
    await slots.getByRole('radio', { name: '13:00', exact: true }).check();
    await expect(page.getByTestId('checkout-scheduled')).toHaveText('Scheduled for Mon 23 Nov, 13:00');
    await expectNoSeriousAxeViolations(page);

    const action = page.locator('.checkout-bar').getByRole('button');
    await expect(action).toHaveText(/^Place Order · /);
    await action.click();
    await expect(page).toHaveURL(/\/order-confirmation\/cash\/ORD-[0-9A-Z]+\?status=success$/);
    await expect(page.getByTestId('order-scheduled-for')).toHaveText('Scheduled for Mon 23 Nov, 13:00');
    await expect(page.getByRole('region', { name: 'Pickup location' })).toContainText(SECOND_LOCATION);

    await page.getByRole('link', { name: 'Track order' }).click();
    await expect(page).toHaveURL(/\/order-details\/ORD-[0-9A-Z]+$/);
    await expect(page.getByTestId('order-scheduled-for')).toHaveText('Scheduled for Mon 23 Nov, 13:00');
    await expect(page.getByText(SECOND_LOCATION).first()).toBeVisible();
  });

  test.describe('a slot that fills up meanwhile', () => {
    // The press is refused with 409 slot_full; Chromium logs that answer.
    test.use({ allowedHttpErrorStatuses: [409] });

    test('is refused with the next free slots offered, and the one picked is the one placed', async ({ page, playwright }) => {
      const manager = await playwright.request.newContext({ baseURL: serverOrigin() });
      await signInAsManager(manager);
      const second = (await restaurant(manager)).locations.find((l) => l.name === SECOND_LOCATION)!;
      // One order fills a slot of the second kitchen (restored below).
      let saved = await saveLocation(manager, second, { slotCapacity: 1 });
      try {
        await signUpViaApi(page);
        await addDefaultAddress(page);
        const [dish] = simpleItems(await menuOf(page));
        await seedCart(page, [{ item: dish!, quantity: 4 }]);

        await pickupTomorrowAtSecondLocation(page);
        const slots = page.getByRole('radiogroup', { name: 'Time slot, Tomorrow', exact: true });
        await slots.getByRole('radio', { name: '18:30', exact: true }).check();
        await expect(page.getByTestId('checkout-scheduled')).toHaveText('Scheduled for Mon 23 Nov, 18:30');

        // Someone else takes the slot's only place while the customer is on the form.
        const other = await playwright.request.newContext({ baseURL: serverOrigin() });
        try {
          const registered = await other.post(`${serverOrigin()}/api/auth/register`, {
            headers: jsonHeaders(),
            data: {
              email: `ion-${Date.now().toString(36)}@example.ro`,
              password: 'parola-e2e-123',
              firstName: 'Ion',
              lastName: 'Ionescu',
              phone: '0722123457',
            },
          });
          expect(registered.status(), await registered.text()).toBe(201);
          const taken = await other.post(`${serverOrigin()}/api/orders`, {
            headers: { ...jsonHeaders(), 'Idempotency-Key': crypto.randomUUID() },
            data: {
              items: [{ menuItemId: dish!.id, quantity: 4, modifierIds: [] }],
              fulfilment: { type: 'pickup', locationId: second.id },
              when: { type: 'slot', slotStart: '2026-11-23T16:30:00.000Z' },
              paymentMethod: 'cash',
              customer: { firstName: 'Ion', lastName: 'Ionescu', email: 'ion@example.ro', phone: '0722123457' },
            },
          });
          expect(taken.status(), await taken.text()).toBe(201);
        } finally {
          await other.dispose();
        }

        await page.locator('.checkout-bar').getByRole('button').click();
        const refusal = page.getByRole('alert').filter({ hasText: 'This time slot has just filled up' });
        await expect(refusal).toBeVisible();
        await expect(page).toHaveURL(/\/checkout$/);
        // The full slot is no longer offered; the next free ones are.
        await expect(slots.getByRole('radio', { name: '18:30', exact: true })).toHaveCount(0);
        const next = refusal.getByRole('button');
        await expect(next.first()).toHaveText('Mon 23 Nov, 18:45');
        await expectNoSeriousAxeViolations(page);

        await next.first().click();
        await expect(refusal).toHaveCount(0);
        await expect(page.getByTestId('checkout-scheduled')).toHaveText('Scheduled for Mon 23 Nov, 18:45');
        await page.locator('.checkout-bar').getByRole('button').click();
        await expect(page).toHaveURL(/\/order-confirmation\/cash\/ORD-[0-9A-Z]+\?status=success$/);
        await expect(page.getByTestId('order-scheduled-for')).toHaveText('Scheduled for Mon 23 Nov, 18:45');
      } finally {
        saved = (await restaurant(manager)).locations.find((l) => l.id === second.id)!;
        await saveLocation(manager, saved, { slotCapacity: second.slotCapacity });
        await manager.dispose();
      }
    });
  });
});
