import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import { getRequestListener } from '@hono/node-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { listenOnLoopback } from '../tests/setup/loopback-server';
import type { TestApp } from '../tests/setup/test-app';
import { createTestApp } from '../tests/setup/test-app';
import { createMenuFastPath } from './menu-fast-path';

let t: TestApp;
let served: { fast: number; hono: number };
let baseUrl: string;
let close: () => Promise<void>;

beforeEach(async () => {
  t = await createTestApp();
  served = { fast: 0, hono: 0 };
  const fastPath = createMenuFastPath(t.deps);
  const hono = getRequestListener(t.app.fetch);
  const server = await listenOnLoopback((req, res) => {
    if (fastPath(req, res)) served.fast += 1;
    else {
      served.hono += 1;
      void hono(req, res);
    }
  });
  baseUrl = server.baseUrl;
  close = server.close;
});
afterEach(async () => {
  await close();
  await t.close();
});

const comparable = (response: Response) => {
  const headers = Object.fromEntries(
    [...response.headers].filter(
      ([name]) => !['x-request-id', 'date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'].includes(name),
    ),
  );
  return { status: response.status, headers };
};

describe('menu fast path', () => {
  it('falls through to Hono while the cache is cold, then answers the same status, headers and bytes itself', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const viaHono = await t.request('/api/menu', { headers: { 'accept-encoding': encoding } });
      const honoBytes = Buffer.from(await viaHono.arrayBuffer());
      const viaNode = await fetch(`${baseUrl}/api/menu`, { headers: { 'accept-encoding': encoding } });
      const nodeBytes = Buffer.from(await viaNode.arrayBuffer());
      expect(comparable(viaNode)).toEqual(comparable(viaHono));
      // fetch() decodes the compressed body; the in-process answer is the raw encoded bytes.
      const decodedHono = encoding === 'br' ? brotliDecompressSync(honoBytes) : encoding === 'gzip' ? gunzipSync(honoBytes) : honoBytes;
      expect(nodeBytes.equals(decodedHono)).toBe(true);
      expect(viaNode.headers.get('x-request-id')).toBeTruthy();
    }
    expect(served.fast).toBeGreaterThan(0);
    const etag = (await fetch(`${baseUrl}/api/menu`)).headers.get('etag')!;
    const notModified = await fetch(`${baseUrl}/api/menu`, { headers: { 'if-none-match': etag } });
    expect(notModified.status).toBe(304);
  });

  it('leaves every other request to Hono', async () => {
    t.deps.menuCache.invalidate();
    await (await fetch(`${baseUrl}/api/menu`)).arrayBuffer();
    await (await fetch(`${baseUrl}/api/health`)).arrayBuffer();
    await (await fetch(`${baseUrl}/api/menu?x=1`)).arrayBuffer();
    expect(served).toEqual({ fast: 0, hono: 3 });
  });
});
