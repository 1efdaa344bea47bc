/**
 * CMS=directus: every order our server accepted is copied into the restaurant's Directus `orders`
 * collection with its `order_items` (spec §3 field names, money as decimal lei) so the staff who run
 * the restaurant from Directus see it. The order is decided and written in our store first (server
 * pricing, idempotency, ownership, payment and POS flows unchanged); the copy goes through our durable
 * outbox in the same transaction (kind 'cms.order'), so it is never lost and never half-written:
 * - one request: a nested create of the order with its items, which Directus runs in one transaction;
 * - a retry never duplicates: order_number is unique in the schema, and a retry first looks the number
 *   up (a create whose answer was lost is then found and counted as done).
 */
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod/mini';

import { asBani, formatBaniDecimal } from '../../../src/shared/money';
import type { Order } from '../../../src/shared/schemas/order';
import type { JobHandler } from '../../jobs/queue';
import { findOrder } from '../../lib/order-records';
import type { Database } from '../../store/schema';
import { enqueueOutboxRows } from '../../store/outbox-rows';
import { CmsUnavailableError } from './directus';

export const CMS_ORDER_OUTBOX_KIND = 'cms.order';

export function cmsOrderDedupeKey(orderNumber: string): string {
  return `${CMS_ORDER_OUTBOX_KIND}:${orderNumber}`;
}

/** In the order's own transaction: the copy to Directus is then as durable as the order. */
export async function enqueueCmsOrderCopy(trx: Transaction<Database> | Kysely<Database>, orderNumber: string, now: Date): Promise<void> {
  await enqueueOutboxRows(trx, [{ kind: CMS_ORDER_OUTBOX_KIND, dedupeKey: cmsOrderDedupeKey(orderNumber), payload: { orderNumber } }], now);
}

/**
 * The job queue's handler for 'cms.order' rows: the order as it is now goes to the sink. Without a
 * sink (CMS is not directus) such rows fail and wait. Not the kitchen hand-off: the order's POS state
 * stays as it is whatever happens here.
 */
export function cmsOrderCopyJob(deps: { db: Kysely<Database>; sink: CmsOrderSink | null | undefined }): JobHandler {
  return {
    kind: CMS_ORDER_OUTBOX_KIND,
    async run(payload, { signal }) {
      const { sink } = deps;
      if (!sink) throw new Error('no Cms to copy orders to (CMS is not directus)');
      const orderNumber = (payload as { orderNumber?: unknown } | null)?.orderNumber;
      if (typeof orderNumber !== 'string') throw new Error('outbox payload without orderNumber');
      const found = await findOrder(deps.db, orderNumber);
      if (!found) throw new Error(`order ${orderNumber} not found`);
      const outcome = await sink.copy(found.order, { signal });
      return { doneLog: { message: 'order copied to the Cms', fields: { orderNumber, cms: sink.name, outcome } } };
    },
  };
}

export interface CmsOrderSink {
  readonly name: string;
  /** Creates the order with its items in the Cms unless an order with its number is already there. */
  copy(order: Order, options: { signal?: AbortSignal }): Promise<'created' | 'already-there'>;
}

/** Spec §3: money in Directus is decimal lei ("12.99"). */
const lei = (bani: number) => formatBaniDecimal(asBani(bani));

export function directusOrderBody(order: Order) {
  return {
    order_number: order.orderNumber,
    customer_name: order.customerName,
    customer_email: order.customerEmail,
    customer_phone: order.customerPhone,
    delivery_address: order.deliveryAddress?.formatted ?? order.pickupLocation?.address ?? null,
    delivery_instructions: order.deliveryInstructions,
    delivery_latitude: order.deliveryLatitude,
    delivery_longitude: order.deliveryLongitude,
    delivery_zone_name: order.deliveryZoneName,
    subtotal: lei(order.subtotalBani),
    delivery_fee: lei(order.deliveryFeeBani),
    tax_amount: lei(order.taxBani),
    discount_amount: lei(order.discountBani),
    total_amount: lei(order.totalBani),
    payment_method: order.paymentMethod,
    payment_status: order.paymentStatus,
    status: order.status,
    estimated_delivery_time: order.estimatedDeliveryTime,
    delivered_at: order.deliveredAt,
    customer_notes: order.customerNotes,
    created_at: order.createdAt,
    updated_at: order.updatedAt,
    order_items: order.orderItems.map((item) => ({
      sku: item.sku,
      menu_item_id: item.menuItemId,
      item_name: item.itemName,
      base_price: lei(item.basePriceBani),
      quantity: item.quantity,
      selected_modifiers: item.selectedModifiers.map((modifier) => ({
        modifier_id: modifier.modifierId,
        name: modifier.name,
        sku: modifier.sku,
        price: lei(modifier.priceBani),
      })),
      item_total: lei(item.itemTotalBani),
      special_instructions: item.specialInstructions,
    })),
  };
}

export function createDirectusOrderSink(options: { url: string; token: string; fetch?: typeof fetch }): CmsOrderSink {
  const base = options.url.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const headers = { authorization: `Bearer ${options.token}`, 'content-type': 'application/json', accept: 'application/json' };

  async function request(path: string, init: RequestInit): Promise<Response> {
    try {
      return await doFetch(`${base}${path}`, { ...init, headers });
    } catch (error) {
      throw new CmsUnavailableError(`Directus did not answer ${path}: ${String(error)}`, { cause: error });
    }
  }

  async function exists(orderNumber: string, signal?: AbortSignal): Promise<boolean> {
    const query = new URLSearchParams({ 'filter[order_number][_eq]': orderNumber, fields: 'id', limit: '1' });
    const response = await request(`/items/orders?${query}`, { signal });
    if (!response.ok) throw new CmsUnavailableError(`Directus answered ${response.status} looking up order ${orderNumber}`);
    const parsed = z.object({ data: z.array(z.object({ id: z.number() })) }).safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new CmsUnavailableError(`Directus answered the order lookup in an unexpected shape`);
    return parsed.data.data.length > 0;
  }

  return {
    name: 'directus',
    async copy(order, { signal }) {
      if (await exists(order.orderNumber, signal)) return 'already-there';
      const response = await request('/items/orders', { method: 'POST', body: JSON.stringify(directusOrderBody(order)), signal });
      if (response.ok) return 'created';
      // Two workers raced past the lookup: the unique order_number refused the second create.
      if (await exists(order.orderNumber, signal)) return 'already-there';
      throw new CmsUnavailableError(
        `Directus refused order ${order.orderNumber}: ${response.status} ${(await response.text()).slice(0, 200)}`,
      );
    },
  };
}
