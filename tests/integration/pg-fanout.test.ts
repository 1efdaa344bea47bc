/**
 * The PostgreSQL fan-out (api/lib/fanout.ts) between two "instances" in one process: an event
 * published by one reaches the other's subscribers and never echoes back to its own; after the
 * LISTEN connection is killed by the server (failover, restart, idle reaper) it reconnects, says so
 * (onResync, so the menu cache is rebuilt) and events flow again.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { PgFanout } from '../../api/lib/fanout';
import { createPgFanout } from '../../api/lib/fanout';
import { createLogger } from '../../api/lib/logger';
import type { Store } from '../../api/store/store';
import { openPostgresStore } from '../../api/store/store';
import type { TestDatabase } from '../setup/postgres';
import { createTestDatabase, reportPostgresSkipped, TEST_DATABASE_URL } from '../setup/postgres';

const WAIT_MS = 10_000;
const POLL_MS = 50;

reportPostgresSkipped('tests/integration/pg-fanout.test.ts (LISTEN/NOTIFY between instances)');

async function eventually(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

describe.skipIf(!TEST_DATABASE_URL)('LISTEN/NOTIFY fan-out', () => {
  let database: TestDatabase;
  let store: Store;
  let one: PgFanout;
  let two: PgFanout;
  const logger = createLogger('silent');

  beforeAll(async () => {
    database = await createTestDatabase('fanout');
    store = await openPostgresStore(database.url);
    one = createPgFanout({ connectionString: database.url, db: store.db, logger });
    two = createPgFanout({ connectionString: database.url, db: store.db, logger });
    await Promise.all([one.listening(), two.listening()]);
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await store?.close();
    await database?.drop();
  });

  it('delivers to the other instance only, per channel', async () => {
    const atOne: string[] = [];
    const atTwo: string[] = [];
    const liveAtTwo: string[] = [];
    one.subscribe('orders', (payload) => atOne.push(payload));
    two.subscribe('orders', (payload) => atTwo.push(payload));
    two.subscribe('live', (payload) => liveAtTwo.push(payload));
    one.publish('orders', '{"orderNumber":"ORD-1"}');
    await eventually(() => atTwo.length === 1, 'the event on the other instance');
    expect(atTwo).toEqual(['{"orderNumber":"ORD-1"}']);
    expect(atOne).toEqual([]);
    expect(liveAtTwo).toEqual([]);
  });

  it('listens again after the server drops the LISTEN connection', async () => {
    const received: string[] = [];
    let resyncs = 0;
    two.subscribe('live', (payload) => received.push(payload));
    two.onResync(() => (resyncs += 1));
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      const killed = await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'LISTEN%' and pid <> pg_backend_pid()",
      );
      expect(killed.rowCount).toBeGreaterThanOrEqual(2);
      // Keep publishing until the reconnected listener hears one (publishes during the gap are lost, by design).
      await eventually(() => {
        one.publish('live', '{"type":"menu-changed"}');
        return received.length > 0;
      }, 'an event after the reconnect');
      expect(received[0]).toBe('{"type":"menu-changed"}');
      // Whoever keeps derived state hears that events may have been missed.
      expect(resyncs).toBe(1);
    } finally {
      await admin.end();
    }
  });
});
