/**
 * Issue 22, two kitchens and orders for later: what each location runs on its own (open toggle,
 * delivery zone, lead time, slot capacity, minimum order, fee bands), the slots a customer can order
 * for, and how a delivery is routed to a kitchen (the request and answer shapes of those: ./scheduling.ts,
 * kept apart so the storefront's first load carries only what a location is). The rules themselves are pure functions in
 * src/shared/domain (slots, delivery fees, kitchen routing), used by the API (authoritative) and the
 * PWA (display only). Money is integer bani (docs/decisions/0002-money-in-integer-bani.md).
 */
import { z } from 'zod/mini';

import { baniSchema } from './common';

/** 1,000 lei: no delivery fee or minimum order is ever that high; a bigger number is a typo. */
export const MAX_SETTINGS_MONEY_BANI = 100_000;
/** Spec §9: radius slider 1-25 km in 0.5 km steps, default 10 km. */
export const RADIUS_MIN_KM = 1;
export const RADIUS_MAX_KM = 25;
export const RADIUS_STEP_KM = 0.5;
export const DEFAULT_RADIUS_KM = 10;
export const RADIUS_PRESETS_KM = [5, 10] as const;
/** Romania's bounding box: a pin outside it is a slip of the map or a swapped lat/lng. */
export const ROMANIA_BOUNDS = { minLat: 43.6, maxLat: 48.3, minLng: 20.2, maxLng: 29.7 } as const;

const settingsMoneySchema = baniSchema.check(z.lte(MAX_SETTINGS_MONEY_BANI));

/**
 * A location's delivery zone: a radius around its pin today. A discriminated union so a drawn
 * polygon can be added as another kind without changing what is stored for a radius. This and the
 * fees below are the shapes a location is answered and stored in; the rules a manager's save must
 * also meet (0.5 km steps, bands from the nearest out) are the update body's (admin.ts), so the
 * storefront's first load, which parses every location, does not carry them.
 */
export const deliveryZoneSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('radius'), radiusKm: z.number().check(z.gte(RADIUS_MIN_KM), z.lte(RADIUS_MAX_KM)) }),
]);
export type DeliveryZone = z.infer<typeof deliveryZoneSchema>;

export const MAX_FEE_BANDS = 8;
/** One distance band: deliveries up to upToKm (inclusive) from the kitchen cost feeBani. */
export const deliveryFeeBandSchema = z.object({
  upToKm: z.number().check(z.positive(), z.lte(RADIUS_MAX_KM)),
  feeBani: settingsMoneySchema,
});
export type DeliveryFeeBand = z.infer<typeof deliveryFeeBandSchema>;

/**
 * Fees by distance ("0-3 km 0 lei, 3-6 km 9.99 lei, 6-10 km 14.99 lei") and a free-delivery
 * threshold. The old single fee is the one-band case (migration 0019 writes it so).
 */
export const deliveryFeesSchema = z.object({
  bands: z.array(deliveryFeeBandSchema).check(z.minLength(1), z.maxLength(MAX_FEE_BANDS)),
  /** A subtotal at or above this is delivered free; null: no threshold. */
  freeAboveBani: z.nullable(settingsMoneySchema),
});
export type DeliveryFees = z.infer<typeof deliveryFeesSchema>;

export const LEAD_MINUTES_MIN = 0;
export const LEAD_MINUTES_MAX = 240;
export const DEFAULT_LEAD_MINUTES = 30;
export const SLOT_CAPACITY_MIN = 1;
export const SLOT_CAPACITY_MAX = 200;
export const DEFAULT_SLOT_CAPACITY = 8;
/** Orders for later go in 15-minute slots, today and the next 6 days. */
export const SLOT_MINUTES = 15;
export const SCHEDULE_DAYS_AHEAD = 7;

/**
 * What each kitchen runs on its own. Defaults so a copy stored before issue 22 (a device's offline
 * restaurant copy, a Directus location without these fields) still reads.
 */
export const locationOperationsSchema = z.object({
  /** This kitchen's own open/closed toggle; the restaurant-wide toggle still closes every kitchen. */
  isOpen: z._default(z.boolean(), true),
  zone: z._default(deliveryZoneSchema, { kind: 'radius', radiusKm: DEFAULT_RADIUS_KM }),
  /** Preparation lead time: the earliest slot starts this long after now; a scheduled order reaches the new-orders lane this long before its slot. */
  leadMinutes: z._default(z.number().check(z.int(), z.gte(LEAD_MINUTES_MIN), z.lte(LEAD_MINUTES_MAX)), DEFAULT_LEAD_MINUTES),
  /** Orders one 15-minute slot takes (ASAP orders count in the slot they are due in). */
  slotCapacity: z._default(z.number().check(z.int(), z.gte(SLOT_CAPACITY_MIN), z.lte(SLOT_CAPACITY_MAX)), DEFAULT_SLOT_CAPACITY),
  minimumOrderBani: z._default(settingsMoneySchema, 0),
  deliveryFees: z._default(deliveryFeesSchema, { bands: [{ upToKm: DEFAULT_RADIUS_KM, feeBani: 0 }], freeAboveBani: null }),
});
export type LocationOperations = z.infer<typeof locationOperationsSchema>;
