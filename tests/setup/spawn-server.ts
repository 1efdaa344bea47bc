/**
 * Spawns the real server process (tsx api/index.ts) on a free 127.0.0.1 port with its own data
 * directory, for process-level tests: start-up, SIGTERM, kill -9 and restart.
 *
 * One process: node with tsx's loader (`node --import tsx`), not the `tsx` CLI, which runs the
 * server in a child process and relays signals; SIGKILL cannot be relayed, so killing the CLI
 * left the real server running (and answering) as an orphan.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

import { UNCAPPED_CASH_ORDERS } from './order-caps';
import { FAST_TEST_PASSWORD_HASHES } from './password-cost';

const SERVER_START_TIMEOUT_MS = 30_000;
const POLL_INTERVAL_MS = 100;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface SpawnedServer {
  url: string;
  port: number;
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export async function spawnServer(options: { dataDir: string; env?: Record<string, string>; port?: number }): Promise<SpawnedServer> {
  const port = options.port ?? (await freePort());
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/index.ts'], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      STATIC_DIR: path.join(options.dataDir, 'no-dist'),
      LOG_LEVEL: 'info',
      CLOCK_START_AT: '2026-11-22T12:00:00.000Z',
      ...UNCAPPED_CASH_ORDERS,
      ...FAST_TEST_PASSWORD_HASHES,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited during start-up:\n${output}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return { url, port, child, output: () => output, exited };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not answer /api/health within ${SERVER_START_TIMEOUT_MS} ms:\n${output}`);
}
