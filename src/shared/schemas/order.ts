/**
 * The order contract between the PWA and the API (spec §3 Order / Order item, read camelCase).
 * The create body carries only ids, quantities, choices and contact data: every price, total,
 * status and customer id is decided by the server.
 */
import { z } from 'zod';

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
  firstName: z.string().trim().min(1, 'firstName is required').max(80),
  lastName: z.string().trim().min(1, 'lastName is required').max(80),
  email: z.email('email is required').max(200),
  phone: z
    .string()
    .trim()
    .min(1, 'phone is required')
    .max(30)
    .regex(/^[+0-9 ()./-]{6,30}$/, 'phone is not a phone number'),
});
export type CustomerInfo = z.infer<typeof customerInfoSchema>;

export const orderLineInputSchema = z.object({
  menuItemId: z.number().int().positive(),
  quantity: z.number().int().min(1).max(MAX_ITEM_QUANTITY),
  modifierIds: z.array(z.number().int().positive()).max(20),
  specialInstructions: z.string().max(MAX_SPECIAL_INSTRUCTIONS_LENGTH).optional(),
  /**
   * The unit price (dish + chosen options) the customer saw. Only for the 409 price_changed
   * differences of an order that waited offline: the server always prices from its own catalogue.
   */
  expectedUnitPriceBani: baniSchema.optional(),
  /**
   * Per-kg dishes: the portion in grams, in the dish's steps (checked and priced on the server;
   * absent means 1 kg, what older clients sold). Refused on dishes sold by the piece.
   */
  weightGrams: z.number().int().positive().max(MAX_WEIGHT_GRAMS).optional(),
});
export type OrderLineInput = z.infer<typeof orderLineInputSchema>;

export const fulfilmentInputSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('delivery'), addressId: z.number().int().positive() }),
  z.object({ type: z.literal('pickup'), locationId: z.number().int().positive() }),
]);
export type FulfilmentInput = z.infer<typeof fulfilmentInputSchema>;

/** POST /api/orders (with an Idempotency-Key header). */
export const createOrderSchema = z.object({
  items: z.array(orderLineInputSchema).min(1).max(MAX_ORDER_LINES),
  fulfilment: fulfilmentInputSchema,
  /** Issue 22: as soon as possible (absent: what older clients and queued offline orders mean) or a slot. */
  when: orderTimingSchema.optional(),
  paymentMethod: paymentMethodSchema,
  customer: customerInfoSchema,
  notes: z.string().max(MAX_ORDER_NOTES_LENGTH).optional(),
  /**
   * The total the customer saw and confirmed. When present and different from the server's
   * total (prices changed while an offline order waited), the server answers 409 price_changed
   * with the differences instead of placing the order, so the customer can re-confirm.
   */
  expectedTotalBani: baniSchema.optional(),
});
export type CreateOrderInput = z.infer<typeof createOrderSchema>;

export const orderModifierSchema = z.object({
  modifierId: z.number().int(),
  name: z.string(),
  sku: z.string(),
  priceBani: baniSchema,
});

