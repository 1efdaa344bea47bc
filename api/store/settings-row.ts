/** The restaurant_settings row as the shared settings contract; the one mapping every reader uses. */
import type { Selectable } from 'kysely';

import type { RestaurantSettings } from '../../src/shared/schemas/restaurant';
import { restaurantSettingsSchema } from '../../src/shared/schemas/restaurant';
import type { RestaurantSettingsTable } from './schema';

export function settingsFromRow(row: Selectable<RestaurantSettingsTable>): RestaurantSettings {
  return restaurantSettingsSchema.parse({
    name: row.name,
    description: row.description,
    phone: row.phone,
    email: row.email,
    address: row.address,
    isOpen: row.is_open === 1,
    deliveryFeeBani: row.delivery_fee_bani,
    minimumOrderBani: row.minimum_order_bani,
    minimumOrderAppliesToPickup: row.minimum_order_applies_to_pickup === 1,
    estimatedDeliveryTime: row.estimated_delivery_time,
    acceptWithinMinutes: row.accept_within_minutes,
    deliveryRadiusKm: row.delivery_radius_km,
    zoneValidationType: row.zone_validation_type,
    deliveryZoneName: row.delivery_zone_name,
    deliveryBaseLat: row.delivery_base_lat,
    deliveryBaseLng: row.delivery_base_lng,
    status: row.status,
    version: row.version,
    updatedAt: row.updated_at,
  });
}
