import { queryOptions } from '@tanstack/react-query';

import { menuFreshnessAtom } from '../../../lib/menu-freshness';
import { loadMenu } from '../../../lib/menu-snapshot';
import { appStore } from '../../../lib/store';
import { systemClock } from '../../../shared/clock';

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
      });
      appStore.set(menuFreshnessAtom, { fetchedAt: loaded.fetchedAt, staleSince: loaded.staleSince });
      return loaded.menu;
    },
  });
