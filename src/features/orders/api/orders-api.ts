/**
 * Server reads and payment calls of the orders screens (confirmation, history, details, retry).
 * Every read is a queryOptions factory keyed by orderKeys; loaders, hooks and invalidations reuse
 * them. Offline, the history and the details of orders seen before answer from IndexedDB (order-repo);
 * other reads fail (the screens show their error text) and payment calls throw NetworkError, which
 * the screens turn into the spec's error toasts. Nothing here is queued for later: paying needs the
 * customer and a connection.
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';

import { api, call, EMPTY_JSON_BODY } from '../../../lib/api-client';
import { NetworkError } from '../../../lib/api-fetch';
import type { OrderFeedbackInput } from '../../../shared/schemas/feedback';
import { orderFeedbackResponseSchema } from '../../../shared/schemas/feedback';
import { menuSchema } from '../../../shared/schemas/menu';
import type { OrderFilter } from '../../../shared/domain/order-history';
import { countByFilter, filterOrders } from '../../../shared/domain/order-history';
import type { Order, OrderHistoryPage } from '../../../shared/schemas/order';
import {
  checkoutUrlResponseSchema,
  orderHistoryPageSchema,
  orderResponseSchema,
  receiptResponseSchema,
  retryCheckoutResponseSchema,
  sessionStatusResponseSchema,
} from '../../../shared/schemas/order';

export const orderKeys = {
  all: ['orders'] as const,
  list: () => [...orderKeys.all, 'list'] as const,
  detail: (orderNumber: string) => [...orderKeys.all, 'detail', orderNumber] as const,
  sessionStatus: (orderNumber: string, sessionId: string) => [...orderKeys.all, 'session-status', orderNumber, sessionId] as const,
  todaysMenu: () => [...orderKeys.all, 'todays-menu'] as const,
};

/** One order of the signed-in customer, by number (encoded: the client puts params into the path as given). */
const orderRoute = api.orders[':orderNumber'];
const orderParam = (orderNumber: string) => ({ param: { orderNumber: encodeURIComponent(orderNumber) } });

/** The device copy lives in IndexedDB; loaded on demand so Dexie stays out of the first paint. */
const loadRepo = () => import('../order-repo');
/** Whose device copy it is (the session's repository), loaded on demand for the same reason. */
const loadSession = () => import('../../../entities/session/session-repo');
type OrderRepo = Awaited<ReturnType<typeof loadRepo>>;

/**
 * Reads with an offline fallback: the server's answer is copied to IndexedDB (best effort, for the
 * last signed-in person); without a network the copy answers, else the NetworkError stands.
 */
async function withDeviceCopy<T>(
  read: () => Promise<T>,
  save: (repo: OrderRepo, userId: number, value: T) => Promise<void>,
  readSaved: (repo: OrderRepo, userId: number) => Promise<T | null>,
): Promise<T> {
  try {
    const value = await read();
    void Promise.all([loadRepo(), loadSession().then((session) => session.signedInUserForDeviceCopy())])
      .then(([repo, user]) => (user ? save(repo, user.id, value) : undefined))
      .catch(() => undefined);
    return value;
  } catch (error) {
    if (error instanceof NetworkError) {
      const saved = await Promise.all([loadRepo(), loadSession().then((session) => session.lastKnownCurrentUser())])
        .then(([repo, user]) => (user ? readSaved(repo, user.id) : null))
        .catch(() => null);
      if (saved) return saved;
    }
    throw error;
  }
}

/**
 * My orders a page at a time, newest first (GET /api/orders, issue 26): the server filters, searches
 * and counts, so a long history costs one page. Offline, the first page is the device's copy (every
 * order read so far) filtered and searched by the same rule; later pages wait for the network.
 */
export const orderHistoryQueryOptions = (filter: OrderFilter, q: string) =>
  infiniteQueryOptions({
    queryKey: [...orderKeys.list(), filter, q] as const,
    initialPageParam: null as string | null,
    getNextPageParam: (page: OrderHistoryPage) => page.nextBefore,
    queryFn: ({ pageParam }) =>
      withDeviceCopy(
        () =>
          call(
            api.orders.$get({
              query: { ...(filter === 'all' ? {} : { filter }), ...(q ? { q } : {}), ...(pageParam ? { before: pageParam } : {}) },
            }),
            orderHistoryPageSchema,
          ),
        (repo, userId, page) => repo.saveOrdersPage(userId, page.orders),
        async (repo, userId) => {
          if (pageParam !== null) return null;
          const saved = await repo.readOrdersSnapshot(userId);
          if (!saved) return null;
          const orders = filterOrders(saved, filter, q);
          return { orders, counts: countByFilter(saved), total: orders.length, nextBefore: null };
        },
      ),
  });

