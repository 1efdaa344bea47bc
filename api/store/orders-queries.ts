/**
 * Queries on the `orders` and `order_items` tables. The writes here are called only by the orders
 * module (api/orders/), the one owner of every order change
 * (docs/decisions/0092-the-orders-module-owns-every-order-write.md); a test reading the source
 * (tests/integration/orders-ownership.test.ts) fails if anything else imports them or writes these
 * tables itself. The reads are anyone's; api/lib/order-records.ts maps their rows to the API's Order.
 */
import type { Insertable, Kysely, Transaction } from 'kysely';

import type { Database, OrderItemRow, OrderItemsTable, OrderRow, OrdersTable } from './schema';

type Db = Kysely<Database> | Transaction<Database>;

export type NewOrderRow = Insertable<OrdersTable>;
export type NewOrderItemRow = Insertable<OrderItemsTable>;

export async function insertOrder(trx: Transaction<Database>, values: NewOrderRow): Promise<OrderRow> {
  return trx.insertInto('orders').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function insertOrderItems(trx: Transaction<Database>, values: readonly NewOrderItemRow[]) {
  return trx
    .insertInto('order_items')
    .values([...values])
    .returningAll()
    .execute();
}

/** One order's row by number; with `customerId`, only that customer's. */
export async function findOrderRow(db: Db, orderNumber: string, customerId?: number): Promise<OrderRow | undefined> {
  let query = db.selectFrom('orders').selectAll().where('order_number', '=', orderNumber);
  if (customerId !== undefined) query = query.where('customer_id', '=', customerId);
  return query.executeTakeFirst();
}

/** The customer's order rows, newest first. */
export async function orderRowsOf(db: Db, customerId: number): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Where a history page starts: strictly older than this order (created_at, then id, descending). */
export interface OrderCursor {
  createdAt: string;
  id: number;
}

/**
 * One page of a customer's order rows, newest first: only these statuses (null: all) and these orders
 * (null: all), older than `before`. Led by orders_customer_created, so a page costs the same however
 * many orders the store or the customer has.
 */
export async function orderHistoryRows(
  db: Db,
  customerId: number,
  page: { statuses: readonly string[] | null; orderIds: readonly number[] | null; before: OrderCursor | null; limit: number },
): Promise<OrderRow[]> {
  if (page.orderIds?.length === 0 || page.statuses?.length === 0) return [];
  let query = db
    .selectFrom('orders')
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit);
  if (page.statuses) query = query.where('status', 'in', [...page.statuses]);
  if (page.orderIds) query = query.where('id', 'in', [...page.orderIds]);
  const { before } = page;
  if (before)
    query = query.where((eb) =>
      eb.or([eb('created_at', '<', before.createdAt), eb.and([eb('created_at', '=', before.createdAt), eb('id', '<', before.id)])]),
    );
  return query.execute();
}

