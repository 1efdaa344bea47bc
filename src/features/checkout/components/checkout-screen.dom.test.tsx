// @vitest-environment happy-dom
/**
 * The checkout screen wired together in a DOM: the cart is read from IndexedDB (fake-indexeddb), the
 * restaurant settings come from the query cache, and only the api module's two writes are stubbed.
 */
import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { cartLine } from '../../../../tests/fixtures/checkout-cart-lines';
import { db } from '../../../db/db';
import type { Restaurant } from '../../../entities/restaurant/api/get-restaurant';
import { restaurantKeys } from '../../../entities/restaurant/api/get-restaurant';
import { ApiRequestError } from '../../../lib/api-fetch';
import { DAILY_11_TO_22 } from '../../../shared/domain/opening-hours';
import type { SlotsResponse } from '../../../shared/schemas/scheduling';
import type { Order } from '../../../shared/schemas/order';
import { signedInCustomer } from '../../../../tests/fixtures/current-user';
import type * as CheckoutApi from '../api/checkout-api';
import { checkoutKeys, createOrder } from '../api/checkout-api';
import { CheckoutScreen } from './checkout-screen';
import { inLanguage } from '../../../../tests/fixtures/language';

let inEnglish: (props: { children: ReactNode }) => ReactNode;
beforeAll(async () => {
  inEnglish = await inLanguage();
});

vi.mock('../api/checkout-api', async (importOriginal) => ({
  ...(await importOriginal<typeof CheckoutApi>()),
  createOrder: vi.fn(),
  createCheckoutSession: vi.fn(),
}));

const user = signedInCustomer();

/** Sunday 22 Nov 2026, 14:00 in Bucharest: inside 11:00-22:00. */
const SERVER_NOW = '2026-11-22T12:00:00.000Z';

function restaurantInfo(): Restaurant {
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
  } as unknown as Restaurant;
}

/** Location 2's slots: today 14:45 and 15:00, tomorrow (Mon 23 Nov) 13:00 and 13:15, the rest closed. */
function slotsOfLocation2(asapAvailable = true): SlotsResponse {
  const slot = (start: string) => ({ start, end: new Date(Date.parse(start) + 15 * 60_000).toISOString() });
  return {
    locationId: 2,
    asapAvailable,
    days: [
      { date: '2026-11-22', slots: [slot('2026-11-22T12:45:00.000Z'), slot('2026-11-22T13:00:00.000Z')] },
      { date: '2026-11-23', slots: [slot('2026-11-23T11:00:00.000Z'), slot('2026-11-23T11:15:00.000Z')] },
      ...['2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28'].map((date) => ({ date, slots: [] })),
    ],
  };
}

function renderScreen(slots?: SlotsResponse) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(restaurantKeys.info, restaurantInfo());
  if (slots) queryClient.setQueryData(checkoutKeys.slots(2), slots);
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
    { wrapper: inEnglish },
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

describe('CheckoutScreen: orders for later (DOM)', () => {
  it('sends the chosen slot (tomorrow 13:00), and a full slot is refused with the next free slots to pick from', async () => {
    vi.mocked(createOrder).mockRejectedValueOnce(
      new ApiRequestError(409, 'slot_full', 'This time slot has just filled up. Please pick another one.', {
        nextSlots: [{ start: '2026-11-23T11:15:00.000Z', end: '2026-11-23T11:30:00.000Z' }],
      }),
    );
    vi.mocked(createOrder).mockResolvedValueOnce({ orderNumber: 'PB-2003' } as Order);
    const calls = renderScreen(slotsOfLocation2());
    await choosePickupAndCash();
    fireEvent.click(screen.getByRole('radio', { name: 'Schedule for later' }));
    // Today's first open day is shown first; tomorrow is named so.
    expect(
      within(screen.getByRole('radiogroup', { name: 'Day' }))
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual([
      'Today',
      'Tomorrow',
      'Tue 24 NovFull or closed',
      'Wed 25 NovFull or closed',
      'Thu 26 NovFull or closed',
      'Fri 27 NovFull or closed',
      'Sat 28 NovFull or closed',
    ]);
    // No slot yet: the button says what is missing and nothing is sent.
    expect(screen.getByRole('button', { name: 'Please enter: Time slot' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Tomorrow' }));
    fireEvent.click(within(screen.getByRole('radiogroup', { name: 'Time slot, Tomorrow' })).getByRole('radio', { name: '13:00' }));
    expect(screen.getByTestId('checkout-scheduled').textContent).toBe('Scheduled for Mon 23 Nov, 13:00');
    fireEvent.click(screen.getByRole('button', { name: 'Place Order · 90.00 lei' }));

    const refusal = await screen.findByRole('alert');
    expect(refusal.textContent).toContain('This time slot has just filled up. Please pick another one.');
    expect(calls.placed).toEqual([]);
    expect(vi.mocked(createOrder).mock.calls[0]![0]).toMatchObject({ when: { type: 'slot', slotStart: '2026-11-23T11:00:00.000Z' } });
    fireEvent.click(within(refusal).getByRole('button', { name: 'Mon 23 Nov, 13:15' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('checkout-scheduled').textContent).toBe('Scheduled for Mon 23 Nov, 13:15');
    fireEvent.click(screen.getByRole('button', { name: 'Place Order · 90.00 lei' }));

    await waitFor(() => expect(calls.placed).toEqual(['PB-2003']));
    expect(vi.mocked(createOrder).mock.calls[1]![0]).toMatchObject({ when: { type: 'slot', slotStart: '2026-11-23T11:15:00.000Z' } });
  });

  it('closed now: "As soon as possible" is not offered and ordering for later is', async () => {
    renderScreen(slotsOfLocation2(false));
    await choosePickupAndCash();
    expect(screen.queryByRole('radio', { name: 'As soon as possible' })).toBeNull();
    expect((screen.getByRole('radio', { name: 'Schedule for later' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('checkout-order-later').textContent).toBe('You can still order for later: pick a time below.');
  });

  it('as soon as possible sends when asap; offline, "for later" says the slot list needs the connection', async () => {
    vi.mocked(createOrder).mockResolvedValue({ orderNumber: 'PB-2004' } as Order);
    const calls = renderScreen();
    await choosePickupAndCash();
    fireEvent.click(screen.getByRole('radio', { name: 'Schedule for later' }));
    // No slot list (the stubbed fetch fails, as offline): the picker says so and keeps ASAP.
    expect(await screen.findByText(/Ordering for later needs a connection/)).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'As soon as possible' }));
    fireEvent.click(screen.getByRole('button', { name: 'Place Order · 90.00 lei' }));
    await waitFor(() => expect(calls.placed).toEqual(['PB-2004']));
    expect(vi.mocked(createOrder).mock.calls[0]![0]).toMatchObject({ when: { type: 'asap' } });
  });
});

const ADD_ADDRESS_BUTTON = 'Please add a delivery address to proceed with payment.';