/**
 * One of my orders with its items (GET /api/orders/:orderNumber); another customer's is a 404.
 * Offline, an order seen before (in the list or its details) answers from the device copy.
 */
export const orderQueryOptions = (orderNumber: string) =>
  queryOptions({
    queryKey: orderKeys.detail(orderNumber),
    queryFn: () =>
      withDeviceCopy(
        async () => (await call(orderRoute.$get(orderParam(orderNumber)), orderResponseSchema)).order,
        (repo, userId, order) => repo.saveOrder(userId, order),
        (repo, userId) => repo.readOrder(userId, orderNumber),
      ),
    // A missing order stays missing: do not retry 404s (spec §7: no retry on auth errors either).
    retry: (failureCount, error) => failureCount < 3 && !isClientError(error),
  });

/**
 * What the payment provider says about a returning checkout session. The query string of the
 * success URL never marks anything paid; the server looks the session up.
 */
export const sessionStatusQueryOptions = (orderNumber: string, sessionId: string) =>
  queryOptions({
    queryKey: orderKeys.sessionStatus(orderNumber, sessionId),
    queryFn: () =>
      call(api.payments['session-status'].$get({ query: { session_id: sessionId, orderNumber } }), sessionStatusResponseSchema),
    staleTime: 0,
  });

/** Today's catalogue for 'Reorder': always fresh, because reorder must use today's prices. */
export const todaysMenuQueryOptions = () =>
  queryOptions({
    queryKey: orderKeys.todaysMenu(),
    queryFn: () => call(api.menu.$get(), menuSchema),
    staleTime: 0,
  });

export function isClientError(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}

export function isNotFound(error: unknown): boolean {
  return (error as { status?: unknown } | null)?.status === 404;
}

/** 'Complete Payment' on the confirmation page: a fresh hosted checkout session for this order. */
export async function restartPaymentFromConfirmation(orderNumber: string): Promise<string> {
  const { url } = await call(orderRoute['retry-payment'].$post(orderParam(orderNumber), EMPTY_JSON_BODY), checkoutUrlResponseSchema);
  return url;
}

/** The retry page's call: {checkoutUrl}, or an error (ApiRequestError) whose text the page shows. */
export async function restartPaymentFromRetryPage(orderNumber: string): Promise<string> {
  const { checkoutUrl } = await call(
    api.payments['retry-payment'][':orderNumber'].$post(orderParam(orderNumber), EMPTY_JSON_BODY),
    retryCheckoutResponseSchema,
  );
  return checkoutUrl;
}

/** The payment provider's receipt for a paid order; 409 receipt_not_available before that. */
export async function fetchReceiptUrl(orderNumber: string): Promise<string> {
  const { receiptUrl } = await call(orderRoute.receipt.$get(orderParam(orderNumber)), receiptResponseSchema);
  return receiptUrl;
}

/**
 * The customer's own cancel (issue 19), allowed until the restaurant accepts the order; after that
 * the server answers 409 order_already_accepted. Needs the network: offline it throws NetworkError
 * at once and the page says a connection is needed (a cancel queued for later could arrive after the
 * restaurant accepted, so it is never queued). A paid card order is refunded by the server.
 */
export async function cancelMyOrder(orderNumber: string): Promise<Order> {
  return (await call(orderRoute.cancel.$post({ ...orderParam(orderNumber), json: {} }), orderResponseSchema)).order;
}

/**
 * 'Send Feedback': a rating and message stored with the order on the server. Needs the network;
 * offline it throws and the dialog keeps what was typed so the customer can send it again.
 */
export async function sendOrderFeedback(orderNumber: string, input: OrderFeedbackInput): Promise<void> {
  await call(orderRoute.feedback.$post({ ...orderParam(orderNumber), json: input }), orderFeedbackResponseSchema);
}
