/**
 * Order history search and filters (spec §2 Order history): search by order number or item name
 * (case- and diacritic-insensitive substring), filter by status group. One rule for both sides: the
 * server pages a customer's history with it (GET /api/orders, issue 26), and the client applies it
 * to the device's copy when offline. The chosen filter, search and view mode live in the URL.
 */
import type { Order } from '../schemas/order';
import type { OrderStatus } from '../schemas/order-statuses';
import { IN_PROGRESS_STATUSES } from '../schemas/order-statuses';
import type { OrderFilter } from './order-history-search';
import { ORDER_FILTERS } from './order-history-search';

// The URL contract has its own module (the router needs it in the first-load code, these rules not).
export type { OrderFilter, OrderViewMode } from './order-history-search';
export { MAX_ORDER_SEARCH_LENGTH, ORDER_FILTERS, orderFilterSchema, orderViewModeSchema } from './order-history-search';

export const ORDER_FILTER_LABELS: Record<OrderFilter, string> = {
  all: 'All',
  'in-progress': 'In progress',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** The statuses each filter keeps; null keeps every order. */
export function statusesOf(filter: OrderFilter): readonly OrderStatus[] | null {
  switch (filter) {
    case 'all':
      return null;
    case 'in-progress':
      return IN_PROGRESS_STATUSES;
    case 'delivered':
      return ['delivered'];
    case 'cancelled':
      return ['cancelled'];
  }
}

export function matchesFilter(order: Pick<Order, 'status'>, filter: OrderFilter): boolean {
  const statuses = statusesOf(filter);
  return statuses === null || statuses.includes(order.status);
}

/** What a search compares: no diacritics ("Ceafă" is found by "ceafa"), lower case, trimmed. */
export function normaliseSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}

/** What a search reads of an order: its number and its dishes' names. */
export interface SearchableOrder {
  orderNumber: string;
  orderItems: readonly { itemName: string }[];
}

export function matchesSearch(order: SearchableOrder, query: string): boolean {
  const needle = normaliseSearchText(query);
  if (!needle) return true;
  if (normaliseSearchText(order.orderNumber).includes(needle)) return true;
  return order.orderItems.some((item) => normaliseSearchText(item.itemName).includes(needle));
}

export function filterOrders<T extends SearchableOrder & Pick<Order, 'status'>>(
  orders: readonly T[],
  filter: OrderFilter,
  query: string,
): T[] {
  return orders.filter((order) => matchesFilter(order, filter) && matchesSearch(order, query));
}

/** Orders per filter, from how many orders have each status. */
export function filterCountsOf(statusCounts: readonly { status: OrderStatus; count: number }[]): Record<OrderFilter, number> {
  const counts = { all: 0, 'in-progress': 0, delivered: 0, cancelled: 0 } satisfies Record<OrderFilter, number>;
  for (const { status, count } of statusCounts)
    for (const filter of ORDER_FILTERS) if (matchesFilter({ status }, filter)) counts[filter] += count;
  return counts;
}

export function countByFilter(orders: readonly Pick<Order, 'status'>[]): Record<OrderFilter, number> {
  return filterCountsOf(orders.map(({ status }) => ({ status, count: 1 })));
}
