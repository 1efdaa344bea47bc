import { describe, expect, it } from 'vitest';

import { manualClock } from '../../src/shared/clock';
import type { Cms, MenuContent } from '../integrations/cms/port';
import { createMenuCache } from './menu-cache';

const TTL_MS = 30_000;

function scriptedCms() {
  const state = { name: 'Mici', fail: false, loads: 0 };
  const cms: Cms = {
    name: 'scripted',
    async loadMenu(): Promise<MenuContent> {
      state.loads += 1;
      if (state.fail) throw new Error('Directus is down');
      // The category name stands in for any catalogue change.
      return {
        categories: [{ id: 1, slug: 'gratar', name: state.name, shortLabel: 'G', description: null, icon: '', sortOrder: 0 }],
        items: [],
      };
    },
    loadSettings: () => Promise.reject(new Error('unused')),
    loadLocations: () => Promise.reject(new Error('unused')),
  };
  return { cms, state };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('menu cache with a TTL (remote Cms)', () => {
  it('serves the built menu within the TTL, then the stale one at once while one background rebuild runs', async () => {
    const clock = manualClock(new Date('2026-11-22T12:00:00Z'));
    const { cms, state } = scriptedCms();
    const cache = createMenuCache(cms, clock, { ttlMs: TTL_MS });
    const first = await cache.get();
    expect(cache.ageSeconds()).toBe(0);
    state.name = 'Changed';
    clock.advanceMs(TTL_MS - 1);
    expect((await cache.get()).version).toBe(first.version);
    expect(state.loads).toBe(1);
    clock.advanceMs(2);
    expect(cache.ageSeconds()).toBe(30);
    // Stale: answered at once with the old version; the rebuild runs behind it, only once.
    expect((await cache.get()).version).toBe(first.version);
    expect(cache.peek()!.version).toBe(first.version);
    await settle();
    expect(state.loads).toBe(2);
    const fresh = await cache.get();
    expect(fresh.version).not.toBe(first.version);
    expect(cache.peek()).toBe(fresh);
    expect(cache.ageSeconds()).toBe(0);
  });

  it('keeps the last good menu with its growing age while the Cms fails, and reports each failed refresh', async () => {
    const clock = manualClock(new Date('2026-11-22T12:00:00Z'));
    const { cms, state } = scriptedCms();
    const errors: unknown[] = [];
    const cache = createMenuCache(cms, clock, { ttlMs: TTL_MS, onRefreshError: (error) => errors.push(error) });
    const good = await cache.get();
    state.fail = true;
    clock.advanceMs(TTL_MS + 15_000);
    expect(await cache.get()).toBe(good);
    await settle();
    expect(errors).toHaveLength(1);
    clock.advanceMs(60_000);
    expect(cache.peek()).toBe(good);
    expect(cache.ageSeconds()).toBe(105);
    await settle();
    expect(errors).toHaveLength(2);
    state.fail = false;
    clock.advanceMs(1);
    cache.peek();
    await settle();
    expect(cache.ageSeconds()).toBe(0);
  });

  it('with the same content after a refresh keeps the same bytes and version but restarts the age', async () => {
    const clock = manualClock(new Date('2026-11-22T12:00:00Z'));
    const { cms } = scriptedCms();
    const cache = createMenuCache(cms, clock, { ttlMs: TTL_MS });
    const first = await cache.get();
    clock.advanceMs(TTL_MS);
    await cache.get();
    await settle();
    const after = await cache.get();
    expect(after.json).toBe(first.json);
    expect(cache.ageSeconds()).toBe(0);
  });

  it('without a TTL (embedded store) has no age and never rebuilds on its own', async () => {
    const clock = manualClock(new Date('2026-11-22T12:00:00Z'));
    const { cms, state } = scriptedCms();
    const cache = createMenuCache(cms, clock);
    await cache.get();
    clock.advanceMs(24 * 3_600_000);
    await cache.get();
    await settle();
    expect(state.loads).toBe(1);
    expect(cache.ageSeconds()).toBeNull();
  });
});
