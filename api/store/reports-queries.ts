/**
 * The manager's day figures (issue 19, "The day"), read from the store with ONE query per figure (the
 * category figure is summed from the dish figure's rows), the same kysely queries on SQLite and PostgreSQL (counts and sums come back as strings from
 * PostgreSQL's bigint/numeric, hence `count()`). Reads only: the orders tables are the orders
 * module's to write (docs/decisions/0092-the-orders-module-owns-every-order-write.md).
 *
 * Which orders count, what revenue is and how preparation is timed:
 * docs/decisions/0099-day-figures-and-revenue.md. The location filter:
 * docs/decisions/0100-report-location-of-delivery-orders.md, a kitchen's orders (pickup and delivery)
 * since orders record the kitchen that cooks them (docs/decisions/0151-an-orders-kitchen-in-the-pos-and-the-figures.md). Every figure reads the scope's orders
 * from orders_day_figures alone (migration 0018, docs/decisions/0126-day-figures-from-covering-indexes.md).
 */
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import { sql } from 'kysely';

import type { Database } from './schema';

type Db = Kysely<Database>;

/** The orders a figure is about: created in [from, to) (ISO instants), at a location or all. */
export interface ReportScope {
  from: string;
  to: string;
  /** 'all' | 'delivery' (every kitchen's deliveries) | a kitchen's id (as text, like the query string). */
  location: string;
}

/** The status a cancelled order has; its money is not revenue. */
const CANCELLED = 'cancelled';
/** The first step after the kitchen: ready for pickup / out for delivery (the order_events value). */
const READY_STATUS = 'out for delivery';

/** PostgreSQL returns count()/sum() as strings; SQLite as numbers; an empty sum is null on both. */
function count(value: unknown): number {
  if (value === null || value === undefined) return 0;
  return Number(value);
}

/**
 * The scope's rule on the `orders` table: created in the window, at the location, and reached the
 * restaurant (cash, or card once paid: an unpaid card checkout never reached the kitchen).
 */
function inScope(eb: ExpressionBuilder<Database, 'orders'>, scope: ReportScope): Expression<SqlBool> {
  const rules: Expression<SqlBool>[] = [
    eb('orders.created_at', '>=', scope.from),
    eb('orders.created_at', '<', scope.to),
    eb.or([eb('orders.payment_method', '=', 'cash'), eb('orders.payment_status', 'in', ['paid', 'refunded'])]),
  ];
  if (scope.location === 'delivery') rules.push(eb('orders.fulfilment', '=', 'delivery'));
  // A kitchen's orders: its pickups and the deliveries routed (or moved) to it. A delivery placed before
  // routing has no kitchen and counts only in 'all' and 'delivery'.
  else if (scope.location !== 'all') rules.push(eb('orders.location_id', '=', Number(scope.location)));
  return eb.and(rules);
}

/**
 * The order's succeeded refunds (partial refunds of lines on orders that go on; full ones on cancelled
 * orders), looked up per order through order_refunds_order: a grouped sub-select of every refund
 * would be read whole on each report, and grows with the years.
 */
function succeededRefundsOf(eb: ExpressionBuilder<Database, 'orders'>) {
  return eb
    .selectFrom('order_refunds')
    .whereRef('order_refunds.order_id', '=', 'orders.id')
    .where('order_refunds.status', '=', 'succeeded')
    .select((refunds) => refunds.fn.sum<string | number | null>('order_refunds.amount_bani').as('refunded_bani'));
}

export interface PaymentMethodRow {
  method: string;
  orders: number;
  cancelled: number;
  grossBani: number;
  refundedBani: number;
}

