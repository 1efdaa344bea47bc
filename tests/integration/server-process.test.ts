import { rmSync } from 'node:fs';

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
