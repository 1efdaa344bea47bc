/**
 * The app's one outbox and when it drains: at start, when the browser comes back online, when the
 * app returns to the foreground, right after each enqueue, on a timer for the next retry, and on the
 * service worker's Background Sync where the browser has it (Chromium; elsewhere the other triggers
 * do the work). Features enqueue through enqueueWrite() and react to acknowledgements through
 * onOutboxAcknowledged(kind, handler).
 */
import { db } from '../db/db';
import type { OutboxRow } from '../db/app-db';
import { systemClock } from '../shared/clock';
import type { EnqueueInput } from './outbox';
import { createOutbox, fetchTransport, OUTBOX_SYNC_TAG } from './outbox';
import { acknowledgedEntriesOf } from './outbox-drained-message';
import { sendingOwner } from './outbox-ownership';
import { recordAcknowledgement } from './order-acknowledgement';

/** Never sleep longer than this between looks at the queue while entries wait. */
const OUTBOX_MAX_IDLE_CHECK_MS = 60_000;

type AckHandler = (entry: OutboxRow, body: unknown) => Promise<void> | void;
const ackHandlers = new Map<string, AckHandler[]>();

export function onOutboxAcknowledged(kind: string, handler: AckHandler): () => void {
  const list = ackHandlers.get(kind) ?? [];
  list.push(handler);
  ackHandlers.set(kind, list);
  return () =>
    ackHandlers.set(
      kind,
      (ackHandlers.get(kind) ?? []).filter((h) => h !== handler),
    );
}

async function runAckHandlers(entry: OutboxRow, body: unknown): Promise<void> {
  for (const handler of ackHandlers.get(entry.kind) ?? []) await handler(entry, body);
}

export const outbox = createOutbox({
  db,
  transport: fetchTransport(),
  clock: systemClock,
  onAcknowledged: async (entry, body) => {
    await recordAcknowledgement(db, entry, body);
    await runAckHandlers(entry, body);
  },
  onSignInNeeded: () => {
    for (const listener of signInNeededListeners) listener();
  },
});

const signInNeededListeners = new Set<() => void>();

/**
 * Called when a send got 401 (the owner's session ended; the sign-in prompt reads the pause from
 * IndexedDB, this lets the page also refresh who it thinks is signed in).
 */
export function onOutboxSignInNeeded(listener: () => void): () => void {
  signInNeededListeners.add(listener);
  return () => signInNeededListeners.delete(listener);
}

let timer: ReturnType<typeof setTimeout> | null = null;

async function scheduleNextDrain(): Promise<void> {
  if (timer) clearTimeout(timer);
  timer = null;
  // Only what may be sent now: entries waiting for a sign-in (or for another person) must not spin
  // the timer at zero delay.
  const owner = await sendingOwner(db);
  if (owner === null) return;
  const pending = (await db.outbox.where('userId').equals(owner).toArray()).filter((entry) => entry.status === 'pending');
  if (pending.length === 0) return;
  const nextDue = Math.min(...pending.map((entry) => new Date(entry.nextAttemptAt).getTime()));
  const waitMs = Math.min(OUTBOX_MAX_IDLE_CHECK_MS, Math.max(0, nextDue - Date.now()));
  timer = setTimeout(() => void drainNow(), waitMs);
}

export async function drainNow(): Promise<void> {
  try {
    await outbox.drain();
  } finally {
    await scheduleNextDrain();
  }
}

async function requestBackgroundSync(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const sync = (registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)?.sync;
  if (typeof SyncManager === 'undefined' || !sync) return;
  await sync.register(OUTBOX_SYNC_TAG).catch(() => undefined);
}

/**
 * Queue a write. Works offline: the entry is in IndexedDB before this resolves and is sent when the
 * network allows, with its id as Idempotency-Key on every attempt.
 */
export async function enqueueWrite(input: EnqueueInput): Promise<string> {
  const id = await outbox.enqueue(input);
  void requestBackgroundSync();
  void drainNow();
  return id;
}

let started = false;

export function startOutbox(): void {
  if (started) return;
  started = true;
  void drainNow();
  // Back online: what waited out the lost connection goes now, not when its backoff ends.
  window.addEventListener('online', () => void outbox.makePendingDue().then(drainNow, drainNow));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void drainNow();
  });
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent<unknown>) => void onServiceWorkerMessage(event.data));
}

/**
 * The service worker drained the outbox on Background Sync (it already recorded each acknowledgement
 * in IndexedDB): this page's features react to what it sent as to this page's own sends, and the
 * next retry is planned from what is left.
 */
export async function onServiceWorkerMessage(data: unknown): Promise<void> {
  const acknowledged = acknowledgedEntriesOf(data);
  if (acknowledged === null) return;
  try {
    for (const { entry, body } of acknowledged) await runAckHandlers(entry, body);
  } finally {
    await scheduleNextDrain();
  }
}

declare const SyncManager: unknown;