/** Figure: orders, cancellations, totals and confirmed refunds per payment method. */
export async function paymentMethodFigures(db: Db, scope: ReportScope): Promise<PaymentMethodRow[]> {
  const rows = await db
    .selectFrom('orders')
    .where((eb) => inScope(eb, scope))
    .select((eb) => [
      'orders.payment_method as method',
      eb.fn.countAll<string | number>().as('orders'),
      eb.fn.sum<string | number | null>(eb.case().when('orders.status', '=', CANCELLED).then(1).else(0).end()).as('cancelled'),
      eb.fn
        .sum<string | number | null>(eb.case().when('orders.status', '=', CANCELLED).then(0).else(eb.ref('orders.total_bani')).end())
        .as('gross'),
      eb.fn
        .sum<string | number | null>(
          eb
            .case()
            .when('orders.status', '=', CANCELLED)
            .then(0)
            .else(eb.fn.coalesce(succeededRefundsOf(eb), sql<number>`0`))
            .end(),
        )
        .as('refunded'),
    ])
    .groupBy('orders.payment_method')
    .orderBy('orders.payment_method')
    .execute();
  return rows.map((row) => ({
    method: row.method,
    orders: count(row.orders),
    cancelled: count(row.cancelled),
    grossBani: count(row.gross),
    refundedBani: count(row.refunded),
  }));
}

export interface DishRow {
  menuItemId: number;
  dish: string;
  categoryId: number | null;
  category: string | null;
  quantity: number;
  revenueBani: number;
}

/**
 * Figure: what was sold per dish (by the name it was sold under), with its category, from the lines of
 * the scope's orders not cancelled. The lines are summed per dish first and the ~50 sums then joined
 * to their dish and category (not each of a busy day's ~8,000 lines); the category figure is these
 * rows summed per category (day-report.ts), so the day's lines are read once, from order_items_sold
 * (migration 0018, docs/decisions/0126-day-figures-from-covering-indexes.md).
 */
export async function dishFigures(db: Db, scope: ReportScope): Promise<DishRow[]> {
  const sold = db
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .where((eb) => inScope(eb, scope))
    .where('orders.status', '<>', CANCELLED)
    .select((eb) => [
      'order_items.menu_item_id',
      'order_items.item_name',
      eb.fn.sum<string | number>('order_items.quantity').as('quantity'),
      eb.fn.sum<string | number>('order_items.item_total_bani').as('revenue'),
    ])
    .groupBy(['order_items.menu_item_id', 'order_items.item_name']);
  const rows = await db
    .selectFrom(sold.as('sold'))
    .leftJoin('menu_items', 'menu_items.id', 'sold.menu_item_id')
    .leftJoin('menu_categories', 'menu_categories.id', 'menu_items.category_id')
    .select([
      'sold.menu_item_id',
      'sold.item_name',
      'menu_categories.id as category_id',
      'menu_categories.name as category',
      'sold.quantity',
      'sold.revenue',
    ])
    .orderBy('sold.menu_item_id')
    .orderBy('sold.item_name')
    .execute();
  return rows.map((row) => ({
    menuItemId: row.menu_item_id,
    dish: row.item_name,
    categoryId: row.category_id,
    category: row.category,
    quantity: count(row.quantity),
    revenueBani: count(row.revenue),
  }));
}

export interface CancellationReasonRow {
  reasonCode: string | null;
  orders: number;
  totalBani: number;
}

/** Figure: cancellations per reason preset. */
export async function cancellationReasonFigures(db: Db, scope: ReportScope): Promise<CancellationReasonRow[]> {
  const rows = await db
    .selectFrom('orders')
    .where((eb) => inScope(eb, scope))
    .where('orders.status', '=', CANCELLED)
    .select((eb) => [
      'orders.cancel_reason_code as reason_code',
      eb.fn.countAll<string | number>().as('orders'),
      eb.fn.sum<string | number>('orders.total_bani').as('total'),
    ])
    .groupBy('orders.cancel_reason_code')
    .orderBy('orders.cancel_reason_code')
    .execute();
  return rows.map((row) => ({ reasonCode: row.reason_code, orders: count(row.orders), totalBani: count(row.total) }));
}

/** Figure: the cancelled orders themselves, oldest first, with the reason the customer read. */
export async function cancelledOrders(db: Db, scope: ReportScope) {
  return db
    .selectFrom('orders')
    .where((eb) => inScope(eb, scope))
    .where('orders.status', '=', CANCELLED)
    .select([
      'orders.order_number',
      'orders.created_at',
      'orders.payment_method',
      'orders.total_bani',
      'orders.cancel_reason_code',
      'orders.cancel_reason',
      'orders.cancelled_by',
    ])
    .orderBy('orders.created_at')
    .orderBy('orders.id')
    .execute();
}

