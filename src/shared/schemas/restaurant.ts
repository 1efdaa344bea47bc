import { z } from 'zod/mini';

import { baniSchema } from './common';
import { locationOperationsSchema } from './locations';

export const timeOfDaySchema = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:MM (24 h)'));

export const openingIntervalSchema = z.object({ open: timeOfDaySchema, close: timeOfDaySchema });

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export const weekdaySchema = z.enum(WEEKDAYS);
export type Weekday = z.infer<typeof weekdaySchema>;

export const openingHoursSchema = z.object({
  /** Intervals per weekday in Europe/Bucharest local time; an empty list is a closed day. */
  weekly: z.record(weekdaySchema, z.array(openingIntervalSchema)),
  /** Holiday exceptions by local date (YYYY-MM-DD): closed, or special intervals. */
  exceptions: z.array(
    z.object({
      date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
      intervals: z.array(openingIntervalSchema),
      note: z.optional(z.string().check(z.maxLength(120))),
    }),
  ),
});
export type OpeningHours = z.infer<typeof openingHoursSchema>;

export const locationSchema = z.object({
  id: z.number().check(z.int(), z.positive()),
  name: z.string().check(z.minLength(1)),
  address: z.string().check(z.minLength(1)),
  latitude: z.number().check(z.gte(-90), z.lte(90)),
  longitude: z.number().check(z.gte(-180), z.lte(180)),
  phone: z.string().check(z.minLength(1)),
  openingHours: openingHoursSchema,
  /** Issue 22: what this kitchen runs on its own (./locations.ts); defaults for copies stored before. */
  ...locationOperationsSchema.shape,
  /**
   * Issue 22: optimistic-concurrency version of the location's own settings; PUT
   * /api/admin/locations/:id names the one the form was loaded at. A copy stored before reads 0.
   */
  version: z._default(z.number().check(z.int(), z.nonnegative()), 0),
});
export type Location = z.infer<typeof locationSchema>;

export const DEFAULT_ACCEPT_WITHIN_MINUTES = 5;
export const ACCEPT_WITHIN_MINUTES_MIN = 1;
export const ACCEPT_WITHIN_MINUTES_MAX = 60;

/** The singleton 'restaurant_settings' as the storefront reads it (money in bani). */
export const restaurantSettingsSchema = z.object({
  name: z.string().check(z.minLength(1)),
  description: z.string(),
  phone: z.string(),
  email: z.string(),
  address: z.string(),
  isOpen: z.boolean(),
  deliveryFeeBani: baniSchema,
  minimumOrderBani: baniSchema,
  /** Issue 27: the minimum order applies to delivery only unless the manager extends it to pickup. */
  minimumOrderAppliesToPickup: z._default(z.boolean(), false),
  estimatedDeliveryTime: z.string(),
  /**
   * Issue 19: a new order not accepted within this many minutes escalates on the board and the
   * customer is told the restaurant has not confirmed yet. A copy stored before reads the default.
   */
  acceptWithinMinutes: z._default(
    z.number().check(z.int(), z.gte(ACCEPT_WITHIN_MINUTES_MIN), z.lte(ACCEPT_WITHIN_MINUTES_MAX)),
    DEFAULT_ACCEPT_WITHIN_MINUTES,
  ),
  deliveryRadiusKm: z.number().check(z.gte(1), z.lte(25)),
  zoneValidationType: z.string(),
  deliveryZoneName: z.string(),
  deliveryBaseLat: z.number(),
  deliveryBaseLng: z.number(),
  status: z.string(),
  /** Optimistic-concurrency version; a save names the version it started from. */
  version: z.number().check(z.int(), z.nonnegative()),
  updatedAt: z.string(),
});
export type RestaurantSettings = z.infer<typeof restaurantSettingsSchema>;

/** GET /api/restaurant: settings plus the two locations and the server's clock reading. */
export const restaurantInfoSchema = z.object({
  settings: restaurantSettingsSchema,
  locations: z.array(locationSchema),
  serverNow: z.string(),
  /** Target of the 'Comandă Online' promo banner (the external cakes shop; CAKES_SHOP_URL). */
  cakesShopUrl: z.url(),
  /**
   * PAYMENTS=test: card payments go to the test checkout and no money moves; every page shows the
   * test-mode notice (issue 21, defect 4). A copy stored before the field existed reads as false.
   */
  testPayments: z._default(z.boolean(), false),
});
export type RestaurantInfo = z.infer<typeof restaurantInfoSchema>;
