/**
 * Param and search validation shared by the order routes (route-only helpers live in a `-` folder,
 * which the router ignores). An order number that cannot be one parses to '' and the screen shows
 * 'Order Not Found' instead of an error page.
 */
import { z } from 'zod';

import type { OrderFilter, OrderViewMode } from '../../shared/domain/order-history-search';
import { MAX_ORDER_SEARCH_LENGTH, orderFilterSchema, orderViewModeSchema } from '../../shared/domain/order-history-search';

export const ORDER_NUMBER_PATTERN = /^ORD-[0-9A-Z-]{1,60}$/;

export const orderNumberParamsSchema = z.object({
  orderNumber: z.string().trim().regex(ORDER_NUMBER_PATTERN).catch(''),
});

export function parseOrderNumberParams(raw: Record<string, string>) {
  return orderNumberParamsSchema.parse(raw);
}

/** Query of the confirmation pages: status (success, succeeded, failed), error, session_id. */
export const confirmationSearchSchema = z.object({
  status: z.enum(['success', 'succeeded', 'failed']).optional().catch(undefined),
  error: z.string().max(500).optional().catch(undefined),
  session_id: z.string().max(300).optional().catch(undefined),
});

/** Order history query: view mode, status filter and search, all optional (defaults grid, all, empty). */
export const orderHistorySearchSchema = z.object({
  view: orderViewModeSchema.optional().catch(undefined),
  filter: orderFilterSchema.optional().catch(undefined),
  q: z.string().max(MAX_ORDER_SEARCH_LENGTH).optional().catch(undefined),
});
export type OrderHistorySearch = z.infer<typeof orderHistorySearchSchema>;

/** Merge a change into the search, dropping defaults so the URL stays short. */
export function nextHistorySearch(
  current: OrderHistorySearch,
  change: { filter?: OrderFilter; q?: string; view?: OrderViewMode },
): OrderHistorySearch {
  const merged = { ...current, ...change };
  return {
    view: merged.view === 'grid' ? undefined : merged.view,
    filter: merged.filter === 'all' ? undefined : merged.filter,
    q: merged.q ? merged.q : undefined,
  };
}
