/**
 * Delivery fees by distance (issue 22): a kitchen's fee bands ("0-3 km 0 lei, 3-6 km 9.99 lei,
 * 6-10 km 14.99 lei"), its free-delivery threshold, and the numbers the checkout summary explains the
 * fee with ("free above 120.00 lei: add 14.50 lei"). Pure; the API decides the fee charged
 * (api/orders/pricing.ts), the PWA only displays it. Money is integer bani
 * (docs/decisions/0002-money-in-integer-bani.md). Edges: docs/decisions/0135-routing-and-fee-band-edges.md.
 */
import type { DeliveryFeeBand, DeliveryFees, DeliveryZone } from '../schemas/locations';
import { DEFAULT_RADIUS_KM, RADIUS_MAX_KM, RADIUS_MIN_KM, RADIUS_STEP_KM } from '../schemas/locations';
import type { Bani } from '../money';
import { asBani, formatLei } from '../money';
import { roundKm } from './zones';

/**
 * The band a distance falls in: the first whose upToKm is at or beyond it (upper bounds inclusive: 3.0
 * km is in "0-3 km"). The distance is read as shown to the customer, rounded to 0.1 km (roundKm), so
 * "3.0 km" never costs the 3-6 km fee. Null beyond the last band.
 */
export function feeBandFor(fees: Pick<DeliveryFees, 'bands'>, distanceKm: number): DeliveryFeeBand | null {
  const shown = roundKm(distanceKm);
  return fees.bands.find((band) => shown <= band.upToKm) ?? null;
}

export type DeliveryFeeQuote =
  | {
      kind: 'priced';
      /** Rounded to 0.1 km, as the band was chosen. */
      distanceKm: number;
      band: DeliveryFeeBand;
      /** The band's fee before the threshold. */
      bandFeeBani: number;
      /** What the order is charged: 0 at or above the threshold, else the band's fee. */
      feeBani: number;
      freeAboveBani: number | null;
      /** Why the fee is 0, when it is: the band costs nothing, or the subtotal reached the threshold. */
      freeBecause: 'band' | 'threshold' | null;
      /**
       * How much more subtotal makes this delivery free; null when nothing would change it (already
       * free, or no threshold).
       */
      missingForFreeBani: number | null;
    }
  | {
      /**
       * The distance is beyond the last band: the fee bands price no delivery this far. The caller
       * refuses it as out of zone (a zone wider than the bands is a settings slip, not a free ride).
       */
      kind: 'beyond_bands';
      distanceKm: number;
      lastBandUpToKm: number;
    };

/**
 * The fee for a delivery of `distanceKm` with an order subtotal of `subtotalBani` (the amount the
 * threshold is measured on, the same one the minimum order is: the items' subtotal). A subtotal at or
 * above the threshold is delivered free.
 */
export function quoteDeliveryFee(fees: DeliveryFees, distanceKm: number, subtotalBani: number): DeliveryFeeQuote {
  const band = feeBandFor(fees, distanceKm);
  if (!band)
    return { kind: 'beyond_bands', distanceKm: roundKm(distanceKm), lastBandUpToKm: fees.bands[fees.bands.length - 1]?.upToKm ?? 0 };
  const threshold = fees.freeAboveBani;
  const reached = threshold !== null && subtotalBani >= threshold;
  const freeBecause = band.feeBani === 0 ? 'band' : reached ? 'threshold' : null;
  return {
    kind: 'priced',
    distanceKm: roundKm(distanceKm),
    band,
    bandFeeBani: band.feeBani,
    feeBani: freeBecause ? 0 : band.feeBani,
    freeAboveBani: threshold,
    freeBecause,
    missingForFreeBani: freeBecause || threshold === null ? null : threshold - subtotalBani,
  };
}

/**
 * The checkout summary's line explaining the fee:
 * - "Free delivery" (the band costs nothing),
 * - "Free delivery above 120.00 lei" (the threshold was reached),
 * - "Free above 120.00 lei: add 14.50 lei" (a threshold not yet reached),
 * - null when there is nothing to explain (a plain band fee and no threshold).
 */
export function describeDeliveryFee(quote: DeliveryFeeQuote): string | null {
  if (quote.kind !== 'priced') return null;
  if (quote.freeBecause === 'band') return 'Free delivery';
  if (quote.freeBecause === 'threshold' && quote.freeAboveBani !== null)
    return `Free delivery above ${formatLei(asBani(quote.freeAboveBani))}`;
  if (quote.missingForFreeBani !== null && quote.freeAboveBani !== null) {
    return `Free above ${formatLei(asBani(quote.freeAboveBani))}: add ${formatLei(asBani(quote.missingForFreeBani))}`;
  }
  return null;
}

/** "0-3 km: 0.00 lei", "3-6 km: 9.99 lei": a kitchen's bands as the storefront lists them. */
export function describeFeeBands(fees: Pick<DeliveryFees, 'bands'>): string[] {
  return fees.bands.map(
    (band, index) => `${index === 0 ? 0 : fees.bands[index - 1]!.upToKm}-${band.upToKm} km: ${formatLei(asBani(band.feeBani))}`,
  );
}

/** A radius as the zone schema accepts it: rounded up to a 0.5 km step, within 1-25 km; the default when unreadable. */
function zoneRadiusKm(radiusKm: number): number {
  if (!Number.isFinite(radiusKm) || radiusKm <= 0) return DEFAULT_RADIUS_KM;
  const stepped = Math.ceil(radiusKm / RADIUS_STEP_KM) * RADIUS_STEP_KM;
  return Math.min(RADIUS_MAX_KM, Math.max(RADIUS_MIN_KM, stepped));
}

/**
 * The migration rule: the old single delivery fee and radius become the one-band case, a zone of
 * that radius and one band up to it at that fee, with no free threshold, so every address deliverable
 * before costs what it cost before.
 */
export function singleFeeAsBands(legacy: { radiusKm: number; deliveryFeeBani: Bani | number }): {
  zone: DeliveryZone;
  deliveryFees: DeliveryFees;
} {
  const radiusKm = zoneRadiusKm(legacy.radiusKm);
  return {
    zone: { kind: 'radius', radiusKm },
    deliveryFees: { bands: [{ upToKm: radiusKm, feeBani: legacy.deliveryFeeBani }], freeAboveBani: null },
  };
}
