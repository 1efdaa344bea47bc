import { afterEach, describe, expect, it } from 'vitest';

import type { TestApp } from '../../tests/setup/test-app';
import { createTestApp } from '../../tests/setup/test-app';
import { createLogger } from '../lib/logger';
import { enqueueOutboxRows } from '../store/outbox-rows';
import { createJobQueueWorker, jobRegistry } from './queue';
import type { JobHandler } from './queue';

const handler = (kind: string): JobHandler => ({ kind, run: () => Promise.resolve() });

describe('jobRegistry (handlers by kind)', () => {
  it('finds each handler by its kind', () => {
    const pos = handler('pos.send');
    const mail = handler('mail');
    const registry = jobRegistry([pos, mail]);
    expect(registry.get('pos.send')).toBe(pos);
    expect(registry.get('mail')).toBe(mail);
    expect(registry.get('push')).toBeUndefined();
  });

  it('refuses a kind registered twice (two handlers would race for its rows)', () => {
    expect(() => jobRegistry([handler('mail'), handler('pos.send'), handler('mail')])).toThrow('job kind mail registered twice');
  });
});

describe("a job run's log lines", () => {
  let t: TestApp | null = null;
  afterEach(async () => {
    await t?.close();
    t = null;
  });

  it("name the order its payload is about, on the handler's lines and the queue's own", async () => {
    t = await createTestApp();
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger('debug', {}, (line) => lines.push(JSON.parse(line) as Record<string, unknown>));
    const worker = createJobQueueWorker({
      store: t.deps.store,
      clock: t.clock,
      logger,
      onNudge: () => () => undefined,
      handlers: [
        {
          kind: 'test.log',
          run: (payload) => {
            logger.info('handling', { payload });
            return (payload as { fail?: boolean }).fail ? Promise.reject(new Error('upstream down')) : Promise.resolve();
          },
        },
      ],
    });
    await enqueueOutboxRows(
      t.deps.store.db,
      [
        { kind: 'test.log', dedupeKey: 'a', payload: { orderNumber: 'ORD-20261122-0001' } },
        { kind: 'test.log', dedupeKey: 'b', payload: { orderNumber: 'ORD-20261122-0002', fail: true } },
        { kind: 'test.log', dedupeKey: 'c', payload: { note: 'not about an order' } },
      ],
      t.clock.now(),
    );

    expect(await worker.runOnce()).toBe(3);

    const handling = lines.filter((line) => line.msg === 'handling');
    expect(handling.map((line) => line.orderNumber)).toEqual(['ORD-20261122-0001', 'ORD-20261122-0002', undefined]);
    const retry = lines.find((line) => line.msg === 'outbox delivery failed; will retry');
    expect(retry?.orderNumber).toBe('ORD-20261122-0002');
  });
});
