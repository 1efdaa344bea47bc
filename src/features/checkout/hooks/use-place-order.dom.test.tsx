// @vitest-environment happy-dom
/**
 * usePlaceOrder in a DOM: the network edge (checkout's api module) is stubbed; the outbox writes to
 * IndexedDB for real (fake-indexeddb), so a queued order is checked where the outbox will send it from.
 */
import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { cartLine } from '../../../../tests/fixtures/checkout-cart-lines';
import { db } from '../../../db/db';
import { restaurantKeys } from '../../../entities/restaurant/api/get-restaurant';
import { ApiRequestError, NetworkError } from '../../../lib/api-fetch';
import { asBani } from '../../../shared/money';
import type { CreateOrderInput, Order } from '../../../shared/schemas/order';
import { ORDER_CREATE_KIND } from '../../../sync/queued-orders';
import type * as CheckoutApi from '../api/checkout-api';
import { createCheckoutSession, createOrder } from '../api/checkout-api';
import { checkoutTotals } from '../domain/checkout-rules';
import { CASH_ORDER_ERROR_TEXT, CHECKOUT_ERROR_TEXT, orderInput, queuedPreview } from '../domain/checkout-state';
import { usePlaceOrder } from './use-place-order';
import { inLanguage } from '../../../../tests/fixtures/language';

let InEnglish: (props: { children: ReactNode }) => ReactNode;
beforeAll(async () => {
  InEnglish = await inLanguage();
});

vi.mock('../api/checkout-api', async (importOriginal) => ({
  ...(await importOriginal<typeof CheckoutApi>()),
  createOrder: vi.fn(),
  createCheckoutSession: vi.fn(),
}));

const USER_ID = 41;
const line = cartLine();
const totals = checkoutTotals([line], { deliveryFeeBani: 1000, minimumOrderBani: 0 }, 'delivery');
const customer = { firstName: 'Ana', lastName: 'Pop', email: 'ana@example.ro', phone: '0722000000' };

function request(method: 'cash' | 'card', notes = '') {
  const input: CreateOrderInput = orderInput({
    lines: [line],
    fulfilment: 'delivery',
    addressId: 5,
    locationId: null,
    method,
    customer,
    notes,
    expectedTotalBani: totals.totalBani,
  });
  return { input, preview: queuedPreview([line], totals, 'delivery') };
}

function placedOrder(orderNumber: string): Order {
  return { orderNumber } as Order;
}

let queryClient: QueryClient;
function renderPlaceOrder() {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <InEnglish>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </InEnglish>
  );
  return renderHook(() => usePlaceOrder(USER_ID), { wrapper }).result.current;
}
const keysSent = () => vi.mocked(createOrder).mock.calls.map(([, key]) => key);