/**
 * Figure: the refunds of the scope's orders (any status), oldest first. The scope picks the order ids
 * from orders_day_figures alone and each finds its refunds by order_refunds_order; only a refunded
 * order is then read for its number (joined to the scope's orders instead, both stores read every one
 * of the day's order rows, refunded or not).
 */
export async function refundsOf(db: Db, scope: ReportScope) {
  const rows = await db
    .selectFrom('order_refunds')
    .where('order_refunds.order_id', 'in', (eb) =>
      eb
        .selectFrom('orders')
        .where((inner) => inScope(inner, scope))
        .select('orders.id'),
    )
    .select((eb) => [
      eb.selectFrom('orders').whereRef('orders.id', '=', 'order_refunds.order_id').select('orders.order_number').as('order_number'),
      'order_refunds.kind',
      'order_refunds.status',
      'order_refunds.amount_bani',
      'order_refunds.created_at',
    ])
    .orderBy('order_refunds.created_at')
    .orderBy('order_refunds.id')
    .execute();
  // Every refund belongs to an order (order_refunds.order_id is a foreign key), so the number is there.
  return rows.map((row) => ({ ...row, order_number: row.order_number ?? '' }));
}

export interface HourRow {
  bucket: number;
  orders: number;
  grossBani: number;
}

/**
 * Figure: orders per local hour. `hourStarts` are the instants each local hour of the day starts
 * (23 or 25 of them on a DST day), so the bucketing is plain text comparison of ISO instants on both
 * stores (neither needs a time zone database): bucket i = created in [hourStarts[i], hourStarts[i+1]).
 */
export async function ordersPerHour(db: Db, scope: ReportScope, hourStarts: readonly string[]): Promise<HourRow[]> {
  const whens = hourStarts.slice(1).map((start, index) => sql`when orders.created_at < ${start} then ${sql.lit(index)}`);
  const bucket = sql<number>`case ${sql.join(whens, sql` `)} else ${sql.lit(hourStarts.length - 1)} end`;
  // The bucket is computed in a sub-select and grouped outside it: PostgreSQL would not match a
  // GROUP BY expression to the select list's when both carry their own bound parameters.
  const inner = db
    .selectFrom('orders')
    .where((eb) => inScope(eb, scope))
    .select([bucket.as('bucket'), 'orders.status', 'orders.total_bani']);
  const rows = await db
    .selectFrom(inner.as('placed'))
    .select((eb) => [
      'placed.bucket',
      eb.fn.countAll<string | number>().as('orders'),
      eb.fn
        .sum<string | number | null>(eb.case().when('placed.status', '=', CANCELLED).then(0).else(eb.ref('placed.total_bani')).end())
        .as('gross'),
    ])
    .groupBy('placed.bucket')
    .orderBy('placed.bucket')
    .execute();
  return rows.map((row) => ({ bucket: count(row.bucket), orders: count(row.orders), grossBani: count(row.gross) }));
}

export interface PrepRow {
  acceptedAt: string;
  prepMinutes: number;
  readyAt: string;
}

/**
 * Figure: every accepted order of the scope that reached ready / out for delivery, with its promise
 * (prep_minutes at acceptance) and the first time the order_events log saw it ready.
 */
export async function preparedOrders(db: Db, scope: ReportScope): Promise<PrepRow[]> {
  // The day's orders lead (orders_day_figures) and each finds its first ready event by order_events_order:
  // a join grouped by orders.id had SQLite scan the whole event log, or every order ever, instead.
  const rows = await db
    .selectFrom('orders')
    .where((eb) => inScope(eb, scope))
    .where('orders.accepted_at', 'is not', null)
    .where('orders.prep_minutes', 'is not', null)
    .select((eb) => [
      'orders.accepted_at',
      'orders.prep_minutes',
      eb
        .selectFrom('order_events')
        .whereRef('order_events.order_id', '=', 'orders.id')
        .where('order_events.kind', '=', 'status')
        .where('order_events.value', '=', READY_STATUS)
        .select((events) => events.fn.min('order_events.at').as('at'))
        .as('ready_at'),
    ])
    .orderBy('orders.created_at')
    .orderBy('orders.id')
    .execute();
  return rows
    .filter((row) => row.ready_at !== null && row.ready_at !== undefined)
    .map((row) => ({ acceptedAt: row.accepted_at!, prepMinutes: count(row.prep_minutes), readyAt: String(row.ready_at) }));
}
