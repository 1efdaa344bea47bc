/**
 * GET /api/locations/:id/slots (public, issue 22): the 15-minute slots a kitchen still offers for
 * orders for later, by Bucharest date (today and the next 6 days; full slots left out), and whether
 * "As soon as possible" can be offered now. Computed per request from the kitchen's hours, lead time
 * and capacity and the orders already in each slot (api/orders/schedule.ts); never cached, since a
 * slot fills with each order. The server re-checks the chosen slot when the order arrives.
 *
 * GET /api/locations/slots?lat=&lng= (public): the slots a delivery to that pin can take, the union of
 * the covering kitchens' lists, since an order for later goes to whichever covering kitchen has its
 * slot (docs/decisions/0150-routing-weighs-the-slot.md). No kitchen covers the pin: 422
 * address_not_deliverable naming the nearest kitchen, as the order would be refused.
 */
import { Hono } from 'hono';
import { z } from 'zod/mini';

import { reverseQuerySchema } from '../../src/shared/schemas/address';
import type { AppDeps, AppEnv } from '../deps';
import { apiError, HTTP_STATUS } from '../lib/http-errors';
import { addressNotDeliverable } from '../lib/kitchen-routing';
import { validate } from '../middleware/validate';
import { deliverySlotsOf, slotsOf } from '../orders';

const LOCATION_PARAM = z.object({ id: z.coerce.number().check(z.int(), z.positive(), z.lte(Number.MAX_SAFE_INTEGER)) });

export function locationsRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/slots', validate('query', reverseQuerySchema), async (c) => {
      const { lat, lng } = c.req.valid('query');
      const answer = await deliverySlotsOf(deps.store.db, { latitude: lat, longitude: lng }, deps.clock.now());
      if (answer.kind === 'out_of_zone') throw addressNotDeliverable(answer.route);
      c.header('Cache-Control', 'no-store');
      return c.json(answer.slots);
    })
    .get('/:id/slots', validate('param', LOCATION_PARAM), async (c) => {
      const slots = await slotsOf(deps.store.db, c.req.valid('param').id, deps.clock.now());
      if (!slots) throw apiError(HTTP_STATUS.NOT_FOUND, 'location_not_found', 'This location does not exist.');
      c.header('Cache-Control', 'no-store');
      return c.json(slots);
    });
}
