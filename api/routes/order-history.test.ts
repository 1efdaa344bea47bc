/**
 * GET /api/orders a page at a time (issue 26): cursors that neither skip nor repeat an order (ties
 * on the creation time included), filters and search on the server with counts over every order,
 * and bad queries refused with 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Order, OrderHistoryPage } from '../../src/shared/schemas/order';
import { ORDER_HISTORY_PAGE_SIZE, orderHistoryPageSchema } from '../../src/shared/schemas/order';
import type { TestUser } from '../../tests/setup/auth';
import { createUserWithSession } from '../../tests/setup/auth';
import type { TestApp } from '../../tests/setup/test-app';
import { createTestApp, OPEN_HOURS_INSTANT } from '../../tests/setup/test-app';
import type { CatalogueItem } from '../../tests/integration/order-fixtures';
import { firstLocationId, loadCatalogue, pickupBody, placeOrder } from '../../tests/integration/order-fixtures';

const ORDERS = 45;
let t: TestApp;
let regular: TestUser;
let other: TestUser;
/** The regular's orders as placed, oldest first. */
const placed: Order[] = [];
let ceafa: CatalogueItem;
let plainDish: CatalogueItem;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(OPEN_HOURS_INSTANT);
  regular = await createUserWithSession(t);
  other = await createUserWithSession(t);
  const catalogue = await loadCatalogue(t);
  const locationId = await firstLocationId(t);
  const plain = catalogue.filter((item) => item.groups.length === 0);
  ceafa = plain.find((item) => item.name.includes('Ceafă')) ?? plain[0]!;
  plainDish = plain.find((item) => item.id !== ceafa.id)!;
  for (let index = 0; index < ORDERS; index += 1) {
    // Card orders (no cash flood limit); every third has the dish searched for; pairs share a second.
    const dish = index % 3 === 0 ? ceafa : plainDish;
    placed.push(await placeOrder(t, regular, pickupBody(locationId, [dish], { paymentMethod: 'card' })));
    if (index % 2 === 1) t.clock.advanceMs(1_000);
  }
  await placeOrder(t, other, pickupBody(locationId, [ceafa], { paymentMethod: 'card' }));
  // Ten delivered, five cancelled, the rest still received.
  const db = t.deps.store.db;
  await db
    .updateTable('orders')
    .set({ status: 'delivered' })
    .where(
      'id',
      'in',
      placed.slice(0, 10).map((o) => o.id),
    )
    .execute();
  await db
    .updateTable('orders')
    .set({ status: 'cancelled' })
    .where(
      'id',
      'in',
      placed.slice(10, 15).map((o) => o.id),
    )
    .execute();
});
afterAll(async () => {
  await t.close();
});

async function page(user: TestUser, query: string): Promise<OrderHistoryPage> {
  const response = await t.request(`/api/orders${query}`, { headers: { cookie: user.cookie } });
  expect(response.status, await response.clone().text()).toBe(200);
  return orderHistoryPageSchema.parse(await response.json());
}

async function allPages(user: TestUser, query: string): Promise<OrderHistoryPage[]> {
  const pages = [await page(user, query)];
  while (pages.at(-1)!.nextBefore) {
    const separator = query ? '&' : '?';
    pages.push(await page(user, `${query}${separator}before=${encodeURIComponent(pages.at(-1)!.nextBefore!)}`));
  }
  return pages;
}

const numbers = (pages: OrderHistoryPage[]) => pages.flatMap((p) => p.orders.map((o) => o.orderNumber));
const newestFirst = (orders: Order[]) => [...orders].reverse().map((o) => o.orderNumber);

describe('GET /api/orders, a page at a time', () => {
  it('answers the newest page with counts over every order and a cursor; following it reads each order once, in order', async () => {
    const pages = await allPages(regular, '');
    expect(pages.map((p) => p.orders.length)).toEqual([ORDER_HISTORY_PAGE_SIZE, ORDER_HISTORY_PAGE_SIZE, 5]);
    // Two orders share each creation second, so the cursor's id breaks the tie at every page edge.
    expect(numbers(pages)).toEqual(newestFirst(placed));
    expect(pages.at(-1)!.nextBefore).toBeNull();
    expect(pages[0]!.counts).toEqual({ all: ORDERS, 'in-progress': 30, delivered: 10, cancelled: 5 });
    expect(pages.every((p) => p.total === ORDERS)).toBe(true);
    // Whole orders, as the details page has them.
    expect(pages[0]!.orders[0]!.orderItems.length).toBeGreaterThan(0);
  });

  it('keeps a smaller page size when asked and never shows another customer’s orders', async () => {
    const small = await page(regular, '?limit=7');
    expect(small.orders).toHaveLength(7);
    const theirs = await page(other, '');
    expect(theirs.orders).toHaveLength(1);
    expect(theirs.counts.all).toBe(1);
    expect(numbers([small]).some((n) => theirs.orders[0]!.orderNumber === n)).toBe(false);
  });

  it('filters by status group on the server, with the same counts on every filter', async () => {
    const delivered = await allPages(regular, '?filter=delivered');
    expect(numbers(delivered)).toEqual(newestFirst(placed.slice(0, 10)));
    expect(delivered[0]!.total).toBe(10);
    const inProgress = await allPages(regular, '?filter=in-progress');
    expect(numbers(inProgress)).toEqual(newestFirst(placed.slice(15)));
    expect(inProgress[0]!.counts).toEqual(delivered[0]!.counts);
  });

  it('searches dish names without case or diacritics, and order numbers, within the filter', async () => {
    const plainName = ceafa.name
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toUpperCase();
    const withCeafa = placed.filter((_, index) => index % 3 === 0);
    const found = await allPages(regular, `?q=${encodeURIComponent(plainName)}`);
    expect(numbers(found)).toEqual(newestFirst(withCeafa));
    expect(found[0]!.total).toBe(withCeafa.length);
    const delivered = await page(regular, `?q=${encodeURIComponent(plainName)}&filter=delivered`);
    expect(delivered.orders.map((o) => o.orderNumber)).toEqual(newestFirst(withCeafa.filter((o) => placed.indexOf(o) < 10)));
    const one = placed[7]!.orderNumber;
    expect((await page(regular, `?q=${one.toLowerCase()}`)).orders.map((o) => o.orderNumber)).toEqual([one]);
    const none = await page(regular, '?q=pizza');
    expect(none).toMatchObject({ orders: [], total: 0, nextBefore: null });
    expect(none.counts.all).toBe(ORDERS);
  });

  it('refuses a bad page size, cursor, filter or search with 400', async () => {
    for (const query of ['?limit=0', '?limit=51', '?limit=x', '?before=yesterday', '?filter=pending', `?q=${'a'.repeat(101)}`]) {
      const response = await t.request(`/api/orders${query}`, { headers: { cookie: regular.cookie } });
      expect(response.status, query).toBe(400);
    }
  });
});
