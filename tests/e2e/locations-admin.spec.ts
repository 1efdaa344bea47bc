/**
 * Issue 22, the manager's side on a 1024×768 landscape tablet: the Kitchens section edits the second
 * location's lead time, slot capacity and fee bands (a band short of the radius is refused beside its
 * field), and the storefront's restaurant answer carries the new values (restored afterwards); an
 * order for later placed for tomorrow waits in the board's Scheduled lane with its slot, not in New,
 * and the first kitchen's filter leaves it out. Axe on the Kitchens section and the board.
 */
import type { APIRequestContext, Page } from '@playwright/test';

import type { Location, RestaurantInfo } from '../../src/shared/schemas/restaurant';
import type { SlotsResponse } from '../../src/shared/schemas/scheduling';
import { signUpViaApi } from './helpers/auth';
import { serverOrigin } from './helpers/e2e-server';
import { jsonHeaders, signInAsManager } from './helpers/manager';
import { menuOf, placeOrderViaApi, simpleItems } from './helpers/order-helpers';
import { expect, test } from './fixtures';
import { expectNoSeriousAxeViolations } from './storefront-a11y';
import { formatBucharestDateTime } from '../../src/shared/bucharest-date-time';

const TABLET = { width: 1024, height: 768 };

async function restaurant(request: APIRequestContext): Promise<RestaurantInfo> {
  const response = await request.get(`${serverOrigin()}/api/restaurant`);
  expect(response.status()).toBe(200);
  return (await response.json()) as RestaurantInfo;
}

