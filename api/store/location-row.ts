/**
 * The locations row as the shared location contract (issue 22): the one mapping the embedded Cms,
 * order pricing and the manager's location save read a kitchen through. The JSON columns (hours,
 * zone, fee bands) are parsed by the shared schemas, so a row the schema would refuse fails loudly
 * here rather than pricing an order with half a fee table.
 */
import type { Selectable } from 'kysely';

import type { LocationUpdate } from '../../src/shared/schemas/admin';
import { singleFeeAsBands } from '../../src/shared/domain/delivery-fees';
import type { Location } from '../../src/shared/schemas/restaurant';
import { locationSchema } from '../../src/shared/schemas/restaurant';
import type { LocationsTable } from './schema';

export function locationFromRow(row: Selectable<LocationsTable>): Location {
  return locationSchema.parse({
    id: row.id,
    name: row.name,
    address: row.address,
    latitude: row.latitude,
    longitude: row.longitude,
    phone: row.phone,
    openingHours: JSON.parse(row.opening_hours),
    isOpen: row.is_open === 1,
    zone: JSON.parse(row.delivery_zone),
    leadMinutes: row.lead_minutes,
    slotCapacity: row.slot_capacity,
    minimumOrderBani: row.minimum_order_bani,
    deliveryFees: JSON.parse(row.delivery_fees),
    version: row.version,
  });
}

/** The columns a location save writes (everything the manager edits; id, sort order and version aside). */
export function locationColumnsOf(input: Omit<LocationUpdate, 'version'>) {
  return {
    name: input.name,
    address: input.address,
    phone: input.phone,
    latitude: input.latitude,
    longitude: input.longitude,
    opening_hours: JSON.stringify(input.openingHours),
    is_open: input.isOpen ? (1 as const) : (0 as const),
    delivery_zone: JSON.stringify(input.zone),
    lead_minutes: input.leadMinutes,
    slot_capacity: input.slotCapacity,
    minimum_order_bani: input.minimumOrderBani,
    delivery_fees: JSON.stringify(input.deliveryFees),
  };
}

/**
 * A kitchen's operations taken from the restaurant-wide values (one radius, one fee, one minimum):
 * what migration 0020 wrote for every existing location, and what a Directus location reads, since
 * Directus keeps no per-location fields (docs/decisions/0136-each-kitchen-runs-its-own-delivery.md).
 * The radius is rounded up to the zone's 0.5 km steps within 1-25 km, so no address falls out.
 */
export function operationsFromRestaurantWide(settings: {
  deliveryRadiusKm: number;
  deliveryFeeBani: number;
  minimumOrderBani: number;
}): Pick<Location, 'zone' | 'deliveryFees' | 'minimumOrderBani'> {
  // The one-band rule is the shared one (src/shared/domain/delivery-fees.ts), not a copy.
  const { zone, deliveryFees } = singleFeeAsBands({ radiusKm: settings.deliveryRadiusKm, deliveryFeeBani: settings.deliveryFeeBani });
  return { zone, deliveryFees, minimumOrderBani: settings.minimumOrderBani };
}
