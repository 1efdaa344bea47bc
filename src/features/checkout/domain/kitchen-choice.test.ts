import { describe, expect, it } from 'vitest';

import { DAILY_11_TO_22 } from '../../../shared/domain/opening-hours';
import type { Location } from '../../../shared/schemas/restaurant';
import { locationSchema } from '../../../shared/schemas/restaurant';
import { deliveryFeeQuote, deliveryKitchen, pickupRows } from './kitchen-choice';

const nord = locationSchema.parse({
  id: 1,
  name: 'Casa Grătarului Nord',
  address: 'Bulevardul Republicii 220',
  latitude: 44.9537,
  longitude: 26.0224,
  phone: '0244 520 520',
  openingHours: DAILY_11_TO_22,
  deliveryFees: {
    bands: [
      { upToKm: 1, feeBani: 0 },
      { upToKm: 10, feeBani: 1450 },
    ],
    freeAboveBani: 12000,
  },
});
const centru: Location = {
  ...nord,
  id: 2,
  name: 'Casa Grătarului Centru',
  address: 'Strada Mărășești 112',
  latitude: 44.9352,
  longitude: 26.0318,
};
const settings = { isOpen: true };
/** Sunday 22 Nov 2026 14:00 and 09:00 in Bucharest. */
const AFTERNOON = new Date('2026-11-22T12:00:00.000Z');
const MORNING = new Date('2026-11-22T07:00:00.000Z');
/** A pin next to Centru. */
const NEAR_CENTRU = { latitude: 44.934, longitude: 26.033 };

describe('deliveryKitchen', () => {
  it('routes to the nearer open kitchen, to the nearest covering one when all are closed, to none without a pin or out of zone', () => {
    expect(deliveryKitchen(settings, [nord, centru], NEAR_CENTRU, AFTERNOON)?.location.id).toBe(2);
    expect(deliveryKitchen(settings, [nord, { ...centru, isOpen: false }], NEAR_CENTRU, AFTERNOON)?.location.id).toBe(1);
    expect(deliveryKitchen(settings, [nord, centru], NEAR_CENTRU, MORNING)?.location.id).toBe(2);
    expect(deliveryKitchen(settings, [nord, centru], { latitude: null, longitude: null }, AFTERNOON)).toBeNull();
    expect(deliveryKitchen(settings, [nord, centru], { latitude: 44.43, longitude: 26.1 }, AFTERNOON)).toBeNull();
  });
});

describe('deliveryFeeQuote', () => {
  it("explains the routed kitchen's band and threshold with describeDeliveryFee", () => {
    const far = deliveryKitchen(settings, [nord], NEAR_CENTRU, AFTERNOON)!;
    const quote = deliveryFeeQuote(far, [nord], 10550)!;
    expect(quote.quote).toMatchObject({ kind: 'priced', feeBani: 1450 });
    expect(quote.line).toBe('Free above 120.00 lei: add 14.50 lei');
    expect(deliveryFeeQuote(far, [nord], 12000)!.line).toBe('Free delivery above 120.00 lei');
  });
});

describe('pickupRows', () => {
  it("lists the kitchens nearest first from the default address, with today's hours and open now / opens at", () => {
    const rows = pickupRows(settings, [nord, centru], NEAR_CENTRU, MORNING);
    expect(rows.map((r) => [r.location.id, r.hoursToday, r.statusText])).toEqual([
      [2, '11:00-22:00', 'Opens at 11:00'],
      [1, '11:00-22:00', 'Opens at 11:00'],
    ]);
    expect(rows[0]!.distanceKm).toBeLessThan(rows[1]!.distanceKm!);
    expect(pickupRows(settings, [nord, centru], null, AFTERNOON).map((r) => [r.location.id, r.statusText, r.distanceKm])).toEqual([
      [1, 'Open now', null],
      [2, 'Open now', null],
    ]);
    // After closing: the next opening is tomorrow's, named by its day.
    const night = new Date('2026-11-22T21:00:00.000Z');
    expect(pickupRows(settings, [nord], null, night)[0]!.statusText).toBe('Opens Mon 23 Nov at 11:00');
    expect(pickupRows({ isOpen: false }, [nord], null, AFTERNOON)[0]!.statusText).toBe('Not taking orders now');
  });
});
