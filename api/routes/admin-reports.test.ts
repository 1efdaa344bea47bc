/**
 * The day figures (issue 19, "The day") checked against a generated day of orders, on SQLite and on
 * PostgreSQL (`bash scripts/with-postgres.sh npx vitest run api/routes/admin-reports.test.ts`).
 *
 * Orders are placed through the real order path (cash and card through the test checkout, pickup at
 * both locations and delivery, an abandoned card checkout); what happens to them later (acceptance
 * with a promised time, ready, cancellations with reasons, refunds) and the edges of the local day
 * that opening hours would refuse (23:59:30 and 00:00:30) are written into the throwaway store
 * directly. Every expected figure is computed here from the generated list, independently of the
 * report's queries (plain loops; the local hour through Intl, not the queries' hour boundaries).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Order } from '../../src/shared/schemas/order';
import { CANCEL_REASON_LABELS } from '../../src/shared/schemas/order';
import type { DayReport } from '../../src/shared/schemas/reports';
import { dayReportSchema, todayFiguresSchema } from '../../src/shared/schemas/reports';
import type { TestUser } from '../../tests/setup/auth';
import { createUserWithSession } from '../../tests/setup/auth';
import { createLegApp, storeLegs } from '../../tests/setup/store-legs';
import type { TestApp } from '../../tests/setup/test-app';
import type { CatalogueItem } from '../../tests/integration/order-fixtures';
import { insertAddress, loadCatalogue, pickupBody, placeOrder } from '../../tests/integration/order-fixtures';
import { csvField } from '../lib/day-report';

const LEGS = storeLegs('api/routes/admin-reports.test.ts');

/** The reported day: Sunday 22 Nov 2026, Bucharest is UTC+2. */
const DAY = '2026-11-22';
const MS_PER_MINUTE = 60_000;
/** Orders and API calls of a whole day on a shared 2-core machine. */
const DAY_TEST_TIMEOUT_MS = 120_000;

const HOUR_FORMAT = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Bucharest', hour: '2-digit', hourCycle: 'h23' });
const DATE_FORMAT = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Bucharest', year: 'numeric', month: '2-digit', day: '2-digit' });

interface Generated {
  order: Order;
  createdAt: string;
  paid: boolean;
  locationId: number | null;
  status: string;
  reasonCode: string | null;
  acceptedAt: string | null;
  prepMinutes: number | null;
  readyAt: string | null;
  refunds: { kind: 'full' | 'partial'; status: 'pending' | 'succeeded' | 'failed'; amountBani: number }[];
}

interface Plan {
  /** Local time on DAY (or another date) the order is created at. */
  at: string;
  date?: string;
  method: 'cash' | 'card';
  /** A card order left unpaid (abandoned checkout). */
  unpaid?: boolean;
  where: 'loc1' | 'loc2' | 'delivery';
  dishes: number[];
  /** Moved to this instant after placing (outside opening hours). */
  moveTo?: string;
  cancel?: { code: string; by: 'customer' | 'restaurant'; refund?: 'pending' | 'succeeded' };
  accept?: { prepMinutes: number; readyAfterMinutes?: number };
  partialRefund?: { status: 'succeeded' | 'failed'; lineIndex: number };
}

