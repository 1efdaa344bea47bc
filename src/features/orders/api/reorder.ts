/**
 * 'Reorder': put a past order's lines back in the cart at today's prices.
 *
 * Needs the network for today's catalogue (GET /api/menu, fetched fresh). Offline it throws before
 * touching the cart, and the screen says to check the connection; nothing is queued. The cart write
 * itself is local (IndexedDB) and merges with what is already there by the shared cart rule, in one
 * transaction, so a crash never half-adds an order.
 */
import type { QueryClient } from '@tanstack/react-query';

import { addToCartLines } from '../../../shared/domain/cart';
import type { Order } from '../../../shared/schemas/order';
import { db } from '../../../db/db';
import type { ReorderPlan } from '../domain/reorder';
import { planReorder } from '../domain/reorder';
import { todaysMenuQueryOptions } from './orders-api';

function newLineId(): string {
  return `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
}

export async function reorderIntoCart(queryClient: QueryClient, order: Pick<Order, 'orderItems'>): Promise<ReorderPlan> {
  const menu = await queryClient.fetchQuery(todaysMenuQueryOptions());
  const plan = planReorder(order.orderItems, menu);
  if (plan.additions.length === 0) return plan;
  await db.transaction('rw', db.cartLines, async () => {
    let lines = await db.cartLines.orderBy('addedAt').toArray();
    const startedAt = Date.now();
    plan.additions.forEach((addition, index) => {
      lines = addToCartLines(lines, addition, newLineId(), new Date(startedAt + index).toISOString());
    });
    await db.cartLines.bulkPut(lines);
  });
  return plan;
}
