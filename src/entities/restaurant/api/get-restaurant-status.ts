/**
 * The storefront's "open now / opens at …" (issue 7): GET /api/restaurant/status, judged by the
 * server's clock and each location's weekly hours and holiday exceptions in Europe/Bucharest, and
 * the manager's open toggle. Shared by the footer, the contact page, the full menu and the closed
 * notice: the restaurant noun's second read (docs/decisions/0158-shared-nouns-in-src-entities.md).
 *
 * No polling (spec §9): the query refetches once, when the answer says the state changes next
 * (a close or an opening), timed from the server's own clock, so the device clock never matters.
 * Offline, the last answer stays on screen.
 */
import { queryOptions } from '@tanstack/react-query';

import { apiFetch } from '../../../lib/api-fetch';
import type { RestaurantStatus } from '../../../shared/schemas/admin';
import { restaurantStatusSchema } from '../../../shared/schemas/admin';
import { restaurantKeys } from './get-restaurant';

/** A second after the change, so the server surely sees it; at most once a day otherwise. */
const CHANGE_MARGIN_MS = 1_000;
const MAX_WAIT_MS = 24 * 60 * 60 * 1_000;

/** How long until this answer goes out of date (the next close or opening), by the server's clock. */
export function msUntilStatusChange(status: RestaurantStatus): number {
  const now = Date.parse(status.serverNow);
  const changes = status.locations
    .flatMap((l) => [l.closesAt, l.nextOpeningAt])
    .filter((at): at is string => at !== null)
    .map((at) => Date.parse(at) - now)
    .filter((ms) => ms > 0);
  return Math.min(MAX_WAIT_MS, ...changes.map((ms) => ms + CHANGE_MARGIN_MS));
}

export const restaurantStatusQueryOptions = () =>
  queryOptions({
    queryKey: restaurantKeys.status,
    queryFn: () => apiFetch('/api/restaurant/status', restaurantStatusSchema),
    refetchInterval: (query) => (query.state.data ? msUntilStatusChange(query.state.data) : false),
    // No stored copy to fall back to: offline the read waits (paused) and runs on reconnect (issue 27).
    networkMode: 'online',
  });
