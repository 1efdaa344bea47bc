/**
 * GET /api/restaurant/status (public): open now, and when next, by the server's clock and each
 * location's weekly hours and exceptions (half-open intervals in Europe/Bucharest,
 * docs/decisions/0007-opening-hours-half-open.md). The manager's open toggle closes everything regardless of the hours, with no known reopening;
 * a kitchen's own toggle (issue 22) closes that kitchen the same way.
 * The same rules gate POST /api/orders (api/orders/pricing.ts); this is the read the storefront
 * and the admin preview show.
 */
import { Hono } from 'hono';

import { closingAt, isOpenAt, nextOpening } from '../../src/shared/domain/opening-hours';
import type { RestaurantStatus } from '../../src/shared/schemas/admin';
import type { AppDeps, AppEnv } from '../deps';

export function restaurantStatusRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/', async (c) => {
    const [settings, locations] = await Promise.all([deps.cms.loadSettings(), deps.cms.loadLocations()]);
    const now = deps.clock.now();
    const perLocation = locations.map((location) => {
      // Issue 22: a kitchen switched off is closed whatever its hours, with no known reopening, like the restaurant-wide toggle.
      const switchedOn = settings.isOpen && location.isOpen;
      const open = switchedOn && isOpenAt(location.openingHours, now);
      const next = open || !switchedOn ? null : nextOpening(location.openingHours, now);
      const closes = open ? closingAt(location.openingHours, now) : null;
      return {
        id: location.id,
        name: location.name,
        isOpen: open,
        closesAt: closes ? closes.toISOString() : null,
        nextOpeningAt: next ? next.toISOString() : null,
      };
    });
    const nextAt = perLocation
      .map((l) => l.nextOpeningAt)
      .filter((at): at is string => at !== null)
      .sort()[0];
    const isOpen = perLocation.some((l) => l.isOpen);
    const body: RestaurantStatus = {
      isOpen,
      acceptingOrders: settings.isOpen,
      nextOpeningAt: isOpen ? null : (nextAt ?? null),
      serverNow: now.toISOString(),
      locations: perLocation,
    };
    // Changes with the clock: revalidate every time.
    c.header('Cache-Control', 'no-cache');
    return c.json(body);
  });
}
