/**
 * Checkout's server calls: the slots, the delivery kitchen and the two writes, creating the order and
 * starting a card payment. The restaurant settings it shows and enforces (fee, minimum, hours,
 * locations, the server clock) are the restaurant noun's one query (src/entities/restaurant).
 *
 * Offline: both writes need the network now. Creating the order throws NetworkError and the screen
 * shows 'Order Error' / 'Checkout Error'; the Idempotency-Key of the attempt is kept, so pressing
 * the button again after the connection returns replays the same attempt and the server answers
 * with the same order instead of placing a second one (a lost response is harmless too). Card
 * payment is refused in the UI while offline. Offline, the screen queues a cash order in the
 * outbox under the attempt's key instead (see hooks/use-place-order.ts); the restaurant settings come
 * from IndexedDB when the network fails (the restaurant query's offline answer).
 */
import { queryOptions } from '@tanstack/react-query';

import { restaurantQueryOptions } from '../../../entities/restaurant/api/get-restaurant';
import { api, apiPath, call } from '../../../lib/api-client';
import type { CreateOrderInput, Order } from '../../../shared/schemas/order';
import { checkoutUrlResponseSchema, orderResponseSchema } from '../../../shared/schemas/order';
import { deliveryRouteSchema, slotsResponseSchema } from '../../../shared/schemas/scheduling';

export const checkoutKeys = {
  all: ['checkout'] as const,
  slots: (locationId: number) => [...checkoutKeys.all, 'slots', locationId] as const,
  deliverySlots: (latitude: number, longitude: number) => [...checkoutKeys.all, 'delivery-slots', latitude, longitude] as const,
  kitchen: (addressId: number, slotStart: string | null) => [...checkoutKeys.all, 'kitchen', addressId, slotStart ?? 'asap'] as const,
};

/** Checkout reads the restaurant's settings again when its reading is older than this (see below). */
const RESTAURANT_AT_ORDERING_STALE_MS = 60_000;

/**
 * The restaurant noun's one query (same key, same reading, same offline answer), with a shorter stale
 * time: the open toggle, hours, fee and minimum matter at the moment of ordering, so the route's
 * loader and the screen's mount read them again when older than a minute (elsewhere the app's
 * 5 minutes stand).
 */
export const restaurantAtOrderingQueryOptions = () => ({ ...restaurantQueryOptions(), staleTime: RESTAURANT_AT_ORDERING_STALE_MS });

/** A slot list older than this is read again (a slot fills with each order; the server re-checks anyway). */
const SLOTS_STALE_MS = 30_000;

/**
 * GET /api/locations/:id/slots: a kitchen's free 15-minute slots (today and the next 6 days) and
 * whether "As soon as possible" is offered now. Network only: a slot list from the past would offer
 * slots that filled meanwhile, so offline the picker says the list needs the connection (and keeps
 * "As soon as possible"); it is not kept in IndexedDB.
 */
export const slotsQueryOptions = (locationId: number) =>
  queryOptions({
    queryKey: checkoutKeys.slots(locationId),
    queryFn: () => call(api.locations[':id'].slots.$get({ param: { id: String(locationId) } }), slotsResponseSchema),
    staleTime: SLOTS_STALE_MS,
    retry: false,
  });

/**
 * GET /api/locations/slots?lat=&lng= (docs/decisions/0150-routing-weighs-the-slot.md): for a delivery,
 * every slot a covering kitchen still has (the order goes to whichever has it), and "As soon as
 * possible" when one takes it now. Network only, like the per-kitchen list.
 */
export const deliverySlotsQueryOptions = (pin: { latitude: number; longitude: number }) =>
  queryOptions({
    queryKey: checkoutKeys.deliverySlots(pin.latitude, pin.longitude),
    queryFn: () =>
      call(api.locations.slots.$get({ query: { lat: String(pin.latitude), lng: String(pin.longitude) } }), slotsResponseSchema),
    staleTime: SLOTS_STALE_MS,
    retry: false,
  });

/** A kitchen's answer for an address is read again after this (loads and toggles change; the order is routed again anyway). */
const KITCHEN_STALE_MS = 30_000;

/**
 * GET /api/addresses/:id/kitchen (issue 22): which kitchen cooks a delivery to this saved address, its
 * ready time (now + its lead time, or the slot's start), its fee band, free threshold and minimum, or
 * the nearest kitchen when none delivers there. The server's routing, the same the order gets
 * (docs/decisions/0149-checkout-kitchen-from-the-server.md). Network only: offline the checkout says the
 * kitchen is chosen when the queued order is sent (an answer read earlier in this visit stays shown).
 */
export const deliveryRouteQueryOptions = (addressId: number, slotStart: string | null) =>
  queryOptions({
    queryKey: checkoutKeys.kitchen(addressId, slotStart),
    queryFn: () =>
      call(
        api.addresses[':id'].kitchen.$get({ param: { id: String(addressId) }, query: slotStart ? { slotStart } : {} }),
        deliveryRouteSchema,
      ),
    staleTime: KITCHEN_STALE_MS,
    retry: false,
  });

/** Where an order is placed; a cash order queued offline is stored with it (../hooks/use-place-order.ts). */
export const ORDERS_PATH = apiPath(api.orders.$path());

/** POST /api/orders; the same key with the same body returns the same order. */
export async function createOrder(input: CreateOrderInput, idempotencyKey: string): Promise<Order> {
  const { order } = await call(api.orders.$post({ json: input }, { headers: { 'Idempotency-Key': idempotencyKey } }), orderResponseSchema);
  return order;
}

/** A hosted checkout session for a card order (amounts come from the stored order). */
export async function createCheckoutSession(orderNumber: string): Promise<string> {
  const { url } = await call(api.payments['create-checkout-session'].$post({ json: { orderNumber } }), checkoutUrlResponseSchema);
  return url;
}
