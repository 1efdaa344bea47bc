/**
 * The outbox: every write that may happen offline is stored here first (IndexedDB, survives reloads
 * and crashes) with a UUID made at enqueue time, and sent to the server with that UUID as the
 * Idempotency-Key on every attempt. The server stores (user, key) -> answer and replays it, so a
 * retry after a lost answer, a crash mid-send, or two tabs sending the same entry never applies a
 * write twice; an entry leaves the outbox only after the server has acknowledged it.
 *
 * Draining: one drainer at a time per browser (Web Locks where available, else one per tab — still
 * safe, only wasteful); network failures and 5xx back off exponentially with jitter; 4xx stops the
 * entry as 'needs-attention' with the server's reason; an order refused because prices, availability,
 * hours or the zone changed becomes 'needs-review' (ORDER_REVIEW_CODES).
 */
import type { AppDb, OutboxRequest, OutboxRow, QueuedOrderPreview } from '../db/app-db';
import type { Clock } from '../shared/clock';

export const OUTBOX_RETRY_BASE_MS = 2_000;
export const OUTBOX_RETRY_MAX_MS = 5 * 60_000;
export const OUTBOX_LOCK_NAME = 'casa-gratarului-outbox-drain';
/** The Background Sync tag the pages register and the service worker drains the outbox on. */
export const OUTBOX_SYNC_TAG = 'outbox';
const HTTP_SERVER_ERROR_MIN = 500;
/**
 * Refusals of a queued order that the customer can settle by looking at it again (prices moved, an
 * item went, hours or the zone changed): the entry becomes 'needs-review' rather than 'needs-attention'.
 */
export const ORDER_REVIEW_CODES: ReadonlySet<string> = new Set([
  'price_changed',
  'item_unavailable',
  'restaurant_closed',
  'address_not_deliverable',
  'below_minimum',
]);

/** What one attempt at sending an entry came to. */
export type SendOutcome =
  | { kind: 'acknowledged'; status: number; body: unknown }
  | { kind: 'retry'; reason: string }
  | { kind: 'rejected'; status: number; code: string; message: string; details?: unknown };

export type Transport = (entry: OutboxRow) => Promise<SendOutcome>;

/** Runs `task` while holding the drain lock, or not at all when another holder has it. */
export type DrainLock = (task: () => Promise<void>) => Promise<void>;

export interface OutboxOptions {
  db: AppDb;
  transport: Transport;
  clock: Clock;
  /** Jitter source in [0, 1). */
  random?: () => number;
  lock?: DrainLock;
  newId?: () => string;
  /** Called once per acknowledged entry, after it left the outbox (e.g. store the placed order locally). */
  onAcknowledged?: (entry: OutboxRow, body: unknown) => Promise<void> | void;
  onRejected?: (entry: OutboxRow) => void;
}

/** Backoff before attempt n+1 after n failures: base * 2^(n-1), capped, with full jitter on the upper half. */
export function retryDelayMs(attempts: number, random: () => number): number {
  const exponential = Math.min(OUTBOX_RETRY_MAX_MS, OUTBOX_RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(exponential / 2 + (random() * exponential) / 2);
}

/** The part of the Web Locks API the drainer uses (tests pass a shared in-memory one for two tabs). */
export type DrainLockManager = Pick<LockManager, 'request'>;

function navigatorLocks(): DrainLockManager | undefined {
  return typeof navigator !== 'undefined' && 'locks' in navigator && navigator.locks ? navigator.locks : undefined;
}

/**
 * Web Locks when the browser has them (all current browsers); otherwise a per-tab flag. With Web
 * Locks, a tab that finds another tab draining skips its pass (`ifAvailable`); the holder drains
 * everything, including what this tab queued offline.
 */
export function browserDrainLock(locks: DrainLockManager | undefined = navigatorLocks()): DrainLock {
  let running = false;
  return async (task) => {
    if (locks) {
      await locks.request(OUTBOX_LOCK_NAME, { ifAvailable: true }, async (lock) => {
        if (lock) await task();
      });
      return;
    }
    if (running) return;
    running = true;
    try {
      await task();
    } finally {
      running = false;
    }
  };
}

/** The HTTP transport: same origin, cookie session, the entry id as Idempotency-Key. */
export function fetchTransport(fetchImpl: typeof fetch = fetch): Transport {
  return async (entry) => {
    let response: Response;
    try {
      response = await fetchImpl(entry.request.path, {
        method: entry.request.method,
        credentials: 'include',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'idempotency-key': entry.id },
        body: entry.request.body === undefined ? undefined : JSON.stringify(entry.request.body),
      });
    } catch (error) {
      return { kind: 'retry', reason: error instanceof Error ? error.message : 'network error' };
    }
    const body: unknown = await response.json().catch(() => null);
    if (response.ok) return { kind: 'acknowledged', status: response.status, body };
    if (response.status >= HTTP_SERVER_ERROR_MIN) return { kind: 'retry', reason: `server answered ${response.status}` };
    const error = (body as { error?: { code?: string; message?: string; details?: unknown } } | null)?.error;
    return {
      kind: 'rejected',
      status: response.status,
      code: error?.code ?? 'rejected',
      message: error?.message ?? `Request failed with status ${response.status}`,
      details: error?.details,
    };
  };
}