/** PUT /api/admin/locations/:id with a location's own values and the current version (the restore). */
async function putLocation(request: APIRequestContext, location: Location, version: number): Promise<void> {
  const response = await request.put(`${serverOrigin()}/api/admin/locations/${location.id}`, {
    data: {
      name: location.name,
      address: location.address,
      phone: location.phone,
      latitude: location.latitude,
      longitude: location.longitude,
      openingHours: location.openingHours,
      isOpen: location.isOpen,
      zone: location.zone,
      leadMinutes: location.leadMinutes,
      slotCapacity: location.slotCapacity,
      minimumOrderBani: location.minimumOrderBani,
      deliveryFees: location.deliveryFees,
      version,
    },
    headers: jsonHeaders(),
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function openAdmin(page: Page, section: 'locations' | 'orders', heading: string): Promise<void> {
  await page.goto(`/admin?section=${section}`);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

test.describe('kitchens in the manager area', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize(TABLET);
    await signInAsManager(page.request);
  });

  test("the manager edits the second kitchen's lead time, slot capacity and fee bands; the storefront answer shows them", async ({
    page,
  }) => {
    const original = (await restaurant(page.request)).locations[1]!;
    expect(original.zone.kind).toBe('radius');
    const radius = original.zone.radiusKm;
    try {
      await openAdmin(page, 'locations', 'Kitchens');
      await page.getByRole('group', { name: 'Kitchens' }).getByRole('button', { name: original.name }).click();
      const editor = page.getByRole('region', { name: original.name });
      await expect(editor.getByRole('heading', { level: 2, name: original.name })).toBeVisible();
      await expect(editor.getByLabel('Preparation lead time (minutes)')).toHaveValue(String(original.leadMinutes));
      await expectNoSeriousAxeViolations(page);

      await editor.getByLabel('Preparation lead time (minutes)').fill('45');
      await editor.getByLabel('Orders per 15-minute slot').fill('5');
      const bandsBefore = original.deliveryFees.bands.length;
      await editor.getByRole('button', { name: 'Add band' }).click();
      await expect(editor.getByLabel(/^Band \d+ fee \(lei\)$/)).toHaveCount(bandsBefore + 1);
      const last = bandsBefore + 1;
      // A last band short of the radius is refused beside its field, before any request.
      await editor.getByLabel(`Band ${last} up to (km)`).fill(String(radius - 1));
      await editor.getByRole('button', { name: `Save ${original.name}` }).click();
      await expect(editor.getByText(`The last band must reach the delivery radius (${radius} km)`)).toBeVisible();
      await expect(editor.getByLabel(`Band ${last} up to (km)`)).toHaveAttribute('aria-invalid', 'true');

      await editor.getByLabel(`Band ${last} up to (km)`).fill(String(radius));
      await editor.getByLabel(`Band ${last} fee (lei)`).fill('14.99');
      await editor.getByRole('button', { name: `Save ${original.name}` }).click();
      await expect(page.getByTestId('toast').filter({ hasText: 'Location saved' })).toBeVisible();

      await expect
        .poll(async () => {
          const saved = (await restaurant(page.request)).locations.find((location) => location.id === original.id)!;
          return {
            lead: saved.leadMinutes,
            capacity: saved.slotCapacity,
            bands: saved.deliveryFees.bands.length,
            last: saved.deliveryFees.bands.at(-1),
          };
        })
        .toEqual({ lead: 45, capacity: 5, bands: bandsBefore + 1, last: { upToKm: radius, feeBani: 1_499 } });
      // The form reloads from the server's new version.
      await expect(editor.getByLabel(`Band ${last} fee (lei)`)).toHaveValue('14.99');
    } finally {
      const current = (await restaurant(page.request)).locations.find((location) => location.id === original.id)!;
      await putLocation(page.request, original, current.version);
    }
    const restored = (await restaurant(page.request)).locations.find((location) => location.id === original.id)!;
    expect([restored.leadMinutes, restored.slotCapacity, restored.deliveryFees]).toEqual([
      original.leadMinutes,
      original.slotCapacity,
      original.deliveryFees,
    ]);
  });

  test('an order for tomorrow waits in Scheduled with its slot, not in New; the first kitchen filter leaves it out', async ({
    page,
    browser,
  }) => {
    const customer = await browser.newContext({ baseURL: serverOrigin() });
    const customerPage = await customer.newPage();
    await customerPage.goto('/');
    await signUpViaApi(customerPage);
    const [first, second] = (await restaurant(customerPage.request)).locations;
    const slotsAnswer = await customerPage.request.get(`${serverOrigin()}/api/locations/${second!.id}/slots`);
    expect(slotsAnswer.status(), await slotsAnswer.text()).toBe(200);
    const { days } = (await slotsAnswer.json()) as SlotsResponse;
    // Tomorrow by the server's clock (the e2e server starts on Sunday 22 Nov 2026): the second day listed.
    const tomorrow = days.find((day, index) => index > 0 && day.slots.length > 0)!;
    const slot = tomorrow.slots[Math.min(8, tomorrow.slots.length - 1)]!;
    const [dish] = simpleItems(await menuOf(customerPage));
    const order = await placeOrderViaApi(customerPage, {
      paymentMethod: 'cash',
      lines: [{ item: dish!, quantity: 1 }],
      pickupLocationId: second!.id,
      slotStart: slot.start,
    });
    expect(order.scheduledFor).toBe(slot.start);
    await customer.close();

    try {
      await openAdmin(page, 'orders', 'Orders');
      const scheduled = page.getByRole('region', { name: /^Scheduled/ });
      const card = scheduled.getByRole('article', { name: `Order ${order.orderNumber}` });
      await expect(card).toBeVisible();
      const slotText = formatBucharestDateTime(slot.start);
      await expect(scheduled.getByText(`Slot ${slotText}`)).toBeVisible();
      await expect(page.getByRole('region', { name: /^New/ }).getByRole('article', { name: `Order ${order.orderNumber}` })).toHaveCount(0);
      await expectNoSeriousAxeViolations(page);

      const kitchen = page.getByRole('combobox', { name: 'Kitchen' });
      await kitchen.selectOption({ label: first!.name });
      await expect(
        page.getByRole('region', { name: /^Scheduled/ }).getByRole('article', { name: `Order ${order.orderNumber}` }),
      ).toHaveCount(0);
      await kitchen.selectOption({ label: second!.name });
      await expect(
        page.getByRole('region', { name: /^Scheduled/ }).getByRole('article', { name: `Order ${order.orderNumber}` }),
      ).toBeVisible();
    } finally {
      // Leave the run's data as found: the order for later is rejected (it would otherwise count in tomorrow's slot).
      const cancelled = await page.request.post(`${serverOrigin()}/api/admin/board/${order.orderNumber}/cancel`, {
        data: { reasonCode: 'too_busy' },
        headers: jsonHeaders(),
      });
      expect(cancelled.status(), await cancelled.text()).toBe(200);
    }
  });
});
