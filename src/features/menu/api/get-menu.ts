import { queryOptions } from '@tanstack/react-query';

import { takeEarlyMenuSnapshot, takeReadyMenuSnapshot } from '../../../db/early-read';
import { pageDrawnFromStoredData } from '../../../lib/first-paint-source';
import { menuFreshnessAtom } from '../../../lib/menu-freshness';
import { loadMenu } from '../../../lib/menu-snapshot';
import { appStore } from '../../../lib/store';
import { systemClock } from '../../../shared/clock';

function isKnownOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

export const menuKeys = {
  all: ['menu'] as const,
};

/**
 * The catalogue: from the network when it answers, else from the snapshot IndexedDB keeps of the
 * last good answer (so /menu and /meniul-complet open offline after one online visit).
 */
export const menuQueryOptions = () =>
  queryOptions({
    queryKey: menuKeys.all,
    queryFn: async () => {
      const loaded = await loadMenu({
        getDb: () => import('../../../db/db').then((m) => m.db),
        clock: systemClock,
        // The start-up read serves the first load only; later ones see what Dexie stored since.
        earlySnapshot: takeEarlyMenuSnapshot(),
      });
      appStore.set(menuFreshnessAtom, { fetchedAt: loaded.fetchedAt, staleSince: loaded.staleSince });
      return loaded.menu;
    },
    // Offline, or when the service worker drew the page from the stored menu, the first render shows
    // the snapshot read at start-up instead of waiting for the route, the query and the
    // request; stale at once, so the query still runs: online it brings the current menu, offline it
    // says how old the prices are. Otherwise the network answers first.
    initialData: () => (isKnownOffline() || pageDrawnFromStoredData() ? takeReadyMenuSnapshot()?.menu : undefined),
    initialDataUpdatedAt: 0,
  });
