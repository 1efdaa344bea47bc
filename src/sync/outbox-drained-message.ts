/**
 * What the service worker tells its pages after a Background Sync drain: which outbox entries the
 * server acknowledged there. A page reacts to them as to its own drain's acknowledgements (the
 * address book refetches its saved list, say); without the list, a write the service worker sent
 * left the page showing the device's old copy until something else refetched it.
 *
 * Shared by the service worker and the pages; checked by hand, since the service worker carries no
 * zod.
 */
import type { OutboxRow } from '../db/app-db';

export const OUTBOX_DRAINED_MESSAGE_TYPE = 'outbox-drained';

export interface AcknowledgedEntry {
  entry: OutboxRow;
  /** The server's 2xx answer to the entry's request. */
  body: unknown;
}

export interface OutboxDrainedMessage {
  type: typeof OUTBOX_DRAINED_MESSAGE_TYPE;
  acknowledged: AcknowledgedEntry[];
}

export function outboxDrainedMessage(acknowledged: AcknowledgedEntry[]): OutboxDrainedMessage {
  return { type: OUTBOX_DRAINED_MESSAGE_TYPE, acknowledged };
}

function isAcknowledgedEntry(value: unknown): value is AcknowledgedEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = (value as { entry?: unknown }).entry;
  return typeof entry === 'object' && entry !== null && typeof (entry as { kind?: unknown }).kind === 'string';
}

/**
 * The acknowledged entries of an outbox-drained message (none for one from an older service worker,
 * which sent only its type), or null when `data` is some other message.
 */
export function acknowledgedEntriesOf(data: unknown): AcknowledgedEntry[] | null {
  if (typeof data !== 'object' || data === null || (data as { type?: unknown }).type !== OUTBOX_DRAINED_MESSAGE_TYPE) return null;
  const acknowledged = (data as { acknowledged?: unknown }).acknowledged;
  return Array.isArray(acknowledged) ? acknowledged.filter(isAcknowledgedEntry) : [];
}
