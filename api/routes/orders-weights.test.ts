/**
 * Issue 27 on the server: per-kg dishes are ordered in grams, in the dish's steps, and priced here
 * (kilogram price x weight, half up to the ban); the weight reaches the order, its reads and the
 * kitchen ticket. And the minimum order is a delivery rule unless the manager extends it to pickup.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { Order, PosPayload } from '../../src/shared/schemas/order';
import { orderSchema } from '../../src/shared/schemas/order';
import type { RestaurantSettings } from '../../src/shared/schemas/restaurant';
import type { TestUser } from '../../tests/setup/auth';
import { createUserWithSession } from '../../tests/setup/auth';
import type { TestApp } from '../../tests/setup/test-app';
import { createTestApp, OPEN_HOURS_INSTANT } from '../../tests/setup/test-app';
import type { CatalogueItem } from '../../tests/integration/order-fixtures';
import {
  firstLocationId,
  insertAddress,
  loadCatalogue,
  minimalModifiers,
  pickupBody,
  placeOrder,
  postOrder,
} from '../../tests/integration/order-fixtures';
import { createOutboxWorker } from '../jobs/outbox-worker';
import { acceptOrder, requeuePos } from '../orders';
import { SETTINGS_ROW_ID } from '../store/seed';

let t: TestApp;
let alice: TestUser;
let admin: TestUser;
let catalogue: CatalogueItem[];
let locationId: number;
let ceafa: CatalogueItem;
let mici: CatalogueItem;

beforeAll(async () => {
  t = await createTestApp();
  alice = await createUserWithSession(t);
  admin = await createUserWithSession(t, { role: 'admin' });
  catalogue = await loadCatalogue(t);
  locationId = await firstLocationId(t);
  ceafa = catalogue.find((item) => item.name === 'Ceafă de porc')!;
  mici = catalogue.find((item) => item.name === 'Mici')!;
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  t.clock.set(OPEN_HOURS_INSTANT);
  await t.deps.store.db
    .updateTable('restaurant_settings')
    .set({ is_open: 1, minimum_order_bani: 0, delivery_fee_bani: 0, minimum_order_applies_to_pickup: 0 })
    .where('id', '=', SETTINGS_ROW_ID)
    .execute();
  // Issue 22: each kitchen's own minimum and fee bands, set to one free band up to 10 km so totals here are the dishes'.
  await t.deps.store.db
    .updateTable('locations')
    .set({ is_open: 1, minimum_order_bani: 0, delivery_fees: JSON.stringify({ bands: [{ upToKm: 10, feeBani: 0 }], freeAboveBani: null }) })
    .execute();
  await t.deps.store.db.updateTable('menu_items').set({ weight_step_grams: null, weight_min_grams: null }).execute();
});

const line = (item: CatalogueItem, weightGrams?: number, quantity = 1) => ({
  menuItemId: item.id,
  quantity,
  modifierIds: minimalModifiers(item),
  ...(weightGrams === undefined ? {} : { weightGrams }),
});
const optionsBani = (item: CatalogueItem) =>
  minimalModifiers(item).reduce((sum, id) => sum + item.groups.flatMap((g) => g.options).find((o) => o.id === id)!.priceBani, 0);

describe('per-kg dishes (issue 27)', () => {
  it('prices 750 g at 0.75 x the kilogram price and keeps the weight on the order and its reads', async () => {
    expect(ceafa.priceBani).toBe(12_900);
    const order = await placeOrder(t, alice, { ...pickupBody(locationId, []), items: [line(ceafa, 750, 2), line(mici)] });
    expect(orderSchema.parse(order)).toEqual(order);
    const [weighed, piece] = order.orderItems;
    expect(weighed).toMatchObject({
      weightGrams: 750,
      quantity: 2,
      basePriceBani: 12_900,
      itemTotalBani: 2 * (9_675 + optionsBani(ceafa)),
    });
    expect(piece).toMatchObject({ weightGrams: null, quantity: 1, itemTotalBani: mici.priceBani + optionsBani(mici) });
    expect(order.subtotalBani).toBe(weighed!.itemTotalBani + piece!.itemTotalBani);
    expect(order.totalBani).toBe(order.subtotalBani);

    const read = await t.request(`/api/orders/${order.orderNumber}`, { headers: { cookie: alice.cookie } });
    expect(((await read.json()) as { order: Order }).order).toEqual(order);
    const board = await t.request('/api/admin/board', { headers: { cookie: admin.cookie } });
    expect(board.status).toBe(200);
    const onBoard = ((await board.json()) as { orders: Order[] }).orders.find((o) => o.orderNumber === order.orderNumber);
    expect(onBoard?.orderItems[0]?.weightGrams).toBe(750);
  });

  it('rounds the portion half up to the ban', async () => {
    // 55.55 lei/kg x 250 g = 13.8875 lei -> 13.89 lei.
    await t.deps.store.db.updateTable('menu_items').set({ price_bani: 5_555 }).where('id', '=', ceafa.id).execute();
    try {
      const order = await placeOrder(t, alice, { ...pickupBody(locationId, []), items: [line(ceafa, 250)] });
      expect(order.orderItems[0]!.itemTotalBani).toBe(1_389 + optionsBani(ceafa));
    } finally {
      await t.deps.store.db.updateTable('menu_items').set({ price_bani: ceafa.priceBani }).where('id', '=', ceafa.id).execute();
    }
  });

  it('reads a per-kg line without a weight as the whole kilogram older clients sold', async () => {
    const order = await placeOrder(t, alice, { ...pickupBody(locationId, []), items: [line(ceafa)] });
    expect(order.orderItems[0]).toMatchObject({ weightGrams: 1_000, itemTotalBani: 12_900 + optionsBani(ceafa) });
  });

  it("refuses portions outside the dish's steps, and weights on dishes sold by the piece, with 422 weight_invalid", async () => {
    for (const [item, weightGrams, problem] of [
      [ceafa, 200, 'below_minimum'],
      [ceafa, 300, 'off_step'],
      [mici, 500, 'not_sold_by_weight'],
    ] as const) {
      const response = await postOrder(t, alice, { ...pickupBody(locationId, []), items: [line(mici), line(item, weightGrams)] });
      expect(response.status).toBe(422);
      const body = (await response.json()) as { error: { code: string; details: { line: number; problem: string }[] } };
      expect(body.error.code).toBe('weight_invalid');
      expect(body.error.details).toEqual([expect.objectContaining({ line: 1, menuItemId: item.id, problem })]);
    }
    // Not a whole number of grams, or above 10 kg: the contract refuses it before any pricing.
    for (const weightGrams of [750.5, 10_250, 0]) {
      const malformed = await postOrder(t, alice, { ...pickupBody(locationId, []), items: [line(ceafa, weightGrams)] });
      expect(malformed.status).toBe(400);
    }
  });

  it('follows the steps stored on the dish: 100 g from 300 g', async () => {
    await t.deps.store.db
      .updateTable('menu_items')
      .set({ weight_step_grams: 100, weight_min_grams: 300 })
      .where('id', '=', ceafa.id)
      .execute();
    const menu = (await (await t.request('/api/menu')).json()) as {
      items: { id: number; weightStepGrams?: number; weightMinGrams?: number }[];
    };
    expect(menu.items.find((item) => item.id === ceafa.id)).toMatchObject({ weightStepGrams: 100, weightMinGrams: 300 });
    const refused = await postOrder(t, alice, { ...pickupBody(locationId, []), items: [line(ceafa, 250)] });
    expect(refused.status).toBe(422);
    const order = await placeOrder(t, alice, { ...pickupBody(locationId, []), items: [line(ceafa, 400)] });
    expect(order.orderItems[0]).toMatchObject({ weightGrams: 400, itemTotalBani: 5_160 + optionsBani(ceafa) });
  });

  it('compares what the customer saw with the weighed portion (409 price_changed names the line)', async () => {
    const seen = 9_675 + optionsBani(ceafa);
    const ok = await postOrder(t, alice, {
      ...pickupBody(locationId, []),
      items: [{ ...line(ceafa, 750), expectedUnitPriceBani: seen }],
      expectedTotalBani: seen,
    });
    expect(ok.status).toBe(201);
    const moved = await postOrder(t, alice, {
      ...pickupBody(locationId, []),
      items: [{ ...line(ceafa, 750), expectedUnitPriceBani: seen - 100 }],
      expectedTotalBani: seen - 100,
    });
    expect(moved.status).toBe(409);
    const body = (await moved.json()) as { error: { details: { changes: { beforeBani: number; afterBani: number }[] } } };
    expect(body.error.details.changes).toEqual([expect.objectContaining({ beforeBani: seen - 100, afterBani: seen })]);
  });

  it('puts the weight on the kitchen ticket sent to the POS', async () => {
    const order = await placeOrder(t, alice, { ...pickupBody(locationId, []), items: [line(ceafa, 750)] });
    // The ticket goes out once the order is accepted (the embedded board then needs none: re-send it
    // as a manager would, to read the ticket a vendor POS gets).
    await acceptOrder(t.deps, { orderNumber: order.orderNumber, prepMinutes: 30 });
    await requeuePos(t.deps, order.orderNumber);
    const received: PosPayload[] = [];
    const worker = createOutboxWorker({
      store: t.deps.store,
      clock: t.clock,
      logger: t.deps.logger,
      pos: {
        name: 'http',
        send: (sent) => {
          received.push(sent);
          return Promise.resolve('sent');
        },
      },
      orderEvents: t.deps.orderEvents,
    });
    await worker.drain();
    const payload = received.find((sent) => sent.bill.externalOrderNo === order.orderNumber)!;
    expect(payload.bill.items[0]).toEqual({ sku: order.orderItems[0]!.sku, quantity: 1, weightGrams: 750 });
  });
});

describe('minimum order: delivery unless the manager extends it to pickup (issue 27)', () => {
  const cheap = () => mici;

  it('lets a pickup order below the minimum through by default, and refuses delivery below it', async () => {
    // Issue 22: each kitchen's own minimum (the delivery goes to one of them).
    await t.deps.store.db.updateTable('locations').set({ minimum_order_bani: 100_000 }).execute();
    const pickup = await postOrder(t, alice, pickupBody(locationId, [cheap()]));
    expect(pickup.status).toBe(201);
    const addressId = await insertAddress(t, alice.id);
    const delivery = await postOrder(t, alice, { ...pickupBody(locationId, [cheap()]), fulfilment: { type: 'delivery', addressId } });
    expect(delivery.status).toBe(422);
    expect(((await delivery.json()) as { error: { code: string } }).error.code).toBe('below_minimum');
  });

  it('refuses pickup below the minimum once the manager ticks the setting, and it reads back', async () => {
    const get = await t.request('/api/admin/settings', { headers: { cookie: admin.cookie } });
    const { settings } = (await get.json()) as { settings: RestaurantSettings };
    expect(settings.minimumOrderAppliesToPickup).toBe(false);
    const { updatedAt: _updatedAt, status: _status, zoneValidationType: _zone, deliveryZoneName: _zoneName, ...editable } = settings;
    // Issue 22: the minimum is the pickup kitchen's own (decision 0148); the flag stays restaurant-wide.
    await t.deps.store.db.updateTable('locations').set({ minimum_order_bani: 100_000 }).execute();
    const save = await t.request('/api/admin/settings', {
      method: 'PUT',
      json: { ...editable, minimumOrderAppliesToPickup: true },
      headers: { cookie: admin.cookie },
    });
    expect(save.status).toBe(200);
    expect(((await save.json()) as { settings: RestaurantSettings }).settings).toMatchObject({
      minimumOrderAppliesToPickup: true,
    });
    const restaurant = (await (await t.request('/api/restaurant')).json()) as { settings: RestaurantSettings };
    expect(restaurant.settings.minimumOrderAppliesToPickup).toBe(true);

    const pickup = await postOrder(t, alice, pickupBody(locationId, [cheap()]));
    expect(pickup.status).toBe(422);
    expect(((await pickup.json()) as { error: { code: string } }).error.code).toBe('below_minimum');

    // A save that does not name the setting (an older client's queued save) keeps it.
    const { minimumOrderAppliesToPickup: _flag, ...olderClientSave } = editable;
    const again = await t.request('/api/admin/settings', {
      method: 'PUT',
      json: { ...olderClientSave, version: editable.version + 1 },
      headers: { cookie: admin.cookie },
    });
    expect(again.status).toBe(200);
    expect(((await again.json()) as { settings: RestaurantSettings }).settings.minimumOrderAppliesToPickup).toBe(true);
  });

  it('refuses a flag that is not a boolean with 400', async () => {
    const get = await t.request('/api/admin/settings', { headers: { cookie: admin.cookie } });
    const { settings } = (await get.json()) as { settings: RestaurantSettings };
    const { updatedAt: _updatedAt, status: _status, zoneValidationType: _zone, deliveryZoneName: _zoneName, ...editable } = settings;
    const save = await t.request('/api/admin/settings', {
      method: 'PUT',
      json: { ...editable, minimumOrderAppliesToPickup: 'yes' },
      headers: { cookie: admin.cookie },
    });
    expect(save.status).toBe(400);
  });
});
