/**
 * Model-based test of the outbox (issue 6, QUALITY R1): random interleavings of enqueues, drains by
 * one or two concurrent drainers, network failures, lost responses, duplicate deliveries, 5xx
 * answers and crashes mid-send. Invariants: an entry leaves the outbox only after the server applied
 * it; in the end every enqueued write was applied exactly once under its own key and nothing is left.
 */
import 'fake-indexeddb/auto';

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { AppDb } from '../db/app-db';
import type { OutboxRow } from '../db/app-db';
import { manualClock } from '../shared/clock';
import type { DrainLock, DrainLockManager, SendOutcome, Transport } from './outbox';
import { browserDrainLock, createOutbox, OUTBOX_RETRY_MAX_MS, retryDelayMs } from './outbox';

type Fault = 'ok' | 'network-down' | 'lost-response' | 'duplicate-delivery' | 'server-error' | 'crash-after-apply';

/**
 * The server side of the idempotency contract: apply once per key, replay the stored answer after.
 * `applications` counts real applications only (a replayed answer is not one), so the exactly-once
 * assertion fails if the server ever applies a key twice — e.g. with `forgetsKeys` set, which the
 * mutation check below uses to prove the model test can fail.
 */
class FakeServer {
  readonly applications = new Map<string, number>();
  private readonly answers = new Map<string, SendOutcome>();
  constructor(private readonly forgetsKeys = false) {}
  receive(entry: OutboxRow): SendOutcome {
    const stored = this.forgetsKeys ? undefined : this.answers.get(entry.id);
    if (stored) return stored;
    this.applications.set(entry.id, (this.applications.get(entry.id) ?? 0) + 1);
    const answer: SendOutcome = { kind: 'acknowledged', status: 201, body: { key: entry.id } };
    this.answers.set(entry.id, answer);
    return answer;
  }
}

/**
 * A faithful in-memory Web Locks manager shared by the two "tabs": exclusive, `ifAvailable` hands
 * the callback `null` while another holder has the lock, and the lock is released when the callback
 * settles (also when it throws, like a tab crashing mid-send).
 */
class FakeLockManager implements DrainLockManager {
  private readonly held = new Set<string>();
  request(name: string, ...args: unknown[]): Promise<unknown> {
    const options = (args.length > 1 ? args[0] : {}) as LockOptions;
    const callback = (args.length > 1 ? args[1] : args[0]) as LockGrantedCallback<unknown>;
    if (this.held.has(name)) {
      if (options.ifAvailable) return Promise.resolve(callback(null));
      return Promise.reject(new Error('the model only uses ifAvailable'));
    }
    this.held.add(name);
    const lock: Lock = { name, mode: options.mode ?? 'exclusive' };
    return Promise.resolve()
      .then(() => callback(lock))
      .finally(() => this.held.delete(name));
  }
}

class CrashError extends Error {}

function faultyTransport(server: FakeServer, nextFault: () => Fault): Transport {
  return async (entry) => {
    // Yield so concurrent drainers really interleave.
    await Promise.resolve();
    switch (nextFault()) {
      case 'network-down':
        return { kind: 'retry', reason: 'offline' };
      case 'server-error':
        return { kind: 'retry', reason: 'server answered 503' };
      case 'lost-response':
        server.receive(entry);
        return { kind: 'retry', reason: 'connection reset' };
      case 'duplicate-delivery':
        server.receive(entry);
        return server.receive(entry);
      case 'crash-after-apply':
        server.receive(entry);
        throw new CrashError('tab closed mid-send');
      case 'ok':
        return server.receive(entry);
    }
  };
}

const noLock: DrainLock = (task) => task();
/** These tests' entries are all user 1's, and user 1 is signed in (ownership: outbox-ownership.test.ts). */
const signedInAsOne = async () => 1;

const stepArb = fc.oneof(
  fc.record({ kind: fc.constant('enqueue' as const), count: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('drain' as const), drainers: fc.constantFrom(1, 2) }),
  fc.record({ kind: fc.constant('advance' as const), ms: fc.integer({ min: 0, max: OUTBOX_RETRY_MAX_MS }) }),
);
const faultArb = fc.constantFrom<Fault>(
  'ok',
  'ok',
  'network-down',
  'lost-response',
  'duplicate-delivery',
  'server-error',
  'crash-after-apply',
);

let dbCounter = 0;

