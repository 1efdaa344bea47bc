/**
 * Boards per location (issue 22): a manager account works for one kitchen
 * (users.manager_location_id) or for all of them (null, every account before issue 22). A
 * location-limited manager sees only that kitchen's orders on the board and acts only on them: an
 * order of another kitchen (or of none: a delivery placed before orders were routed to kitchens)
 * answers 404 order_not_found, exactly like an order number that does not exist, so the limit leaks
 * nothing; asking the board for another kitchen is 403 (the manager knows the kitchens exist).
 * Restaurant-wide work (settings, menu, which kitchen a manager works for) stays with the managers of
 * all kitchens where it says so (docs/decisions/0139-boards-per-location.md).
 */
import type { MiddlewareHandler } from 'hono';
import type { Kysely, Transaction } from 'kysely';

import type { AppEnv } from '../deps';
import type { Database, UserRow } from '../store/schema';
import { apiError, HTTP_STATUS } from './http-errors';

type Db = Kysely<Database> | Transaction<Database>;

/** The one kitchen this manager works for, or null for all. */
export function managerLocationOf(user: Pick<UserRow, 'manager_location_id'>): number | null {
  return user.manager_location_id ?? null;
}

/**
 * Which kitchen the board shows: the one asked for, limited to the manager's own. A limited manager
 * who asks for nothing gets their kitchen; one who asks for another kitchen is refused 403.
 */
export function boardLocationFor(user: Pick<UserRow, 'manager_location_id'>, requested: number | undefined): number | undefined {
  const own = managerLocationOf(user);
  if (own === null) return requested;
  if (requested !== undefined && requested !== own) {
    throw apiError(HTTP_STATUS.FORBIDDEN, 'location_forbidden', 'This account works for another kitchen.');
  }
  return own;
}

/** 404 for an order outside this manager's kitchen (or unknown): the same answer either way. */
export async function assertOrderInScope(db: Db, user: Pick<UserRow, 'manager_location_id'>, orderNumber: string): Promise<void> {
  const own = managerLocationOf(user);
  if (own === null) return;
  const row = await db.selectFrom('orders').select('location_id').where('order_number', '=', orderNumber).executeTakeFirst();
  if (!row || row.location_id !== own) throw apiError(HTTP_STATUS.NOT_FOUND, 'order_not_found', 'Order Not Found');
}

/** Middleware for '/:orderNumber/*' routes of the manager's order actions (after requireAdmin). */
export function orderInManagerScope(db: Db): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.get('user');
    const orderNumber = c.req.param('orderNumber');
    if (user && orderNumber !== undefined) await assertOrderInScope(db, user, orderNumber);
    await next();
  };
}

/** 403 unless this manager works for every kitchen (restaurant-wide decisions). */
export function requireAllKitchens(user: Pick<UserRow, 'manager_location_id'>): void {
  if (managerLocationOf(user) !== null) {
    throw apiError(HTTP_STATUS.FORBIDDEN, 'all_kitchens_only', 'Only a manager of every kitchen can do this.');
  }
}