export const orderItemSchema = z.object({
  id: z.number().int(),
  menuItemId: z.number().int(),
  sku: z.string(),
  itemName: z.string(),
  quantity: z.number().int(),
  /** The dish's price (per kilogram when weightGrams is set). */
  basePriceBani: baniSchema,
  /**
   * Per-kg dishes: the portion each unit of quantity weighs, in grams; null (or absent, in orders
   * stored before issue 27) for dishes by the piece.
   */
  weightGrams: z.number().int().positive().nullish(),
  itemTotalBani: baniSchema,
  selectedModifiers: z.array(orderModifierSchema),
  specialInstructions: z.string().nullable(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const deliveryAddressSchema = z.object({
  street: z.string(),
  city: z.string(),
  postalCode: z.string().nullable(),
  formatted: z.string(),
  /** "Bl. A3, Sc. 2, Et. 4, Ap. 17, Interfon 17" — the Romanian block details, when any. */
  details: z.string().nullable(),
  /**
   * The address's own fields, copied when the order is placed (issue 27) so the board, the ticket
   * and the driver read the door as the customer typed it, and a later edit of the saved address
   * never changes a past order. Absent on orders placed before; `details` then stands for them.
   */
  houseNumber: z.string().nullish(),
  apartment: z.string().nullish(),
  bloc: z.string().nullish(),
  scara: z.string().nullish(),
  etaj: z.string().nullish(),
  apartament: z.string().nullish(),
  interfon: z.string().nullish(),
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

export const refundLineSchema = z.object({ orderItemId: z.number().int().positive(), quantity: z.number().int().positive() });
export type RefundLine = z.infer<typeof refundLineSchema>;

/** A refund of a card order: the whole order (cancel / reject) or some lines (a missing item). */
export const refundSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['full', 'partial']),
  amountBani: baniSchema,
  status: refundStatusSchema,
  lines: z.array(refundLineSchema),
  failureMessage: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Refund = z.infer<typeof refundSchema>;

export const statusHistoryEntrySchema = z.object({ status: orderStatusSchema, at: z.string() });
export type StatusHistoryEntry = z.infer<typeof statusHistoryEntrySchema>;

export const orderSchema = z.object({
  id: z.number().int(),
  orderNumber: z.string(),
  status: orderStatusSchema,
  paymentStatus: paymentStatusSchema,
  paymentMethod: paymentMethodSchema,
  fulfilment: fulfilmentTypeSchema,
  pickupLocation: z.object({ id: z.number().int(), name: z.string(), address: z.string(), phone: z.string() }).nullable(),
  subtotalBani: baniSchema,
  deliveryFeeBani: baniSchema,
  taxBani: baniSchema,
  discountBani: baniSchema,
  totalBani: baniSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  estimatedDeliveryTime: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  customerName: z.string(),
  customerEmail: z.string(),
  customerPhone: z.string(),
  deliveryAddress: deliveryAddressSchema.nullable(),
  deliveryInstructions: z.string().nullable(),
  customerNotes: z.string().nullable(),
  deliveryZoneName: z.string().nullable(),
  deliveryLatitude: z.number().nullable(),
  deliveryLongitude: z.number().nullable(),
  posInjectionStatus: z.string(),
  cancelReason: z.string().nullable(),
  orderItems: z.array(orderItemSchema),
  // Issue 19, the order's lifecycle. Defaults so a copy stored before (a device's offline copy)
  // still reads; the API always sends them.
  /** When a person accepted it on the board (ISO). */
  acceptedAt: z.string().nullable().default(null),
  /** The preparation time chosen at acceptance. */
  prepMinutes: z.number().int().nullable().default(null),
  /** acceptedAt + prepMinutes: when the food is promised ready (ISO). */
  readyAt: z.string().nullable().default(null),
  /** Delivery only: readyAt + the zone's travel band. */
  arrivalWindow: z.object({ from: z.string(), to: z.string() }).nullable().default(null),
  /** While 'received' and on the board (cash: since placed; card: since paid): when it escalates. */
  acceptDeadlineAt: z.string().nullable().default(null),
  /** Every step that happened, oldest first (includes 'received'); the timeline ticks only these. */
  statusHistory: z.array(statusHistoryEntrySchema).default([]),
  cancelledBy: cancelledBySchema.nullable().default(null),
  cancelReasonCode: cancelReasonCodeSchema.nullable().default(null),
  refunds: z.array(refundSchema).default([]),
  /** Sum of succeeded refunds. */
  refundedBani: baniSchema.default(0),
  // Issue 22, two kitchens and orders for later. Defaults so a copy stored before still reads.
  /** The kitchen that cooks it (pickup: the pickup location; delivery: the one it was routed to). */
  kitchenLocationId: z.number().int().nullable().default(null),
  /** An order for later: the start of its 15-minute slot (ISO); null for as soon as possible. */
  scheduledFor: z.string().nullable().default(null),
  /** A scheduled order enters the new-orders lane (and rings) at scheduledFor minus the kitchen's lead time. */
  releaseAt: z.string().nullable().default(null),
});
export type Order = z.infer<typeof orderSchema>;

/** POST /api/admin/board/:orderNumber/accept. */
export const MAX_PREP_MINUTES = 240;
export const PREP_MINUTES_PRESETS = [15, 30, 45, 60] as const;
export const acceptOrderSchema = z.object({ prepMinutes: z.number().int().min(1).max(MAX_PREP_MINUTES) });
export type AcceptOrderInput = z.infer<typeof acceptOrderSchema>;

/** POST /api/admin/board/:orderNumber/cancel: reject before acceptance, cancel after; 'other' needs a note. */
export const MAX_CANCEL_NOTE_LENGTH = 300;
export const restaurantCancelSchema = z
  .object({
    reasonCode: z.enum(RESTAURANT_CANCEL_REASON_CODES),
    note: z.string().trim().max(MAX_CANCEL_NOTE_LENGTH).optional(),
  })
  .refine((body) => body.reasonCode !== 'other' || (body.note?.length ?? 0) > 0, {
    message: 'note is required when the reason is other',
    path: ['note'],
  });
export type RestaurantCancelInput = z.infer<typeof restaurantCancelSchema>;

/** POST /api/admin/board/:orderNumber/refunds: a partial refund of some lines. */
export const partialRefundSchema = z.object({ lines: z.array(refundLineSchema).min(1).max(MAX_ORDER_LINES) });
export type PartialRefundInput = z.infer<typeof partialRefundSchema>;

/** POST /api/orders/:orderNumber/cancel: the customer's own cancel, before acceptance (body {}). */
export const customerCancelSchema = z.object({}).strict();

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
      menuItemId: z.number().int(),
      name: z.string(),
      kind: z.enum(['price', 'unavailable']),
      beforeBani: baniSchema.nullable(),
      afterBani: baniSchema.nullable(),
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
export const createCheckoutSessionSchema = z.object({ orderNumber: z.string().min(1).max(40) });
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
  quantity: z.number().int().positive(),
  /** Present (true) on modifier lines, which follow the item they belong to. */
  modifier: z.literal(true).optional(),
  /** Per-kg dishes: grams per unit of quantity, so the ticket says what to weigh (issue 27). */
  weightGrams: z.number().int().positive().optional(),
});
export const posPayloadSchema = z.object({
  bill: z.object({
    items: z.array(posBillItemSchema),
    /** type 2 = cash, 1 = anything else (card). */
    payments: z.array(z.object({ type: z.union([z.literal(1), z.literal(2)]), value: z.number().nonnegative() })),
    externalOrderNo: z.string(),
    externalOrderID: z.number().int(),
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
      long: z.number().nullable(),
      lat: z.number().nullable(),
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
export const orderHistoryCursorSchema = z.string().regex(/^[0-9T:.+-]{10,35}Z?~[0-9]{1,15}$/, 'Not a page cursor');
export const orderHistoryPageSchema = z.object({
  orders: z.array(orderSchema),
  counts: z.object({ all: z.number().int(), 'in-progress': z.number().int(), delivered: z.number().int(), cancelled: z.number().int() }),
  /** How many orders match the filter and the search, over every page. */
  total: z.number().int().nonnegative(),
  /** The next page's `before`, or null on the last page. */
  nextBefore: orderHistoryCursorSchema.nullable(),
});
export type OrderHistoryPage = z.infer<typeof orderHistoryPageSchema>;
