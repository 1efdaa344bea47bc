/**
 * The order statuses and their labels, without zod: the order-history route's search validation
 * (in every page's first bundle) needs the 'In progress' group, and importing `order.ts` for it
 * built every order schema during the app's first script evaluation (zod schemas cost real time to
 * construct on a slow phone: total blocking time). `order.ts` re-exports these.
 */
export const ORDER_STATUSES = [
  'received',
  'confirmed',
  'preparing',
  'sent to kitchen',
  'out for delivery',
  'delivered',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Spec §4: the 'In progress' filter. */
export const IN_PROGRESS_STATUSES: readonly OrderStatus[] = ['received', 'confirmed', 'preparing', 'sent to kitchen', 'out for delivery'];

/** Spec §4: 'sent to kitchen' is displayed 'In Kitchen'. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  received: 'Received',
  confirmed: 'Confirmed',
  preparing: 'Preparing',
  'sent to kitchen': 'In Kitchen',
  'out for delivery': 'Out for Delivery',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};