/** The model: random steps and faults against one IndexedDB, two tabs, and the fake server. */
function outboxModel(serverForgetsKeys: boolean) {
  return fc.asyncProperty(
    fc.array(stepArb, { minLength: 1, maxLength: 10 }),
    fc.array(faultArb, { minLength: 1, maxLength: 40 }),
    async (steps, faults) => {
      dbCounter += 1;
      const db = new AppDb(`outbox-model-${dbCounter}`);
      const clock = manualClock(new Date('2026-11-22T12:00:00Z'));
      const server = new FakeServer(serverForgetsKeys);
      // Both tabs take the drain lock through the production Web Locks path, on one shared manager.
      const locks = new FakeLockManager();
      let faultIndex = 0;
      let networkHealthy = false;
      const nextFault = () => (networkHealthy ? 'ok' : (faults[faultIndex++ % faults.length] ?? 'ok'));
      let idCounter = 0;
      const makeOutbox = () =>
        createOutbox({
          db,
          clock,
          transport: faultyTransport(server, nextFault),
          lock: browserDrainLock(locks),
          random: () => 0.5,
          newId: () => `key-${dbCounter}-${++idCounter}`,
          sessionOwner: signedInAsOne,
        });
      const tabA = makeOutbox();
      const tabB = makeOutbox();
      const enqueued: string[] = [];

      const assertAckedMeansApplied = async () => {
        const queued = new Set((await db.outbox.toArray()).map((entry) => entry.id));
        for (const id of enqueued) if (!queued.has(id)) expect(server.applications.get(id)).toBe(1);
      };

      try {
        for (const step of steps) {
          if (step.kind === 'enqueue') {
            for (let i = 0; i < step.count; i += 1) {
              enqueued.push(
                await tabA.enqueue({
                  kind: 'order.create',
                  label: 'test',
                  request: { method: 'POST', path: '/api/orders', body: { i } },
                  userId: 1,
                }),
              );
            }
          } else if (step.kind === 'drain') {
            const drains = step.drainers === 2 ? [tabA.drain(), tabB.drain()] : [tabA.drain()];
            const results = await Promise.allSettled(drains);
            for (const result of results) if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(CrashError);
          } else {
            clock.advanceMs(step.ms);
          }
          await assertAckedMeansApplied();
        }

        // The connection comes back for good: everything drains.
        networkHealthy = true;
        for (let round = 0; round < 5 && (await db.outbox.count()) > 0; round += 1) {
          clock.advanceMs(OUTBOX_RETRY_MAX_MS);
          await tabB.drain();
        }
        expect(await db.outbox.count()).toBe(0);
        expect([...server.applications.keys()].sort()).toEqual([...enqueued].sort());
        for (const count of server.applications.values()) expect(count).toBe(1);
      } finally {
        db.close();
        await db.delete();
      }
    },
  );
}

