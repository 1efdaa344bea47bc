/**
 * Issue 22's request and answer shapes around a location (./locations.ts is what a location is): an
 * order's timing, the slots a kitchen offers and a refused slot's answer, which kitchen a delivery goes
 * to, moving an order and a manager's kitchens. A module of their own because the restaurant answer is
 * parsed in the storefront's first load and these are not: kept there, zod's schema calls (which a
 * bundler cannot drop) cost every page 0.3 KiB gzip.
 */
import { z } from 'zod/mini';

import { baniSchema, isoDateTimeSchema } from './common';

/** POST /api/orders `when`: as soon as possible (the default, what older clients send) or a slot. */
export const orderTimingSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('asap') }),
  z.object({ type: z.literal('slot'), slotStart: isoDateTimeSchema }),
]);
export type OrderTiming = z.infer<typeof orderTimingSchema>;

export const slotSchema = z.object({ start: isoDateTimeSchema, end: isoDateTimeSchema });
export type Slot = z.infer<typeof slotSchema>;

/** GET /api/locations/:id/slots: the slots still open, by Bucharest date; full slots are left out. */
export const slotsResponseSchema = z.object({
  locationId: z.number().check(z.int(), z.positive()),
  /** Whether "As soon as possible" can be offered now (the kitchen is open and taking orders). */
  asapAvailable: z.boolean(),
  days: z.array(z.object({ date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)), slots: z.array(slotSchema) })),
});
export type SlotsResponse = z.infer<typeof slotsResponseSchema>;

/** 409 slot_full: the slot filled up meanwhile; the next free ones so the customer picks again. */
export const SLOT_FULL_CODE = 'slot_full';
/** 422 slot_unavailable: not a slot of this kitchen (outside hours, in the past, too soon, too far ahead). */
export const SLOT_UNAVAILABLE_CODE = 'slot_unavailable';
export const slotRefusalDetailsSchema = z.object({ nextSlots: z.array(slotSchema).check(z.maxLength(8)) });

/** Which kitchen cooks a delivery to this pin, and what it costs (GET /api/addresses/:id/kitchen, the checkout summary). */
export const deliveryRouteSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('routed'),
    locationId: z.number().check(z.int(), z.positive()),
    locationName: z.string(),
    distanceKm: z.number().check(z.nonnegative()),
    /** The band's fee before the free threshold. */
    bandFeeBani: baniSchema,
    freeAboveBani: z.nullable(baniSchema),
    minimumOrderBani: baniSchema,
    /**
     * When the kitchen would have it ready: the slot's start for an order for later, else now + its
     * lead time; null when it does not take the order then (closed now). GET /api/addresses/:id/kitchen
     * always says; optional only for the shared mapper that builds the rest.
     */
    readyAt: z.optional(z.nullable(isoDateTimeSchema)),
  }),
  z.object({
    kind: z.literal('out_of_zone'),
    nearestLocationId: z.number().check(z.int(), z.positive()),
    nearestLocationName: z.string(),
    distanceKm: z.number().check(z.nonnegative()),
  }),
]);
export type DeliveryRoute = z.infer<typeof deliveryRouteSchema>;
/** GET /api/addresses/:id/kitchen?slotStart=: the kitchen for an order for later (absent: as soon as possible). */
export const deliveryRouteQuerySchema = z.object({ slotStart: z.optional(isoDateTimeSchema) });

/** POST /api/admin/board/:orderNumber/move: an accepted order goes to the other kitchen (the customer is told). */
export const moveOrderSchema = z.object({ locationId: z.number().check(z.int(), z.positive()) });
export type MoveOrderInput = z.infer<typeof moveOrderSchema>;

/** A manager account's kitchens: one location, or null for all (PUT /api/admin/staff/:userId/location). */
export const managerLocationSchema = z.object({ locationId: z.nullable(z.number().check(z.int(), z.positive())) });
export type ManagerLocation = z.infer<typeof managerLocationSchema>;
