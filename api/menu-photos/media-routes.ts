/**
 * GET /media/menu/:file: the uploaded dish photos' files (photo-store.ts). A file's name carries its
 * content hash, so it never changes: cached for a year as immutable by browsers, proxies and the
 * service worker. Only names of the exact shape `<32 hex>-<width>.<avif|webp>` are looked up, so no
 * path (`..`, slashes, encoded or not) can reach anything else on disk; anything else is a 404.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

import { Hono } from 'hono';

import type { AppEnv } from '../deps';
import { HTTP_STATUS } from '../lib/http-errors';
import { MENU_MEDIA_FILE_PATTERN, menuMediaDir } from './photo-store';

export const MENU_MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';
const CONTENT_TYPES = { avif: 'image/avif', webp: 'image/webp' } as const;

export function menuMediaRoutes(dataDir: string) {
  const dir = menuMediaDir(dataDir);
  const notFound = (c: { text(text: string, status: 404, headers: Record<string, string>): Response }) =>
    // Not cached: the file may exist a moment later (an upload finishing on another request).
    c.text('Not found', HTTP_STATUS.NOT_FOUND, { 'Cache-Control': 'no-store' });
  return new Hono<AppEnv>().get('/:file', async (c) => {
    const match = MENU_MEDIA_FILE_PATTERN.exec(c.req.param('file'));
    if (!match) return notFound(c);
    const format = match[3] as keyof typeof CONTENT_TYPES;
    let bytes: Buffer;
    try {
      bytes = await readFile(path.join(dir, match[0]));
    } catch {
      return notFound(c);
    }
    return c.body(new Uint8Array(bytes), HTTP_STATUS.OK, {
      'Content-Type': CONTENT_TYPES[format],
      'Content-Length': String(bytes.length),
      'Cache-Control': MENU_MEDIA_CACHE_CONTROL,
    });
  });
}
