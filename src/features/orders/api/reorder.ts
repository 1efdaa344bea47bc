/**
 * 'Reorder': put a past order's lines back in the cart at today's prices.
 *
 * Needs the network for today's catalogue (GET /api/menu, fetched fresh). Offline it throws before
 * touching the cart, and the screen says to check the connection; nothing is queued. The cart write
 * itself is local (IndexedDB) and merges with what is already there by the shared cart rule, in one
 * transaction, so a crash never half-adds an order.
 */
import type { QueryClient } from '@tanstack/react-query';

import type { Order } from '../../../shared/schemas/order';
import { addAllToCart } from '../../../entities/cart/cart-repo';
import type { ReorderPlan } from '../domain/reorder';
import { planReorder } from '../domain/reorder';
import { todaysMenuQueryOptions } from './orders-api';

export async function reorderIntoCart(queryClient: QueryClient, order: Pick<Order, 'orderItems'>): Promise<ReorderPlan> {
  const menu = await queryClient.fetchQuery(todaysMenuQueryOptions());
  const plan = planReorder(order.orderItems, menu);
  if (plan.additions.length === 0) return plan;
  await addAllToCart(plan.additions);
  return plan;
}
