/** GET /api/restaurant: public settings, the two locations and the server clock (for "open now"). */
import { Hono } from 'hono';

import type { RestaurantInfo } from '../../src/shared/schemas/restaurant';
import type { AppDeps, AppEnv } from '../deps';

/** The answer's body; the server renderer of the first-paint pages starts from the same (api/routes/static.ts). */
export async function restaurantInfo(deps: AppDeps): Promise<RestaurantInfo> {
  const [settings, locations] = await Promise.all([deps.cms.loadSettings(), deps.cms.loadLocations()]);
  return {
    settings,
    locations,
    serverNow: deps.clock.now().toISOString(),
    cakesShopUrl: deps.env.CAKES_SHOP_URL,
    testPayments: deps.payments.name === 'test',
  };
}

export function restaurantRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/', async (c) => {
    const body = await restaurantInfo(deps);
    c.header('Cache-Control', 'no-cache');
    return c.json(body);
  });
}
