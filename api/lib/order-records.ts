/**
 * Orders as the API answers them: store rows -> the shared Order contract (camelCase, bani), the
 * reads every order route uses (always filtered by owner unless the caller is the system). Writes
 * and the one way to tell watchers an order changed are the orders module's (api/orders/).
 */
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod/mini';

import type { OrderFilter } from '../../src/shared/domain/order-history';
import { filterCountsOf, matchesFilter, matchesSearch, normaliseSearchText, statusesOf } from '../../src/shared/domain/order-history';
import type { OrderStatus } from '../../src/shared/schemas/order-statuses';
import type { Order, OrderHistoryPage, OrderItem, OrderStatusEvent, Refund, StatusHistoryEntry } from '../../src/shared/schemas/order';
import {
  cancelledBySchema,
  cancelReasonCodeSchema,
  deliveryAddressSchema,
  orderModifierSchema,
  orderStatusSchema,
  paymentMethodSchema,
  paymentStatusSchema,
  refundLineSchema,
  refundStatusSchema,
} from '../../src/shared/schemas/order';
import { orderEventRowsOf } from '../store/order-events-queries';
import type { OrderCursor, OrderRecordRow } from '../store/orders-queries';
import {
  boardOrderRows,
  findOrderRow,
  orderHistoryRows,
  orderItemRowsOf,
  orderRowsOf,
  orderSearchTextOf,
  orderStatusCountsOf,
} from '../store/orders-queries';
import { refundRowsOf } from '../store/payments-queries';
import type { Database, OrderEventRow, OrderItemRow, OrderRefundRow, OrderRow } from '../store/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** What order_items.selected_modifiers holds (JSON). */
export interface StoredModifier {
  modifier_id: number;
  name: string;
  sku: string;
  price_bani: number;
  group_id: number;
}

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function toDeliveryAddress(row: OrderRecordRow): Order['deliveryAddress'] {
  if (row.fulfilment !== 'delivery' || row.delivery_address === null) return null;
  const parsed = deliveryAddressSchema.safeParse(parseJson(row.delivery_address));
  if (parsed.success) return parsed.data;
  // Rows written as plain text (older mapping layers) still read as an address.
  return {
    street: row.delivery_address,
    city: 'Ploiești',
    postalCode: null,
    formatted: row.delivery_address,
    details: row.delivery_details,
  };
}

function toOrderItem(row: OrderItemRow): OrderItem {
  const stored = parseJson(row.selected_modifiers);
  const modifiers = Array.isArray(stored) ? (stored as StoredModifier[]) : [];
  return {
    id: row.id,
    menuItemId: row.menu_item_id,
    sku: row.sku,
    itemName: row.item_name,
    quantity: row.quantity,
    basePriceBani: row.base_price_bani,
    weightGrams: row.weight_grams,
    itemTotalBani: row.item_total_bani,
    selectedModifiers: modifiers.map((m) =>
      orderModifierSchema.parse({ modifierId: m.modifier_id, name: m.name, sku: m.sku, priceBani: m.price_bani }),
    ),
    specialInstructions: row.special_instructions,
  };
}

/** The status steps that happened, oldest first, from the order's event log (issue 19). */
export function statusHistoryOf(events: readonly OrderEventRow[]): StatusHistoryEntry[] {
  const history: StatusHistoryEntry[] = [];
  for (const event of events) {
    if (event.kind !== 'status') continue;
    const status = orderStatusSchema.safeParse(event.value);
    if (status.success) history.push({ status: status.data, at: event.at });
  }
  return history;
}

// Built once: a zod schema costs far more to construct than to use, and a board read turns hundreds of rows into orders.
const storedRefundLinesSchema = z.array(refundLineSchema);
const storedCancelledBySchema = z.catch(z.nullable(cancelledBySchema), null);
const storedCancelReasonCodeSchema = z.catch(z.nullable(cancelReasonCodeSchema), null);