export interface EnqueueInput {
  /**
   * The entry's id and Idempotency-Key when the write was already tried online under a key (an
   * answer lost to the connection dropping): reusing it means the server applies it at most once.
   */
  id?: string;
  kind: string;
  label: string;
  request: OutboxRequest;
  userId: number | null;
  preview?: QueuedOrderPreview;
}

export interface Outbox {
  enqueue(input: EnqueueInput): Promise<string>;
  /** Sends every due entry; resolves when this pass is over. Safe to call at any time, from any tab. */
  drain(): Promise<void>;
  /** Marks entries left 'sending' by a crashed or closed tab as pending again (call at start-up). */
  recover(): Promise<void>;
  retry(id: string): Promise<void>;
  /**
   * The connection is back: every pending entry is due now. Their backoff was waiting out a network
   * that is there again, and a customer who sees the app back online expects the queue to go at once.
   */
  makePendingDue(): Promise<void>;
  discard(id: string): Promise<void>;
  /**
   * Replaces a needs-review entry by a new one (new id = new Idempotency-Key, the re-confirmed body
   * and preview, the same originId) and sends it. Resolves with the new id, or null if it was gone.
   */
  reconfirm(id: string, body: unknown, preview?: QueuedOrderPreview): Promise<string | null>;
}

export function createOutbox(options: OutboxOptions): Outbox {
  const { db, transport, clock } = options;
  const random = options.random ?? Math.random;
  const lock = options.lock ?? browserDrainLock();
  const newId = options.newId ?? (() => crypto.randomUUID());

  async function sendOne(entry: OutboxRow): Promise<void> {
    // Claim: only an entry still pending is sent, so a concurrent drainer skips it.
    const claimed = await db.transaction('rw', db.outbox, async () => {
      const current = await db.outbox.get(entry.id);
      if (!current || current.status !== 'pending') return null;
      const sending: OutboxRow = { ...current, status: 'sending', attempts: current.attempts + 1 };
      await db.outbox.put(sending);
      return sending;
    });
    if (!claimed) return;
    const outcome = await transport(claimed);
    const now = clock.now();
    if (outcome.kind === 'acknowledged') {
      await db.outbox.delete(claimed.id);
      await options.onAcknowledged?.(claimed, outcome.body);
      return;
    }
    if (outcome.kind === 'retry') {
      await db.outbox.update(claimed.id, {
        status: 'pending',
        nextAttemptAt: new Date(now.getTime() + retryDelayMs(claimed.attempts, random)).toISOString(),
        lastError: outcome.reason,
        lastErrorCode: null,
      });
      return;
    }
    const needsReview = ORDER_REVIEW_CODES.has(outcome.code);
    await db.outbox.update(claimed.id, {
      status: needsReview ? 'needs-review' : 'needs-attention',
      lastError: outcome.message,
      lastErrorCode: outcome.code,
      lastErrorDetails: outcome.details ?? null,
    });
    options.onRejected?.({ ...claimed, status: needsReview ? 'needs-review' : 'needs-attention', lastError: outcome.message });
  }

  async function drainPass(): Promise<void> {
    // Under the lock nobody else is sending, so an entry still 'sending' was left by a crashed or
    // closed drainer: send it again (its idempotency key makes that harmless).
    await db.outbox.where('status').equals('sending').modify({ status: 'pending' });
    const nowIso = clock.now().toISOString();
    const due = (await db.outbox.where('status').equals('pending').sortBy('createdAt')).filter((entry) => entry.nextAttemptAt <= nowIso);
    // Oldest first, one at a time: a customer's writes reach the server in the order they were made.
    for (const entry of due) await sendOne(entry);
  }

  return {
    async enqueue({ id: givenId, kind, label, request, userId, preview }) {
      const now = clock.now().toISOString();
      const id = givenId ?? newId();
      await db.outbox.add({
        id,
        originId: id,
        ...(preview ? { preview } : {}),
        userId,
        kind,
        label,
        request,
        status: 'pending',
        attempts: 0,
        createdAt: now,
        nextAttemptAt: now,
        lastError: null,
        lastErrorCode: null,
        lastErrorDetails: null,
      });
      return id;
    },
    drain: () => lock(drainPass),
    async recover() {
      await db.outbox.where('status').equals('sending').modify({ status: 'pending' });
    },
    async retry(id) {
      await db.outbox.update(id, { status: 'pending', nextAttemptAt: clock.now().toISOString() });
    },
    async makePendingDue() {
      await db.outbox.where('status').equals('pending').modify({ nextAttemptAt: clock.now().toISOString() });
    },
    async discard(id) {
      await db.outbox.delete(id);
    },
    async reconfirm(id, body, preview) {
      // A re-confirmed order is a new request: a new key, so the server does not replay the refusal.
      return db.transaction('rw', db.outbox, async () => {
        const entry = await db.outbox.get(id);
        if (!entry) return null;
        const replacement = newId();
        await db.outbox.delete(id);
        await db.outbox.add({
          ...entry,
          id: replacement,
          originId: entry.originId ?? entry.id,
          ...(preview ? { preview } : {}),
          request: { ...entry.request, body },
          status: 'pending',
          attempts: 0,
          nextAttemptAt: clock.now().toISOString(),
          lastError: null,
          lastErrorCode: null,
          lastErrorDetails: null,
        });
        return replacement;
      });
    },
  };
}
