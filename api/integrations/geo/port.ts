/**
 * The Geo port: address search, place lookup and reverse lookup for Ploiești. The embedded default
 * is the street gazetteer (api/data/geo, no network, no coordinates); production adapters are
 * Nominatim and Google, chosen by GEOCODER. Adapters are the only code that knows an upstream's
 * URL and answer shape; they zod-parse answers and return our shared types.
 *
 * Deliverability is NOT decided here: routes compute it from the pin with src/shared/domain/zones.
 */
import { foldText } from '../../../src/shared/domain/street-search';
import type { AddressSuggestion, ResolvedPlace, ReverseResult } from '../../../src/shared/schemas/address';

export { foldText };

/** Every upstream call gives up after this, so the API answers well within 5 s even when the geocoder hangs. */
export const GEO_UPSTREAM_TIMEOUT_MS = 4000;

export interface GeoPlace extends ResolvedPlace {
  /** Null when the geocoder knows no point (the gazetteer): the customer places the pin. */
  latitude: number | null;
  longitude: number | null;
}

export interface Geo {
  readonly name: 'gazetteer' | 'nominatim' | 'google';
  /** Shown on the address card: 'validated via {method} on {date}'. */
  readonly method: string;
  autocomplete(query: string): Promise<AddressSuggestion[]>;
  /** The place behind a suggestion's place_id, or null when the id is unknown. */
  resolve(placeId: string): Promise<GeoPlace | null>;
  reverse(latitude: number, longitude: number): Promise<ReverseResult>;
}

/**
 * An upstream that failed to answer usefully. `kind` picks the HTTP answer: unavailable/timeout/
 * rate_limited -> 503 (try again later), bad_response/denied -> 502 (our configuration or theirs).
 */
export type GeoFailureKind = 'unavailable' | 'timeout' | 'rate_limited' | 'denied' | 'bad_response';

export class GeoUpstreamError extends Error {
  constructor(
    readonly kind: GeoFailureKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'GeoUpstreamError';
  }
}

export const NOT_FOUND_REVERSE: ReverseResult = {
  found: false,
  streetNumber: null,
  route: null,
  postalCode: null,
  locality: null,
  country: null,
  formattedAddress: null,
  placeId: null,
  insideCity: null,
};

/** The city the product serves, as upstreams may spell it. */
export function isPloiesti(name: string | null | undefined): boolean {
  return !!name && foldText(name).split(' ').includes('ploiesti');
}

/**
 * fetch() with a hard timeout, mapping transport failures to GeoUpstreamError. The caller checks the
 * status: each upstream documents its own error statuses.
 */
export async function fetchUpstream(url: URL, init: RequestInit = {}, timeoutMs = GEO_UPSTREAM_TIMEOUT_MS): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      throw new GeoUpstreamError('timeout', `The geocoder did not answer within ${timeoutMs} ms`, { cause: error });
    }
    throw new GeoUpstreamError('unavailable', 'The geocoder could not be reached', { cause: error });
  }
}

/** Reads a JSON body, turning a malformed one (or one cut off by the timeout) into a GeoUpstreamError. */
export async function readJson(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch (error) {
    if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      throw new GeoUpstreamError('timeout', 'The geocoder answer timed out', { cause: error });
    }
    throw new GeoUpstreamError('bad_response', 'The geocoder sent an unreadable answer', { cause: error });
  }
}
