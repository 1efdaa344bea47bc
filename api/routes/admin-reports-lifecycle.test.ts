/**
 * The day figures read what the orders module writes (issue 19): a small day made only through the
 * real routes (orders placed and paid, accepted on the board with a preparation time, moved to ready,
 * rejected with a reason, cancelled by the customer, a paid card order cancelled and refunded), so
 * the report's queries and the orders module agree on the stored shape (accepted_at, prep_minutes,
 * the order_events status rows, cancel_reason_code, order_refunds). The whole generated day, with
 * every edge: admin-reports.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { nextStatuses } from '../../src/shared/domain/order-status';
import type { Order } from '../../src/shared/schemas/order';
import { dayReportSchema, todayFiguresSchema } from '../../src/shared/schemas/reports';
import type { TestUser } from '../../tests/setup/auth';
import { createUserWithSession } from '../../tests/setup/auth';
import { createLegApp, storeLegs } from '../../tests/setup/store-legs';
import type { TestApp } from '../../tests/setup/test-app';
import type { CatalogueItem } from '../../tests/integration/order-fixtures';
import { insertAddress, loadCatalogue, pickupBody, placeOrder } from '../../tests/integration/order-fixtures';

const LEGS = storeLegs('api/routes/admin-reports-lifecycle.test.ts');
const DAY = '2026-11-22';
const MS_PER_MINUTE = 60_000;
const LIFECYCLE_TIMEOUT_MS = 90_000;

describe.each(LEGS)('day figures from the real order lifecycle on %s', (leg) => {
  let t: TestApp;
  let admin: TestUser;
  let customer: TestUser;
  let dishes: CatalogueItem[];
  let locationId: number;
  let addressId: number;

  beforeAll(async () => {
    t = await createLegApp(leg, 'reports_lifecycle');
    admin = await createUserWithSession(t, { role: 'admin' });
    customer = await createUserWithSession(t);
    dishes = (await loadCatalogue(t)).filter((item) => item.groups.length === 0);
    locationId = (await t.deps.store.db.selectFrom('locations').select('id').orderBy('sort_order').orderBy('id').executeTakeFirstOrThrow())
      .id;
    addressId = await insertAddress(t, customer.id);
  });
  afterAll(async () => {
    await t.close();
  });

  const asAdmin = (json?: unknown) => ({ method: json === undefined ? 'GET' : 'POST', json, headers: { cookie: admin.cookie } });
  const board = async (orderNumber: string, action: string, json: unknown = {}) => {
    const response = await t.request(`/api/admin/board/${encodeURIComponent(orderNumber)}/${action}`, asAdmin(json));
    expect(response.status, `${action}: ${await response.clone().text()}`).toBe(200);
    return ((await response.json()) as { order: Order }).order;
  };
  const readOrder = async (orderNumber: string) =>
    (
      (await (await t.request(`/api/orders/${encodeURIComponent(orderNumber)}`, { headers: { cookie: customer.cookie } })).json()) as {
        order: Order;
      }
    ).order;

  async function pay(order: Order): Promise<void> {
    const start = await t.request('/api/payments/create-checkout-session', {
      method: 'POST',
      json: { orderNumber: order.orderNumber },
      headers: { cookie: customer.cookie },
    });
    const { url } = (await start.json()) as { url: string };
    const paid = await t.request(new URL(url).pathname, {
      method: 'POST',
      body: new URLSearchParams({ action: 'pay', cardNumber: '4242424242424242' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
  }

  /** Forward on the board, one allowed step at a time, until ready / out for delivery. */
  async function toReady(order: Order): Promise<void> {
    let current = order;
    while (current.status !== 'out for delivery') {
      const next = nextStatuses(current.status, current.fulfilment).find((status) => status !== 'cancelled');
      expect(next, `a forward step from ${current.status}`).toBeDefined();
      current = await board(order.orderNumber, 'status', { status: next });
    }
  }

  it(
    'preparation, cancellations with reasons, refunds and revenue are what the board and the customer did',
    async () => {
      t.clock.set(new Date(`${DAY}T12:00:00.000Z`));
      const cashPickup = await placeOrder(t, customer, pickupBody(locationId, [dishes[0]!, dishes[1]!]));
      const cardPickup = await placeOrder(t, customer, pickupBody(locationId, [dishes[2]!], { paymentMethod: 'card' }));
      await pay(cardPickup);
      const rejected = await placeOrder(t, customer, {
        ...pickupBody(locationId, [dishes[3]!]),
        fulfilment: { type: 'delivery', addressId },
      });
      const mistaken = await placeOrder(t, customer, pickupBody(locationId, [dishes[4]!]));
      const refunded = await placeOrder(t, customer, pickupBody(locationId, [dishes[5]!], { paymentMethod: 'card' }));
      await pay(refunded);

      // Accepted at 14:00 with 30 and 15 minutes; ready after 25 and 20 minutes (the second one late).
      await board(cashPickup.orderNumber, 'accept', { prepMinutes: 30 });
      await board(cardPickup.orderNumber, 'accept', { prepMinutes: 15 });
      t.clock.advanceMs(20 * MS_PER_MINUTE);
      await toReady(await readOrder(cardPickup.orderNumber));
      t.clock.advanceMs(5 * MS_PER_MINUTE);
      await toReady(await readOrder(cashPickup.orderNumber));

      await board(rejected.orderNumber, 'cancel', { reasonCode: 'too_busy' });
      const byCustomer = await t.request(`/api/orders/${encodeURIComponent(mistaken.orderNumber)}/cancel`, {
        method: 'POST',
        json: {},
        headers: { cookie: customer.cookie },
      });
      expect(byCustomer.status).toBe(200);
      await board(refunded.orderNumber, 'cancel', { reasonCode: 'sold_out' });

      const response = await t.request(`/api/admin/reports/day?date=${DAY}&location=all`, asAdmin());
      expect(response.status).toBe(200);
      const report = dayReportSchema.parse(await response.json());
      expect(report.prep).toEqual({ timedOrders: 2, averageActualMinutes: 22.5, averagePromisedMinutes: 22.5, lateOrders: 1 });
      expect(report.summary).toMatchObject({ orders: 5, cancelled: 3 });
      expect(report.byPaymentMethod.find((m) => m.method === 'cash')!.revenueBani).toBe(cashPickup.totalBani);
      expect(report.byPaymentMethod.find((m) => m.method === 'card')!.revenueBani).toBe(cardPickup.totalBani);
      expect(new Map(report.cancellations.byReason.map((r) => [r.reasonCode, r.orders]))).toEqual(
        new Map([
          ['customer_request', 1],
          ['sold_out', 1],
          ['too_busy', 1],
        ]),
      );
      // The paid card order's refund, as the orders module recorded it (confirmed or still pending).
      const refund = (await readOrder(refunded.orderNumber)).refunds;
      expect(refund.length).toBe(1);
      expect(report.refunds.list).toEqual([
        expect.objectContaining({
          orderNumber: refunded.orderNumber,
          kind: 'full',
          status: refund[0]!.status,
          amountBani: refunded.totalBani,
        }),
      ]);

      const today = todayFiguresSchema.parse(await (await t.request('/api/admin/reports/today', asAdmin())).json());
      expect(today).toEqual({
        date: DAY,
        orders: 5,
        cancelled: 3,
        cardRevenueBani: cardPickup.totalBani,
        cashRevenueBani: cashPickup.totalBani,
        prep: report.prep,
      });
    },
    LIFECYCLE_TIMEOUT_MS,
  );
});
