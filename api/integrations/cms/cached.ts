/**
 * Settings and locations from a remote Cms (Directus) behind a short TTL with stale-while-revalidate:
 * every route that needs them (restaurant info, status, zone checks, order pricing) answers from memory;
 * a copy older than the TTL is still answered while one background read refreshes it, and when the Cms
 * is down the last good copy keeps serving. Only a cold start with the Cms down fails (503, see
 * api/middleware/errors.ts). The menu has its own cache (api/lib/menu-cache.ts).
 */
import type { Clock } from '../../../src/shared/clock';
import type { Cms } from './port';

interface Slot<T> {
  value: T | null;
  loadedAtMs: number;
  pending: Promise<T> | null;
}

export interface CachedCmsOptions {
  ttlMs: number;
  clock: Clock;
  onRefreshError?: (what: string, error: unknown) => void;
}

export function createCachedCms(inner: Cms, options: CachedCmsOptions): Cms & { invalidate(): void } {
  const slots = new Map<string, Slot<unknown>>();

  function cached<T>(what: string, load: () => Promise<T>): () => Promise<T> {
    const slot: Slot<T> = { value: null, loadedAtMs: 0, pending: null };
    slots.set(what, slot as Slot<unknown>);
    const refresh = (): Promise<T> => {
      slot.pending ??= load().then(
        (value) => {
          slot.value = value;
          slot.loadedAtMs = options.clock.now().getTime();
          slot.pending = null;
          return value;
        },
        (error: unknown) => {
          slot.pending = null;
          throw error;
        },
      );
      return slot.pending;
    };
    return async () => {
      if (slot.value === null) return refresh();
      if (options.clock.now().getTime() - slot.loadedAtMs >= options.ttlMs) {
        refresh().catch((error: unknown) => options.onRefreshError?.(what, error));
      }
      return slot.value;
    };
  }

  return {
    name: inner.name,
    loadMenu: () => inner.loadMenu(),
    loadSettings: cached('settings', () => inner.loadSettings()),
    loadLocations: cached('locations', () => inner.loadLocations()),
    invalidate() {
      for (const slot of slots.values()) slot.loadedAtMs = 0;
    },
  };
}
