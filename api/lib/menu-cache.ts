/**
 * The menu answer, built once per catalogue change: serialised, hashed into a content version
 * (the ETag) and pre-compressed, so GET /api/menu is a buffer copy (the hottest request).
 * Anything that changes the catalogue calls invalidate(); the next request rebuilds it.
 *
 * With a TTL (a remote Cms such as Directus, whose catalogue changes without telling us), a built
 * answer older than the TTL is still served at once while one background rebuild runs
 * (stale-while-revalidate); a failed rebuild keeps the last good menu, which is then answered with
 * its Age, so the storefront stays up and fast while the Cms is slow or down.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

import type { Clock } from '../../src/shared/clock';
import type { Menu } from '../../src/shared/schemas/menu';
import type { Cms } from '../integrations/cms/port';

export interface MenuBody {
  version: string;
  etag: string;
  json: Buffer;
  gzip: Buffer;
  brotli: Buffer;
  menu: Menu;
  /** When this answer was built (clock ms): its age is answered as the Age header under a TTL. */
  builtAtMs: number;
}

export interface MenuCache {
  get(): Promise<MenuBody>;
  /** The built answer when there is one, synchronously (for the node-level fast path); null otherwise. */
  peek(): MenuBody | null;
  invalidate(): void;
  /** Whole seconds since the served answer was built, under a TTL; null without one (the embedded store's answer is always current). */
  ageSeconds(): number | null;
}

export interface MenuCacheOptions {
  /** Rebuild in the background once the answer is older than this; unset: only invalidate() rebuilds. */
  ttlMs?: number;
  /** A background rebuild failed: the last good answer stays. */
  onRefreshError?: (error: unknown) => void;
}

export function createMenuCache(cms: Cms, clock: Clock, options: MenuCacheOptions = {}): MenuCache {
  let current: Promise<MenuBody> | null = null;
  let built: MenuBody | null = null;
  let refreshing: Promise<void> | null = null;
  const { ttlMs } = options;

  /** Stale-while-revalidate: one background rebuild at a time; the old answer serves until it lands. */
  function refreshIfStale(): void {
    if (ttlMs === undefined || !built || refreshing || clock.now().getTime() - built.builtAtMs < ttlMs) return;
    const before = built;
    refreshing = build().then(
      (body) => {
        // An invalidate() during the rebuild wins: its own build is the newer one.
        if (built === before) {
          // Same content: keep the old bytes (and ETag) but restart the age.
          built = body.version === before.version ? { ...before, builtAtMs: body.builtAtMs } : body;
          current = Promise.resolve(built);
        }
        refreshing = null;
      },
      (error: unknown) => {
        refreshing = null;
        options.onRefreshError?.(error);
      },
    );
  }

  async function build(): Promise<MenuBody> {
    const content = await cms.loadMenu();
    const version = createHash('sha256').update(JSON.stringify(content)).digest('base64url').slice(0, 16);
    const menu: Menu = { version, generatedAt: clock.now().toISOString(), ...content };
    const json = Buffer.from(JSON.stringify(menu));
    return {
      version,
      etag: `"${version}"`,
      json,
      gzip: gzipSync(json, { level: 9 }),
      brotli: brotliCompressSync(json, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
      menu,
      builtAtMs: clock.now().getTime(),
    };
  }

  return {
    get() {
      refreshIfStale();
      if (!current) {
        const building = build();
        current = building;
        building.then(
          (body) => {
            if (current === building) built = body;
          },
          () => undefined,
        );
        // A failed build must not stick: the next request tries again.
        building.catch(() => {
          if (current === building) current = null;
        });
      }
      return current;
    },
    peek() {
      refreshIfStale();
      return built;
    },
    invalidate() {
      current = null;
      built = null;
    },
    ageSeconds() {
      if (ttlMs === undefined || !built) return null;
      return Math.max(0, Math.floor((clock.now().getTime() - built.builtAtMs) / 1000));
    },
  };
}
