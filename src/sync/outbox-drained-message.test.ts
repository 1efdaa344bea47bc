import { describe, expect, it } from 'vitest';

import { acknowledgedEntriesOf, outboxDrainedMessage } from './outbox-drained-message';
import { outboxRowFixture } from '../../tests/fixtures/outbox-row';

const entry = outboxRowFixture('address.create');

describe("the service worker's outbox-drained message", () => {
  it("carries each acknowledged entry and the server's answer through postMessage's structured clone", () => {
    const body = { address: { id: 41, label: 'work' } };
    const received = structuredClone(outboxDrainedMessage([{ entry, body }]));
    expect(acknowledgedEntriesOf(received)).toEqual([{ entry, body }]);
  });

  it("a drain that acknowledged nothing, or an older worker's bare message, carries no entries", () => {
    expect(acknowledgedEntriesOf(outboxDrainedMessage([]))).toEqual([]);
    expect(acknowledgedEntriesOf({ type: 'outbox-drained' })).toEqual([]);
  });

  it('other messages are not it, and malformed entries are left out', () => {
    expect(acknowledgedEntriesOf({ type: 'SKIP_WAITING' })).toBeNull();
    expect(acknowledgedEntriesOf(null)).toBeNull();
    expect(acknowledgedEntriesOf('outbox-drained')).toBeNull();
    expect(acknowledgedEntriesOf({ type: 'outbox-drained', acknowledged: [null, { entry: {} }, { entry, body: 1 }] })).toEqual([
      { entry, body: 1 },
    ]);
  });
});
