/**
 * E2E helpers for the checkout and orders specs (issue 5): seed the cart in IndexedDB with real ids
 * and prices from /api/menu, add a delivery address, place orders through the API and pay on the
 * embedded test checkout page.
 */
import type { Page } from '@playwright/test';

import type { Menu, MenuItem } from '../../../src/shared/schemas/menu';
import type { Order } from '../../../src/shared/schemas/order';
import type { RestaurantInfo } from '../../../src/shared/schemas/restaurant';
import { expect } from '../fixtures';
import { serverOrigin } from './e2e-server';

/**
 * The embedded test checkout page (served by the payments route) has no icon link, so Chromium asks
 * for /favicon.ico there and logs the 404 as a console error; answer it empty in specs that visit it.
 */
export async function quietFavicon(page: Page): Promise<void> {
  await page.route('**/favicon.ico', (route) => route.fulfill({ status: 204, body: '' }));
}

export const SUCCESS_CARD = '4242 4242 4242 4242';
export const DECLINED_CARD = '4000 0000 0000 0002';
export const ORDER_NUMBER_IN_URL = /\/(ORD-[0-9A-Z]+)/;

async function getJson<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`${serverOrigin()}${path}`);
  expect(response.ok(), `${path}: ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

async function postJson<T>(page: Page, path: string, data: unknown, headers: Record<string, string> = {}): Promise<T> {
  const response = await page.request.post(`${serverOrigin()}${path}`, {
    data,
    headers: { origin: serverOrigin(), 'content-type': 'application/json', ...headers },
  });
  expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

export async function menuOf(page: Page): Promise<Menu> {
  return getJson<Menu>(page, '/api/menu');
}

export async function restaurantOf(page: Page): Promise<RestaurantInfo> {
  return getJson<RestaurantInfo>(page, '/api/restaurant');
}

/**
 * A seeded dish's or option's name on an English page (the seed writes English for every one:
 * docs/decisions/0172-order-lines-in-the-screens-language.md). Its `name` is the Romanian, which the
 * Romanian page, the kitchen board and the ticket show.
 */
export function englishName(row: { name: string; nameEn?: string | undefined }): string {
  if (!row.nameEn) throw new Error(`"${row.name}" has no English name`);
  return row.nameEn;
}

/** Standalone dishes without modifier groups, in menu order. */
export function simpleItems(menu: Menu): MenuItem[] {
  return menu.items.filter((item) => item.modifierGroups.length === 0 && !item.soldOut && item.priceBani > 0);
}

/**
 * Put lines in the cart the way the cart feature stores them (Dexie table cartLines), with real ids
 * and today's prices. The app must have opened its IndexedDB first, so this visits the menu (and the
 * device keeps it: the cart and the order screens name the lines from it, in the page's language).
 */
export async function seedCart(page: Page, lines: { item: MenuItem; quantity: number }[]): Promise<void> {
  await seeMenu(page);
  const rows = lines.map(({ item, quantity }, index) => ({
    id: `${Date.now()}-seed${index}`,
    menuItemId: item.id,
    name: item.name,
    sku: item.sku,
    unitPriceBani: item.priceBani,
    quantity,
    selectedModifiers: [],
    specialInstructions: '',
    imageUrl: item.image,
    addedAt: new Date(Date.now() + index).toISOString(),
  }));
  await expect
    .poll(() =>
      page.evaluate(
        (toWrite) =>
          new Promise<boolean>((resolve) => {
            const request = indexedDB.open('casa-gratarului');
            request.onerror = () => resolve(false);
            request.onsuccess = () => {
              const db = request.result;
              if (!db.objectStoreNames.contains('cartLines')) {
                db.close();
                resolve(false);
                return;
              }
              const tx = db.transaction('cartLines', 'readwrite');
              const store = tx.objectStore('cartLines');
              store.clear();
              for (const row of toWrite) store.put(row);
              tx.oncomplete = () => {
                db.close();
                resolve(true);
              };
              tx.onerror = () => resolve(false);
            };
          }),
        rows,
      ),
    )
    .toBe(true);
}

/**
 * Opens the menu and waits until this device keeps it (IndexedDB's menu snapshot, whose write the app
 * marks 'menu-sync'): the order screens name an order's dishes from the last menu the device saw, and
 * in Romanian until it saw one (0172).
 */
export async function seeMenu(page: Page): Promise<void> {
  await page.goto('/menu');
  await expect.poll(() => page.evaluate(() => performance.getEntriesByName('menu-sync').length)).toBeGreaterThan(0);
}

/** A deliverable default address in central Ploiești (the server decides the zone from the pin). */
export async function addDefaultAddress(page: Page): Promise<{ id: number }> {
  const { address } = await postJson<{ address: { id: number } }>(page, '/api/addresses', {
    label: 'home',
    streetAddress: 'Strada Doja Gheorghe 12',
    city: 'Ploiești',
    postalCode: '100151',
    country: 'Romania',
    latitude: 44.9418,
    longitude: 26.0336,
    formattedAddress: 'Strada Doja Gheorghe 12, 100151 Ploiești, Romania',
    placeId: 'gazetteer:strada-doja-gheorghe:12',
    houseNumber: '12',
    pinConfirmed: true,
    isDefault: true,
  });
  return address;
}

/**
 * Place an order through POST /api/orders: pickup at `pickupLocationId` (default the first location) or
 * delivery to `deliveryAddressId`; as soon as possible, or for the slot starting at `slotStart` (issue 22).
 */
export async function placeOrderViaApi(
  page: Page,
  options: {
    paymentMethod: 'cash' | 'card';
    lines: { item: MenuItem; quantity: number }[];
    deliveryAddressId?: number;
    pickupLocationId?: number;
    slotStart?: string;
  },
): Promise<Order> {
  const pickupLocationId = options.pickupLocationId ?? (await restaurantOf(page)).locations[0]!.id;
  const fulfilment =
    options.deliveryAddressId === undefined
      ? { type: 'pickup', locationId: pickupLocationId }
      : { type: 'delivery', addressId: options.deliveryAddressId };
  const { order } = await postJson<{ order: Order }>(
    page,
    '/api/orders',
    {
      items: options.lines.map(({ item, quantity }) => ({ menuItemId: item.id, quantity, modifierIds: [] })),
      fulfilment,
      ...(options.slotStart === undefined ? {} : { when: { type: 'slot', slotStart: options.slotStart } }),
      paymentMethod: options.paymentMethod,
      customer: { firstName: 'Ana', lastName: 'Popescu', email: 'ana@example.ro', phone: '0722123456' },
    },
    { 'Idempotency-Key': crypto.randomUUID() },
  );
  return order;
}

/** On the embedded test checkout page: type a card and pay. */
export async function payOnTestCheckout(page: Page, card: string): Promise<void> {
  await expect(page.getByLabel('Card number')).toBeVisible();
  await page.getByLabel('Card number').fill(card);
  await page.getByRole('button', { name: /^Pay / }).click();
}

export function orderNumberFromUrl(url: string): string {
  const match = ORDER_NUMBER_IN_URL.exec(new URL(url).pathname);
  if (!match?.[1]) throw new Error(`No order number in ${url}`);
  return match[1];
}
