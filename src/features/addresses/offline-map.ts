/**
 * Online, once the address book has painted: fetch what the address panel's map needs (its config,
 * MapLibre, its worker and our offline style) so the service worker keeps them (src/sw.ts). An address
 * added later without a connection can then be pinned on the map rather than by typed coordinates.
 *
 * Best effort by design: a failure here only means the map is not ready offline yet, and the panel
 * still offers typed coordinates. Offline this does nothing (the caller only runs it online).
 */
import type { QueryClient } from '@tanstack/react-query';
import { mapConfigQueryOptions } from '../../lib/map-config';

/** After the list has painted: the map library is ~270 KiB gzip and must not delay the screen. */
export const OFFLINE_MAP_WARM_DELAY_MS = 1500;

export async function warmOfflineMap(queryClient: QueryClient): Promise<void> {
  const config = await queryClient.fetchQuery(mapConfigQueryOptions());
  // The map component's module starts loading MapLibre when it is evaluated.
  const { MAP_WORKER_URL } = await import('./components/address-map');
  const sameOrigin = (url: string) => new URL(url, window.location.href).origin === window.location.origin;
  // A hosted style (MAP_STYLE_URL) needs its tile servers anyway: only our own style is kept.
  const urls = [MAP_WORKER_URL, ...(sameOrigin(config.styleUrl) ? [config.styleUrl] : [])];
  await Promise.all(urls.map((url) => fetch(url, { credentials: 'same-origin' })));
}

/** Runs `warmOfflineMap` after the delay; the returned function cancels it (unmount, offline). */
export function scheduleOfflineMapWarm(queryClient: QueryClient): () => void {
  const timer = window.setTimeout(() => {
    warmOfflineMap(queryClient).catch(() => {
      // Not ready offline yet; the next visit to the address book tries again.
    });
  }, OFFLINE_MAP_WARM_DELAY_MS);
  return () => window.clearTimeout(timer);
}
