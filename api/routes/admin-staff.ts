/**
 * PUT /api/admin/staff/:userId/location (issue 22): which kitchen a manager account works for, one
 * location or null for all (managerLocationSchema). Only a manager of every kitchen decides it, and
 * not for their own account: the last manager of all kitchens cannot lock everyone out of the other
 * kitchen (docs/decisions/0139-boards-per-location.md). Takes effect at the account's next request
 * (the session reads the account row each time). Offline: needs the network; nothing is queued.
 */
import { Hono } from 'hono';
import { z } from 'zod';

import { managerLocationSchema } from '../../src/shared/schemas/scheduling';
import type { AppDeps, AppEnv } from '../deps';
import { apiError, HTTP_STATUS } from '../lib/http-errors';
import { requireAllKitchens } from '../lib/manager-scope';
import { requireAdmin, sessionUser } from '../middleware/session';
import { validate } from '../middleware/validate';
import { ADMIN_ROLE } from '../store/admin-account';

const USER_PARAM = z.object({ userId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export function adminStaffRoutes(deps: AppDeps) {
  const db = deps.store.db;
  return new Hono<AppEnv>()
    .use('*', requireAdmin)
    .put('/:userId/location', validate('param', USER_PARAM), validate('json', managerLocationSchema), async (c) => {
      const me = sessionUser(c);
      requireAllKitchens(me);
      const { userId } = c.req.valid('param');
      const { locationId } = c.req.valid('json');
      if (userId === me.id && locationId !== null) {
        throw apiError(HTTP_STATUS.UNPROCESSABLE, 'own_location', 'A manager cannot limit their own account to one kitchen.');
      }
      const target = await db.selectFrom('users').select(['id', 'role']).where('id', '=', userId).executeTakeFirst();
      if (!target || target.role !== ADMIN_ROLE)
        throw apiError(HTTP_STATUS.NOT_FOUND, 'manager_not_found', 'No manager account with this id.');
      if (locationId !== null) {
        const location = await db.selectFrom('locations').select('id').where('id', '=', locationId).executeTakeFirst();
        if (!location) throw apiError(HTTP_STATUS.UNPROCESSABLE, 'location_not_found', 'This location does not exist.');
      }
      await db
        .updateTable('users')
        .set({ manager_location_id: locationId, updated_at: deps.clock.now().toISOString() })
        .where('id', '=', userId)
        .execute();
      return c.json({ userId, locationId });
    });
}
