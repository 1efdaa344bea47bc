import 'fake-indexeddb/auto';

import { afterEach, describe, expect, it, vi } from 'vitest';

import { AppDb } from '../db/app-db';
import { manualClock } from '../shared/clock';
import type { Menu } from '../shared/schemas/menu';
import { loadMenu } from './menu-snapshot';

const menu: Menu = {
  version: 'v1',
  generatedAt: '2026-11-22T12:00:00.000Z',
  categories: [
    { id: 1, slug: 'produse-la-jar', name: 'Produse la jar', shortLabel: 'La jar', description: null, icon: '🔥', sortOrder: 0 },
  ],
  items: [
    {
      id: 7,
      categoryId: 1,
      name: 'Mici',
      sku: 'SKU-7',
      description: null,
      unit: 'Buc',
      priceBani: 550,
      image: null,
      isFeatured: false,
      isStandalone: true,
      soldOut: false,
      sortOrder: 0,
      modifierGroups: [],
      allergens: [],
      mayContain: null,
      dietaryTags: [],
      availability: [],
      photo: null,
    },
  ],
};

let counter = 0;
const dbs: AppDb[] = [];
function freshDb() {
  counter += 1;
  const db = new AppDb(`menu-snapshot-${counter}`);
  dbs.push(db);
  return db;
}
afterEach(async () => {
  for (const db of dbs.splice(0)) {
    db.close();
    await db.delete();
  }
});

const clock = manualClock(new Date('2026-11-22T12:00:00Z'));

describe('menu snapshot', () => {
  it('stores a fetched menu in the background and serves it when the network fails', async () => {
    const db = freshDb();
    const getDb = async () => db;
    let stored: Promise<void> | undefined;
    const online: typeof fetch = async () => new Response(JSON.stringify(menu), { status: 200 });
    const fresh = await loadMenu({ getDb, clock, fetchImpl: online, onStored: (p) => (stored = p) });
    expect(fresh).toMatchObject({ staleSince: null, fetchedAt: '2026-11-22T12:00:00.000Z' });
    await stored;
    expect((await db.menuSnapshot.get('current'))?.version).toBe('v1');

    clock.advanceMs(120_000);
    const offline: typeof fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    const stale = await loadMenu({ getDb, clock, fetchImpl: offline });
    expect(stale).toMatchObject({ staleSince: '2026-11-22T12:02:00.000Z', fetchedAt: '2026-11-22T12:00:00.000Z' });
    expect(stale.menu.items[0]?.name).toBe('Mici');

    const serverDown: typeof fetch = async () => new Response('{}', { status: 503, statusText: 'Service Unavailable' });
    expect((await loadMenu({ getDb, clock, fetchImpl: serverDown })).staleSince).not.toBeNull();
  });

  it('fails clearly when there is neither network nor snapshot', async () => {
    const db = freshDb();
    await expect(
      loadMenu({
        getDb: async () => db,
        clock,
        fetchImpl: async () => {
          throw new TypeError('Failed to fetch');
        },
      }),
    ).rejects.toThrow('Network request failed');
  });

  it('does not wait for a request the browser knows cannot leave (navigator.onLine false)', async () => {
    const db = freshDb();
    await db.menuSnapshot.put({ key: 'current', menu, version: 'v1', fetchedAt: '2026-11-22T11:00:00.000Z', lastFailedRefreshAt: null });
    vi.stubGlobal('navigator', { onLine: false });
    try {
      const fetchImpl = vi.fn<typeof fetch>();
      const stale = await loadMenu({ getDb: async () => db, clock, fetchImpl });
      expect(fetchImpl).not.toHaveBeenCalled();
      expect(stale.staleSince).not.toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
