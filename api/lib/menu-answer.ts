/**
 * The GET /api/menu answer as plain status + headers + bytes, decided from the request's
 * If-None-Match and Accept-Encoding. Shared by the Hono route and the node-level fast path
 * (api/menu-fast-path.ts) so both answer byte for byte the same.
 */
import type { MenuBody } from './menu-cache';
import { HTTP_STATUS } from './http-errors';

export interface MenuAnswer {
  status: 200 | 304;
  headers: Record<string, string>;
  body: Buffer | null;
}

function acceptsEncoding(header: string | undefined, encoding: string): boolean {
  return (
    !!header &&
    header.split(',').some((part) => {
      const [name, ...params] = part.trim().split(';');
      return name?.trim() === encoding && !params.some((p) => p.trim() === 'q=0');
    })
  );
}

export function menuAnswer(
  body: MenuBody,
  ifNoneMatch: string | undefined,
  acceptEncoding: string | undefined,
  /** Seconds since the answer was built from a remote Cms (MenuCache.ageSeconds); null leaves Age out. */
  ageSeconds: number | null = null,
): MenuAnswer {
  const headers: Record<string, string> = { ETag: body.etag, 'Cache-Control': 'no-cache', Vary: 'Accept-Encoding' };
  if (ageSeconds !== null) headers.Age = String(ageSeconds);
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === body.etag)) {
    return { status: HTTP_STATUS.NOT_MODIFIED, headers, body: null };
  }
  headers['Content-Type'] = 'application/json; charset=utf-8';
  if (acceptsEncoding(acceptEncoding, 'br'))
    return { status: HTTP_STATUS.OK, headers: { ...headers, 'Content-Encoding': 'br' }, body: body.brotli };
  if (acceptsEncoding(acceptEncoding, 'gzip'))
    return { status: HTTP_STATUS.OK, headers: { ...headers, 'Content-Encoding': 'gzip' }, body: body.gzip };
  return { status: HTTP_STATUS.OK, headers, body: body.json };
}
