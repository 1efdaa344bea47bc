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
import type { MessageId } from '../../../lib/i18n';
import type { Words } from '../../../lib/screen-words';
import type { DeliveryFeeQuote } from '../../../shared/domain/delivery-fees';
import { quoteDeliveryFee } from '../../../shared/domain/delivery-fees';
import { orderForPickup } from '../../../shared/domain/kitchen-routing';
import { describeDay, isOpenAt, localClockText, localParts, nextOpening } from '../../../shared/domain/opening-hours';
import { kmText, roundKm } from '../../../shared/domain/zones';
import type { Locale } from '../../../shared/i18n/locales';
import { DEFAULT_LOCALE } from '../../../shared/i18n/locales';
import { asBani, formatLei } from '../../../shared/money';
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
export function deliveryFeeFromRoute(
  route: RoutedKitchen,
  subtotalBani: number,
  locale: Locale = DEFAULT_LOCALE,
): { quote: DeliveryFeeQuote; line: Words | null } {
  const quote = quoteDeliveryFee(
    { bands: [{ upToKm: route.distanceKm, feeBani: route.bandFeeBani }], freeAboveBani: route.freeAboveBani },
    route.distanceKm,
    subtotalBani,
  );
  return { quote, line: feeLine(quote, locale) };
}

/**
 * The summary's line explaining the fee (src/shared/domain/delivery-fees.ts describeDeliveryFee, in
 * the screen's language): "Free delivery", "Free delivery above 120.00 lei", "Free above 120.00 lei:
 * add 14.50 lei", or null when there is nothing to explain.
 */
function feeLine(quote: DeliveryFeeQuote, locale: Locale): Words | null {
  if (quote.kind !== 'priced') return null;
  if (quote.freeBecause === 'band') return 'checkout.fee.free';
  if (quote.freeBecause === 'threshold' && quote.freeAboveBani !== null)
    return { id: 'checkout.fee.freeAboveReached', values: { threshold: formatLei(asBani(quote.freeAboveBani), locale) } };
  if (quote.missingForFreeBani !== null && quote.freeAboveBani !== null) {
    return {
      id: 'checkout.fee.freeAboveMissing',
      values: { threshold: formatLei(asBani(quote.freeAboveBani), locale), missing: formatLei(asBani(quote.missingForFreeBani), locale) },
    };
  }
  return null;
}

/**
 * What the delivery part says about the kitchen: "Cooked at Casa Grătarului Centru · ready around
 * 14:45" (as soon as possible, Bucharest time), "… · ready for Mon 23 Nov, 13:00" (a slot), the kitchen
 * alone when it takes no order now; the spec's out-of-zone text naming the nearest kitchen; offline
 * without an answer, that the kitchen is chosen when the queued order is sent.
 */
export type DeliveryKitchenView =
  { kind: 'routed'; text: Words } | { kind: 'out_of_zone'; text: Words } | { kind: 'pending'; text: Words } | { kind: 'none' };

export const KITCHEN_CHOSEN_WHEN_SENT_TEXT: MessageId = 'checkout.kitchen.chosenWhenSent';
export const KITCHEN_LOADING_TEXT: MessageId = 'checkout.kitchen.loading';
export const KITCHEN_UNKNOWN_TEXT: MessageId = 'checkout.kitchen.unknown';

export function deliveryKitchenView(
  route: DeliveryRoute | undefined,
  state: { online: boolean; failed: boolean; addressChosen: boolean; forSlot: boolean },
  locale: Locale = DEFAULT_LOCALE,
): DeliveryKitchenView {
  if (!state.addressChosen) return { kind: 'none' };
  if (route?.kind === 'out_of_zone') {
    // The spec's text naming the nearest kitchen (src/shared/domain/zones.ts outOfZoneText).
    const distance = kmText(roundKm(route.distanceKm), locale);
    return { kind: 'out_of_zone', text: { id: 'checkout.kitchen.outOfZone', values: { kitchen: route.nearestLocationName, distance } } };
  }
  if (route?.kind === 'routed') {
    const kitchen = route.locationName;
    if (!route.readyAt) return { kind: 'routed', text: { id: 'checkout.kitchen.cookedAt', values: { kitchen } } };
    return {
      kind: 'routed',
      text: state.forSlot
        ? { id: 'checkout.kitchen.cookedAtReadyFor', values: { kitchen, when: slotDateTimeText(route.readyAt, locale) } }
        : { id: 'checkout.kitchen.cookedAtReadyAround', values: { kitchen, time: localClockText(new Date(route.readyAt)) } },
    };
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
  hoursToday: Words;
  openNow: boolean;
  /** "Open now", "Opens at 11:00", "Opens Mon 23 Nov at 11:00", "Closed". */
  statusText: Words;
}

function statusText(
  settings: Pick<RestaurantSettings, 'isOpen'>,
  location: Location,
  now: Date,
  locale: Locale,
): { open: boolean; text: Words } {
  if (kitchenOpenNow(settings, location, now)) return { open: true, text: 'checkout.pickup.openNow' };
  if (!settings.isOpen || !location.isOpen) return { open: false, text: 'checkout.pickup.notTaking' };
  const next = nextOpening(location.openingHours, now);
  if (!next) return { open: false, text: 'checkout.pickup.closed' };
  const nextDate = localParts(next).date;
  const time = localClockText(next);
  return {
    open: false,
    text:
      nextDate === localParts(now).date
        ? { id: 'checkout.pickup.opensAt', values: { time } }
        : { id: 'checkout.pickup.opensOn', values: { day: shortDateText(nextDate, locale), time } },
  };
}

/** The pickup list: nearest first from the default address's pin (the given order without one). */
export function pickupRows(
  settings: Pick<RestaurantSettings, 'isOpen'>,
  locations: readonly Location[],
  pin: Pin | null | undefined,
  now: Date,
  locale: Locale = DEFAULT_LOCALE,
): PickupRow[] {
  return orderForPickup(locations, usablePin(pin)).map(({ location, distanceKm }) => {
    const status = statusText(settings, location, now, locale);
    const hours = describeDay(location.openingHours, now);
    return {
      location,
      distanceKm,
      // describeDay names a closed day 'Închis'; the screen says it in its own language.
      hoursToday: hours === 'Închis' ? 'checkout.pickup.closedToday' : { verbatim: hours },
      openNow: status.open,
      statusText: status.text,
    };
  });
}
