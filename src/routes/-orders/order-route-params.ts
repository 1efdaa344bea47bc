/**
 * Param and search validation shared by the order routes (route-only helpers live in a `-` folder,
 * which the router ignores). An order number that cannot be one parses to '' and the screen shows
 * 'Order Not Found' instead of an error page.
 */
import { z } from 'zod/mini';

import type { OrderFilter, OrderViewMode } from '../../shared/domain/order-history-search';
import { MAX_ORDER_SEARCH_LENGTH, orderFilterSchema, orderViewModeSchema } from '../../shared/domain/order-history-search';

export const ORDER_NUMBER_PATTERN = /^ORD-[0-9A-Z-]{1,60}$/;

export const orderNumberParamsSchema = z.object({
  orderNumber: z.catch(z.string().check(z.trim(), z.regex(ORDER_NUMBER_PATTERN)), ''),
});

export function parseOrderNumberParams(raw: Record<string, string>) {
  return orderNumberParamsSchema.parse(raw);
}

/** Query of the confirmation pages: status (success, succeeded, failed), error, session_id. */
export const confirmationSearchSchema = z.object({
  status: z.catch(z.optional(z.enum(['success', 'succeeded', 'failed'])), undefined),
  error: z.catch(z.optional(z.string().check(z.maxLength(500))), undefined),
  session_id: z.catch(z.optional(z.string().check(z.maxLength(300))), undefined),
});

/** Order history query: view mode, status filter and search, all optional (defaults grid, all, empty). */
export const orderHistorySearchSchema = z.object({
  view: z.catch(z.optional(orderViewModeSchema), undefined),
  filter: z.catch(z.optional(orderFilterSchema), undefined),
  q: z.catch(z.optional(z.string().check(z.maxLength(MAX_ORDER_SEARCH_LENGTH))), undefined),
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
