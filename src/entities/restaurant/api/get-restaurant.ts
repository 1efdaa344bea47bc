/**
 * The restaurant noun's one server read (docs/decisions/0158-shared-nouns-in-src-entities.md):
 * GET /api/restaurant, the settings, the locations with their hours, the cakes shop link and the
 * server's clock reading. The header, footer, menu pages, contact page, checkout and the order pages
 * all read it through restaurantQueryOptions(), under restaurantKeys.info.
 *
 * Offline: a request that fails for want of a network answers the copy kept in IndexedDB
 * (../restaurant-repo.ts), so checkout can queue a cash order with the last known fee and hours and
 * the pages keep the phone and promo link; with no copy the NetworkError stands. The query function
 * only reads: the query cache hands each answer to the keeper this query names (`meta.keep`,
 * src/lib/keep-query-answers.ts), which stores it through ../restaurant-repo.ts.
 */
import { queryOptions } from '@tanstack/react-query';

import { apiFetch } from '../../../lib/api-fetch';
import { restaurantInfoSchema } from '../../../shared/schemas/restaurant';
import type { Restaurant } from '../restaurant';

export const restaurantKeys = {
  info: ['restaurant', 'info'] as const,
  /** GET /api/restaurant/status: open now, and until when (./get-restaurant-status.ts). */
  status: ['restaurant', 'status'] as const,
};

export type { Restaurant } from '../restaurant';

/** The repository, loaded when first needed (offline, or with an answer to keep): Dexie stays out of the first paint. */
const loadRepo = () => import('../restaurant-repo');

export const restaurantQueryOptions = () =>
  queryOptions({
    queryKey: restaurantKeys.info,
    queryFn: async (): Promise<Restaurant> => {
      try {
        return { ...(await apiFetch('/api/restaurant', restaurantInfoSchema)), fetchedAtDeviceMs: Date.now() };
      } catch (error) {
        // Offline, the stored copy answers; any other failure stands. The repository decides, so Dexie
        // loads on a failure only.
        return (await loadRepo()).storedRestaurantOr(error);
      }
    },
    // Each answer is kept for the next visit's first paint and for offline checkout
    // (src/lib/keep-query-answers.ts); the copy answered offline is not written back (not newer).
    meta: { keep: (restaurant: Restaurant) => loadRepo().then((repo) => repo.keepRestaurant(restaurant)) },
  });
