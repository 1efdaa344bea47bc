/**
 * A menu change settles when the outbox does: saved once the entry leaves it (the server accepted
 * it), refused with the server's code and details when it stops as needs-attention, and "queued"
 * is reported when a send failed and the entry waits for the network.
 */
import 'fake-indexeddb/auto';

import { afterEach, describe, expect, it, vi } from 'vitest';

import { db } from '../../db/db';
import { outboxRowFixture } from '../../../tests/fixtures/outbox-row';
import { MENU_WRITE_KIND, sendMenuWrite } from './menu-writes';

const enqueued: string[] = [];
let acknowledge: ((entry: { id: string }, body: unknown) => void) | null = null;

vi.mock('../../sync/outbox-runtime', () => ({
  enqueueWrite: vi.fn(async (input: { kind: string; label: string; request: unknown; userId: number | null }) => {
    const id = `menu-${enqueued.length + 1}`;
    enqueued.push(id);
    await db.outbox.put({ ...outboxRowFixture(input.kind), id, label: input.label, status: 'pending', attempts: 0 } as never);
    return id;
  }),
  outbox: { discard: vi.fn((id: string) => db.outbox.delete(id)) },
  onOutboxAcknowledged: vi.fn((_kind: string, handler: (entry: { id: string }, body: unknown) => void) => {
    acknowledge = handler;
    return () => undefined;
  }),
}));

const write = {
  label: 'Dish “Mici”',
  method: 'PATCH' as const,
  path: '/api/admin/catalogue/dishes/7',
  body: { priceBani: 500, baseRevision: 3 },
};

afterEach(async () => {
  await db.outbox.clear();
});

describe('sendMenuWrite', () => {
  it('resolves saved when the server acknowledged the entry', async () => {
    const onQueued = vi.fn();
    const outcome = sendMenuWrite(write, 7, onQueued);
    await vi.waitFor(() => expect(enqueued.length).toBeGreaterThan(0));
    const id = enqueued.at(-1)!;
    expect((await db.outbox.get(id))?.kind).toBe(MENU_WRITE_KIND);
    // The outbox deletes the entry, then hands its answer to the kind's handlers.
    await db.outbox.delete(id);
    acknowledge!({ id }, { dish: { id: 7 } });
    await expect(outcome).resolves.toEqual({ kind: 'saved', body: { dish: { id: 7 } } });
    expect(onQueued).not.toHaveBeenCalled();
  });

  it('resolves saved without an answer when this page did not hear it (another tab sent it)', async () => {
    const outcome = sendMenuWrite(write, 7, vi.fn());
    await vi.waitFor(() => expect(db.outbox.count()).resolves.toBe(1));
    await db.outbox.delete(enqueued.at(-1)!);
    await expect(outcome).resolves.toEqual({ kind: 'saved', body: undefined });
  });

  it('says it is queued after a failed send, then resolves refused with the conflict details', async () => {
    const onQueued = vi.fn();
    const outcome = sendMenuWrite(write, 7, onQueued);
    await vi.waitFor(() => expect(db.outbox.count()).resolves.toBe(1));
    const id = enqueued.at(-1)!;
    await db.outbox.update(id, { attempts: 1, status: 'pending' });
    await vi.waitFor(() => expect(onQueued).toHaveBeenCalledTimes(1));
    const details = { entity: 'dish', current: { revision: 4 } };
    await db.outbox.update(id, {
      status: 'needs-attention',
      lastErrorCode: 'menu_conflict',
      lastError: 'Someone else changed this dish',
      lastErrorDetails: details,
    });
    await expect(outcome).resolves.toEqual({
      kind: 'refused',
      entryId: id,
      code: 'menu_conflict',
      message: 'Someone else changed this dish',
      details,
      wasQueued: true,
    });
  });
});