beforeEach(async () => {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  vi.mocked(createOrder).mockReset();
  vi.mocked(createCheckoutSession).mockReset();
  // Nothing else may reach the network (the outbox's drain included).
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('offline in tests'))),
  );
  await db.outbox.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('usePlaceOrder', () => {
  it('places a cash order with an Idempotency-Key and answers placed', async () => {
    vi.mocked(createOrder).mockResolvedValue(placedOrder('PB-1001'));
    const placeOrder = renderPlaceOrder();
    const { input, preview } = request('cash');

    await expect(placeOrder({ input, preview })).resolves.toEqual({ kind: 'placed', method: 'cash', orderNumber: 'PB-1001' });
    expect(createOrder).toHaveBeenCalledWith(input, expect.stringMatching(/^[0-9a-f-]{36}$/));
    expect(await db.outbox.count()).toBe(0);
  });

  it('queues a cash order in the outbox under the same key when the connection is lost', async () => {
    vi.mocked(createOrder).mockRejectedValue(new NetworkError(new TypeError('Failed to fetch')));
    const placeOrder = renderPlaceOrder();
    const { input, preview } = request('cash');

    const outcome = await placeOrder({ input, preview });
    const [key] = keysSent();
    expect(outcome).toEqual({ kind: 'queued', queueId: key });
    const entry = await db.outbox.get(key!);
    expect(entry).toMatchObject({
      kind: ORDER_CREATE_KIND,
      userId: USER_ID,
      label: 'Cash order · 100.00 lei',
      request: { method: 'POST', path: '/api/orders', body: input },
      preview,
    });
  });

  it('queues without trying the network when the browser says it is offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const placeOrder = renderPlaceOrder();
    const outcome = await placeOrder(request('cash'));

    expect(outcome.kind).toBe('queued');
    expect(createOrder).not.toHaveBeenCalled();
    expect(await db.outbox.count()).toBe(1);
  });

  it('refuses a card order without a connection, keeping the key so the next press replays the same attempt', async () => {
    vi.mocked(createOrder).mockRejectedValueOnce(new NetworkError(new TypeError('Failed to fetch')));
    vi.mocked(createOrder).mockResolvedValueOnce(placedOrder('PB-1002'));
    vi.mocked(createCheckoutSession).mockResolvedValue('https://pay.example/session');
    const placeOrder = renderPlaceOrder();

    expect(await placeOrder(request('card'))).toEqual({
      kind: 'refused',
      notice: { type: 'error', title: 'checkout.notice.checkoutError', message: CHECKOUT_ERROR_TEXT },
      stale: null,
    });
    expect(await placeOrder(request('card'))).toEqual({
      kind: 'placed',
      method: 'card',
      orderNumber: 'PB-1002',
      paymentUrl: 'https://pay.example/session',
    });
    const [first, second] = keysSent();
    expect(second).toBe(first);
    expect(await db.outbox.count()).toBe(0);
  });

  it('asks afresh with a new key after a refusal, and shows the reason the server gave', async () => {
    vi.mocked(createOrder).mockRejectedValueOnce(new ApiRequestError(409, 'item_unavailable', 'Pork ribs is sold out today.'));
    vi.mocked(createOrder).mockRejectedValueOnce(new ApiRequestError(422, 'something_else', 'Internal wording'));
    const placeOrder = renderPlaceOrder();

    expect(await placeOrder(request('cash'))).toEqual({
      kind: 'refused',
      notice: { type: 'error', title: 'checkout.notice.orderError', message: { verbatim: 'Pork ribs is sold out today.' } },
      stale: null,
    });
    expect(await placeOrder(request('cash'))).toMatchObject({ kind: 'refused', notice: { message: CASH_ORDER_ERROR_TEXT } });
    const [first, second] = keysSent();
    expect(second).not.toBe(first);
  });

  it('keeps the key while the body is unchanged after a 5xx, and takes a new one when the body changes', async () => {
    vi.mocked(createOrder).mockRejectedValue(new ApiRequestError(503, 'unavailable', 'Try later'));
    const placeOrder = renderPlaceOrder();
    await placeOrder(request('card'));
    await placeOrder(request('card'));
    await placeOrder(request('card', 'Ring twice'));
    const [first, second, third] = keysSent();
    expect(second).toBe(first);
    expect(third).not.toBe(first);
  });

  it('answers priceChanged with the parsed details', async () => {
    const details = {
      expectedTotalBani: 10000,
      totalBani: 10400,
      changes: [{ menuItemId: 7, name: 'Pork ribs', kind: 'price', beforeBani: 4500, afterBani: 4700 }],
    };
    vi.mocked(createOrder).mockRejectedValue(new ApiRequestError(409, 'price_changed', 'Prices changed', details));
    const placeOrder = renderPlaceOrder();
    expect(await placeOrder(request('cash'))).toEqual({ kind: 'priceChanged', priceChange: details });
  });

  it('marks the restaurant settings stale when the server says it is closed', async () => {
    queryClient.setQueryData(restaurantKeys.info, { settings: {} });
    vi.mocked(createOrder).mockRejectedValue(new ApiRequestError(409, 'restaurant_closed', 'We are closed now.'));
    const placeOrder = renderPlaceOrder();
    const outcome = await placeOrder(request('cash'));

    expect(outcome).toMatchObject({ kind: 'refused', stale: 'restaurant', notice: { message: { verbatim: 'We are closed now.' } } });
    expect(queryClient.getQueryState(restaurantKeys.info)?.isInvalidated).toBe(true);
  });

  it('refuses with the checkout error when the card payment cannot start after the order was created', async () => {
    vi.mocked(createOrder).mockResolvedValue(placedOrder('PB-1003'));
    vi.mocked(createCheckoutSession).mockRejectedValue(new ApiRequestError(502, 'payment_provider', 'Stripe down'));
    const placeOrder = renderPlaceOrder();
    expect(await placeOrder(request('card'))).toEqual({
      kind: 'refused',
      notice: { type: 'error', title: 'checkout.notice.checkoutError', message: CHECKOUT_ERROR_TEXT },
      stale: null,
    });
    expect(createCheckoutSession).toHaveBeenCalledWith('PB-1003');
  });
});

// The agreed total drives the outbox label: a price change accepted before queueing shows there.
it('labels a queued order with the total in its preview', async () => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  const placeOrder = renderPlaceOrder();
  const { input } = request('cash');
  const outcome = await placeOrder({ input, preview: queuedPreview([line], { ...totals, totalBani: asBani(10400) }, 'delivery') });
  expect(outcome.kind === 'queued' && (await db.outbox.get(outcome.queueId))?.label).toBe('Cash order · 104.00 lei');
});
