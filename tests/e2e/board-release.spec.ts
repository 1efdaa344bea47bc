/**
 * Issue 22, "at the slot time minus preparation it rings": an order for later waits in the board's
 * Scheduled lane and, at its release (the slot's start minus the kitchen's lead time, by the server's
 * clock), moves into New and the board rings (docs/decisions/0138-scheduled-orders-on-the-board.md,
 * 0145-board-scheduled-lane-and-kitchens.md).
 *
 * The e2e server's clock starts at CLOCK_START_AT and runs in real time, so the test reads the server's
 * time from the board answer (serverNow) and sets the second kitchen's lead time through the manager API
 * so that the first slot it offers is released 25-85 s later (slots are quarter hours, the lead time
 * whole minutes); its slot capacity is raised so earlier specs' orders cannot fill that slot. Both are
 * put back afterwards and the order is rejected, so later specs on this worker's server see the
 * kitchen as it was.
 */
import type { APIRequestContext } from '@playwright/test';

import type { Order } from '../../src/shared/schemas/order';
import type { Location, RestaurantInfo } from '../../src/shared/schemas/restaurant';
import type { SlotsResponse } from '../../src/shared/schemas/scheduling';
import { SLOT_CAPACITY_MAX, SLOT_MINUTES } from '../../src/shared/schemas/locations';
import { signUpViaApi } from './helpers/auth';
import { serverOrigin } from './helpers/e2e-server';
import { countBeeps, jsonHeaders, rejectUndecidedOrders, signInAsManager } from './helpers/manager';
import { menuOf, placeOrderViaApi, simpleItems } from './helpers/order-helpers';
import { expect, test } from './fixtures';

const TABLET = { width: 1024, height: 768 };
const SECOND_MS = 1_000;
const MINUTE_MS = 60 * SECOND_MS;
const SLOT_MS = SLOT_MINUTES * MINUTE_MS;
/** The least time between reading the server's clock and the release: setting up, ordering, opening the board. */
const SETUP_MARGIN_MS = 25 * SECOND_MS;

async function restaurant(request: APIRequestContext): Promise<RestaurantInfo> {
  const response = await request.get(`${serverOrigin()}/api/restaurant`);
  expect(response.status()).toBe(200);
  return (await response.json()) as RestaurantInfo;
}

