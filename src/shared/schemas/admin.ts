/**
 * The manager area's contract (issue 7): the settings save body with its limits, the admin reads,
 * sold-out toggles, the order board and the live events. Money is integer bani (docs/decisions/0002-money-in-integer-bani.md).
 */
import { z } from 'zod/mini';

import { baniSchema } from './common';
import { deliveryFeesSchema, deliveryZoneSchema, locationOperationsSchema, RADIUS_STEP_KM, ROMANIA_BOUNDS } from './locations';
import { orderSchema, orderStatusSchema } from './order';
import {
  ACCEPT_WITHIN_MINUTES_MAX,
  ACCEPT_WITHIN_MINUTES_MIN,
  locationSchema,
  openingHoursSchema,
  restaurantSettingsSchema,
} from './restaurant';

export const MAX_RESTAURANT_NAME_LENGTH = 120;
export const MAX_DESCRIPTION_LENGTH = 1_000;
export const MAX_PHONE_LENGTH = 30;
export const MAX_SETTINGS_ADDRESS_LENGTH = 300;
export const MAX_ESTIMATED_TIME_LENGTH = 60;

/** PUT /api/admin/settings: every editable field plus the version the form was loaded at. */
export const settingsUpdateSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'name is required'), z.maxLength(MAX_RESTAURANT_NAME_LENGTH)),
  description: z.string().check(z.trim(), z.maxLength(MAX_DESCRIPTION_LENGTH)),
  phone: z.string().check(z.trim(), z.maxLength(MAX_PHONE_LENGTH)),
  email: z.email('email is not an e-mail address').check(z.maxLength(200)),
  address: z.string().check(z.trim(), z.maxLength(MAX_SETTINGS_ADDRESS_LENGTH)),
  isOpen: z.boolean(),
  // Issue 22: no delivery fee, minimum order or radius here: each kitchen's own are saved with PUT
  // /api/admin/locations/:id. An older client's queued save still carrying them passes (unknown keys
  // are dropped) and changes nothing (docs/decisions/0148-address-zones-are-the-kitchens-zones.md).
  /** Issue 27: the minimum is for delivery unless this is true. Absent keeps the stored choice. */
  minimumOrderAppliesToPickup: z.optional(z.boolean()),
  estimatedDeliveryTime: z
    .string()
    .check(z.trim(), z.minLength(1, 'estimatedDeliveryTime is required'), z.maxLength(MAX_ESTIMATED_TIME_LENGTH)),
  /** Issue 19: minutes before an order not yet accepted escalates. Absent keeps the stored value. */
  acceptWithinMinutes: z.optional(z.number().check(z.int(), z.gte(ACCEPT_WITHIN_MINUTES_MIN), z.lte(ACCEPT_WITHIN_MINUTES_MAX))),
  deliveryBaseLat: z
    .number()
    .check(
      z.gte(ROMANIA_BOUNDS.minLat, 'deliveryBaseLat is outside Romania'),
      z.lte(ROMANIA_BOUNDS.maxLat, 'deliveryBaseLat is outside Romania'),
    ),
  deliveryBaseLng: z
    .number()
    .check(
      z.gte(ROMANIA_BOUNDS.minLng, 'deliveryBaseLng is outside Romania'),
      z.lte(ROMANIA_BOUNDS.maxLng, 'deliveryBaseLng is outside Romania'),
    ),
  version: z.number().check(z.int(), z.nonnegative()),
});
export type SettingsUpdate = z.infer<typeof settingsUpdateSchema>;

export const adminSettingsResponseSchema = z.object({
  settings: restaurantSettingsSchema,
  locations: z.array(locationSchema),
});
export type AdminSettingsResponse = z.infer<typeof adminSettingsResponseSchema>;
export const settingsSaveResponseSchema = z.object({ settings: restaurantSettingsSchema });

/** 409 settings_conflict details: what the other save left, so the manager can compare. */
export const SETTINGS_CONFLICT_CODE = 'settings_conflict';
export const settingsConflictDetailsSchema = z.object({ current: restaurantSettingsSchema });

export const locationHoursUpdateSchema = openingHoursSchema;

/** A saved zone: a radius in 0.5 km steps, like the restaurant-wide slider. */
export const deliveryZoneInputSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('radius'),
    radiusKm: deliveryZoneSchema._zod.def.options[0].shape.radiusKm.check(
      z.refine((km) => Number.isInteger(km / RADIUS_STEP_KM), 'the radius goes in 0.5 km steps'),
    ),
  }),
]);

/** Saved fee bands: at least one, from the nearest to the farthest, each further than the one before. */
export const deliveryFeesInputSchema = z.extend(deliveryFeesSchema, {
  bands: deliveryFeesSchema.shape.bands.check(
    z.minLength(1, 'at least one fee band'),
    z.refine((bands) => bands.every((band, index) => index === 0 || band.upToKm > bands[index - 1]!.upToKm), {
      message: 'fee bands go from the nearest to the farthest, each further than the one before',
    }),
  ),
});

/**
 * PUT /api/admin/locations/:id (issue 22): one kitchen's own settings, with the version the form was
 * loaded at (409 location_conflict with the current copy when someone saved meanwhile).
 */
