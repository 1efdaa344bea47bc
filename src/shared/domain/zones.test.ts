import { describe, expect, it } from 'vitest';

import { circleRing, decideDelivery, distanceFromZoneName, haversineKm, pointInPolygon, roundKm, zoneBandFor, zoneTone } from './zones';

const BASE = { latitude: 44.9537, longitude: 26.0224 };
const CITY_CENTRE = { latitude: 44.9367, longitude: 26.0129 };

describe('haversineKm', () => {
  it('is zero for the same point and symmetric', () => {
    expect(haversineKm(BASE, BASE)).toBe(0);
    expect(haversineKm(BASE, CITY_CENTRE)).toBeCloseTo(haversineKm(CITY_CENTRE, BASE), 10);
  });

  it('matches known distances', () => {
    // One degree of latitude is ~111.2 km on the mean sphere.
    expect(haversineKm({ latitude: 44, longitude: 26 }, { latitude: 45, longitude: 26 })).toBeCloseTo(111.2, 1);
    // Ploiești centre to the restaurant base: ~2.04 km.
    expect(haversineKm(CITY_CENTRE, BASE)).toBeCloseTo(2.04, 1);
    // Ploiești to Bucharest (Piața Unirii) ~ 56 km.
    expect(haversineKm(CITY_CENTRE, { latitude: 44.4268, longitude: 26.1025 })).toBeGreaterThan(55);
  });
});

describe('zone bands', () => {
  it('names zones by distance band with the distance as first word', () => {
    expect(zoneBandFor(0).band).toBe('Center');
    expect(zoneBandFor(3).band).toBe('Center');
    expect(zoneBandFor(3.01).band).toBe('Near');
    expect(zoneBandFor(6).band).toBe('Near');
    expect(zoneBandFor(9.9).band).toBe('Far');
    expect(zoneBandFor(12).band).toBe('Extended');
    const decision = decideDelivery(CITY_CENTRE, { base: BASE, radiusKm: 10, deliveryFeeBani: 500 });
    expect(decision).toMatchObject({ isDeliverable: true, band: 'Center', zoneName: '2.0 km Center', estimatedTime: '30-45 minutes' });
    expect(distanceFromZoneName(decision.zoneName)).toBe(2);
    expect(decision.deliveryFeeBani).toBe(500);
  });

  it('parses the distance from the zone name and tolerates junk', () => {
    expect(distanceFromZoneName('7.5 km Far')).toBe(7.5);
    expect(distanceFromZoneName('Center')).toBeNull();
    expect(distanceFromZoneName(null)).toBeNull();
  });

  it('maps zone names to badge tones', () => {
    expect(zoneTone('1.2 km Center')).toBe('center');
    expect(zoneTone('4.0 km Near')).toBe('near');
    expect(zoneTone('8.0 km Far')).toBe('far');
    expect(zoneTone('14.0 km Extended')).toBe('extended');
    expect(zoneTone('Somewhere')).toBe('other');
    expect(zoneTone(null)).toBe('other');
  });
});

describe('radius edge', () => {
  const far = { latitude: 45.0, longitude: 26.1 };
  const exact = haversineKm(BASE, far);

  it('is deliverable at exactly the radius and not a metre beyond', () => {
    expect(decideDelivery(far, { base: BASE, radiusKm: exact, deliveryFeeBani: 0 }).isDeliverable).toBe(true);
    const outside = decideDelivery(far, { base: BASE, radiusKm: exact - 0.001, deliveryFeeBani: 500 });
    expect(outside).toMatchObject({ isDeliverable: false, zoneName: null, estimatedTime: null, deliveryFeeBani: 0 });
    expect(outside.distanceKm).toBe(roundKm(exact));
  });

  it('refuses a pin 40 km away with the default 10 km radius', () => {
    const bucharestWay = { latitude: 44.6, longitude: 26.05 };
    const decision = decideDelivery(bucharestWay, { base: BASE, radiusKm: 10, deliveryFeeBani: 500 });
    expect(decision.isDeliverable).toBe(false);
    expect(decision.distanceKm).toBeGreaterThan(38);
  });
});

describe('pointInPolygon', () => {
  const square: [number, number][] = [
    [0, 0],
    [10, 0],
    [10, 10],
    [0, 10],
    [0, 0],
  ];
  const hole: [number, number][] = [
    [4, 4],
    [6, 4],
    [6, 6],
    [4, 6],
    [4, 4],
  ];

  it('finds points inside, outside and in holes', () => {
    expect(pointInPolygon({ latitude: 5, longitude: 2 }, [square])).toBe(true);
    expect(pointInPolygon({ latitude: 5, longitude: 11 }, [square])).toBe(false);
    expect(pointInPolygon({ latitude: 5, longitude: 5 }, [square, hole])).toBe(false);
    expect(pointInPolygon({ latitude: 5, longitude: 5 }, [])).toBe(false);
  });

  it('handles a concave ring', () => {
    const u: [number, number][] = [
      [0, 0],
      [3, 0],
      [3, 3],
      [2, 3],
      [2, 1],
      [1, 1],
      [1, 3],
      [0, 3],
    ];
    expect(pointInPolygon({ latitude: 2, longitude: 1.5 }, [u])).toBe(false);
    expect(pointInPolygon({ latitude: 2, longitude: 0.5 }, [u])).toBe(true);
  });
});

describe('circleRing', () => {
  it('draws a closed ring whose vertices sit at the radius', () => {
    const ring = circleRing(BASE, 10, 32);
    expect(ring).toHaveLength(33);
    expect(ring[0]).toEqual(ring[32]);
    for (const [lng, lat] of ring) expect(haversineKm(BASE, { latitude: lat, longitude: lng })).toBeCloseTo(10, 1);
  });
});
