import { describe, expect, it } from 'vitest';

import { circlePolygon } from './coverage-circle';

describe('circlePolygon', () => {
  it('is a closed ring whose points lie radiusKm from the centre', () => {
    const center = { latitude: 44.9537, longitude: 26.0224 };
    const ring = circlePolygon(center, 10).geometry.coordinates[0]!;
    expect(ring[0]).toEqual(ring[ring.length - 1]);
    const toRad = (deg: number) => (deg * Math.PI) / 180;
    for (const [lng, lat] of ring) {
      // Haversine distance, km.
      const dLat = toRad(lat - center.latitude);
      const dLng = toRad(lng - center.longitude);
      const a = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(center.latitude)) * Math.cos(toRad(lat)) * Math.sin(dLng / 2) ** 2;
      const km = 2 * 6371 * Math.asin(Math.sqrt(a));
      expect(km).toBeGreaterThan(9.9);
      expect(km).toBeLessThan(10.1);
    }
  });
});
