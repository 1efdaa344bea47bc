import { useQuery } from '@tanstack/react-query';

import { boardQueryOptions } from '../api/admin-api';

/**
 * Which kitchens the signed-in manager runs (issue 22): a kitchen's id, null for every kitchen,
 * undefined until known (loading, offline with nothing cached). The board's answer says it, and
 * the new-order alerts read that same query whatever section is open, so this costs no request.
 */
export function useManagedKitchen(): number | null | undefined {
  return useQuery(boardQueryOptions({ today: true })).data?.managerLocationId;
}