/** A customer's orders per status (orders_customer_status_method, migration 0019, answers it from the index). */
export async function orderStatusCountsOf(db: Db, customerId: number): Promise<{ status: string; count: number }[]> {
  const rows = await db
    .selectFrom('orders')
    .select(['status', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('customer_id', '=', customerId)
    .groupBy('status')
    .execute();
  return rows.map((row) => ({ status: row.status, count: Number(row.count) }));
}

/** What a history search reads: each of the customer's orders with its dishes' names (one row per line). */
export async function orderSearchTextOf(
  db: Db,
  customerId: number,
): Promise<{ id: number; order_number: string; status: string; item_name: string | null }[]> {
  return db
    .selectFrom('orders')
    .leftJoin('order_items', 'order_items.order_id', 'orders.id')
    .select(['orders.id', 'orders.order_number', 'orders.status', 'order_items.item_name'])
    .where('orders.customer_id', '=', customerId)
    .execute();
}

/** The columns an order answered by the API is made of (api/lib/order-records.ts toOrder): 38 of the 52. */
export const ORDER_RECORD_COLUMNS = [
  'id',
  'order_number',
  'status',
  'payment_status',
  'payment_method',
  'fulfilment',
  'location_id',
  'subtotal_bani',
  'delivery_fee_bani',
  'tax_bani',
  'discount_bani',
  'total_bani',
  'created_at',
  'updated_at',
  'estimated_delivery_time',
  'delivered_at',
  'customer_name',
  'customer_email',
  'customer_phone',
  'delivery_address',
  'delivery_details',
  'delivery_instructions',
  'customer_notes',
  'delivery_zone_name',
  'delivery_latitude',
  'delivery_longitude',
  'pos_injection_status',
  'cancel_reason',
  'accepted_at',
  'prep_minutes',
  'ready_at',
  'arrival_from',
  'arrival_to',
  'accept_deadline_at',
  'cancelled_by',
  'cancel_reason_code',
  'scheduled_for',
  'release_at',
] as const;
export type OrderRecordRow = Pick<OrderRow, (typeof ORDER_RECORD_COLUMNS)[number]>;

/**
 * The restaurant's orders, newest first, optionally of one status and created in [from, to). The page's
 * ids come from the index alone (orders_created / orders_status_created, in order, stopping at the
 * limit) and only those rows are read, only the columns an order is answered with: on a day of 2,740
 * orders PostgreSQL otherwise read all of the day's rows to sort them, and SQLite's cost here is turning
 * each column of each row into a value (bench row G1).
 */
export async function boardOrderRows(
  db: Db,
  filter: {
    status?: string | undefined;
    createdIn?: { start: string; end: string } | undefined;
    /** Issue 22: also the orders for later whose slot starts at or after this (placed on an earlier day). */
    scheduledFrom?: string | undefined;
    /** Issue 22: one kitchen's orders only. */
    locationId?: number | undefined;
    limit: number;
  },
): Promise<OrderRecordRow[]> {
  let page = db.selectFrom('orders').select('id').orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit);
  if (filter.status) page = page.where('status', '=', filter.status);
  if (filter.createdIn) page = page.where('created_at', '>=', filter.createdIn.start).where('created_at', '<', filter.createdIn.end);
  if (filter.locationId !== undefined) page = page.where('location_id', '=', filter.locationId);
  let rows = db.selectFrom('orders').select([...ORDER_RECORD_COLUMNS]);
  if (filter.scheduledFrom !== undefined) {
    // orders_slot_load leads with scheduled_for: the (at most 7 days of) orders for later from the index.
    let scheduled = db.selectFrom('orders').select('id').where('scheduled_for', '>=', filter.scheduledFrom).limit(filter.limit);
    if (filter.status) scheduled = scheduled.where('status', '=', filter.status);
    if (filter.locationId !== undefined) scheduled = scheduled.where('location_id', '=', filter.locationId);
    // One list of ids, not `id IN (page) OR id IN (scheduled)`: PostgreSQL plans that OR as a scan of the
    // whole table filtered by two hashed subplans (151 ms p99 at 100k orders, bench row G1).
    const ids = db
      .selectFrom(page.as('page'))
      .select('page.id')
      .union(db.selectFrom(scheduled.as('scheduled')).select('scheduled.id'));
    rows = rows.where('id', 'in', ids);
  } else rows = rows.where('id', 'in', page);
  return rows.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

/** The items of these orders, in the order they were written. */
export async function orderItemRowsOf(db: Db, orderIds: readonly number[]): Promise<OrderItemRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('order_items')
    .selectAll()
    .where('order_id', 'in', [...orderIds])
    .orderBy('id')
    .execute();
}

export async function orderPaymentStatus(db: Db, orderId: number): Promise<string | undefined> {
  const row = await db.selectFrom('orders').select(['payment_status']).where('id', '=', orderId).executeTakeFirst();
  return row?.payment_status;
}

/** What watchers hear about an order (status, payment and POS state). */
export async function orderStateRow(db: Db, orderNumber: string) {
  return db
    .selectFrom('orders')
    .select(['order_number', 'status', 'payment_status', 'pos_injection_status', 'updated_at'])
    .where('order_number', '=', orderNumber)
    .executeTakeFirst();
}

/** What a payment event needs to decide about the order. */
export async function orderForPayment(db: Db, orderNumber: string) {
  return db
    .selectFrom('orders')
    .select(['id', 'order_number', 'status', 'payment_status', 'payment_method', 'total_bani', 'checkout_session_id', 'release_at'])
    .where('order_number', '=', orderNumber)
    .executeTakeFirst();
}

/** Card payment settled: final (only a refund could leave it), so an already paid order is left alone. */
export async function setOrderPaid(
  trx: Transaction<Database>,
  orderId: number,
  values: { paymentIntentId: string | null; receiptUrl: string | null; checkoutSessionId: string; at: string; acceptDeadlineAt: string },
): Promise<boolean> {
  const result = await trx
    .updateTable('orders')
    .set({
      payment_status: 'paid',
      stripe_payment_intent_id: values.paymentIntentId,
      receipt_url: values.receiptUrl,
      checkout_session_id: values.checkoutSessionId,
      // Paid: the order is on the board from now, and escalates if nobody accepts it in time.
      accept_deadline_at: values.acceptDeadlineAt,
      updated_at: values.at,
    })
    .where('id', '=', orderId)
    .where('payment_status', 'not in', ['paid', 'refunded'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A failed payment never un-pays; an expiry fails only an order still 'pending' (`onlyFrom`). */
export async function setOrderPaymentFailed(
  trx: Transaction<Database>,
  orderId: number,
  at: string,
  onlyFrom: 'unpaid' | 'pending',
): Promise<boolean> {
  let query = trx.updateTable('orders').set({ payment_status: 'failed', updated_at: at }).where('id', '=', orderId);
  query =
    onlyFrom === 'pending' ? query.where('payment_status', '=', 'pending') : query.where('payment_status', 'not in', ['paid', 'refunded']);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The newest checkout session is the one whose failure or expiry speaks for the order. */
export async function setOrderCheckoutSession(trx: Transaction<Database>, orderId: number, sessionId: string, at: string): Promise<void> {
  await trx
    .updateTable('orders')
    .set({ checkout_session_id: sessionId, updated_at: at })
    .where('id', '=', orderId)
    .where('payment_status', 'not in', ['paid', 'refunded'])
    .execute();
}

export async function setOrderReceiptUrl(db: Db, orderId: number, receiptUrl: string): Promise<void> {
  await db.updateTable('orders').set({ receipt_url: receiptUrl }).where('id', '=', orderId).execute();
}

/**
 * A conditional move from the status the caller saw: false when the order changed meanwhile (two
 * tablets pressing at once cannot skip a step).
 */
export async function moveOrderStatus(
  db: Db,
  move: { orderId: number; from: string; to: string; at: string; deliveredAt?: string; cancelReason?: string | null },
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({
      status: move.to,
      updated_at: move.at,
      ...(move.deliveredAt !== undefined ? { delivered_at: move.deliveredAt } : {}),
      ...(move.cancelReason !== undefined ? { cancel_reason: move.cancelReason } : {}),
    })
    .where('id', '=', move.orderId)
    .where('status', '=', move.from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * An accepted order moves to another kitchen (issue 22), only from the kitchen and status the
 * manager saw: a concurrent move or status step makes this a no-op (false).
 */
export async function moveOrderKitchen(
  db: Db,
  move: { orderId: number; from: number | null; to: number; status: string; at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ location_id: move.to, updated_at: move.at })
    .where('id', '=', move.orderId)
    .where('status', '=', move.status)
    .where('location_id', move.from === null ? 'is' : '=', move.from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** What the POS hand-off's success needs to move the order forward. */
export async function orderForHandOff(db: Db, orderNumber: string) {
  return db.selectFrom('orders').select(['id', 'status', 'fulfilment']).where('order_number', '=', orderNumber).executeTakeFirst();
}

/**
 * The POS holds the order; with `advance`, the order moves on in the same UPDATE, only from the
 * status the caller read (a board move in between wins, and the vendor's ack then moves nothing).
 */
export async function setPosSent(
  trx: Transaction<Database>,
  orderId: number,
  at: string,
  advance: { from: string; to: string } | null,
): Promise<boolean> {
  await trx
    .updateTable('orders')
    .set({ pos_injection_status: 'sent', pos_last_error: null, updated_at: at })
    .where('id', '=', orderId)
    .execute();
  if (!advance) return false;
  const moved = await trx
    .updateTable('orders')
    .set({ status: advance.to })
    .where('id', '=', orderId)
    .where('status', '=', advance.from)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) > 0;
}

/** The order shows 'failed: <reason>' while the hand-off keeps retrying; never over a success. */
export async function setPosFailed(trx: Transaction<Database>, orderNumber: string, reason: string, at: string): Promise<void> {
  await trx
    .updateTable('orders')
    .set({ pos_injection_status: `failed: ${reason}`, pos_last_error: reason, updated_at: at })
    .where('order_number', '=', orderNumber)
    // A concurrent success (another worker after our lease ran out) must not be overwritten.
    .where('pos_injection_status', '!=', 'sent')
    .execute();
}

export async function setPosPending(trx: Transaction<Database>, orderId: number, at: string): Promise<void> {
  await trx.updateTable('orders').set({ pos_injection_status: 'pending', updated_at: at }).where('id', '=', orderId).execute();
}

/** Orders stay for the books (amounts, items, dates); who and where leave them. */
export async function anonymiseOrdersOf(
  trx: Transaction<Database>,
  customerId: number,
  replacement: { customerName: string; customerEmail: string; at: string },
): Promise<void> {
  await trx
    .updateTable('orders')
    .set({
      customer_name: replacement.customerName,
      customer_first_name: null,
      customer_last_name: null,
      customer_email: replacement.customerEmail,
      customer_phone: '',
      delivery_address: null,
      delivery_details: null,
      delivery_instructions: null,
      delivery_latitude: null,
      delivery_longitude: null,
      customer_notes: null,
      updated_at: replacement.at,
    })
    .where('customer_id', '=', customerId)
    .execute();
}

/** The escalation limit (restaurant_settings.accept_within_minutes, migration 0015). */
export async function acceptWithinMinutes(db: Db): Promise<number> {
  const row = await db.selectFrom('restaurant_settings').select(['accept_within_minutes']).executeTakeFirst();
  return row?.accept_within_minutes ?? 5;
}

/**
 * Accepting (issue 19): 'received' → 'confirmed' with the promise made, only from 'received' (two
 * tablets accepting at once: the second changes nothing and gets false). With the embedded board the
 * kitchen sees it now (`posSent`).
 */
export async function acceptOrderRow(
  trx: Transaction<Database>,
  values: {
    orderId: number;
    at: string;
    prepMinutes: number;
    readyAt: string;
    arrival: { from: string; to: string } | null;
    posSent: boolean;
  },
): Promise<boolean> {
  const result = await trx
    .updateTable('orders')
    .set({
      status: 'confirmed',
      accepted_at: values.at,
      prep_minutes: values.prepMinutes,
      ready_at: values.readyAt,
      arrival_from: values.arrival?.from ?? null,
      arrival_to: values.arrival?.to ?? null,
      updated_at: values.at,
      ...(values.posSent ? { pos_injection_status: 'sent', pos_last_error: null } : {}),
    })
    .where('id', '=', values.orderId)
    .where('status', '=', 'received')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Cancelling from the status the caller saw (false when it changed meanwhile). */
export async function cancelOrderRow(
  trx: Transaction<Database>,
  values: { orderId: number; from: string; at: string; cancelledBy: string; reasonCode: string; reason: string },
): Promise<boolean> {
  const result = await trx
    .updateTable('orders')
    .set({
      status: 'cancelled',
      cancelled_by: values.cancelledBy,
      cancel_reason_code: values.reasonCode,
      cancel_reason: values.reason,
      updated_at: values.at,
    })
    .where('id', '=', values.orderId)
    .where('status', '=', values.from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A full refund confirmed: 'paid' → 'refunded' (only from paid; false when it was not). */
export async function setOrderRefunded(trx: Transaction<Database>, orderId: number, at: string): Promise<boolean> {
  const result = await trx
    .updateTable('orders')
    .set({ payment_status: 'refunded', updated_at: at })
    .where('id', '=', orderId)
    .where('payment_status', '=', 'paid')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A refund changed: watchers hear it through the order's updated_at. */
export async function touchOrder(trx: Transaction<Database>, orderId: number, at: string): Promise<void> {
  await trx.updateTable('orders').set({ updated_at: at }).where('id', '=', orderId).execute();
}

export async function findOrderRowById(db: Db, orderId: number): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
}

export async function findOrderRowByPaymentIntent(db: Db, paymentIntentId: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('stripe_payment_intent_id', '=', paymentIntentId).executeTakeFirst();
}