/** A day: both payment methods, three places, every hour shape, cancellations, refunds, late and early kitchens. */
const PLANS: Plan[] = [
  { at: '11:05', method: 'cash', where: 'loc1', dishes: [0, 1], accept: { prepMinutes: 30, readyAfterMinutes: 25 } },
  { at: '11:40', method: 'card', where: 'loc1', dishes: [2], accept: { prepMinutes: 15, readyAfterMinutes: 22 } },
  { at: '12:10', method: 'cash', where: 'loc2', dishes: [3, 3, 4], accept: { prepMinutes: 45 } },
  { at: '12:15', method: 'card', where: 'delivery', dishes: [5, 0], accept: { prepMinutes: 30, readyAfterMinutes: 31 } },
  { at: '12:50', method: 'card', where: 'loc2', dishes: [1], unpaid: true },
  { at: '13:00', method: 'cash', where: 'delivery', dishes: [2, 6], cancel: { code: 'sold_out', by: 'restaurant' } },
  { at: '13:30', method: 'cash', where: 'loc1', dishes: [4], cancel: { code: 'customer_request', by: 'customer' } },
  {
    at: '14:00',
    method: 'card',
    where: 'loc1',
    dishes: [6, 7],
    accept: { prepMinutes: 30, readyAfterMinutes: 20 },
    partialRefund: { status: 'succeeded', lineIndex: 1 },
  },
  { at: '14:20', method: 'card', where: 'delivery', dishes: [0], cancel: { code: 'too_busy', by: 'restaurant', refund: 'succeeded' } },
  { at: '15:45', method: 'card', where: 'loc2', dishes: [7, 2], cancel: { code: 'outside_area', by: 'restaurant', refund: 'pending' } },
  { at: '18:30', method: 'card', where: 'loc2', dishes: [3], partialRefund: { status: 'failed', lineIndex: 0 } },
  { at: '19:05', method: 'cash', where: 'delivery', dishes: [1, 5], accept: { prepMinutes: 60, readyAfterMinutes: 58 } },
  { at: '21:50', method: 'cash', where: 'loc1', dishes: [6] },
  // The edges of the local day: created 00:00:00 and 23:59:30 belong to it, 23:59:59 the day
  // before and 00:00:00 the day after do not.
  { at: '21:00', method: 'cash', where: 'loc1', dishes: [0], moveTo: '2026-11-21T22:00:00.000Z' },
  { at: '21:10', method: 'card', where: 'delivery', dishes: [2], moveTo: '2026-11-22T21:59:30.000Z' },
  { at: '21:20', method: 'cash', where: 'loc2', dishes: [4], moveTo: '2026-11-21T21:59:59.000Z' },
  { at: '21:30', method: 'cash', where: 'loc1', dishes: [5], moveTo: '2026-11-22T22:00:00.000Z' },
];

/** DAY's local wall time hh:mm as an instant (UTC+2 in November). */
function dayInstant(hhmm: string): Date {
  return new Date(`${DAY}T${hhmm}:00.000+02:00`);
}

