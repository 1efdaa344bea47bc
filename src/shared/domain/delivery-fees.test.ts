import { describe, expect, it } from 'vitest';

import type { DeliveryFees } from '../schemas/locations';
import { deliveryFeesInputSchema, deliveryZoneInputSchema } from '../schemas/admin';
import { deliveryFeesSchema } from '../schemas/locations';
import { describeDeliveryFee, describeFeeBands, feeBandFor, quoteDeliveryFee, singleFeeAsBands } from './delivery-fees';

// The example: 0-3 km 0 lei, 3-6 km 9.99 lei, 6-10 km 14.99 lei, free above 120 lei.
const FEES: DeliveryFees = deliveryFeesSchema.parse({
  bands: [
    { upToKm: 3, feeBani: 0 },
    { upToKm: 6, feeBani: 999 },
    { upToKm: 10, feeBani: 1499 },
  ],
  freeAboveBani: 12_000,
});

describe('fee bands', () => {
  it('picks the band by distance, upper bounds inclusive', () => {
    expect(feeBandFor(FEES, 0)?.feeBani).toBe(0);
    expect(feeBandFor(FEES, 3)?.feeBani).toBe(0);
    expect(feeBandFor(FEES, 3.1)?.feeBani).toBe(999);
    expect(feeBandFor(FEES, 6)?.feeBani).toBe(999);
    expect(feeBandFor(FEES, 6.1)?.feeBani).toBe(1499);
    expect(feeBandFor(FEES, 10)?.feeBani).toBe(1499);
    expect(feeBandFor(FEES, 10.1)).toBeNull();
  });

  it('reads the distance as shown, to 0.1 km', () => {
    expect(feeBandFor(FEES, 3.04)?.feeBani).toBe(0); // shown "3.0 km"
    expect(feeBandFor(FEES, 3.05)?.feeBani).toBe(999); // shown "3.1 km"
    expect(feeBandFor(FEES, 10.04)?.feeBani).toBe(1499);
  });

  it('reports a distance beyond the last band as not priced', () => {
    expect(quoteDeliveryFee(FEES, 12.34, 5000)).toEqual({ kind: 'beyond_bands', distanceKm: 12.3, lastBandUpToKm: 10 });
    expect(describeDeliveryFee(quoteDeliveryFee(FEES, 12.34, 5000))).toBeNull();
  });

  it('lists the bands for the storefront', () => {
    expect(describeFeeBands(FEES)).toEqual(['0-3 km: 0.00 lei', '3-6 km: 9.99 lei', '6-10 km: 14.99 lei']);
  });
});

describe('the free-delivery threshold', () => {
  it('charges the band fee below the threshold and says how much is missing', () => {
    const quote = quoteDeliveryFee(FEES, 7.2, 10_550);
    expect(quote).toEqual({
      kind: 'priced',
      distanceKm: 7.2,
      band: { upToKm: 10, feeBani: 1499 },
      bandFeeBani: 1499,
      feeBani: 1499,
      freeAboveBani: 12_000,
      freeBecause: null,
      missingForFreeBani: 1450,
    });
    expect(describeDeliveryFee(quote)).toBe('Free above 120.00 lei: add 14.50 lei');
    expect(quoteDeliveryFee(FEES, 4, 11_999)).toMatchObject({ feeBani: 999, missingForFreeBani: 1 });
  });

  it('delivers free at the threshold and above it', () => {
    for (const subtotal of [12_000, 12_001, 50_000]) {
      const quote = quoteDeliveryFee(FEES, 4, subtotal);
      expect(quote).toMatchObject({ kind: 'priced', bandFeeBani: 999, feeBani: 0, freeBecause: 'threshold', missingForFreeBani: null });
      expect(describeDeliveryFee(quote)).toBe('Free delivery above 120.00 lei');
    }
  });

  it('has nothing missing when the band is free already', () => {
    const quote = quoteDeliveryFee(FEES, 1.5, 2000);
    expect(quote).toMatchObject({ bandFeeBani: 0, feeBani: 0, freeBecause: 'band', missingForFreeBani: null });
    expect(describeDeliveryFee(quote)).toBe('Free delivery');
  });

  it('without a threshold charges the band fee and explains nothing', () => {
    const fees: DeliveryFees = { ...FEES, freeAboveBani: null };
    const quote = quoteDeliveryFee(fees, 8, 1_000_000);
    expect(quote).toMatchObject({ feeBani: 1499, freeAboveBani: null, freeBecause: null, missingForFreeBani: null });
    expect(describeDeliveryFee(quote)).toBeNull();
  });
});

describe('the old single fee and radius', () => {
  it('becomes one band up to the radius at that fee, no threshold', () => {
    const migrated = singleFeeAsBands({ radiusKm: 10, deliveryFeeBani: 500 });
    expect(migrated).toEqual({
      zone: { kind: 'radius', radiusKm: 10 },
      deliveryFees: { bands: [{ upToKm: 10, feeBani: 500 }], freeAboveBani: null },
    });
    expect(deliveryFeesSchema.parse(migrated.deliveryFees)).toEqual(migrated.deliveryFees);
    // Every distance deliverable before costs the same.
    expect(quoteDeliveryFee(migrated.deliveryFees, 9.96, 0)).toMatchObject({ kind: 'priced', feeBani: 500 });
  });

  it('brings an odd radius to a valid zone, never narrower than it was', () => {
    expect(singleFeeAsBands({ radiusKm: 7.3, deliveryFeeBani: 0 }).zone).toEqual({ kind: 'radius', radiusKm: 7.5 });
    expect(singleFeeAsBands({ radiusKm: 40, deliveryFeeBani: 0 }).zone).toEqual({ kind: 'radius', radiusKm: 25 });
    expect(singleFeeAsBands({ radiusKm: 0.2, deliveryFeeBani: 0 }).zone).toEqual({ kind: 'radius', radiusKm: 1 });
    expect(singleFeeAsBands({ radiusKm: Number.NaN, deliveryFeeBani: 0 }).zone).toEqual({ kind: 'radius', radiusKm: 10 });
    for (const radiusKm of [7.3, 40, 0.2, Number.NaN]) {
      const migrated = singleFeeAsBands({ radiusKm, deliveryFeeBani: 999 });
      expect(deliveryZoneInputSchema.safeParse(migrated.zone).success).toBe(true);
      expect(deliveryFeesInputSchema.safeParse(migrated.deliveryFees).success).toBe(true);
    }
  });
});
