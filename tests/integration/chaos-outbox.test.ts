/**
 * QUALITY R1 chaos: the real client outbox (src/sync/outbox.ts, over fake-indexeddb) sends cash
 * orders to the real server process through a fetch wrapper that, at seeded random points, fails
 * before sending (offline), drops the answer after the server processed the request, delivers the
 * request twice (one after the other, or both at once), and SIGKILLs the server mid-request and
 * restarts it on the same data directory and port. Two "tabs" (two Dexie connections, two outboxes,
 * each with only its own per-tab lock) drain the same outbox concurrently. At the end of every run
 * the outbox is empty and every queued order exists exactly once in the server's SQLite file.
 *
 * CHAOS_RUNS (default 20; `npm run test:reliability` runs 200) and CHAOS_SEED replay a run exactly.
 * One spawned server serves every run; it is restarted only when the chaos killed it.
 */
import 'fake-indexeddb/auto';

import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';

import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { AppDb } from '../../src/db/app-db';
import { manualClock } from '../../src/shared/clock';
import type { Menu } from '../../src/shared/schemas/menu';
import type { RestaurantInfo } from '../../src/shared/schemas/restaurant';
import type { DrainLock, Outbox } from '../../src/sync/outbox';
import { createOutbox, fetchTransport, OUTBOX_RETRY_MAX_MS } from '../../src/sync/outbox';
import { SQLITE_FILE_NAME } from '../../api/store/store';
import { seededRandom } from '../mocks/pos';
import type { SpawnedServer } from '../setup/spawn-server';
import { freePort, spawnServer } from '../setup/spawn-server';
import { makeTempDir, OPEN_HOURS_INSTANT } from '../setup/test-app';

const RUNS = Math.max(1, Number(process.env.CHAOS_RUNS ?? 20));
const SEED = Number(process.env.CHAOS_SEED ?? 20_261_124);
/** Every KILL_EVERY-th run (run 0 included) SIGKILLs the server once (10-20 kills in all): restarts cost seconds on 2 cores. */
const KILL_EVERY = Math.max(10, Math.floor(RUNS / 10));
const CHAOS_ROUNDS = 6;
const CALM_ROUNDS = 6;
const MAX_KILL_DELAY_MS = 40;
const ADMIN = { ADMIN_EMAIL: 'chaos@example.ro', ADMIN_PASSWORD: 'a-long-enough-password' };
/** Fault odds per request while the chaos lasts; the rest of the requests go through untouched. */
const P = { offline: 0.1, dropResponse: 0.2, duplicateSequential: 0.1, duplicateConcurrent: 0.1, kill: 0.3 };

type Fault = 'offline' | 'drop-response' | 'duplicate-sequential' | 'duplicate-concurrent' | 'kill';

class NetworkError extends TypeError {}

/** The one server of the whole file; `kill()` SIGKILLs it and starts it again on the same data dir and port. */
class ServerHandle {
  restarts = 0;
  /** A restart that failed: every later run fails with it instead of talking to a dead port. */
  restartError: unknown = null;
  private restarting: Promise<void> | null = null;
  private constructor(
    public current: SpawnedServer,
    readonly dataDir: string,
    readonly port: number,
  ) {}

  static async start(dataDir: string): Promise<ServerHandle> {
    const port = await freePort();
    return new ServerHandle(await spawnServer({ dataDir, port, env: ADMIN }), dataDir, port);
  }

  get url(): string {
    return this.current.url;
  }

  get isRestarting(): boolean {
    return this.restarting !== null;
  }

  kill(): Promise<void> {
    this.restarting ??= (async () => {
      this.current.child.kill('SIGKILL');
      await this.current.exited;
      this.restarts += 1;
      try {
        this.current = await spawnServer({ dataDir: this.dataDir, port: this.port, env: ADMIN });
      } catch (error) {
        this.restartError = error;
      }
    })().finally(() => {
      this.restarting = null;
    });
    return this.restarting;
  }

  async waitReady(): Promise<void> {
    while (this.restarting) await this.restarting;
    if (this.restartError) throw new Error(`the server did not come back after SIGKILL: ${String(this.restartError)}`);
  }
}

