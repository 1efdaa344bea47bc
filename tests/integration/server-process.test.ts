import { rmSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { request } from 'node:http';

import { afterEach, describe, expect, it } from 'vitest';

import { menuSchema } from '../../src/shared/schemas/menu';
import type { SpawnedServer } from '../setup/spawn-server';
import { spawnServer } from '../setup/spawn-server';
import { makeTempDir } from '../setup/test-app';

const running: SpawnedServer[] = [];
const dirs: string[] = [];

afterEach(() => {
  for (const server of running.splice(0)) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function start(dataDir: string, env?: Record<string, string>) {
  const server = await spawnServer({ dataDir, env });
  running.push(server);
  return server;
}

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the server process', () => {
  it('answers health, logs JSON lines with a request id, and exits 0 on SIGTERM', async () => {
    const dataDir = makeTempDir();
    dirs.push(dataDir);
    const server = await start(dataDir);
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    const lines = server
      .output()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const requestLine = lines.find((line) => line.msg === 'request' && line.path === '/api/health');
    expect(requestLine).toMatchObject({ level: 'info', method: 'GET', status: 200 });
    expect(typeof requestLine?.requestId).toBe('string');
    expect(lines.at(-1)?.msg).toBe('stopped');
  });

  it('on SIGTERM lets an in-flight login finish with its normal answer, refuses new connections, then exits 0', async () => {
    const dataDir = makeTempDir();
    dirs.push(dataDir);
    const email = 'drain@example.ro';
    const password = 'drain-password-1';
    const server = await start(dataDir, { ADMIN_EMAIL: email, ADMIN_PASSWORD: password });
    const body = JSON.stringify({ email, password });
    const splitAt = Math.floor(body.length / 2);

    // A login whose body arrives in two parts: the request is in flight (headers parsed, body
    // pending) when SIGTERM lands, and its second half is only sent once shutdown has begun.
    const req = request(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), origin: server.url },
    });
    const answer = new Promise<{ status: number; cookie: string[]; json: unknown }>((resolve, reject) => {
      req.on('error', reject);
      req.on('response', (res: IncomingMessage) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, cookie: res.headers['set-cookie'] ?? [], json: JSON.parse(text) }));
      });
    });
    req.flushHeaders();
    req.write(body.slice(0, splitAt));
    await new Promise((resolve) => setTimeout(resolve, 300));

    server.child.kill('SIGTERM');
    await waitFor(() => server.output().includes('"shutting down"'));
    // Listening has stopped: a new connection is refused while the old request is still open.
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
    expect(server.child.exitCode).toBeNull();

    req.end(body.slice(splitAt));
    const response = await answer;
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ user: { email, role: 'admin' } });
    expect(response.cookie.join(';')).toMatch(/session/i);
    expect(await server.exited).toEqual({ code: 0, signal: null });
    const messages = server
      .output()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg?: string; path?: string })
      .map((line) => [line.msg, line.path].filter(Boolean).join(' '));
    expect(messages.indexOf('request /api/auth/login')).toBeGreaterThan(messages.indexOf('shutting down'));
    expect(messages.at(-1)).toBe('stopped');
  }, 60_000);

  it('keeps the data across a kill -9 and a restart', async () => {
    const dataDir = makeTempDir();
    dirs.push(dataDir);
    const first = await start(dataDir, { ADMIN_EMAIL: 'manager@example.ro', ADMIN_PASSWORD: 'manager-password-1' });
    const before = menuSchema.parse(await (await fetch(`${first.url}/api/menu`)).json());
    first.child.kill('SIGKILL');
    await first.exited;

    const second = await start(dataDir);
    const after = menuSchema.parse(await (await fetch(`${second.url}/api/menu`)).json());
    expect(after.version).toBe(before.version);
    expect(after.items).toHaveLength(51);
    expect(second.output()).not.toContain('seeded empty store');
  });

  it('refuses to start with a bad setting and names it', async () => {
    const dataDir = makeTempDir();
    dirs.push(dataDir);
    await expect(spawnServer({ dataDir, env: { PORT: 'not-a-port' } })).rejects.toThrow(/PORT/);
  });
});
