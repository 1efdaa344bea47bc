// @vitest-environment happy-dom
/**
 * The checkout screen wired together in a DOM: the cart is read from IndexedDB (fake-indexeddb), the
 * restaurant settings come from the query cache, and only the api module's two writes are stubbed.
 */
import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { cartLine } from '../../../../tests/fixtures/checkout-cart-lines';
import { db } from '../../../db/db';
import { ApiRequestError } from '../../../lib/api-fetch';
import { DAILY_11_TO_22 } from '../../../shared/domain/opening-hours';
import type { Order } from '../../../shared/schemas/order';
import type { RestaurantInfo } from '../../../shared/schemas/restaurant';
import type { CurrentUser } from '../../../shared/schemas/user';
import type * as CheckoutApi from '../api/checkout-api';
import { checkoutKeys, createOrder } from '../api/checkout-api';
import { CheckoutScreen } from './checkout-screen';

vi.mock('../api/checkout-api', async (importOriginal) => ({
  ...(await importOriginal<typeof CheckoutApi>()),
  createOrder: vi.fn(),
  createCheckoutSession: vi.fn(),
}));

const user: CurrentUser = {
  id: 41,
  email: 'ana@example.ro',
  firstName: 'Ana',
  lastName: 'Pop',
  phone: '0722000000',
  avatar: null,
  status: 'active',
  role: 'customer',
};

/** Sunday 22 Nov 2026, 14:00 in Bucharest: inside 11:00-22:00. */
const SERVER_NOW = '2026-11-22T12:00:00.000Z';

function restaurantInfo(): RestaurantInfo & { fetchedAtDeviceMs: number } {
  return {
    settings: {
      isOpen: true,
      deliveryFeeBani: 1000,
      minimumOrderBani: 0,
      minimumOrderAppliesToPickup: false,
      estimatedDeliveryTime: '45 min',
    },
    locations: [
      {
        id: 2,
        name: 'Ploiești Centru',
        address: 'Str. Republicii 1',
        latitude: 44.94,
        longitude: 26.02,
        phone: '0244000000',
        openingHours: DAILY_11_TO_22,
      },
    ],
    serverNow: SERVER_NOW,
    fetchedAtDeviceMs: Date.now(),
  } as unknown as RestaurantInfo & { fetchedAtDeviceMs: number };
}

function renderScreen() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(checkoutKeys.restaurant(), restaurantInfo());
  const calls = { placed: [] as string[], queued: [] as string[], cartEmpty: 0, buttonWhileLeaving: [] as (string | null)[] };
  render(
    <QueryClientProvider client={queryClient}>
      <CheckoutScreen
        user={user}
        addresses={{ data: [], isError: false, refetch: () => undefined }}
        onCartEmpty={() => calls.cartEmpty++}
        onCashOrderPlaced={async (orderNumber) => {
          calls.placed.push(orderNumber);
          calls.buttonWhileLeaving.push(document.querySelector('.checkout-bar__action')?.textContent ?? null);
        }}
        onCashOrderQueued={async (queueId) => void calls.queued.push(queueId)}
      />
    </QueryClientProvider>,
  );
  return calls;
}

async function choosePickupAndCash() {
  fireEvent.click(await screen.findByRole('radio', { name: 'Pickup' }));
  fireEvent.click(within(screen.getByRole('radiogroup', { name: 'Pickup location' })).getByRole('radio'));
  fireEvent.click(screen.getByRole('radio', { name: /Cash/ }));
}

beforeEach(async () => {
  vi.mocked(createOrder).mockReset();
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('offline in tests'))),
  );
  await db.cartLines.clear();
  await db.outbox.clear();
  await db.cartLines.put(cartLine());
});
afterEach(() => vi.unstubAllGlobals());

describe('CheckoutScreen (DOM)', () => {
  it('places a cash pickup order, goes to its confirmation, then empties the cart without bouncing home', async () => {
    vi.mocked(createOrder).mockResolvedValue({ orderNumber: 'PB-2001' } as Order);
    const calls = renderScreen();
    expect(await screen.findByRole('button', { name: ADD_ADDRESS_BUTTON })).toBeTruthy();

    await choosePickupAndCash();
    fireEvent.click(screen.getByRole('button', { name: 'Place Order · 90.00 lei' }));

    await waitFor(() => expect(calls.placed).toEqual(['PB-2001']));
    await waitFor(async () => expect(await db.cartLines.count()).toBe(0));
    expect(calls.cartEmpty).toBe(0);
    expect(calls.buttonWhileLeaving).toEqual(['Processing...']);
    const [input] = vi.mocked(createOrder).mock.calls[0]!;
    expect(input).toMatchObject({ fulfilment: { type: 'pickup', locationId: 2 }, paymentMethod: 'cash', expectedTotalBani: 9000 });
  });

  it('shows a price change, and after it is accepted sends the new total', async () => {
    vi.mocked(createOrder).mockRejectedValueOnce(
      new ApiRequestError(409, 'price_changed', 'Prices changed', {
        expectedTotalBani: 9000,
        totalBani: 9400,
        changes: [{ menuItemId: 7, name: 'Pork ribs', kind: 'price', beforeBani: 4500, afterBani: 4700 }],
      }),
    );
    vi.mocked(createOrder).mockResolvedValueOnce({ orderNumber: 'PB-2002' } as Order);
    const calls = renderScreen();
    await choosePickupAndCash();
    fireEvent.click(screen.getByRole('button', { name: 'Place Order · 90.00 lei' }));

    const notice = await screen.findByRole('alert', { name: 'Prices have changed' });
    fireEvent.click(within(notice).getByRole('button', { name: 'Accept new total' }));
    fireEvent.click(screen.getByRole('button', { name: 'Place Order · 94.00 lei' }));

    await waitFor(() => expect(calls.placed).toEqual(['PB-2002']));
    expect(vi.mocked(createOrder).mock.calls[1]![0]).toMatchObject({ expectedTotalBani: 9400 });
  });
});

const ADD_ADDRESS_BUTTON = 'Please add a delivery address to proceed with payment.';