describe.each(LEGS)('day figures on %s', (leg) => {
  let t: TestApp;
  let admin: TestUser;
  let customer: TestUser;
  let catalogue: CatalogueItem[];
  let categoryOf: Map<number, string>;
  let loc1: number;
  let loc2: number;
  let addressId: number;
  const generated: Generated[] = [];

  const asAdmin = () => ({ headers: { cookie: admin.cookie } });
  const getReport = async (query: string): Promise<DayReport> => {
    const response = await t.request(`/api/admin/reports/day?${query}`, asAdmin());
    expect(response.status, await response.clone().text()).toBe(200);
    return dayReportSchema.parse(await response.json());
  };

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

  /** The lifecycle after placing, written the way the orders module stores it (orders columns, order_events, order_refunds). */
  async function applyLifecycle(plan: Plan, g: Generated): Promise<void> {
    const db = t.deps.store.db;
    const id = g.order.id;
    const placed = Date.parse(g.createdAt);
    if (plan.moveTo) {
      g.createdAt = plan.moveTo;
      await db.updateTable('orders').set({ created_at: plan.moveTo }).where('id', '=', id).execute();
    }
    if (plan.accept) {
      const acceptedAt = new Date(placed + 3 * MS_PER_MINUTE).toISOString();
      g.acceptedAt = acceptedAt;
      g.prepMinutes = plan.accept.prepMinutes;
      g.status = 'confirmed';
      await db
        .updateTable('orders')
        .set({
          status: 'confirmed',
          accepted_at: acceptedAt,
          prep_minutes: plan.accept.prepMinutes,
          ready_at: new Date(Date.parse(acceptedAt) + plan.accept.prepMinutes * MS_PER_MINUTE).toISOString(),
        })
        .where('id', '=', id)
        .execute();
      await db
        .insertInto('order_events')
        .values({ order_id: id, kind: 'status', value: 'confirmed', at: acceptedAt, detail: null })
        .execute();
      if (plan.accept.readyAfterMinutes !== undefined) {
        const kitchen = new Date(Date.parse(acceptedAt) + MS_PER_MINUTE).toISOString();
        const ready = new Date(Date.parse(acceptedAt) + plan.accept.readyAfterMinutes * MS_PER_MINUTE).toISOString();
        // A later second 'out for delivery' row (a replayed event) must not move the ready time.
        const replay = new Date(Date.parse(ready) + 10 * MS_PER_MINUTE).toISOString();
        g.readyAt = ready;
        g.status = 'out for delivery';
        await db.updateTable('orders').set({ status: 'out for delivery' }).where('id', '=', id).execute();
        await db
          .insertInto('order_events')
          .values([
            { order_id: id, kind: 'status', value: 'sent to kitchen', at: kitchen, detail: null },
            { order_id: id, kind: 'status', value: 'out for delivery', at: ready, detail: null },
            { order_id: id, kind: 'status', value: 'out for delivery', at: replay, detail: null },
          ])
          .execute();
      }
    }
    if (plan.cancel) {
      g.status = 'cancelled';
      g.reasonCode = plan.cancel.code;
      const label = CANCEL_REASON_LABELS[plan.cancel.code as keyof typeof CANCEL_REASON_LABELS];
      await db
        .updateTable('orders')
        .set({
          status: 'cancelled',
          cancel_reason: label,
          cancel_reason_code: plan.cancel.code,
          cancelled_by: plan.cancel.by,
          payment_status: plan.cancel.refund === 'succeeded' ? 'refunded' : g.order.paymentMethod === 'card' ? 'paid' : 'pending',
        })
        .where('id', '=', id)
        .execute();
      if (plan.cancel.refund) await addRefund(g, 'full', plan.cancel.refund, g.order.totalBani);
    }
    if (plan.partialRefund) {
      const line = g.order.orderItems[plan.partialRefund.lineIndex]!;
      await addRefund(g, 'partial', plan.partialRefund.status, line.itemTotalBani);
    }
  }

  async function addRefund(g: Generated, kind: 'full' | 'partial', status: 'pending' | 'succeeded' | 'failed', amountBani: number) {
    const at = new Date(Date.parse(g.createdAt) + 40 * MS_PER_MINUTE).toISOString();
    g.refunds.push({ kind, status, amountBani });
    await t.deps.store.db
      .insertInto('order_refunds')
      .values({
        order_id: g.order.id,
        kind,
        amount_bani: amountBani,
        status,
        lines: '[]',
        failure_message: status === 'failed' ? 'card_declined' : null,
        provider: 'test',
        provider_refund_id: null,
        attempt: 1,
        created_at: at,
        updated_at: at,
      })
      .execute();
  }

  beforeAll(async () => {
    t = await createLegApp(leg, 'reports');
    admin = await createUserWithSession(t, { role: 'admin' });
    customer = await createUserWithSession(t);
    catalogue = (await loadCatalogue(t)).filter((item) => item.groups.every((g) => !g.isRequired));
    const categories = await t.deps.store.db
      .selectFrom('menu_items')
      .innerJoin('menu_categories', 'menu_categories.id', 'menu_items.category_id')
      .select(['menu_items.id', 'menu_categories.name'])
      .execute();
    categoryOf = new Map(categories.map((row) => [row.id, row.name]));
    // Eight dishes from as many categories as the menu has, so "by category" has several rows.
    const byCategory = new Map<string, CatalogueItem[]>();
    for (const item of catalogue) byCategory.set(categoryOf.get(item.id)!, [...(byCategory.get(categoryOf.get(item.id)!) ?? []), item]);
    const spread: CatalogueItem[] = [];
    for (let round = 0; spread.length < 8; round += 1) {
      for (const items of byCategory.values()) if (items[round] && spread.length < 8) spread.push(items[round]!);
    }
    catalogue = spread;
    const locations = await t.deps.store.db.selectFrom('locations').select('id').orderBy('sort_order').orderBy('id').execute();
    loc1 = locations[0]!.id;
    loc2 = locations[1]!.id;
    addressId = await insertAddress(t, customer.id);
    // Some of the day's orders are one small dish: the kitchens' minimum order is other tests' subject.
    await t.deps.store.db.updateTable('locations').set({ minimum_order_bani: 0 }).execute();

    for (const plan of PLANS) {
      t.clock.set(dayInstant(plan.at));
      const dishes = plan.dishes.map((index) => catalogue[index]!);
      const body =
        plan.where === 'delivery'
          ? { ...pickupBody(loc1, dishes, { paymentMethod: plan.method }), fulfilment: { type: 'delivery' as const, addressId } }
          : pickupBody(plan.where === 'loc1' ? loc1 : loc2, dishes, { paymentMethod: plan.method });
      const order = await placeOrder(t, customer, body);
      if (plan.method === 'card' && !plan.unpaid) await pay(order);
      const g: Generated = {
        order,
        createdAt: order.createdAt,
        paid: plan.method === 'card' && !plan.unpaid,
        // The kitchen that cooks it: the pickup location, or the kitchen the delivery was routed to.
        locationId: order.kitchenLocationId,
        status: 'received',
        reasonCode: null,
        acceptedAt: null,
        prepMinutes: null,
        readyAt: null,
        refunds: [],
      };
      await applyLifecycle(plan, g);
      generated.push(g);
    }
  }, DAY_TEST_TIMEOUT_MS);
  afterAll(async () => {
    await t.close();
  });

  /** The figures of DAY at a location, computed from the generated list. */
  function expected(location: 'all' | 'delivery' | number) {
    const counted = generated.filter(
      (g) =>
        DATE_FORMAT.format(new Date(g.createdAt)) === DAY &&
        (g.order.paymentMethod === 'cash' || g.paid) &&
        (location === 'all' || (location === 'delivery' ? g.order.fulfilment === 'delivery' : g.locationId === location)),
    );
    const kept = counted.filter((g) => g.status !== 'cancelled');
    const succeededPartial = (g: Generated) =>
      g.refunds.filter((r) => r.kind === 'partial' && r.status === 'succeeded').reduce((s, r) => s + r.amountBani, 0);
    const method = (m: 'card' | 'cash') => {
      const all = counted.filter((g) => g.order.paymentMethod === m);
      const live = all.filter((g) => g.status !== 'cancelled');
      const grossBani = live.reduce((s, g) => s + g.order.totalBani, 0);
      const refundedBani = live.reduce((s, g) => s + succeededPartial(g), 0);
      return {
        method: m,
        orders: all.length,
        cancelled: all.length - live.length,
        grossBani,
        refundedBani,
        revenueBani: grossBani - refundedBani,
      };
    };
    const dishes = new Map<number, { dish: string; category: string; quantity: number; revenueBani: number }>();
    const categories = new Map<string, { quantity: number; revenueBani: number }>();
    for (const g of kept) {
      for (const item of g.order.orderItems) {
        const category = categoryOf.get(item.menuItemId)!;
        const dish = dishes.get(item.menuItemId) ?? { dish: item.itemName, category, quantity: 0, revenueBani: 0 };
        dish.quantity += item.quantity;
        dish.revenueBani += item.itemTotalBani;
        dishes.set(item.menuItemId, dish);
        const cat = categories.get(category) ?? { quantity: 0, revenueBani: 0 };
        cat.quantity += item.quantity;
        cat.revenueBani += item.itemTotalBani;
        categories.set(category, cat);
      }
    }
    const reasons = new Map<string, { orders: number; totalBani: number }>();
    for (const g of counted.filter((c) => c.status === 'cancelled')) {
      const r = reasons.get(g.reasonCode!) ?? { orders: 0, totalBani: 0 };
      r.orders += 1;
      r.totalBani += g.order.totalBani;
      reasons.set(g.reasonCode!, r);
    }
    const hours = new Map<string, { orders: number; grossBani: number }>();
    for (const g of counted) {
      const hour = `${HOUR_FORMAT.format(new Date(g.createdAt))}:00`;
      const h = hours.get(hour) ?? { orders: 0, grossBani: 0 };
      h.orders += 1;
      h.grossBani += g.status === 'cancelled' ? 0 : g.order.totalBani;
      hours.set(hour, h);
    }
    const timed = counted.filter((g) => g.readyAt !== null);
    const actual = timed.map((g) => (Date.parse(g.readyAt!) - Date.parse(g.acceptedAt!)) / MS_PER_MINUTE);
    const average = (values: number[]) =>
      values.length === 0 ? null : Math.round((values.reduce((s, v) => s + v, 0) / values.length) * 10) / 10;
    const refunds = counted.flatMap((g) => g.refunds);
    return {
      counted,
      byPaymentMethod: [method('card'), method('cash')],
      dishes,
      categories,
      reasons,
      hours,
      refunds,
      prep: {
        timedOrders: timed.length,
        averageActualMinutes: average(actual),
        averagePromisedMinutes: average(timed.map((g) => g.prepMinutes!)),
        lateOrders: timed.filter((g, i) => actual[i]! > g.prepMinutes!).length,
      },
    };
  }

  function checkReport(report: DayReport, location: 'all' | 'delivery' | number) {
    const want = expected(location);
    expect(report.byPaymentMethod).toEqual(want.byPaymentMethod);
    const sum = (key: 'orders' | 'cancelled' | 'grossBani' | 'refundedBani' | 'revenueBani') =>
      want.byPaymentMethod.reduce((s, m) => s + m[key], 0);
    expect(report.summary).toEqual({
      orders: sum('orders'),
      cancelled: sum('cancelled'),
      grossBani: sum('grossBani'),
      refundedBani: sum('refundedBani'),
      revenueBani: sum('revenueBani'),
    });
    expect(
      new Map(
        report.byDish.map((d) => [d.menuItemId, { dish: d.dish, category: d.category, quantity: d.quantity, revenueBani: d.revenueBani }]),
      ),
    ).toEqual(want.dishes);
    expect(new Map(report.byCategory.map((c) => [c.category, { quantity: c.quantity, revenueBani: c.revenueBani }]))).toEqual(
      want.categories,
    );
    expect(new Map(report.cancellations.byReason.map((r) => [r.reasonCode, { orders: r.orders, totalBani: r.totalBani }]))).toEqual(
      want.reasons,
    );
    // Codes, not words (issue 23): every reason is one of the presets, which the reader words.
    for (const r of report.cancellations.byReason) {
      expect(r.reasonCode! in CANCEL_REASON_LABELS).toBe(true);
      expect(r).not.toHaveProperty('label');
    }
    expect(report.cancellations.orders.map((o) => o.orderNumber).sort()).toEqual(
      want.counted
        .filter((g) => g.status === 'cancelled')
        .map((g) => g.order.orderNumber)
        .sort(),
    );
    const refundSum = (status: string) => want.refunds.filter((r) => r.status === status).reduce((s, r) => s + r.amountBani, 0);
    expect(report.refunds).toMatchObject({
      succeededBani: refundSum('succeeded'),
      pendingBani: refundSum('pending'),
      failedBani: refundSum('failed'),
    });
    expect(report.refunds.list.length).toBe(want.refunds.length);
    // Every local hour of the day, in order; only the generated ones hold orders.
    expect(report.ordersPerHour.map((h) => h.hour)).toEqual(Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`));
    for (const h of report.ordersPerHour)
      expect({ orders: h.orders, grossBani: h.grossBani }).toEqual(want.hours.get(h.hour) ?? { orders: 0, grossBani: 0 });
    expect(report.prep).toEqual(want.prep);
  }

  it(
    'the report of every location matches the generated day',
    async () => {
      const all = await getReport(`date=${DAY}&location=all`);
      expect(all).toMatchObject({
        date: DAY,
        // Every location has no name of its own: the reader words it by its id (issue 23).
        location: { id: 'all', name: null },
        from: '2026-11-21T22:00:00.000Z',
        to: '2026-11-22T22:00:00.000Z',
      });
      checkReport(all, 'all');
      // The generated day is not trivial: the checks above compared real figures.
      expect(all.summary.orders).toBe(14);
      expect(all.summary.cancelled).toBe(4);
      expect(all.refunds.list.length).toBe(4);
      expect(all.prep.timedOrders).toBe(5);
      expect(all.prep.lateOrders).toBe(2);
      expect(all.ordersPerHour.find((h) => h.hour === '00:00')!.orders).toBe(1);
      expect(all.ordersPerHour.find((h) => h.hour === '23:00')!.orders).toBe(1);
      const kitchen1 = await getReport(`date=${DAY}&location=${loc1}`);
      const kitchen2 = await getReport(`date=${DAY}&location=${loc2}`);
      checkReport(kitchen1, loc1);
      checkReport(kitchen2, loc2);
      const delivery = await getReport(`date=${DAY}&location=delivery`);
      expect(delivery.location).toEqual({ id: 'delivery', name: null });
      checkReport(delivery, 'delivery');
      // Per kitchen and together (issue 22): every order has a kitchen now, deliveries included, so
      // the kitchens' reports add up to all.
      expect(generated.some((g) => g.order.fulfilment === 'delivery' && g.locationId !== null)).toBe(true);
      expect(kitchen1.summary.orders + kitchen2.summary.orders).toBe(all.summary.orders);
      expect((await getReport(`date=${DAY}&location=${loc2}`)).location.name).toBe('Casa Grătarului Centru');
      // The days around hold only their edge orders.
      expect((await getReport('date=2026-11-21')).summary.orders).toBe(1);
      expect((await getReport('date=2026-11-23')).summary.orders).toBe(1);
    },
    DAY_TEST_TIMEOUT_MS,
  );

  it('the board header figures are today by the clock', async () => {
    t.clock.set(dayInstant('20:00'));
    const response = await t.request('/api/admin/reports/today', asAdmin());
    expect(response.status).toBe(200);
    const today = todayFiguresSchema.parse(await response.json());
    const want = expected('all');
    const card = want.byPaymentMethod[0]!;
    const cash = want.byPaymentMethod[1]!;
    expect(today).toEqual({
      date: DAY,
      orders: card.orders + cash.orders,
      cancelled: card.cancelled + cash.cancelled,
      cardRevenueBani: card.revenueBani,
      cashRevenueBani: cash.revenueBani,
      prep: want.prep,
    });
    // Just after midnight it is the next day's (its one edge order).
    t.clock.set(new Date('2026-11-22T22:00:45.000Z'));
    const next = todayFiguresSchema.parse(await (await t.request('/api/admin/reports/today', asAdmin())).json());
    expect(next).toMatchObject({ date: '2026-11-23', orders: 1, cancelled: 0 });
  });

  it('a location-limited manager gets their own kitchen’s figures only (issue 22)', async () => {
    const limited = await createUserWithSession(t, { role: 'admin' });
    await t.deps.store.db.updateTable('users').set({ manager_location_id: loc2 }).where('id', '=', limited.id).execute();
    const asLimited = { headers: { cookie: limited.cookie } };
    // The report for "all" is their kitchen's, named after it; their kitchen's id the same.
    for (const query of [`date=${DAY}`, `date=${DAY}&location=all`, `date=${DAY}&location=${loc2}`]) {
      const response = await t.request(`/api/admin/reports/day?${query}`, asLimited);
      expect(response.status, query).toBe(200);
      const report = dayReportSchema.parse(await response.json());
      expect(report.location, query).toEqual({ id: String(loc2), name: 'Casa Grătarului Centru' });
      checkReport(report, loc2);
    }
    // Another kitchen, or every kitchen's deliveries: refused, whatever the format.
    for (const query of [`location=${loc1}`, 'location=delivery', `location=${loc1}&format=csv`]) {
      const response = await t.request(`/api/admin/reports/day?date=${DAY}&${query}`, asLimited);
      expect(response.status, query).toBe(403);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('location_forbidden');
    }
    // The board header: their kitchen's day.
    t.clock.set(dayInstant('20:00'));
    const today = todayFiguresSchema.parse(await (await t.request('/api/admin/reports/today', asLimited)).json());
    const want = expected(loc2);
    expect(today).toMatchObject({
      date: DAY,
      orders: want.byPaymentMethod[0]!.orders + want.byPaymentMethod[1]!.orders,
      cardRevenueBani: want.byPaymentMethod[0]!.revenueBani,
      cashRevenueBani: want.byPaymentMethod[1]!.revenueBani,
    });
    const everyKitchen = todayFiguresSchema.parse(await (await t.request('/api/admin/reports/today', asAdmin())).json());
    expect(today.orders).toBeLessThan(everyKitchen.orders);
  });

  it('the CSV download holds the same figures', async () => {
    const response = await t.request(`/api/admin/reports/day?date=${DAY}&location=all&format=csv`, asAdmin());
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="report-${DAY}-all.csv"`);
    const text = await response.text();
    const lines = text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Section,Item,Detail,Orders,Quantity,Amount (RON)');
    const want = expected('all');
    const revenue = want.byPaymentMethod.reduce((s, m) => s + m.revenueBani, 0);
    expect(lines).toContain(`Summary,Revenue,,,,${(revenue / 100).toFixed(2)}`);
    expect(lines).toContain(`Summary,Orders,,${want.counted.length},,`);
    for (const [, dish] of want.dishes) {
      expect(lines).toContain(
        ['Dish', dish.dish, dish.category, '', dish.quantity, (dish.revenueBani / 100).toFixed(2)].map((v) => csvField(v)).join(','),
      );
    }
    expect(lines.filter((line) => line.startsWith('Orders per hour,')).length).toBe(24);
  });

  it("the CSV download is in the requester's language: English by default, Romanian by the lang cookie or Accept-Language (issue 23)", async () => {
    const csvLines = async (headers: Record<string, string>) => {
      const response = await t.request(`/api/admin/reports/day?date=${DAY}&location=all&format=csv`, {
        headers: { ...asAdmin().headers, ...headers },
      });
      expect(response.status).toBe(200);
      return (await response.text())
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
    };
    const english = await csvLines({ 'accept-language': 'ro-RO', cookie: `${asAdmin().headers.cookie}; lang=en` });
    expect(english[0]).toBe('Section,Item,Detail,Orders,Quantity,Amount (RON)');
    expect(english[1]).toBe(`Report,${DAY},All locations (Europe/Bucharest),,,`);
    const romanian = await csvLines({ 'accept-language': 'ro-RO,ro;q=0.9' });
    expect(romanian[0]).toBe('Secțiune,Element,Detaliu,Comenzi,Cantitate,Sumă (RON)');
    expect(romanian[1]).toBe('Raport,22.11.2026,Toate locațiile (Europe/Bucharest),,,');
    // The same figures, row for row: only the words differ.
    expect(romanian).toHaveLength(english.length);
    const want = expected('all');
    const revenue = want.byPaymentMethod.reduce((s, m) => s + m.revenueBani, 0);
    expect(romanian).toContain(`Rezumat,Încasări,,,,${(revenue / 100).toFixed(2)}`);
    expect(romanian).toContain(
      `Metodă de plată,Numerar,Încasări,${want.byPaymentMethod.find((m) => m.method === 'cash')!.orders},,${(want.byPaymentMethod.find((m) => m.method === 'cash')!.revenueBani / 100).toFixed(2)}`,
    );
    // Reasons by their Romanian labels; no English section or reason left.
    expect(romanian.filter((line) => line.startsWith('Anulări,')).length).toBe(
      english.filter((line) => line.startsWith('Cancellations,')).length,
    );
    const text = romanian.join('\n');
    for (const label of Object.values(CANCEL_REASON_LABELS)) expect(text).not.toContain(`,${label},`);
    for (const word of ['Summary', 'Payment method', 'Orders per hour', 'Preparation', 'Refund,']) expect(text).not.toContain(word);
  });

  it('days with a clock change have 23 or 25 hours; bad input is a 4xx', async () => {
    expect((await getReport('date=2026-03-29')).ordersPerHour.map((h) => h.hour)).not.toContain('03:00');
    const autumn = await getReport('date=2026-10-25');
    expect(autumn.ordersPerHour.length).toBe(25);
    expect(autumn.ordersPerHour.filter((h) => h.hour === '03:00').length).toBe(2);
    for (const query of ['date=2026-02-30', 'date=22-11-2026', '', `date=${DAY}&location=north`, `date=${DAY}&format=pdf`]) {
      const response = await t.request(`/api/admin/reports/day?${query}`, asAdmin());
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('invalid_input');
    }
    const missing = await t.request(`/api/admin/reports/day?date=${DAY}&location=99999`, asAdmin());
    expect(missing.status).toBe(404);
    expect((await t.request(`/api/admin/reports/day?date=${DAY}`, { headers: { cookie: customer.cookie } })).status).toBe(403);
    expect((await t.request('/api/admin/reports/today')).status).toBe(401);
  });
});
