/**
 * The delivery radius drawn on the map: a GeoJSON polygon approximating a circle of `radiusKm`
 * around the base point (equirectangular; at Ploiești's latitude and ≤ 25 km the error is far
 * below what a screen shows).
 */
const EARTH_RADIUS_KM = 6371;
const CIRCLE_SEGMENTS = 64;

export function circlePolygon(center: { latitude: number; longitude: number }, radiusKm: number) {
  const latRad = (center.latitude * Math.PI) / 180;
  const dLat = (radiusKm / EARTH_RADIUS_KM) * (180 / Math.PI);
  const dLng = dLat / Math.cos(latRad);
  const ring: [number, number][] = [];
  for (let i = 0; i <= CIRCLE_SEGMENTS; i += 1) {
    const angle = (i / CIRCLE_SEGMENTS) * 2 * Math.PI;
    ring.push([center.longitude + dLng * Math.cos(angle), center.latitude + dLat * Math.sin(angle)]);
  }
  return {
    type: 'Feature' as const,
    properties: {},
    geometry: { type: 'Polygon' as const, coordinates: [ring] },
  };
}
