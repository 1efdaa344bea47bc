import { describe, expect, it } from 'vitest';

import { restaurantKeys } from './get-restaurant';
import { msUntilStatusChange, restaurantStatusQueryOptions } from './get-restaurant-status';

// Sunday 22 Nov 2026, 14:00 in Bucharest (UTC+2).
const NOW = '2026-11-22T12:00:00.000Z';

describe('the restaurant status query', () => {
  it('is the restaurant noun’s, under its key factory', () => {
    expect(restaurantStatusQueryOptions().queryKey).toEqual(restaurantKeys.status);
    expect(restaurantKeys.status).not.toEqual(restaurantKeys.info);
  });

  it('refetches the status once, just after the next change by the server clock', () => {
    const status = {
      isOpen: true,
      acceptingOrders: true,
      nextOpeningAt: null,
      serverNow: NOW,
      locations: [
        { id: 1, name: 'A', isOpen: true, closesAt: '2026-11-22T20:00:00.000Z', nextOpeningAt: null },
        { id: 2, name: 'B', isOpen: false, closesAt: null, nextOpeningAt: '2026-11-22T13:00:00.000Z' },
      ],
    };
    expect(msUntilStatusChange(status)).toBe(60 * 60 * 1000 + 1000);
    expect(msUntilStatusChange({ ...status, locations: [] })).toBe(24 * 60 * 60 * 1000);
  });
});
