import { everyWordOf } from '../../../../tests/fixtures/every-word';
import { beforeAll, describe, expect, it } from 'vitest';

import type { Translate } from '../../../lib/i18n';
import type { Words } from '../../../lib/screen-words';
import { wordsText } from '../../../lib/screen-words';

import { DAILY_11_TO_22 } from '../../../shared/domain/opening-hours';
import type { Location } from '../../../shared/schemas/restaurant';
import { locationSchema } from '../../../shared/schemas/restaurant';
import type { DeliveryRoute } from '../../../shared/schemas/scheduling';
import type { DeliveryKitchenView } from './kitchen-choice';
import {
  deliveryFeeFromRoute,
  deliveryKitchenView,
  KITCHEN_CHOSEN_WHEN_SENT_TEXT,
  KITCHEN_LOADING_TEXT,
  KITCHEN_UNKNOWN_TEXT,
  pickupRows,
} from './kitchen-choice';

/** The English the screen shows (the catalogue's own runtime): the spec's texts are a contract. */
let t: Translate;
beforeAll(async () => {
  const english = everyWordOf('en');
  t = (id, values) => english._(id, values);
});
const english = (words: Words | null) => (words === null ? null : wordsText(t, words));

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

/** The server's answer for an address 4.2 km from Centru (GET /api/addresses/:id/kitchen). */
const ROUTED: Extract<DeliveryRoute, { kind: 'routed' }> = {
  kind: 'routed',
  locationId: 2,
  locationName: 'Casa Grătarului Centru',
  distanceKm: 4.2,
  bandFeeBani: 1450,
  freeAboveBani: 12000,
  minimumOrderBani: 4000,
  readyAt: '2026-11-22T12:45:00.000Z',
};
const ONLINE = { online: true, failed: false, addressChosen: true, forSlot: false };
const shownKitchen = (view: DeliveryKitchenView) => ('text' in view ? { ...view, text: english(view.text) } : view);

describe('deliveryKitchenView: what the server said, in the delivery part', () => {
  it('names the kitchen and its ready time in Bucharest, as soon as possible or for the slot', () => {
    expect(shownKitchen(deliveryKitchenView(ROUTED, ONLINE))).toEqual({
      kind: 'routed',
      text: 'Cooked at Casa Grătarului Centru · ready around 14:45',
    });
    expect(shownKitchen(deliveryKitchenView({ ...ROUTED, readyAt: '2026-11-23T11:00:00.000Z' }, { ...ONLINE, forSlot: true }))).toEqual({
      kind: 'routed',
      text: 'Cooked at Casa Grătarului Centru · ready for Mon 23 Nov, 13:00',
    });
    // Closed now (no ready time): the kitchen alone; the closed notice says the rest.
    expect(shownKitchen(deliveryKitchenView({ ...ROUTED, readyAt: null }, ONLINE))).toEqual({
      kind: 'routed',
      text: 'Cooked at Casa Grătarului Centru',
    });
  });

  it("out of every zone: the spec's text naming the nearest kitchen and its distance", () => {
    const out: DeliveryRoute = {
      kind: 'out_of_zone',
      nearestLocationId: 2,
      nearestLocationName: 'Casa Grătarului Centru',
      distanceKm: 14.25,
    };
    expect(shownKitchen(deliveryKitchenView(out, ONLINE))).toEqual({
      kind: 'out_of_zone',
      text: 'This address is outside our delivery zone. Please choose a different location. The nearest kitchen, Casa Grătarului Centru, is 14.3 km away.',
    });
  });

  it('without an answer: loading, offline (chosen when the queued order is sent), failed; nothing without an address', () => {
    expect(deliveryKitchenView(undefined, ONLINE)).toEqual({ kind: 'pending', text: KITCHEN_LOADING_TEXT });
    expect(deliveryKitchenView(undefined, { ...ONLINE, online: false })).toEqual({ kind: 'pending', text: KITCHEN_CHOSEN_WHEN_SENT_TEXT });
    expect(deliveryKitchenView(undefined, { ...ONLINE, failed: true })).toEqual({ kind: 'pending', text: KITCHEN_UNKNOWN_TEXT });
    // An answer read before the connection went stays shown.
    expect(deliveryKitchenView(ROUTED, { ...ONLINE, online: false }).kind).toBe('routed');
    expect(deliveryKitchenView(ROUTED, { ...ONLINE, addressChosen: false })).toEqual({ kind: 'none' });
  });
});

describe('deliveryFeeFromRoute', () => {
  it("explains the routed kitchen's band and threshold with describeDeliveryFee", () => {
    const quote = deliveryFeeFromRoute(ROUTED, 10550);
    expect(quote.quote).toMatchObject({ kind: 'priced', feeBani: 1450 });
    expect(english(quote.line)).toBe('Free above 120.00 lei: add 14.50 lei');
    expect(deliveryFeeFromRoute(ROUTED, 12000)).toMatchObject({ quote: { feeBani: 0 } });
    expect(english(deliveryFeeFromRoute(ROUTED, 12000).line)).toBe('Free delivery above 120.00 lei');
    expect(english(deliveryFeeFromRoute({ ...ROUTED, bandFeeBani: 0 }, 100).line)).toBe('Free delivery');
    expect(deliveryFeeFromRoute({ ...ROUTED, freeAboveBani: null }, 100)).toMatchObject({ quote: { feeBani: 1450 }, line: null });
  });
});

describe('pickupRows', () => {
  it("lists the kitchens nearest first from the default address, with today's hours and open now / opens at", () => {
    const rows = pickupRows(settings, [nord, centru], NEAR_CENTRU, MORNING);
    expect(rows.map((r) => [r.location.id, english(r.hoursToday), english(r.statusText)])).toEqual([
      [2, '11:00-22:00', 'Opens at 11:00'],
      [1, '11:00-22:00', 'Opens at 11:00'],
    ]);
    expect(rows[0]!.distanceKm).toBeLessThan(rows[1]!.distanceKm!);
    expect(pickupRows(settings, [nord, centru], null, AFTERNOON).map((r) => [r.location.id, english(r.statusText), r.distanceKm])).toEqual([
      [1, 'Open now', null],
      [2, 'Open now', null],
    ]);
    // After closing: the next opening is tomorrow's, named by its day.
    const night = new Date('2026-11-22T21:00:00.000Z');
    expect(english(pickupRows(settings, [nord], null, night)[0]!.statusText)).toBe('Opens Mon 23 Nov at 11:00');
    expect(english(pickupRows({ isOpen: false }, [nord], null, AFTERNOON)[0]!.statusText)).toBe('Not taking orders now');
  });
});
