/**
 * The order contract between the PWA and the API (spec §3 Order / Order item, read camelCase).
 * The create body carries only ids, quantities, choices and contact data: every price, total,
 * status and customer id is decided by the server.
 */
import { z } from 'zod';

import { baniSchema } from './common';
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
});
export type Order = z.infer<typeof orderSchema>;

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
