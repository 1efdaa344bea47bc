/**
 * The backup that restores (issue 26, "Done when"): a real server takes a steady stream of orders;
 * `npm run backup -- FILE` copies its store while the orders keep coming; more orders, then the server
 * is killed with SIGKILL mid-stream. `npm run restore -- FILE` puts that backup ("yesterday's") into a
 * fresh DATA_DIR and a server started from it has every order acknowledged before the backup began,
 * and none that was sent after the backup ended. Bounded: at most MAX_ORDERS orders and the test's
 * timeout; everything listens on 127.0.0.1 only.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import type { Menu } from '../../src/shared/schemas/menu';
import type { SpawnedServer } from '../setup/spawn-server';
import { spawnServer } from '../setup/spawn-server';
import { makeTempDir } from '../setup/test-app';

const ADMIN = { ADMIN_EMAIL: 'backup-kill@example.ro', ADMIN_PASSWORD: 'a-long-enough-password' };
/** Hard bound on the stream, whatever happens. */
const MAX_ORDERS = 400;
/** Orders acknowledged before the backup starts, and after it ends before the kill. */
const ORDERS_BEFORE_BACKUP = 15;
const ORDERS_AFTER_BACKUP = 10;
const WAIT_STEP_MS = 20;
const WAIT_LIMIT_MS = 60_000;

const dirs: string[] = [];
const servers: SpawnedServer[] = [];

afterAll(() => {
  for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = makeTempDir('storefront-backup-kill-');
  dirs.push(dir);
  return dir;
}

/** `npm run <script> -- <file>` with DATA_DIR set; resolves to its exit code and output. */
function npmRun(script: 'backup' | 'restore', file: string, dataDir: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', script, '--', file], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

async function signIn(server: SpawnedServer): Promise<string> {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD }),
  });
  expect(login.status).toBe(200);
  return login.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function waitUntil(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + WAIT_LIMIT_MS;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
  }
}

describe('kill -9 during a stream of orders, then yesterday’s backup restored', () => {
  it('has every order acknowledged before the backup, and none sent after it', async () => {
    const liveDir = tempDir();
    const server = await spawnServer({ dataDir: liveDir, env: ADMIN });
    servers.push(server);
    const cookie = await signIn(server);
    const menu = (await (await fetch(`${server.url}/api/menu`)).json()) as Menu;
    const restaurant = (await (await fetch(`${server.url}/api/restaurant`)).json()) as { locations: { id: number }[] };
    const items = menu.items.filter((item) => item.modifierGroups.length === 0).slice(0, 2);
    expect(items.length).toBeGreaterThan(0);

    /** Orders the server answered 201, in the order they were answered, with when they were sent. */
    const acknowledged: { orderNumber: string; sentAt: number }[] = [];
    let sent = 0;
    let streamError: unknown = null;
    let stop = false;
    const stream = (async () => {
      while (!stop && sent < MAX_ORDERS) {
        sent += 1;
        const sentAt = performance.now();
        let response: Response;
        try {
          response = await fetch(`${server.url}/api/orders`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: server.url, cookie, 'Idempotency-Key': crypto.randomUUID() },
            body: JSON.stringify({
              items: items.map((item) => ({ menuItemId: item.id, quantity: 1, modifierIds: [] })),
              fulfilment: { type: 'pickup', locationId: restaurant.locations[0]!.id },
              paymentMethod: 'cash',
              customer: { firstName: 'Ana', lastName: 'Popescu', email: 'ana@example.ro', phone: '0722 123 456' },
              notes: `stream ${sent}`,
            }),
          });
        } catch (error) {
          if (!stop) streamError = error;
          return; // the server is gone (killed): the stream ends
        }
        if (response.status !== 201) {
          streamError = new Error(`order refused: ${response.status} ${await response.text()}`);
          return;
        }
        const { order } = (await response.json()) as { order: { orderNumber: string } };
        acknowledged.push({ orderNumber: order.orderNumber, sentAt });
      }
    })();

    await waitUntil(() => acknowledged.length >= ORDERS_BEFORE_BACKUP || streamError !== null, 'the first orders');
    expect(streamError).toBeNull();
    // Yesterday's backup, taken while orders keep coming in.
    const backupFile = path.join(tempDir(), 'yesterday', 'storefront.sqlite');
    const ackedBeforeBackup = acknowledged.map((entry) => entry.orderNumber);
    const backupDone = await npmRun('backup', backupFile, liveDir);
    const backupEndedAt = performance.now();
    expect(backupDone.code, backupDone.output).toBe(0);
    expect(JSON.parse(backupDone.output.trim().split('\n').at(-1)!)).toMatchObject({ msg: 'backup taken', file: backupFile });
    const sentAfter = () => acknowledged.filter((entry) => entry.sentAt > backupEndedAt).map((entry) => entry.orderNumber);

    await waitUntil(() => sentAfter().length >= ORDERS_AFTER_BACKUP || streamError !== null, 'orders after the backup');
    expect(streamError).toBeNull();
    // The disk dies: kill -9 in the middle of the stream (orders are in flight).
    server.child.kill('SIGKILL');
    expect((await server.exited).signal).toBe('SIGKILL');
    stop = true;
    await stream;
    const sentAfterBackup = sentAfter();
    expect(sentAfterBackup.length).toBeGreaterThanOrEqual(ORDERS_AFTER_BACKUP);

    // A fresh machine: the backup restored into an empty DATA_DIR, and a server started from it.
    const freshDir = path.join(tempDir(), 'data');
    const restored = await npmRun('restore', backupFile, freshDir);
    expect(restored.code, restored.output).toBe(0);
    const revived = await spawnServer({ dataDir: freshDir, env: ADMIN });
    servers.push(revived);
    const revivedCookie = await signIn(revived);
    const status = async (orderNumber: string) =>
      (await fetch(`${revived.url}/api/orders/${orderNumber}`, { headers: { cookie: revivedCookie } })).status;
    for (const orderNumber of ackedBeforeBackup) expect(await status(orderNumber), orderNumber).toBe(200);
    for (const orderNumber of sentAfterBackup) expect(await status(orderNumber), orderNumber).toBe(404);
    revived.child.kill('SIGTERM');
    expect((await revived.exited).code).toBe(0);
  }, 180_000);
});
