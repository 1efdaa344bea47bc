import { queryOptions } from '@tanstack/react-query';

import { takeReadyRestaurant } from '../../../db/early-read';
import { apiFetch } from '../../../lib/api-fetch';
import { pageDrawnFromStoredData } from '../../../lib/first-paint-source';
import { restaurantInfoSchema } from '../../../shared/schemas/restaurant';

export const restaurantKeys = {
  all: ['restaurant'] as const,
};

/** GET /api/restaurant: settings, the two locations, the cakes shop link. Routes pass it down to other features. */
export const restaurantQueryOptions = () =>
  queryOptions({
    queryKey: restaurantKeys.all,
    queryFn: async () => {
      const info = await apiFetch('/api/restaurant', restaurantInfoSchema);
      // When the answer came (checkout keeps the server clock's offset from it).
      const fetchedAt = new Date().toISOString();
      // Kept in IndexedDB (a local write, so offline is not a case here) for the service worker's
      // first paint of the next visit (the promo link) and for offline checkout. A failure to store
      // changes nothing on screen.
      void import('../../../db/db').then(({ db }) => db.restaurant.put({ key: 'current', info, fetchedAt })).catch(() => undefined);
      return info;
    },
    // A page the service worker drew from stored data starts from the stored settings (the promo
    // link it drew), stale at once: online the request replaces them; offline a failed request
    // keeps them.
    initialData: () => (pageDrawnFromStoredData() ? takeReadyRestaurant()?.info : undefined),
    initialDataUpdatedAt: 0,
  });
