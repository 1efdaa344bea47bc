/**
 * The order contract between the PWA and the API (spec §3 Order / Order item, read camelCase).
 * The create body carries only ids, quantities, choices and contact data: every price, total,
 * status and customer id is decided by the server.
 */
import { z } from 'zod/mini';

import { baniSchema } from './common';
import { orderTimingSchema } from './scheduling';
import { MAX_WEIGHT_GRAMS } from '../domain/weight-pricing';
import { MAX_ITEM_QUANTITY, MAX_SPECIAL_INSTRUCTIONS_LENGTH } from './menu';

import { ORDER_STATUSES } from './order-statuses';

export type { OrderStatus } from './order-statuses';
export { IN_PROGRESS_STATUSES, ORDER_STATUS_LABELS, ORDER_STATUSES } from './order-statuses';

export const orderStatusSchema = z.enum(ORDER_STATUSES);

export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'refunded'] as const;
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

export const paymentMethodSchema = z.enum(['cash', 'card']);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const fulfilmentTypeSchema = z.enum(['delivery', 'pickup']);
export type FulfilmentType = z.infer<typeof fulfilmentTypeSchema>;

export const MAX_ORDER_LINES = 50;
export const MAX_ORDER_NOTES_LENGTH = 500;

export const customerInfoSchema = z.object({
  firstName: z.string().check(z.trim(), z.minLength(1, 'firstName is required'), z.maxLength(80)),
  lastName: z.string().check(z.trim(), z.minLength(1, 'lastName is required'), z.maxLength(80)),
  email: z.email('email is required').check(z.maxLength(200)),
  phone: z
    .string()
    .check(z.trim(), z.minLength(1, 'phone is required'), z.maxLength(30), z.regex(/^[+0-9 ()./-]{6,30}$/, 'phone is not a phone number')),
});
export type CustomerInfo = z.infer<typeof customerInfoSchema>;

export const orderLineInputSchema = z.object({
  menuItemId: z.number().check(z.int(), z.positive()),
  quantity: z.number().check(z.int(), z.gte(1), z.lte(MAX_ITEM_QUANTITY)),
  modifierIds: z.array(z.number().check(z.int(), z.positive())).check(z.maxLength(20)),
  specialInstructions: z.optional(z.string().check(z.maxLength(MAX_SPECIAL_INSTRUCTIONS_LENGTH))),
  /**
   * The unit price (dish + chosen options) the customer saw. Only for the 409 price_changed
   * differences of an order that waited offline: the server always prices from its own catalogue.
   */
  expectedUnitPriceBani: z.optional(baniSchema),
  /**
   * Per-kg dishes: the portion in grams, in the dish's steps (checked and priced on the server;
   * absent means 1 kg, what older clients sold). Refused on dishes sold by the piece.
   */
  weightGrams: z.optional(z.number().check(z.int(), z.positive(), z.lte(MAX_WEIGHT_GRAMS))),
});
export type OrderLineInput = z.infer<typeof orderLineInputSchema>;

export const fulfilmentInputSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('delivery'), addressId: z.number().check(z.int(), z.positive()) }),
  z.object({ type: z.literal('pickup'), locationId: z.number().check(z.int(), z.positive()) }),
]);
export type FulfilmentInput = z.infer<typeof fulfilmentInputSchema>;

/** POST /api/orders (with an Idempotency-Key header). */
export const createOrderSchema = z.object({
  items: z.array(orderLineInputSchema).check(z.minLength(1), z.maxLength(MAX_ORDER_LINES)),
  fulfilment: fulfilmentInputSchema,
  /** Issue 22: as soon as possible (absent: what older clients and queued offline orders mean) or a slot. */
  when: z.optional(orderTimingSchema),
  paymentMethod: paymentMethodSchema,
  customer: customerInfoSchema,
  notes: z.optional(z.string().check(z.maxLength(MAX_ORDER_NOTES_LENGTH))),
  /**
   * The total the customer saw and confirmed. When present and different from the server's
   * total (prices changed while an offline order waited), the server answers 409 price_changed
   * with the differences instead of placing the order, so the customer can re-confirm.
   */
  expectedTotalBani: z.optional(baniSchema),
});
export type CreateOrderInput = z.infer<typeof createOrderSchema>;

export const orderModifierSchema = z.object({
  modifierId: z.number().check(z.int()),
  name: z.string(),
  sku: z.string(),
  priceBani: baniSchema,
});