export const locationUpdateSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'name is required'), z.maxLength(MAX_RESTAURANT_NAME_LENGTH)),
  address: z.string().check(z.trim(), z.minLength(1, 'address is required'), z.maxLength(MAX_SETTINGS_ADDRESS_LENGTH)),
  phone: z.string().check(z.trim(), z.minLength(1, 'phone is required'), z.maxLength(MAX_PHONE_LENGTH)),
  latitude: z
    .number()
    .check(z.gte(ROMANIA_BOUNDS.minLat, 'latitude is outside Romania'), z.lte(ROMANIA_BOUNDS.maxLat, 'latitude is outside Romania')),
  longitude: z
    .number()
    .check(z.gte(ROMANIA_BOUNDS.minLng, 'longitude is outside Romania'), z.lte(ROMANIA_BOUNDS.maxLng, 'longitude is outside Romania')),
  openingHours: openingHoursSchema,
  ...z.required(locationOperationsSchema).shape,
  zone: deliveryZoneInputSchema,
  deliveryFees: deliveryFeesInputSchema,
  version: z.number().check(z.int(), z.nonnegative()),
});
export type LocationUpdate = z.infer<typeof locationUpdateSchema>;
export const LOCATION_CONFLICT_CODE = 'location_conflict';
export const locationHoursResponseSchema = z.object({ location: locationSchema });

/** GET /api/restaurant/status: open now, by the server's clock and the locations' hours. */
export const restaurantStatusSchema = z.object({
  isOpen: z.boolean(),
  /** The manager's toggle (settings.isOpen); false closes every location whatever the hours say. */
  acceptingOrders: z.boolean(),
  nextOpeningAt: z.nullable(z.string()),
  serverNow: z.string(),
  locations: z.array(
    z.object({
      id: z.number().check(z.int()),
      name: z.string(),
      isOpen: z.boolean(),
      /** When open: the end of the current interval ("open now until 22:00"). */
      closesAt: z.nullable(z.string()),
      nextOpeningAt: z.nullable(z.string()),
    }),
  ),
});
export type RestaurantStatus = z.infer<typeof restaurantStatusSchema>;

export const soldOutToggleSchema = z.object({ soldOut: z.boolean() });
export const adminMenuOptionSchema = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  groupName: z.string(),
  soldOut: z.boolean(),
});
export const adminMenuItemSchema = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  categoryName: z.string(),
  priceBani: baniSchema,
  soldOut: z.boolean(),
});
export const adminMenuResponseSchema = z.object({ items: z.array(adminMenuItemSchema), options: z.array(adminMenuOptionSchema) });
export type AdminMenu = z.infer<typeof adminMenuResponseSchema>;
export const soldOutResponseSchema = z.object({ id: z.number().check(z.int()), soldOut: z.boolean(), menuVersion: z.string() });

/**
 * POST /api/admin/board/:orderNumber/status: the forward steps only (issue 19). Accepting has its
 * own route (with the preparation time) and so has cancelling (with a reason code); 'cancelled' here
 * still parses, for an older board's queued move, and the route answers it 409.
 */
export const MAX_CANCEL_REASON_LENGTH = 300;
export const orderStatusChangeSchema = z
  .object({ status: orderStatusSchema, reason: z.optional(z.string().check(z.trim(), z.maxLength(MAX_CANCEL_REASON_LENGTH))) })
  .check(
    z.refine((body) => body.status !== 'cancelled' || (body.reason?.length ?? 0) > 0, {
      message: 'reason is required to cancel an order',
      path: ['reason'],
    }),
  );
export const boardQuerySchema = z.object({
  status: z.optional(orderStatusSchema),
  /** '1': the orders placed today, and the orders for later whose slot is today or after (issue 22). */
  today: z.optional(z.enum(['0', '1'])),
  /** Issue 22: one kitchen's orders (a location-limited manager always gets their own). */
  location: z.optional(z.coerce.number().check(z.int(), z.positive(), z.lte(Number.MAX_SAFE_INTEGER))),
});
/**
 * The board's orders, and which kitchen hand-off this restaurant runs: with a vendor POS only the
 * vendor's acknowledgement moves an order to 'sent to kitchen', so the board does not offer that step.
 */
export const boardResponseSchema = z.object({
  orders: z.array(orderSchema),
  pos: z.enum(['kitchen-board', 'http']),
  /**
   * Issue 22: the server's clock when it answered, so the board sorts orders for later by the
   * server's time, not the tablet's: 'received' with releaseAt after it is the Scheduled lane
   * (isAwaitingRelease, src/shared/domain/scheduled-orders.ts). Absent from an older server's answer.
   */
  serverNow: z.optional(z.string()),
  /** The kitchen this board shows (null: all), and the one the signed-in manager is limited to (null: all). */
  locationId: z.optional(z.nullable(z.number().check(z.int(), z.positive()))),
  managerLocationId: z.optional(z.nullable(z.number().check(z.int(), z.positive()))),
});
export const boardOrderResponseSchema = z.object({ order: orderSchema });

/** Live events (SSE). The admin stream carries all of them; the public menu stream the first two (PUBLIC_LIVE_EVENT_TYPES). */
export const liveEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('menu-changed'), at: z.string() }),
  z.object({ type: z.literal('settings-changed'), version: z.number().check(z.int()), at: z.string() }),
  z.object({ type: z.literal('order-created'), orderNumber: z.string(), at: z.string() }),
  z.object({ type: z.literal('order-updated'), orderNumber: z.string(), status: orderStatusSchema, at: z.string() }),
  /** Issue 18: a contact message or order feedback arrived, or one was marked (un)handled; admin stream only. */
  z.object({ type: z.literal('inbox-changed'), at: z.string() }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;
export const PUBLIC_LIVE_EVENT_TYPES: readonly LiveEvent['type'][] = ['menu-changed', 'settings-changed'];
