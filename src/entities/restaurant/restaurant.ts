/**
 * The restaurant noun's data (docs/decisions/0158-shared-nouns-in-src-entities.md), in a module of its
 * own so the query (./api/get-restaurant.ts) and the repository it loads lazily (./restaurant-repo.ts)
 * both name it without importing each other.
 */
import type { RestaurantInfo } from '../../shared/schemas/restaurant';

/**
 * The settings with the device clock's time of the reading (ms since the epoch): the server's clock
 * reading (`serverNow`) keeps its offset to the device clock from then, so checkout can run the
 * server's time on. Absent only on the answer a server-rendered page carries, which is stale at once and
 * read again before checkout shows it.
 */
export type Restaurant = RestaurantInfo & { fetchedAtDeviceMs?: number };