export function toRefund(row: OrderRefundRow): Refund {
  const lines = storedRefundLinesSchema.safeParse(parseJson(row.lines));
  return {
    id: row.id,
    kind: row.kind === 'partial' ? 'partial' : 'full',
    amountBani: row.amount_bani,
    status: refundStatusSchema.parse(row.status),
    lines: lines.success ? lines.data : [],
    failureMessage: row.failure_message,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The order's log and refunds; absent (an order just written) reads as none yet. */
export interface OrderLifecycleRows {
  events: readonly OrderEventRow[];
  refunds: readonly OrderRefundRow[];
}

export function toOrder(
  row: OrderRecordRow,
  items: OrderItemRow[],
  location: Order['pickupLocation'],
  lifecycle: OrderLifecycleRows = { events: [], refunds: [] },
): Order {
  const refunds = lifecycle.refunds.map(toRefund);
  const status = orderStatusSchema.parse(row.status);
  return {
    id: row.id,
    orderNumber: row.order_number,
    status,
    paymentStatus: paymentStatusSchema.parse(row.payment_status),
    paymentMethod: paymentMethodSchema.parse(row.payment_method),
    fulfilment: row.fulfilment === 'pickup' ? 'pickup' : 'delivery',
    pickupLocation: row.fulfilment === 'pickup' ? location : null,
    subtotalBani: row.subtotal_bani,
    deliveryFeeBani: row.delivery_fee_bani,
    taxBani: row.tax_bani,
    discountBani: row.discount_bani,
    totalBani: row.total_bani,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    estimatedDeliveryTime: row.estimated_delivery_time,
    deliveredAt: row.delivered_at,
    customerName: row.customer_name,
    customerEmail: row.customer_email,
    customerPhone: row.customer_phone,
    deliveryAddress: toDeliveryAddress(row),
    deliveryInstructions: row.delivery_instructions,
    customerNotes: row.customer_notes,
    deliveryZoneName: row.delivery_zone_name,
    deliveryLatitude: row.delivery_latitude,
    deliveryLongitude: row.delivery_longitude,
    posInjectionStatus: row.pos_injection_status,
    cancelReason: row.cancel_reason,
    orderItems: items.map(toOrderItem),
    acceptedAt: row.accepted_at,
    prepMinutes: row.prep_minutes,
    readyAt: row.ready_at,
    arrivalWindow: row.arrival_from && row.arrival_to ? { from: row.arrival_from, to: row.arrival_to } : null,
    acceptDeadlineAt: status === 'received' ? row.accept_deadline_at : null,
    statusHistory: statusHistoryOf(lifecycle.events),
    cancelledBy: storedCancelledBySchema.parse(row.cancelled_by),
    cancelReasonCode: storedCancelReasonCodeSchema.parse(row.cancel_reason_code),
    refunds,
    refundedBani: refunds.filter((refund) => refund.status === 'succeeded').reduce((sum, refund) => sum + refund.amountBani, 0),
    // Issue 22: the kitchen that cooks it (pickup: the one chosen; delivery: the one it was routed to).
    kitchenLocationId: row.location_id,
    scheduledFor: row.scheduled_for,
    releaseAt: row.release_at,
  };
}

function groupByOrder<T extends { order_id: number }>(rows: readonly T[]): Map<number, T[]> {
  const byOrder = new Map<number, T[]>();
  for (const row of rows) {
    const list = byOrder.get(row.order_id);
    if (list) list.push(row);
    else byOrder.set(row.order_id, [row]);
  }
  return byOrder;
}

async function hydrate(db: Db, rows: OrderRecordRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const locationIds = [...new Set(rows.map((row) => row.location_id).filter((id): id is number => id !== null))];
  const [items, events, refunds, locations] = await Promise.all([
    orderItemRowsOf(db, ids),
    orderEventRowsOf(db, ids),
    refundRowsOf(db, ids),
    locationIds.length > 0
      ? db.selectFrom('locations').select(['id', 'name', 'address', 'phone']).where('id', 'in', locationIds).execute()
      : Promise.resolve([]),
  ]);
  const itemsByOrder = groupByOrder(items);
  const eventsByOrder = groupByOrder(events);
  const refundsByOrder = groupByOrder(refunds);
  const locationById = new Map(locations.map((l) => [l.id, l]));
  return rows.map((row) =>
    toOrder(row, itemsByOrder.get(row.id) ?? [], row.location_id ? (locationById.get(row.location_id) ?? null) : null, {
      events: eventsByOrder.get(row.id) ?? [],
      refunds: refundsByOrder.get(row.id) ?? [],
    }),
  );
}

/**
 * One order by number. With `customerId` only that customer's order is found, so another
 * customer's order number reads exactly like one that does not exist (404, no existence leak).
 */
export async function findOrder(db: Db, orderNumber: string, customerId?: number): Promise<{ order: Order; row: OrderRow } | null> {
  const row = await findOrderRow(db, orderNumber, customerId);
  if (!row) return null;
  const [order] = await hydrate(db, [row]);
  return order ? { order, row } : null;
}

/**
 * The board's orders, newest first: one query for the orders and one for all their items (not one
 * order at a time, which cost about a second for 300 orders on PostgreSQL; bench row G1).
 */
export async function listBoardOrders(db: Db, filter: Parameters<typeof boardOrderRows>[1]): Promise<Order[]> {
  return hydrate(db, await boardOrderRows(db, filter));
}

/** The cursor an order answers as a page's last: its creation time and id ("<created_at>~<id>"). */
export function historyCursorOf(order: Pick<OrderRow, 'created_at' | 'id'>): string {
  return `${order.created_at}~${order.id}`;
}

export function parseHistoryCursor(cursor: string): OrderCursor {
  const at = cursor.lastIndexOf('~');
  return { createdAt: cursor.slice(0, at), id: Number(cursor.slice(at + 1)) };
}

/**
 * One page of the customer's history (GET /api/orders): filtered by status group, searched by order
 * number or dish name with the one rule the client also applies offline (src/shared/domain/order-history.ts),
 * and counted per filter over all the customer's orders.
 */
export async function orderHistoryPage(
  db: Db,
  customerId: number,
  query: { filter: OrderFilter; q: string; before?: string | undefined; limit: number },
): Promise<OrderHistoryPage> {
  const searching = normaliseSearchText(query.q) !== '';
  const [found, statusCounts] = await Promise.all([
    searching ? searchOrders(db, customerId, query.filter, query.q) : Promise.resolve(null),
    orderStatusCountsOf(db, customerId),
  ]);
  const counts = filterCountsOf(statusCounts.map(({ status, count }) => ({ status: orderStatusSchema.parse(status), count })));
  // One more than the page: whether a next page exists without counting the rest.
  const rows = await orderHistoryRows(db, customerId, {
    statuses: statusesOf(query.filter),
    orderIds: found,
    before: query.before ? parseHistoryCursor(query.before) : null,
    limit: query.limit + 1,
  });
  const pageRows = rows.slice(0, query.limit);
  const last = pageRows.at(-1);
  return {
    orders: await hydrate(db, pageRows),
    counts,
    total: found ? found.length : counts[query.filter],
    nextBefore: rows.length > query.limit && last ? historyCursorOf(last) : null,
  };
}

/** The ids of the customer's orders the search and the filter keep (the rule the client applies offline). */
async function searchOrders(db: Db, customerId: number, filter: OrderFilter, q: string): Promise<number[]> {
  const byOrder = new Map<number, { orderNumber: string; status: OrderStatus; orderItems: { itemName: string }[] }>();
  for (const row of await orderSearchTextOf(db, customerId)) {
    const entry = byOrder.get(row.id) ?? { orderNumber: row.order_number, status: orderStatusSchema.parse(row.status), orderItems: [] };
    if (row.item_name !== null) entry.orderItems.push({ itemName: row.item_name });
    byOrder.set(row.id, entry);
  }
  return [...byOrder].filter(([, order]) => matchesFilter(order, filter) && matchesSearch(order, q)).map(([id]) => id);
}

/** The customer's orders, newest first, all of them (the account export). */
export async function listOrders(db: Db, customerId: number): Promise<Order[]> {
  const rows = await orderRowsOf(db, customerId);
  return hydrate(db, rows);
}

export function statusEventOf(
  row: Pick<OrderRow, 'order_number' | 'status' | 'payment_status' | 'pos_injection_status' | 'updated_at'>,
): OrderStatusEvent {
  return {
    orderNumber: row.order_number,
    status: orderStatusSchema.parse(row.status),
    paymentStatus: paymentStatusSchema.parse(row.payment_status),
    posInjectionStatus: row.pos_injection_status,
    updatedAt: row.updated_at,
  };
}
