/** Tests only: an outbox entry in flight, of the given kind. */
import type { OutboxRow } from '../db/app-db';

export function outboxRowFixture(kind: string): OutboxRow {
  return {
    id: `entry-${kind}`,
    userId: 7,
    kind,
    label: kind,
    request: { method: 'POST', path: '/api/addresses', body: { label: 'work' } },
    status: 'sending',
    attempts: 1,
    createdAt: '2026-11-26T20:00:00.000Z',
    nextAttemptAt: '2026-11-26T20:00:00.000Z',
    lastError: null,
    lastErrorCode: null,
    lastErrorDetails: null,
  };
}
