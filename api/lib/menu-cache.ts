/**
 * The menu answer, built once per catalogue change: serialised, hashed into a content version
 * (the ETag) and pre-compressed, so GET /api/menu is a buffer copy (QUALITY P5).
 * Anything that changes the catalogue calls invalidate(); the next request rebuilds it.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

import type { Clock } from '../../src/shared/clock';
import type { Menu } from '../../src/shared/schemas/menu';
import type { Cms } from '../integrations/cms';

export interface MenuBody {
  version: string;
  etag: string;
  json: Buffer;
  gzip: Buffer;
  brotli: Buffer;
  menu: Menu;
}

export interface MenuCache {
  get(): Promise<MenuBody>;
  /** The built answer when there is one, synchronously (for the node-level fast path); null otherwise. */
  peek(): MenuBody | null;
  invalidate(): void;
}

export function createMenuCache(cms: Cms, clock: Clock): MenuCache {
  let current: Promise<MenuBody> | null = null;
  let built: MenuBody | null = null;

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
    };
  }

  return {
    get() {
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
      return built;
    },
    invalidate() {
      current = null;
      built = null;
    },
  };
}
