/**
 * Order history search and filters (spec §2 Order history): search by order number or item name
 * (case-insensitive substring), filter by status group. The chosen filter, search and view mode
 * live in the URL; this module is the pure part.
 */
import { z } from 'zod';

import type { Order } from '../../../shared/schemas/order';
import { IN_PROGRESS_STATUSES } from '../../../shared/schemas/order-statuses';

export const ORDER_FILTERS = ['all', 'in-progress', 'delivered', 'cancelled'] as const;
export const orderFilterSchema = z.enum(ORDER_FILTERS);
export type OrderFilter = z.infer<typeof orderFilterSchema>;

export const ORDER_FILTER_LABELS: Record<OrderFilter, string> = {
  all: 'All',
  'in-progress': 'In progress',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

export const orderViewModeSchema = z.enum(['grid', 'list']);
export type OrderViewMode = z.infer<typeof orderViewModeSchema>;

export const MAX_ORDER_SEARCH_LENGTH = 100;

export function matchesFilter(order: Pick<Order, 'status'>, filter: OrderFilter): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'in-progress':
      return IN_PROGRESS_STATUSES.includes(order.status);
    case 'delivered':
      return order.status === 'delivered';
    case 'cancelled':
      return order.status === 'cancelled';
  }
}

function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}

export function matchesSearch(order: Pick<Order, 'orderNumber' | 'orderItems'>, query: string): boolean {
  const needle = normalise(query);
  if (!needle) return true;
  if (normalise(order.orderNumber).includes(needle)) return true;
  return order.orderItems.some((item) => normalise(item.itemName).includes(needle));
}

export function filterOrders<T extends Pick<Order, 'status' | 'orderNumber' | 'orderItems'>>(
  orders: readonly T[],
  filter: OrderFilter,
  query: string,
): T[] {
  return orders.filter((order) => matchesFilter(order, filter) && matchesSearch(order, query));
}

export function countByFilter(orders: readonly Pick<Order, 'status'>[]): Record<OrderFilter, number> {
  const counts = { all: 0, 'in-progress': 0, delivered: 0, cancelled: 0 } satisfies Record<OrderFilter, number>;
  for (const order of orders) for (const filter of ORDER_FILTERS) if (matchesFilter(order, filter)) counts[filter] += 1;
  return counts;
}
