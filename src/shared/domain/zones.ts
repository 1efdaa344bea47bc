/**
 * Delivery zones (spec §3 validation result, §9 "delivery distance is parsed from the first word of
 * the zone name"): pure geometry and the deliverability rule shared by the API (authoritative, on
 * every validation and every address save) and the PWA (display only).
 *
 * A zone is a distance band from the restaurant's base point. Zone names start with the distance so
 * that the first word parses back to kilometres: '2.4 km Center'.
 */
import type { Locale } from '../i18n/locales';
import { perLocale } from '../i18n/locales';

export interface LatLng {
  latitude: number;
  longitude: number;
}

/** Mean Earth radius (IUGG), the usual constant for haversine distances. */
export const EARTH_RADIUS_KM = 6371.0088;

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in kilometres between two WGS84 points. */
export function haversineKm(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLng = toRadians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function isFiniteLatLng(point: { latitude?: number | null; longitude?: number | null }): point is LatLng {
  return (
    typeof point.latitude === 'number' &&
    typeof point.longitude === 'number' &&
    Number.isFinite(point.latitude) &&
    Number.isFinite(point.longitude) &&
    Math.abs(point.latitude) <= 90 &&
    Math.abs(point.longitude) <= 180
  );
}

export type ZoneBand = 'Center' | 'Near' | 'Far' | 'Extended';

/**
 * Bands by distance from the base point, upper bounds inclusive. Estimated times widen with distance;
 * 'Center' keeps the restaurant's stated 30-45 minutes (spec §1).
 */
export const ZONE_BANDS: readonly { band: ZoneBand; maxKm: number; estimatedTime: string }[] = [
  { band: 'Center', maxKm: 3, estimatedTime: '30-45 minutes' },
  { band: 'Near', maxKm: 6, estimatedTime: '35-50 minutes' },
  { band: 'Far', maxKm: 10, estimatedTime: '45-60 minutes' },
  { band: 'Extended', maxKm: Number.POSITIVE_INFINITY, estimatedTime: '50-70 minutes' },
];

export function zoneBandFor(distanceKm: number): (typeof ZONE_BANDS)[number] {
  return ZONE_BANDS.find((zone) => distanceKm <= zone.maxKm) ?? ZONE_BANDS[ZONE_BANDS.length - 1]!;
}

/** Distances are shown and stored with one decimal. */
export function roundKm(distanceKm: number): number {
  return Math.round(distanceKm * 10) / 10;
}

const kmFormat = perLocale((tag) => new Intl.NumberFormat(tag, { minimumFractionDigits: 1, maximumFractionDigits: 1 }));

/** A distance in km with one decimal, as the language writes it ("4.2", "4,2"). */
export function kmText(km: number, locale: Locale): string {
  return kmFormat(locale).format(km);
}

export function zoneName(distanceKm: number, band: ZoneBand): string {
  return `${roundKm(distanceKm).toFixed(1)} km ${band}`;
}

/** Spec §9: the delivery distance is the first word of the zone name ('2.4 km Center' -> 2.4). */
export function distanceFromZoneName(name: string | null | undefined): number | null {
  const first = name?.trim().split(/\s+/)[0];
  if (!first) return null;
  const value = Number.parseFloat(first);
  return Number.isFinite(value) ? value : null;
}

export interface DeliveryArea {
  base: LatLng;
  radiusKm: number;
  deliveryFeeBani: number;
}

export interface DeliveryDecision {
  isDeliverable: boolean;
  /** Rounded to one decimal. */
  distanceKm: number;
  /** Null when outside the radius: an undeliverable point has no delivery zone. */
  zoneName: string | null;
  band: ZoneBand | null;
  estimatedTime: string | null;
  deliveryFeeBani: number;
}

/**
 * The one deliverability rule: deliverable iff the pin is within `radiusKm` of the base point
 * (compared before rounding, so the edge is exact).
 */
export function decideDelivery(point: LatLng, area: DeliveryArea): DeliveryDecision {
  const distance = haversineKm(area.base, point);
  if (distance > area.radiusKm) {
    return { isDeliverable: false, distanceKm: roundKm(distance), zoneName: null, band: null, estimatedTime: null, deliveryFeeBani: 0 };
  }
  const zone = zoneBandFor(distance);
  return {
    isDeliverable: true,
    distanceKm: roundKm(distance),
    zoneName: zoneName(distance, zone.band),
    band: zone.band,
    estimatedTime: zone.estimatedTime,
    deliveryFeeBani: area.deliveryFeeBani,
  };
}

/** Spec §8 'Address Not Deliverable', verbatim. */
export const NOT_DELIVERABLE_TEXT = 'This address is outside our delivery zone. Please choose a different location.';

/**
 * Issue 22: no kitchen's zone holds the pin: the spec's text, then the nearest kitchen and its distance
 * ("… The nearest kitchen, Casa Grătarului Centru, is 12.4 km away."). The API says it; the PWA shows it.
 */
export function outOfZoneText(nearestName: string, distanceKm: number): string {
  return `${NOT_DELIVERABLE_TEXT} The nearest kitchen, ${nearestName}, is ${roundKm(distanceKm).toFixed(1)} km away.`;
}

/** Only kitchens switched off hold the pin: in a zone, but nobody delivers there now or later. */
export function pausedKitchenText(kitchenName: string, distanceKm: number): string {
  return `${NOT_DELIVERABLE_TEXT} ${kitchenName} (${roundKm(distanceKm).toFixed(1)} km away) delivers here but is not taking orders.`;
}

export type ZoneTone = 'center' | 'near' | 'far' | 'extended' | 'other';

/** Badge colour family (spec: Center green, Near blue, Far yellow, Extended orange, anything else red). */
export function zoneTone(name: string | null | undefined): ZoneTone {
  if (!name) return 'other';
  if (name.includes('Center')) return 'center';
  if (name.includes('Near')) return 'near';
  if (name.includes('Far')) return 'far';
  if (name.includes('Extended')) return 'extended';
  return 'other';
}

/** A closed or open ring of [lng, lat] positions (GeoJSON order). */
export type Ring = readonly (readonly [number, number])[];

/** Ray casting; points exactly on an edge may fall either way, which is fine at ~50 m data precision. */
export function pointInRing(point: LatLng, ring: Ring): boolean {
  let inside = false;
  const x = point.longitude;
  const y = point.latitude;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** GeoJSON Polygon coordinates: the outer ring, then holes. */
export function pointInPolygon(point: LatLng, rings: readonly Ring[]): boolean {
  const [outer, ...holes] = rings;
  if (!outer || !pointInRing(point, outer)) return false;
  return !holes.some((hole) => pointInRing(point, hole));
}

/** A circle as a closed polygon ring (for the map's delivery area), `steps` vertices. */
export function circleRing(center: LatLng, radiusKm: number, steps = 64): [number, number][] {
  const ring: [number, number][] = [];
  const angular = radiusKm / EARTH_RADIUS_KM;
  const lat1 = toRadians(center.latitude);
  const lng1 = toRadians(center.longitude);
  for (let i = 0; i <= steps; i += 1) {
    const bearing = (2 * Math.PI * (i % steps)) / steps;
    const lat2 = Math.asin(Math.sin(lat1) * Math.cos(angular) + Math.cos(lat1) * Math.sin(angular) * Math.cos(bearing));
    const lng2 =
      lng1 + Math.atan2(Math.sin(bearing) * Math.sin(angular) * Math.cos(lat1), Math.cos(angular) - Math.sin(lat1) * Math.sin(lat2));
    ring.push([Number(((lng2 * 180) / Math.PI).toFixed(6)), Number(((lat2 * 180) / Math.PI).toFixed(6))]);
  }
  return ring;
}
