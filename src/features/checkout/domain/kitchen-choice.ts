/**
 * Which kitchen the checkout shows and asks for slots (issue 22): the pickup location the customer
 * chose, or for delivery the kitchen the address routes to, read with the shared routing rule
 * (src/shared/domain/kitchen-routing.ts) from the restaurant's locations and the address's pin.
 * Display only: the server routes every delivery again inside the order's transaction (with the
 * kitchens' current load, which the PWA does not know: it only breaks a tie at the same 0.1 km), and
 * re-checks the slot there (docs/decisions/0143-checkout-kitchen-and-pickup-list.md).
 *
 * Also the pickup list (nearest first from the default address, each with today's hours and "Open
 * now" / "Opens at 11:00") and the delivery fee line of the summary (describeDeliveryFee).
 */
import type { DeliveryFeeQuote } from '../../../shared/domain/delivery-fees';
import { describeDeliveryFee, quoteDeliveryFee } from '../../../shared/domain/delivery-fees';
import type { CoveringKitchen } from '../../../shared/domain/kitchen-routing';
import { orderForPickup, routeDelivery } from '../../../shared/domain/kitchen-routing';
import { describeDay, isOpenAt, localClockText, localParts, nextOpening } from '../../../shared/domain/opening-hours';
import type { Location, RestaurantSettings } from '../../../shared/schemas/restaurant';
import { shortDateText } from './order-timing';

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

/**
 * The kitchen a delivery to `pin` goes to: the open kitchen covering it, nearest first; when the
 * covering kitchens are all closed now, the nearest of them (it would cook an order for later, as
 * toDeliveryRoute reads it). Null without a pin or when no kitchen covers it.
 */
export function deliveryKitchen(
  settings: Pick<RestaurantSettings, 'isOpen'>,
  locations: readonly Location[],
  pin: Pin | null | undefined,
  now: Date,
): CoveringKitchen | null {
  const at = usablePin(pin);
  if (!at) return null;
  const route = routeDelivery(
    at,
    locations.map((location) => ({ location, open: kitchenOpenNow(settings, location, now), load: 0 })),
  );
  if (route.kind === 'routed') return route.kitchen;
  if (route.kind === 'closed') return route.covering[0] ?? null;
  return null;
}

/** The fee quote for the routed kitchen and the cart's subtotal, and the summary's line explaining it. */
export function deliveryFeeQuote(
  kitchen: CoveringKitchen,
  locations: readonly Location[],
  subtotalBani: number,
): { quote: DeliveryFeeQuote; line: string | null } | null {
  const location = locations.find((l) => l.id === kitchen.location.id);
  if (!location) return null;
  const quote = quoteDeliveryFee(location.deliveryFees, kitchen.exactDistanceKm, subtotalBani);
  return { quote, line: describeDeliveryFee(quote) };
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