export const orderItemSchema = z.object({
  id: z.number().check(z.int()),
  menuItemId: z.number().check(z.int()),
  sku: z.string(),
  itemName: z.string(),
  quantity: z.number().check(z.int()),
  /** The dish's price (per kilogram when weightGrams is set). */
  basePriceBani: baniSchema,
  /**
   * Per-kg dishes: the portion each unit of quantity weighs, in grams; null (or absent, in orders
   * stored before issue 27) for dishes by the piece.
   */
  weightGrams: z.nullish(z.number().check(z.int(), z.positive())),
  itemTotalBani: baniSchema,
  selectedModifiers: z.array(orderModifierSchema),
  specialInstructions: z.nullable(z.string()),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const deliveryAddressSchema = z.object({
  street: z.string(),
  city: z.string(),
  postalCode: z.nullable(z.string()),
  formatted: z.string(),
  /** "Bl. A3, Sc. 2, Et. 4, Ap. 17, Interfon 17" — the Romanian block details, when any. */
  details: z.nullable(z.string()),
  /**
   * The address's own fields, copied when the order is placed (issue 27) so the board, the ticket
   * and the driver read the door as the customer typed it, and a later edit of the saved address
   * never changes a past order. Absent on orders placed before; `details` then stands for them.
   */
  houseNumber: z.nullish(z.string()),
  apartment: z.nullish(z.string()),
  bloc: z.nullish(z.string()),
  scara: z.nullish(z.string()),
  etaj: z.nullish(z.string()),
  apartament: z.nullish(z.string()),
  interfon: z.nullish(z.string()),
});
export type DeliveryAddress = z.infer<typeof deliveryAddressSchema>;

/**
 * Why an order was cancelled (issue 19): the restaurant's presets, and the customer's own cancel.
 * `cancelReason` on the order stays the readable text the customer sees (for 'other' the manager's note).
 */
export const CANCEL_REASON_CODES = ['sold_out', 'too_busy', 'outside_area', 'unreachable', 'other', 'customer_request'] as const;
export const cancelReasonCodeSchema = z.enum(CANCEL_REASON_CODES);
export type CancelReasonCode = z.infer<typeof cancelReasonCodeSchema>;
export const CANCEL_REASON_LABELS: Record<CancelReasonCode, string> = {
  sold_out: 'Sold out',
  too_busy: 'Too busy',
  outside_area: 'Outside the delivery area',
  unreachable: 'Customer unreachable',
  other: 'Other',
  customer_request: 'Cancelled by the customer',
};
/** The presets the restaurant picks from (the customer's own cancel is not one of them). */
export const RESTAURANT_CANCEL_REASON_CODES = ['sold_out', 'too_busy', 'outside_area', 'unreachable', 'other'] as const;

export const cancelledBySchema = z.enum(['customer', 'restaurant']);
export type CancelledBy = z.infer<typeof cancelledBySchema>;

export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export const refundStatusSchema = z.enum(REFUND_STATUSES);
export type RefundStatus = z.infer<typeof refundStatusSchema>;

export const refundLineSchema = z.object({
  orderItemId: z.number().check(z.int(), z.positive()),
  quantity: z.number().check(z.int(), z.positive()),
});
export type RefundLine = z.infer<typeof refundLineSchema>;

/** A refund of a card order: the whole order (cancel / reject) or some lines (a missing item). */
export const refundSchema = z.object({
  id: z.number().check(z.int()),
  kind: z.enum(['full', 'partial']),
  amountBani: baniSchema,
  status: refundStatusSchema,
  lines: z.array(refundLineSchema),
  failureMessage: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Refund = z.infer<typeof refundSchema>;

export const statusHistoryEntrySchema = z.object({ status: orderStatusSchema, at: z.string() });
export type StatusHistoryEntry = z.infer<typeof statusHistoryEntrySchema>;

export const orderSchema = z.object({
  id: z.number().check(z.int()),
  orderNumber: z.string(),
  status: orderStatusSchema,
  paymentStatus: paymentStatusSchema,
  paymentMethod: paymentMethodSchema,
  fulfilment: fulfilmentTypeSchema,
  pickupLocation: z.nullable(z.object({ id: z.number().check(z.int()), name: z.string(), address: z.string(), phone: z.string() })),
  subtotalBani: baniSchema,
  deliveryFeeBani: baniSchema,
  taxBani: baniSchema,
  discountBani: baniSchema,
  totalBani: baniSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  estimatedDeliveryTime: z.nullable(z.string()),
  deliveredAt: z.nullable(z.string()),
  customerName: z.string(),
  customerEmail: z.string(),
  customerPhone: z.string(),
  deliveryAddress: z.nullable(deliveryAddressSchema),
  deliveryInstructions: z.nullable(z.string()),
  customerNotes: z.nullable(z.string()),
  deliveryZoneName: z.nullable(z.string()),
  deliveryLatitude: z.nullable(z.number()),
  deliveryLongitude: z.nullable(z.number()),
  posInjectionStatus: z.string(),
  cancelReason: z.nullable(z.string()),
  orderItems: z.array(orderItemSchema),
  // Issue 19, the order's lifecycle. Defaults so a copy stored before (a device's offline copy)
  // still reads; the API always sends them.
  /** When a person accepted it on the board (ISO). */
  acceptedAt: z._default(z.nullable(z.string()), null),
  /** The preparation time chosen at acceptance. */
  prepMinutes: z._default(z.nullable(z.number().check(z.int())), null),
  /** acceptedAt + prepMinutes: when the food is promised ready (ISO). */
  readyAt: z._default(z.nullable(z.string()), null),
  /** Delivery only: readyAt + the zone's travel band. */
  arrivalWindow: z._default(z.nullable(z.object({ from: z.string(), to: z.string() })), null),
  /** While 'received' and on the board (cash: since placed; card: since paid): when it escalates. */
  acceptDeadlineAt: z._default(z.nullable(z.string()), null),
  /** Every step that happened, oldest first (includes 'received'); the timeline ticks only these. */
  statusHistory: z._default(z.array(statusHistoryEntrySchema), []),
  cancelledBy: z._default(z.nullable(cancelledBySchema), null),
  cancelReasonCode: z._default(z.nullable(cancelReasonCodeSchema), null),
  refunds: z._default(z.array(refundSchema), []),
  /** Sum of succeeded refunds. */
  refundedBani: z._default(baniSchema, 0),
  // Issue 22, two kitchens and orders for later. Defaults so a copy stored before still reads.
  /** The kitchen that cooks it (pickup: the pickup location; delivery: the one it was routed to). */
  kitchenLocationId: z._default(z.nullable(z.number().check(z.int())), null),
  /** An order for later: the start of its 15-minute slot (ISO); null for as soon as possible. */
  scheduledFor: z._default(z.nullable(z.string()), null),
  /** A scheduled order enters the new-orders lane (and rings) at scheduledFor minus the kitchen's lead time. */
  releaseAt: z._default(z.nullable(z.string()), null),
});
export type Order = z.infer<typeof orderSchema>;

/** POST /api/admin/board/:orderNumber/accept. */
export const MAX_PREP_MINUTES = 240;
export const PREP_MINUTES_PRESETS = [15, 30, 45, 60] as const;
export const acceptOrderSchema = z.object({ prepMinutes: z.number().check(z.int(), z.gte(1), z.lte(MAX_PREP_MINUTES)) });
export type AcceptOrderInput = z.infer<typeof acceptOrderSchema>;

/** POST /api/admin/board/:orderNumber/cancel: reject before acceptance, cancel after; 'other' needs a note. */
export const MAX_CANCEL_NOTE_LENGTH = 300;
export const restaurantCancelSchema = z
  .object({
    reasonCode: z.enum(RESTAURANT_CANCEL_REASON_CODES),
    note: z.optional(z.string().check(z.trim(), z.maxLength(MAX_CANCEL_NOTE_LENGTH))),
  })
  .check(
    z.refine((body) => body.reasonCode !== 'other' || (body.note?.length ?? 0) > 0, {
      message: 'note is required when the reason is other',
      path: ['note'],
    }),
  );
export type RestaurantCancelInput = z.infer<typeof restaurantCancelSchema>;

/** POST /api/admin/board/:orderNumber/refunds: a partial refund of some lines. */
export const partialRefundSchema = z.object({ lines: z.array(refundLineSchema).check(z.minLength(1), z.maxLength(MAX_ORDER_LINES)) });
export type PartialRefundInput = z.infer<typeof partialRefundSchema>;

/** POST /api/orders/:orderNumber/cancel: the customer's own cancel, before acceptance (body {}). */
export const customerCancelSchema = z.strictObject({});

/** 409 code once the restaurant accepted: the customer can no longer cancel. */
export const ORDER_ALREADY_ACCEPTED = 'order_already_accepted';

export const orderResponseSchema = z.object({ order: orderSchema });
export const orderListResponseSchema = z.object({ orders: z.array(orderSchema) });

/** 409 price_changed details: what differs between what the customer saw and today's catalogue. */
export const priceChangeSchema = z.object({
  expectedTotalBani: baniSchema,
  totalBani: baniSchema,
  changes: z.array(
    z.object({
      menuItemId: z.number().check(z.int()),
      name: z.string(),
      kind: z.enum(['price', 'unavailable']),
      beforeBani: z.nullable(baniSchema),
      afterBani: z.nullable(baniSchema),
    }),
  ),
});
export type PriceChange = z.infer<typeof priceChangeSchema>;

/** Live order updates (SSE `status` events on GET /api/orders/:orderNumber/events). */
export const orderStatusEventSchema = z.object({
  orderNumber: z.string(),
  status: orderStatusSchema,
  paymentStatus: paymentStatusSchema,
  posInjectionStatus: z.string(),
  updatedAt: z.string(),
});
export type OrderStatusEvent = z.infer<typeof orderStatusEventSchema>;

/** POST /api/payments/create-checkout-session (amounts always come from the stored order). */
export const createCheckoutSessionSchema = z.object({ orderNumber: z.string().check(z.minLength(1), z.maxLength(40)) });
export const checkoutUrlResponseSchema = z.object({ url: z.string() });
/** POST /api/payments/retry-payment/:orderNumber answers {checkoutUrl} (the retry screen's shape). */
export const retryCheckoutResponseSchema = z.object({ checkoutUrl: z.string() });
/** GET /api/payments/session-status: the order's payment status after asking the provider. */
export const sessionStatusResponseSchema = z.object({ orderNumber: z.string(), paymentStatus: paymentStatusSchema });
export const receiptResponseSchema = z.object({ receiptUrl: z.string() });

/**
 * Point-of-sale payload (spec §3 / §9), built by src/shared/domain/pos-payload.ts. Money here is
 * the vendor's: `value` is the order total in lei with two decimals, not bani.
 */
export const posBillItemSchema = z.object({
  sku: z.string(),
  quantity: z.number().check(z.int(), z.positive()),
  /** Present (true) on modifier lines, which follow the item they belong to. */
  modifier: z.optional(z.literal(true)),
  /** Per-kg dishes: grams per unit of quantity, so the ticket says what to weigh (issue 27). */
  weightGrams: z.optional(z.number().check(z.int(), z.positive())),
});
export const posPayloadSchema = z.object({
  bill: z.object({
    items: z.array(posBillItemSchema),
    /** type 2 = cash, 1 = anything else (card). */
    payments: z.array(z.object({ type: z.union([z.literal(1), z.literal(2)]), value: z.number().check(z.nonnegative()) })),
    externalOrderNo: z.string(),
    externalOrderID: z.number().check(z.int()),
    deliveryDate: z.string(),
  }),
  client: z.object({
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string(),
    address: z.object({
      city: z.string(),
      country: z.literal('Romania'),
      county: z.literal('ph'),
      street: z.string(),
      postalCode: z.string(),
      long: z.nullable(z.number()),
      lat: z.nullable(z.number()),
      isDeliveryAddress: z.boolean(),
      isInvoiceAddress: z.boolean(),
      details: z.string(),
    }),
  }),
});
export type PosPayload = z.infer<typeof posPayloadSchema>;

/**
 * GET /api/orders: one page of my orders, newest first, filtered and searched on the server (issue
 * 26: a regular's history stays one page's cost however long it grows). `before` is the cursor the
 * previous page answered; the counts are per filter over all my orders, so the chips do not change
 * while paging.
 */
export const ORDER_HISTORY_PAGE_SIZE = 20;
export const ORDER_HISTORY_PAGE_MAX = 50;
export const orderHistoryCursorSchema = z.string().check(z.regex(/^[0-9T:.+-]{10,35}Z?~[0-9]{1,15}$/, 'Not a page cursor'));
export const orderHistoryPageSchema = z.object({
  orders: z.array(orderSchema),
  counts: z.object({
    all: z.number().check(z.int()),
    'in-progress': z.number().check(z.int()),
    delivered: z.number().check(z.int()),
    cancelled: z.number().check(z.int()),
  }),
  /** How many orders match the filter and the search, over every page. */
  total: z.number().check(z.int(), z.nonnegative()),
  /** The next page's `before`, or null on the last page. */
  nextBefore: z.nullable(orderHistoryCursorSchema),
});
export type OrderHistoryPage = z.infer<typeof orderHistoryPageSchema>;