describe('outbox (model-based)', () => {
  it('applies every queued write exactly once and loses nothing, whatever the network does', async () => {
    await fc.assert(outboxModel(false), { numRuns: 1000 });
  }, 240_000);

  it('the exactly-once check catches a server that applies a replayed key again', async () => {
    // Mutation check: with a server that forgets idempotency keys, lost responses and duplicate
    // deliveries are applied twice, and the model must notice.
    const result = await fc.check(outboxModel(true), { numRuns: 300 });
    expect(result.failed).toBe(true);
  }, 120_000);

  it('parks an order for later whose slot filled up or passed while it waited for review, with the next free slots', async () => {
    const db = new AppDb('outbox-slot-refusals');
    const clock = manualClock(new Date('2026-11-22T12:00:00Z'));
    const nextSlots = [{ start: '2026-11-22T16:15:00.000Z', end: '2026-11-22T16:30:00.000Z' }];
    const outcomes: SendOutcome[] = [
      { kind: 'rejected', status: 409, code: 'slot_full', message: 'This time slot has just filled up.', details: { nextSlots } },
      { kind: 'rejected', status: 422, code: 'slot_unavailable', message: 'This time slot is not available.', details: { nextSlots } },
    ];
    const outbox = createOutbox({ db, clock, transport: async () => outcomes.shift()!, lock: noLock, sessionOwner: signedInAsOne });
    const full = await outbox.enqueue({
      kind: 'order.create',
      label: 'a',
      request: { method: 'POST', path: '/api/orders', body: {} },
      userId: 1,
    });
    clock.advanceMs(1);
    const gone = await outbox.enqueue({
      kind: 'order.create',
      label: 'b',
      request: { method: 'POST', path: '/api/orders', body: {} },
      userId: 1,
    });
    await outbox.drain();
    expect(await db.outbox.get(full)).toMatchObject({
      status: 'needs-review',
      lastErrorCode: 'slot_full',
      lastErrorDetails: { nextSlots },
    });
    expect(await db.outbox.get(gone)).toMatchObject({
      status: 'needs-review',
      lastErrorCode: 'slot_unavailable',
      lastErrorDetails: { nextSlots },
    });
    db.close();
    await db.delete();
  });

  it('stops a refused entry with the server reason, and parks a price change for review', async () => {
    const db = new AppDb('outbox-refusals');
    const clock = manualClock(new Date('2026-11-22T12:00:00Z'));
    const outcomes: SendOutcome[] = [
      { kind: 'rejected', status: 404, code: 'address_not_found', message: 'This delivery address was not found.' },
      { kind: 'rejected', status: 409, code: 'price_changed', message: 'Prices changed.', details: { totalBani: 1200 } },
      { kind: 'rejected', status: 422, code: 'restaurant_closed', message: 'The restaurant is closed.' },
    ];
    const outbox = createOutbox({ db, clock, transport: async () => outcomes.shift()!, lock: noLock, sessionOwner: signedInAsOne });
    const closed = await outbox.enqueue({
      kind: 'order.create',
      label: 'a',
      request: { method: 'POST', path: '/api/orders', body: {} },
      userId: 1,
    });
    clock.advanceMs(1);
    const changed = await outbox.enqueue({
      kind: 'order.create',
      label: 'b',
      request: { method: 'POST', path: '/api/orders', body: { v: 1 } },
      userId: 1,
    });
    clock.advanceMs(1);
    const hours = await outbox.enqueue({
      kind: 'order.create',
      label: 'c',
      request: { method: 'POST', path: '/api/orders', body: { v: 3 } },
      userId: 1,
    });
    await outbox.drain();
    expect(await db.outbox.get(closed)).toMatchObject({
      status: 'needs-attention',
      lastError: 'This delivery address was not found.',
      lastErrorCode: 'address_not_found',
    });
    expect(await db.outbox.get(changed)).toMatchObject({ status: 'needs-review', lastErrorDetails: { totalBani: 1200 } });
    // Hours, availability and the zone are settled by the customer too, not just prices.
    expect(await db.outbox.get(hours)).toMatchObject({ status: 'needs-review', lastErrorCode: 'restaurant_closed' });

    const renewedId = await outbox.reconfirm(changed, { v: 2 });
    const [renewed] = await db.outbox.where('status').equals('pending').toArray();
    expect(renewed?.id).toBe(renewedId);
    expect(renewed?.id).not.toBe(changed);
    expect(renewed?.originId).toBe(changed);
    expect(renewed?.request.body).toEqual({ v: 2 });
    await outbox.discard(closed);
    expect(await db.outbox.get(closed)).toBeUndefined();
    db.close();
    await db.delete();
  });

  it('an entry backed off by a lost connection waits out its delay, unless the connection is back', async () => {
    const db = new AppDb('outbox-reconnect');
    const clock = manualClock(new Date('2026-11-22T12:00:00Z'));
    const outcomes: SendOutcome[] = [
      { kind: 'retry', reason: 'offline' },
      { kind: 'retry', reason: 'offline' },
      { kind: 'acknowledged', status: 200, body: {} },
    ];
    const sent: string[] = [];
    const outbox = createOutbox({
      db,
      clock,
      transport: async (entry) => {
        sent.push(entry.id);
        return outcomes.shift()!;
      },
      lock: noLock,
      sessionOwner: signedInAsOne,
    });
    const id = await outbox.enqueue({
      kind: 'profile.update',
      label: 'p',
      request: { method: 'PUT', path: '/api/profile', body: {} },
      userId: 1,
    });
    await outbox.drain();
    clock.advanceMs(OUTBOX_RETRY_MAX_MS);
    await outbox.drain();
    expect(sent).toHaveLength(2);
    // Backed off (2-4 s after the second failure): a drain now sends nothing.
    await outbox.drain();
    expect(sent).toHaveLength(2);
    await outbox.makePendingDue();
    await outbox.drain();
    expect(sent).toEqual([id, id, id]);
    expect(await db.outbox.get(id)).toBeUndefined();
    db.close();
    await db.delete();
  });

  it('backs off exponentially with jitter, capped', () => {
    expect(retryDelayMs(1, () => 0)).toBe(1_000);
    expect(retryDelayMs(1, () => 0.999999)).toBe(2_000);
    expect(retryDelayMs(3, () => 0.5)).toBe(6_000);
    expect(retryDelayMs(30, () => 0.999999)).toBe(OUTBOX_RETRY_MAX_MS);
  });
});
