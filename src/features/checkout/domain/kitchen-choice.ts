/**
 * Which kitchen the checkout shows and asks for slots (issue 22): the pickup location the customer
 * chose, or for delivery the server's answer for the chosen address (GET /api/addresses/:id/kitchen:
 * the same routing the order gets, with the kitchens' load), read into the screen's lines here. The
 * PWA does not route: one way of choosing, the server's
 * (docs/decisions/0149-checkout-kitchen-from-the-server.md).
 *
 * Also the pickup list (nearest first from the default address, each with today's hours and "Open
 * now" / "Opens at 11:00") and the delivery fee line of the summary (describeDeliveryFee).
 */
import type { DeliveryFeeQuote } from '../../../shared/domain/delivery-fees';
import { describeDeliveryFee, quoteDeliveryFee } from '../../../shared/domain/delivery-fees';
import { orderForPickup } from '../../../shared/domain/kitchen-routing';
import { describeDay, isOpenAt, localClockText, localParts, nextOpening } from '../../../shared/domain/opening-hours';
import { outOfZoneText } from '../../../shared/domain/zones';
import type { DeliveryRoute } from '../../../shared/schemas/scheduling';
import type { Location, RestaurantSettings } from '../../../shared/schemas/restaurant';
import { shortDateText, slotDateTimeText } from './order-timing';

interface Pin {
  latitude: number | null | undefined;
  longitude: number | null | undefined;
}

function usablePin(pin: Pin | null | undefined): { latitude: number; longitude: number } | null {
  if (!pin || typeof pin.latitude !== 'number' || typeof pin.longitude !== 'number') return null;
  return { latitude: pin.latitude, longitude: pin.longitude };
}

/** Whether a kitchen takes an order now: the restaurant-wide toggle, its own toggle, its hours. */
export function kitchenOpenNow(settings: Pick<RestaurantSettings, 'isOpen'>, location: Location, now: Date): boolean {
  return settings.isOpen && location.isOpen && isOpenAt(location.openingHours, now);
}

type RoutedKitchen = Extract<DeliveryRoute, { kind: 'routed' }>;

/**
 * The fee for the server's routed kitchen and the cart's subtotal, and the summary's line explaining
 * it. The server gave the band's fee at this distance and the kitchen's free threshold; the shared
 * quote applies the threshold to the subtotal as the order's pricing will (the band, read as one band
 * up to this distance, holds it).
 */
export function deliveryFeeFromRoute(route: RoutedKitchen, subtotalBani: number): { quote: DeliveryFeeQuote; line: string | null } {
  const quote = quoteDeliveryFee(
    { bands: [{ upToKm: route.distanceKm, feeBani: route.bandFeeBani }], freeAboveBani: route.freeAboveBani },
    route.distanceKm,
    subtotalBani,
  );
  return { quote, line: describeDeliveryFee(quote) };
}

/**
 * What the delivery part says about the kitchen: "Cooked at Casa Grătarului Centru · ready around
 * 14:45" (as soon as possible, Bucharest time), "… · ready for Mon 23 Nov, 13:00" (a slot), the kitchen
 * alone when it takes no order now; the spec's out-of-zone text naming the nearest kitchen; offline
 * without an answer, that the kitchen is chosen when the queued order is sent.
 */
export type DeliveryKitchenView =
  { kind: 'routed'; text: string } | { kind: 'out_of_zone'; text: string } | { kind: 'pending'; text: string } | { kind: 'none' };

export const KITCHEN_CHOSEN_WHEN_SENT_TEXT =
  'You are offline: your order waits on this device, and the kitchen that cooks it (and its delivery fee) is chosen when it is sent.';
export const KITCHEN_LOADING_TEXT = 'Finding the kitchen that delivers to this address…';
export const KITCHEN_UNKNOWN_TEXT = 'The kitchen that cooks it, and its delivery fee, are chosen when you place the order.';

export function deliveryKitchenView(
  route: DeliveryRoute | undefined,
  state: { online: boolean; failed: boolean; addressChosen: boolean; forSlot: boolean },
): DeliveryKitchenView {
  if (!state.addressChosen) return { kind: 'none' };
  if (route?.kind === 'out_of_zone') return { kind: 'out_of_zone', text: outOfZoneText(route.nearestLocationName, route.distanceKm) };
  if (route?.kind === 'routed') {
    const ready = route.readyAt
      ? state.forSlot
        ? ` · ready for ${slotDateTimeText(route.readyAt)}`
        : ` · ready around ${localClockText(new Date(route.readyAt))}`
      : '';
    return { kind: 'routed', text: `Cooked at ${route.locationName}${ready}` };
  }
  if (!state.online) return { kind: 'pending', text: KITCHEN_CHOSEN_WHEN_SENT_TEXT };
  if (state.failed) return { kind: 'pending', text: KITCHEN_UNKNOWN_TEXT };
  return { kind: 'pending', text: KITCHEN_LOADING_TEXT };
}

/** One row of the pickup list. */
export interface PickupRow {
  location: Location;
  distanceKm: number | null;
  /** "11:00-22:00", or "Closed today". */
  hoursToday: string;
  openNow: boolean;
  /** "Open now", "Opens at 11:00", "Opens Mon 23 Nov at 11:00", "Closed". */
  statusText: string;
}

function statusText(settings: Pick<RestaurantSettings, 'isOpen'>, location: Location, now: Date): { open: boolean; text: string } {
  if (kitchenOpenNow(settings, location, now)) return { open: true, text: 'Open now' };
  if (!settings.isOpen || !location.isOpen) return { open: false, text: 'Not taking orders now' };
  const next = nextOpening(location.openingHours, now);
  if (!next) return { open: false, text: 'Closed' };
  const nextDate = localParts(next).date;
  return {
    open: false,
    text:
      nextDate === localParts(now).date
        ? `Opens at ${localClockText(next)}`
        : `Opens ${shortDateText(nextDate)} at ${localClockText(next)}`,
  };
}

/** The pickup list: nearest first from the default address's pin (the given order without one). */
export function pickupRows(
  settings: Pick<RestaurantSettings, 'isOpen'>,
  locations: readonly Location[],
  pin: Pin | null | undefined,
  now: Date,
): PickupRow[] {
  return orderForPickup(locations, usablePin(pin)).map(({ location, distanceKm }) => {
    const status = statusText(settings, location, now);
    const hours = describeDay(location.openingHours, now);
    return {
      location,
      distanceKm,
      // describeDay names a closed day in Romanian ('Închis'); the checkout's strings are English.
      hoursToday: hours === 'Închis' ? 'Closed today' : hours,
      openNow: status.open,
      statusText: status.text,
    };
  });
}
