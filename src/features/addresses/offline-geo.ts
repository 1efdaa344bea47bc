/**
 * The street search on the device, for adding an address offline: the Ploiești street list
 * (src/shared/data/ploiesti-streets.json) searched with the server's own code
 * (src/shared/domain/street-search.ts), so offline suggestions, place ids, streets and postal codes
 * are the ones the server would give and resolve when the queued add arrives.
 *
 * Loaded on demand (its own chunk, precached by the service worker like every chunk): the street
 * list never joins the initial JS.
 */
import type { StreetGazetteer, StreetIndexRecord } from '../../shared/domain/street-search';
import type { AddressSuggestion, ResolvedPlace } from '../../shared/schemas/address';

let loading: Promise<StreetGazetteer> | undefined;

function gazetteer(): Promise<StreetGazetteer> {
  loading ??= Promise.all([import('../../shared/domain/street-search'), import('../../shared/data/ploiesti-streets.json')]).then(
    ([search, data]) => new search.StreetGazetteer(data.default as StreetIndexRecord[]),
  );
  // A failed load (a chunk missing after a deploy) may be retried on the next search.
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/** Suggestions for a query, as GET /api/geo/autocomplete answers them with the embedded gazetteer. */
export async function searchOnDevice(query: string): Promise<AddressSuggestion[]> {
  const [{ toSuggestion }, streets] = await Promise.all([import('../../shared/domain/street-search'), gazetteer()]);
  return streets.search(query).map(toSuggestion);
}

/** The place behind a gazetteer place id, or null (unknown here, or another geocoder's id). */
export async function resolveOnDevice(placeId: string): Promise<ResolvedPlace | null> {
  const [{ toResolvedPlace }, streets] = await Promise.all([import('../../shared/domain/street-search'), gazetteer()]);
  const match = streets.lookup(placeId);
  return match ? toResolvedPlace(match) : null;
}