interface ChaosState {
  calm: boolean;
  killsLeft: number;
  faults: Record<Fault, number>;
}

const totals: Record<Fault, number> = { offline: 0, 'drop-response': 0, 'duplicate-sequential': 0, 'duplicate-concurrent': 0, kill: 0 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the browser's fetch would be, between the outbox and the server, with seeded faults. */
function chaosFetch(server: ServerHandle, cookie: string, random: () => number, state: ChaosState): typeof fetch {
  const pick = (): Fault | 'ok' => {
    if (state.calm) return 'ok';
    let roll = random();
    for (const [fault, odds] of [
      ['offline', P.offline],
      ['drop-response', P.dropResponse],
      ['duplicate-sequential', P.duplicateSequential],
      ['duplicate-concurrent', P.duplicateConcurrent],
      ['kill', P.kill],
    ] as const) {
      if (roll < odds) return fault === 'kill' && state.killsLeft === 0 ? 'ok' : fault;
      roll -= odds;
    }
    return 'ok';
  };

  return async (input, init) => {
    if (server.isRestarting) throw new NetworkError('fetch failed: connection refused (server restarting)');
    const headers = new Headers(init?.headers);
    headers.set('cookie', cookie);
    headers.set('origin', server.url);
    const url = `${server.url}${String(input)}`;
    const send = () => fetch(url, { ...init, headers });
    const fault = pick();
    if (fault !== 'ok') {
      state.faults[fault] += 1;
      totals[fault] += 1;
    }
    switch (fault) {
      case 'ok':
        return send();
      case 'offline':
        throw new NetworkError('fetch failed: offline');
      case 'drop-response': {
        const response = await send();
        await response.arrayBuffer();
        throw new NetworkError('fetch failed: connection reset after the server answered');
      }
      case 'duplicate-sequential': {
        await (await send()).arrayBuffer();
        return send();
      }
      case 'duplicate-concurrent': {
        const [first, second] = await Promise.all([send(), send()]);
        await first.arrayBuffer();
        return second;
      }
      case 'kill': {
        state.killsLeft -= 1;
        const inFlight = send().then(
          (response) => response.arrayBuffer(),
          () => null,
        );
        await sleep(Math.floor(random() * MAX_KILL_DELAY_MS));
        await server.kill();
        await inFlight;
        throw new NetworkError('fetch failed: server killed mid-request');
      }
    }
  };
}

/** Each tab's own lock (what a browser without Web Locks falls back to): the two tabs do not exclude each other. */
function perTabLock(): DrainLock {
  let running = false;
  return async (task) => {
    if (running) return;
    running = true;
    try {
      await task();
    } finally {
      running = false;
    }
  };
}

function ordersTagged(dataDir: string, prefix: string): Map<string, number> {
  const db = new Database(path.join(dataDir, SQLITE_FILE_NAME), { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare('SELECT customer_notes AS tag, COUNT(*) AS n FROM orders WHERE customer_notes LIKE ? GROUP BY customer_notes')
      .all(`${prefix}%`) as { tag: string; n: number }[];
    return new Map(rows.map((row) => [row.tag, row.n]));
  } finally {
    db.close();
  }
}

describe(`R1 chaos: ${RUNS} seeded runs of the real outbox against the real server (seed ${SEED})`, () => {
  let server: ServerHandle;
  let dataDir: string;
  let cookie: string;
  /** The signed-in person: the outbox's entries are theirs and are sent only under their session. */
  let userId: number;
  let orderBody: (tag: string) => unknown;

  beforeAll(async () => {
    dataDir = makeTempDir('storefront-chaos-');
    server = await ServerHandle.start(dataDir);
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD }),
    });
    expect(login.status).toBe(200);
    userId = ((await login.json()) as { user: { id: number } }).user.id;
    cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const menu = (await (await fetch(`${server.url}/api/menu`)).json()) as Menu;
    const info = (await (await fetch(`${server.url}/api/restaurant`)).json()) as RestaurantInfo;
    const items = menu.items.filter((i) => i.modifierGroups.length === 0).slice(0, 3);
    expect(items.length).toBeGreaterThan(0);
    orderBody = (tag) => ({
      items: items.map((item, index) => ({ menuItemId: item.id, quantity: index + 1, modifierIds: [] })),
      fulfilment: { type: 'pickup', locationId: info.locations[0]!.id },
      paymentMethod: 'cash',
      customer: { firstName: 'Ana', lastName: 'Popescu', email: 'ana@example.ro', phone: '0722 123 456' },
      notes: tag,
    });
  }, 120_000);

  afterAll(async () => {
    if (server) {
      await server.waitReady().catch(() => undefined);
      server.current.child.kill('SIGKILL');
      await server.current.exited;
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  for (let run = 0; run < RUNS; run += 1) {
    it(`run ${run}: every queued order exists exactly once`, { timeout: 120_000 }, async () => {
      await server.waitReady();
      const random = seededRandom(SEED + run * 7_919);
      const state: ChaosState = {
        calm: false,
        killsLeft: run % KILL_EVERY === 0 ? 1 : 0,
        faults: { offline: 0, 'drop-response': 0, 'duplicate-sequential': 0, 'duplicate-concurrent': 0, kill: 0 },
      };
      const clock = manualClock(OPEN_HOURS_INSTANT);
      const dbName = `chaos-${SEED}-${run}-${randomUUID()}`;
      const tabs = [new AppDb(dbName), new AppDb(dbName)] as const;
      const transport = fetchTransport(chaosFetch(server, cookie, random, state));
      const acknowledged: string[] = [];
      const outboxes: Outbox[] = tabs.map((db) =>
        createOutbox({
          db,
          transport,
          clock,
          random,
          lock: perTabLock(),
          sessionOwner: () => Promise.resolve(userId),
          onAcknowledged: (entry) => {
            acknowledged.push(entry.id);
          },
        }),
      );
      const prefix = `chaos:${SEED}:${run}:`;
      const tags: string[] = [];
      const enqueue = async (count: number) => {
        for (let i = 0; i < count; i += 1) {
          const tag = `${prefix}${tags.length}`;
          tags.push(tag);
          const tab = outboxes[Math.floor(random() * outboxes.length)]!;
          await tab.enqueue({
            kind: 'order',
            label: tag,
            request: { method: 'POST', path: '/api/orders', body: orderBody(tag) },
            userId,
          });
        }
      };

      try {
        await enqueue(1 + Math.floor(random() * 3));
        for (let round = 0; round < CHAOS_ROUNDS + CALM_ROUNDS; round += 1) {
          state.calm = round >= CHAOS_ROUNDS;
          await server.waitReady();
          await Promise.all(outboxes.map((outbox) => outbox.drain()));
          if (round === 1) await enqueue(1 + Math.floor(random() * 2));
          clock.advanceMs(OUTBOX_RETRY_MAX_MS + 1);
          if (state.calm && (await tabs[0].outbox.count()) === 0) break;
        }
        await server.waitReady();

        const left = await tabs[0].outbox.toArray();
        expect(left, `entries left in the outbox (faults ${JSON.stringify(state.faults)})`).toEqual([]);
        expect(new Set(acknowledged).size).toBe(tags.length);
        const onServer = ordersTagged(server.dataDir, prefix);
        expect(Object.fromEntries(onServer), `orders on the server (faults ${JSON.stringify(state.faults)})`).toEqual(
          Object.fromEntries(tags.map((tag) => [tag, 1])),
        );
      } finally {
        for (const db of tabs) db.close();
        await tabs[0].delete();
      }
    });
  }

  it('the chaos really injected every fault and killed the server', () => {
    expect(server.restarts).toBe(totals.kill);
    expect(server.restarts).toBeGreaterThanOrEqual(1);
    // Twenty runs or more make a few hundred requests: every kind of fault has come up by then.
    if (RUNS >= 20) for (const [fault, count] of Object.entries(totals)) expect(count, fault).toBeGreaterThan(0);
  });
});
