import { queryOptions } from '@tanstack/react-query';

import { apiFetch } from '../../../lib/api-fetch';
import { restaurantInfoSchema } from '../../../shared/schemas/restaurant';

export const restaurantKeys = {
  all: ['restaurant'] as const,
};

/** GET /api/restaurant: settings, the two locations, the cakes shop link. Routes pass it down to other features. */
export const restaurantQueryOptions = () =>
  queryOptions({
    queryKey: restaurantKeys.all,
    queryFn: () => apiFetch('/api/restaurant', restaurantInfoSchema),
  });
