/**
 * A write the service worker sent on Background Sync reaches the page's features as the page's own
 * sends do (the address book refetches its saved list): the page runs its acknowledgement handlers
 * for the entries the worker's message lists.
 */
import 'fake-indexeddb/auto';

import { describe, expect, it, vi } from 'vitest';

import { outboxDrainedMessage } from './outbox-drained-message';
import { outboxRowFixture } from '../../tests/fixtures/outbox-row';
import { onOutboxAcknowledged, onServiceWorkerMessage } from './outbox-runtime';

describe("the page hears of the service worker's Background Sync", () => {
  it("runs the handlers of each acknowledged entry's kind, with the server's answer, and no others", async () => {
    const onAddress = vi.fn();
    const onProfile = vi.fn();
    const stops = [onOutboxAcknowledged('address.create', onAddress), onOutboxAcknowledged('profile.update', onProfile)];
    const address = outboxRowFixture('address.create');
    const answer = { address: { id: 41 } };

    await onServiceWorkerMessage(structuredClone(outboxDrainedMessage([{ entry: address, body: answer }])));

    expect(onAddress).toHaveBeenCalledExactlyOnceWith(address, answer);
    expect(onProfile).not.toHaveBeenCalled();
    for (const stop of stops) stop();
  });

  it('ignores other messages, and a handler that was stopped', async () => {
    const onAddress = vi.fn();
    const stop = onOutboxAcknowledged('address.create', onAddress);
    await onServiceWorkerMessage({ type: 'SKIP_WAITING', acknowledged: [{ entry: outboxRowFixture('address.create'), body: {} }] });
    expect(onAddress).not.toHaveBeenCalled();

    stop();
    await onServiceWorkerMessage(outboxDrainedMessage([{ entry: outboxRowFixture('address.create'), body: {} }]));
    expect(onAddress).not.toHaveBeenCalled();
  });
});
