/**
 * The order history's URL contract (spec §2 Order history): the status filters, the view modes and
 * the longest search. The router validates the URL with these before the screen's code is loaded,
 * so they live apart from the filter and search rules (order-history.ts), which stay with the screen.
 */
import { z } from 'zod/mini';

export const ORDER_FILTERS = ['all', 'in-progress', 'delivered', 'cancelled'] as const;
export const orderFilterSchema = z.enum(ORDER_FILTERS);
export type OrderFilter = z.infer<typeof orderFilterSchema>;

export const orderViewModeSchema = z.enum(['grid', 'list']);
export type OrderViewMode = z.infer<typeof orderViewModeSchema>;

export const MAX_ORDER_SEARCH_LENGTH = 100;