/** PUT /api/admin/locations/:id: the location's own values with `changes`, at its current version. */
async function putLocation(request: APIRequestContext, location: Location, changes: Partial<Location> = {}): Promise<Location> {
  const current = (await restaurant(request)).locations.find((l) => l.id === location.id)!;
  const next = { ...location, ...changes };
  const response = await request.put(`${serverOrigin()}/api/admin/locations/${location.id}`, {
    data: {
      name: next.name,
      address: next.address,
      phone: next.phone,
      latitude: next.latitude,
      longitude: next.longitude,
      openingHours: next.openingHours,
      isOpen: next.isOpen,
      zone: next.zone,
      leadMinutes: next.leadMinutes,
      slotCapacity: next.slotCapacity,
      minimumOrderBani: next.minimumOrderBani,
      deliveryFees: next.deliveryFees,
      version: current.version,
    },
    headers: jsonHeaders(),
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { location: Location }).location;
}

async function serverNowMs(request: APIRequestContext): Promise<number> {
  const response = await request.get(`${serverOrigin()}/api/admin/board`);
  expect(response.status(), await response.text()).toBe(200);
  return Date.parse(((await response.json()) as { serverNow: string }).serverNow);
}

test('an order for later rings the board at its release: slot start minus the kitchen’s lead time', async ({ page, browser }) => {
  test.setTimeout(150_000);
  await page.setViewportSize(TABLET);
  const beeps = await countBeeps(page);
  await signInAsManager(page.request);
  // Only this test's order rings: earlier specs' undecided orders are rejected first.
  await rejectUndecidedOrders(page.request);

  // The customer, signed up before the clock is read: from then on only a few requests until the order.
  const customer = await browser.newContext({ baseURL: serverOrigin() });
  const customerPage = await customer.newPage();
  await customerPage.goto('/');
  await signUpViaApi(customerPage);
  const [dish] = simpleItems(await menuOf(customerPage));

  const original = (await restaurant(page.request)).locations[1]!;
  let order: Order | null = null;
  try {
    // The first quarter hour at least SETUP_MARGIN_MS away, and the lead time (whole minutes) that
    // puts its release between SETUP_MARGIN_MS and a minute more from now.
    const now = await serverNowMs(page.request);
    const slotStart = Math.ceil((now + SETUP_MARGIN_MS) / SLOT_MS) * SLOT_MS;
    const leadMinutes = Math.floor((slotStart - now - SETUP_MARGIN_MS) / MINUTE_MS);
    const releaseAt = slotStart - leadMinutes * MINUTE_MS;
    await putLocation(page.request, original, { leadMinutes, slotCapacity: SLOT_CAPACITY_MAX });

    // The customer orders pickup at the second kitchen for the first slot it offers.
    const slotsAnswer = await customerPage.request.get(`${serverOrigin()}/api/locations/${original.id}/slots`);
    expect(slotsAnswer.status(), await slotsAnswer.text()).toBe(200);
    const firstSlot = ((await slotsAnswer.json()) as SlotsResponse).days.flatMap((day) => day.slots)[0]!;
    expect(Date.parse(firstSlot.start)).toBe(slotStart);
    order = await placeOrderViaApi(customerPage, {
      paymentMethod: 'cash',
      lines: [{ item: dish!, quantity: 1 }],
      pickupLocationId: original.id,
      slotStart: firstSlot.start,
    });
    expect(Date.parse(order.releaseAt!)).toBe(releaseAt);

    // The manager's board: the order waits in Scheduled, not in New, and nothing rings for it.
    await page.goto('/admin?section=orders');
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    // A click, so the browser lets the board play sound.
    await page.getByRole('heading', { level: 1, name: 'Orders' }).click();
    const inScheduled = page.getByRole('list', { name: 'Scheduled orders' }).getByRole('article', { name: `Order ${order.orderNumber}` });
    const inNew = page.getByRole('list', { name: 'New orders' }).getByRole('article', { name: `Order ${order.orderNumber}` });
    await expect(inScheduled).toBeVisible();
    await expect(inNew).toHaveCount(0);
    const beepsBefore = await beeps();
    // Still before the release: the premise of the rest (the margin was not eaten by a slow machine).
    const msToRelease = releaseAt - (await serverNowMs(page.request));
    expect(msToRelease).toBeGreaterThan(3 * SECOND_MS);
    // Shortly before the release it is still waiting, silently.
    await page.waitForTimeout(msToRelease - 3 * SECOND_MS);
    await expect(inScheduled).toBeVisible();
    await expect(inNew).toHaveCount(0);
    expect(await beeps()).toBe(beepsBefore);

    // At the release it moves into New and the board rings.
    await expect(inNew).toBeVisible({ timeout: 20 * SECOND_MS });
    await expect(inScheduled).toHaveCount(0);
    await expect.poll(beeps, { timeout: 10 * SECOND_MS }).toBeGreaterThan(beepsBefore);
    expect(await serverNowMs(page.request)).toBeGreaterThanOrEqual(releaseAt);
  } finally {
    await customer.close();
    await putLocation(page.request, original);
    if (order) {
      const cancelled = await page.request.post(`${serverOrigin()}/api/admin/board/${order.orderNumber}/cancel`, {
        data: { reasonCode: 'too_busy' },
        headers: jsonHeaders(),
      });
      expect(cancelled.status(), await cancelled.text()).toBe(200);
    }
  }
  const restored = (await restaurant(page.request)).locations[1]!;
  expect([restored.leadMinutes, restored.slotCapacity]).toEqual([original.leadMinutes, original.slotCapacity]);
});
