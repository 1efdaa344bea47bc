/**
 * A write the service worker sent on Background Sync reaches the page's features as the page's own
 * sends do (the address book refetches its saved list): the page runs its acknowledgement handlers
 * for the entries the worker's message lists.
 */
import 'fake-indexeddb/auto';

import { describe, expect, it, vi } from 'vitest';

import type { OutboxRow } from '../db/app-db';
import { outboxDrainedMessage } from './outbox-drained-message';
import { onOutboxAcknowledged, onServiceWorkerMessage } from './outbox-runtime';

function outboxRow(kind: string): OutboxRow {
  return {
    id: `entry-${kind}`,
    userId: 7,
    kind,
    label: kind,
    request: { method: 'POST', path: '/api/addresses', body: {} },
    status: 'sending',
    attempts: 1,
    createdAt: '2026-11-26T20:00:00.000Z',
    nextAttemptAt: '2026-11-26T20:00:00.000Z',
    lastError: null,
    lastErrorCode: null,
    lastErrorDetails: null,
  } as OutboxRow;
}

describe("the page hears of the service worker's Background Sync", () => {
  it("runs the handlers of each acknowledged entry's kind, with the server's answer, and no others", async () => {
    const onAddress = vi.fn();
    const onProfile = vi.fn();
    const stops = [onOutboxAcknowledged('address.create', onAddress), onOutboxAcknowledged('profile.update', onProfile)];
    const address = outboxRow('address.create');
    const answer = { address: { id: 41 } };

    await onServiceWorkerMessage(structuredClone(outboxDrainedMessage([{ entry: address, body: answer }])));

    expect(onAddress).toHaveBeenCalledExactlyOnceWith(address, answer);
    expect(onProfile).not.toHaveBeenCalled();
    for (const stop of stops) stop();
  });

  it('ignores other messages, and a handler that was stopped', async () => {
    const onAddress = vi.fn();
    const stop = onOutboxAcknowledged('address.create', onAddress);
    await onServiceWorkerMessage({ type: 'SKIP_WAITING', acknowledged: [{ entry: outboxRow('address.create'), body: {} }] });
    expect(onAddress).not.toHaveBeenCalled();

    stop();
    await onServiceWorkerMessage(outboxDrainedMessage([{ entry: outboxRow('address.create'), body: {} }]));
    expect(onAddress).not.toHaveBeenCalled();
  });
});
