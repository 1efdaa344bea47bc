import { describe, expect, it } from 'vitest';

import type { OutboxRow } from '../db/app-db';
import { acknowledgedEntriesOf, outboxDrainedMessage } from './outbox-drained-message';

const entry = {
  id: 'b1a4c6e2-0000-4000-8000-000000000001',
  userId: 7,
  kind: 'address.create',
  label: 'New address',
  request: { method: 'POST', path: '/api/addresses', body: { label: 'work' } },
  status: 'sending',
  attempts: 1,
  createdAt: '2026-11-26T20:00:00.000Z',
  nextAttemptAt: '2026-11-26T20:00:00.000Z',
  lastError: null,
  lastErrorCode: null,
  lastErrorDetails: null,
} as OutboxRow;

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
