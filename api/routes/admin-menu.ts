/**
 * /api/admin/menu (issue 7, Sold out): the whole catalogue with its sold-out flags, and one-tap
 * toggles for menu items and modifier options. A toggle invalidates the menu cache (GET /api/menu
 * answers a new version and ETag) and publishes 'menu-changed' so open storefront tabs refetch
 * within seconds; order creation refuses sold-out items on its own (api/orders/pricing.ts).
 *
 * Offline: the board sends toggles directly and shows the failure; a toggle is idempotent by nature
 * (it sets a value, it does not flip it), so a retried request changes nothing twice.
 */
import { Hono } from 'hono';
import { z } from 'zod/mini';

import type { AdminMenu } from '../../src/shared/schemas/admin';
import { soldOutToggleSchema } from '../../src/shared/schemas/admin';
import type { AppDeps, AppEnv } from '../deps';
import { apiError, HTTP_STATUS } from '../lib/http-errors';
import { refuseWritesWhenCmsIsRemote } from '../middleware/cms-managed';
import { requireAdmin } from '../middleware/session';
import { validate } from '../middleware/validate';

const ID_PARAM = z.object({ id: z.coerce.number().check(z.int(), z.positive(), z.lte(Number.MAX_SAFE_INTEGER)) });

export function adminMenuRoutes(deps: AppDeps) {
  const db = deps.store.db;

  async function changed(id: number, soldOut: boolean) {
    deps.menuCache.invalidate();
    const menu = await deps.menuCache.get();
    deps.liveEvents.publish({ type: 'menu-changed', at: deps.clock.now().toISOString() });
    return { id, soldOut, menuVersion: menu.version };
  }

  return new Hono<AppEnv>()
    .use('*', requireAdmin)
    .use('*', refuseWritesWhenCmsIsRemote(deps))
    .get('/', async (c) => {
      const [items, options] = await Promise.all([
        db
          .selectFrom('menu_items')
          .innerJoin('menu_categories', 'menu_categories.id', 'menu_items.category_id')
          .select([
            'menu_items.id',
            'menu_items.name',
            'menu_items.price_bani',
            'menu_items.sold_out',
            'menu_categories.name as category_name',
          ])
          .where('menu_items.is_active', '=', 1)
          .orderBy('menu_categories.sort_order')
          .orderBy('menu_items.sort_order')
          .orderBy('menu_items.id')
          .execute(),
        db
          .selectFrom('modifier_options')
          .innerJoin('modifier_groups', 'modifier_groups.id', 'modifier_options.modifier_group_id')
          .select(['modifier_options.id', 'modifier_options.name', 'modifier_options.sold_out', 'modifier_groups.name as group_name'])
          .where('modifier_options.is_active', '=', 1)
          .orderBy('modifier_groups.sort_order')
          .orderBy('modifier_options.sort_order')
          .orderBy('modifier_options.id')
          .execute(),
      ]);
      const body: AdminMenu = {
        items: items.map((row) => ({
          id: row.id,
          name: row.name,
          categoryName: row.category_name,
          priceBani: row.price_bani,
          soldOut: row.sold_out === 1,
        })),
        options: options.map((row) => ({ id: row.id, name: row.name, groupName: row.group_name, soldOut: row.sold_out === 1 })),
      };
      return c.json(body);
    })
    .post('/items/:id/sold-out', validate('param', ID_PARAM), validate('json', soldOutToggleSchema), async (c) => {
      const { id } = c.req.valid('param');
      const { soldOut } = c.req.valid('json');
      const at = deps.clock.now().toISOString();
      const result = await db
        .updateTable('menu_items')
        .set({ sold_out: soldOut ? 1 : 0, updated_at: at })
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw apiError(HTTP_STATUS.NOT_FOUND, 'item_not_found', 'Menu item not found.');
      return c.json(await changed(id, soldOut));
    })
    .post('/options/:id/sold-out', validate('param', ID_PARAM), validate('json', soldOutToggleSchema), async (c) => {
      const { id } = c.req.valid('param');
      const { soldOut } = c.req.valid('json');
      const result = await db
        .updateTable('modifier_options')
        .set({ sold_out: soldOut ? 1 : 0 })
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw apiError(HTTP_STATUS.NOT_FOUND, 'option_not_found', 'Modifier option not found.');
      return c.json(await changed(id, soldOut));
    });
}
