/**
 * Issue 21, defect 14: a body over the limit is answered 413 and the connection is closed with it
 * (`Connection: close`), so a client's next request on a kept-alive socket never dies with a reset.
 * Over a real socket: in-process requests have no connection to reuse.
 */
import type { AddressInfo } from 'node:net';
import { Agent, request } from 'node:http';

import { createAdaptorServer } from '@hono/node-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { TestApp } from '../tests/setup/test-app';
import { createTestApp } from '../tests/setup/test-app';
import { MAX_BODY_BYTES } from './app';

let t: TestApp;
let server: ReturnType<typeof createAdaptorServer>;
let port: number;

beforeEach(async () => {
  t = await createTestApp();
  server = createAdaptorServer({ fetch: t.app.fetch });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterEach(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});

function post(agent: Agent, path: string, body: string): Promise<{ status: number; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${port}`, 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('defect 14: an oversized body', () => {
  it('gets 413 with Connection: close, and the next request (on the same kept-alive agent) is answered', async () => {
    // One socket at most: the second request would reuse the first one's connection if it were kept.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const oversized = JSON.stringify({ email: 'a@example.ro', password: 'x'.repeat(MAX_BODY_BYTES + 50 * 1024) });
      const first = await post(agent, '/api/auth/login', oversized);
      expect(first).toEqual({ status: 413, connection: 'close' });
      const next = await post(
        agent,
        '/api/auth/register',
        JSON.stringify({ email: 'ana@example.ro', password: 'parola-buna-123', firstName: 'Ana', lastName: 'Pop' }),
      );
      expect(next.status).toBe(201);
    } finally {
      agent.destroy();
    }
  });
});
