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
 *
 * Ownership (issue 21, defect 7; outbox-ownership.ts): an entry is sent only while its owner is the
 * signed-in person, with the owner in the X-Outbox-Owner header so the server refuses it under any
 * other session (then it is set aside for its owner). A 401 means the owner's session ended: the
 * pass stops, the entry stays queued, and nothing is sent until the owner signs in again.
 */
import type { AppDb, OutboxRequest, OutboxRow, QueuedOrderPreview } from '../db/app-db';
import { OWNER_UNKNOWN_CODE, OWNER_UNKNOWN_TEXT } from '../db/app-db';
import type { Clock } from '../shared/clock';
import {
  markSignInNeeded,
  OUTBOX_OWNER_HEADER,
  SESSION_USER_CHANGED_CODE,
  sendingOwner,
  setAside,
  signedInOwner,
} from './outbox-ownership';

export const OUTBOX_RETRY_BASE_MS = 2_000;
export const OUTBOX_RETRY_MAX_MS = 5 * 60_000;
export const OUTBOX_LOCK_NAME = 'casa-gratarului-outbox-drain';
/** The Background Sync tag the pages register and the service worker drains the outbox on. */
export const OUTBOX_SYNC_TAG = 'outbox';
const HTTP_SERVER_ERROR_MIN = 500;
const HTTP_UNAUTHORIZED = 401;
/**
 * Refusals of a queued order that the customer can settle by looking at it again (prices moved, an
 * item went, hours or the zone changed, the slot is gone): the entry becomes 'needs-review' rather than 'needs-attention'.
 */
export const ORDER_REVIEW_CODES: ReadonlySet<string> = new Set([
  'price_changed',
  'item_unavailable',
  'restaurant_closed',
  'address_not_deliverable',
  'below_minimum',
  // Issue 22: an order for later whose slot filled up or passed while it waited: the customer picks
  // another (the refusal's details.nextSlots), never moved silently. Literals, not the constants of
  // src/shared/schemas/locations.ts: that module builds zod schemas this early-loaded file does not need.
  'slot_full',
  'slot_unavailable',
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
  /**
   * Who may send now, or null for nobody (default: the signed-in person of this device, unless a 401
   * paused sending until they sign in again; see outbox-ownership.ts).
   */
  sessionOwner?: () => Promise<number | null>;
  /** A send got 401: the owner's session ended and they are to sign in again. */
  onSignInNeeded?: (userId: number) => void;
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
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          'idempotency-key': entry.id,
          // The server refuses the write unless the session is this person's (never someone else's write).
          ...(entry.userId === null ? {} : { [OUTBOX_OWNER_HEADER]: String(entry.userId) }),
        },
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
  /** Whose write this is; null: the person signed in on this device (unknown: it waits, needs-attention). */
  userId: number | null;
  preview?: QueuedOrderPreview;
}

export interface Outbox {
  enqueue(input: EnqueueInput): Promise<string>;
  /** Sends every due entry; resolves when this pass is over. Safe to call at any time, from any tab. */
  drain(): Promise<void>;
  /** Marks entries left 'sending' by a crashed or closed tab as pending again (call at start-up). */
  recover(): Promise<void>;
  /** Sends it again; an entry of unknown owner becomes the signed-in person's (their explicit choice). */
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
  const sessionOwner = options.sessionOwner ?? (() => sendingOwner(db));

  /** Sends one entry of `owner`; 'stop' ends the pass (the session ended, or is someone else's). */
  async function sendOne(entry: OutboxRow, owner: number): Promise<'next' | 'stop'> {
    // Claim: only an entry still pending (and still the owner's) is sent, so a concurrent drainer skips it.
    const claimed = await db.transaction('rw', db.outbox, async () => {
      const current = await db.outbox.get(entry.id);
      if (!current || current.status !== 'pending' || current.userId !== owner) return null;
      const sending: OutboxRow = { ...current, status: 'sending', attempts: current.attempts + 1 };
      await db.outbox.put(sending);
      return sending;
    });
    if (!claimed) return 'next';
    const outcome = await transport(claimed);
    const now = clock.now();
    if (outcome.kind === 'acknowledged') {
      await db.outbox.delete(claimed.id);
      await options.onAcknowledged?.(claimed, outcome.body);
      return 'next';
    }
    if (outcome.kind === 'retry') {
      await db.outbox.update(claimed.id, {
        status: 'pending',
        nextAttemptAt: new Date(now.getTime() + retryDelayMs(claimed.attempts, random)).toISOString(),
        lastError: outcome.reason,
        lastErrorCode: null,
      });
      return 'next';
    }
    if (outcome.status === HTTP_UNAUTHORIZED) {
      // The session ended: the entry stays queued as it was, and waits for its owner to sign in.
      await db.transaction('rw', db.outbox, db.meta, async () => {
        await db.outbox.update(claimed.id, { status: 'pending', attempts: claimed.attempts - 1 });
        await markSignInNeeded(db, owner, now);
      });
      options.onSignInNeeded?.(owner);
      return 'stop';
    }
    if (outcome.code === SESSION_USER_CHANGED_CODE) {
      // Someone else's session now (this device's guess of who is signed in was stale): kept for its owner.
      await setAside(db, [{ ...claimed, status: 'pending', attempts: claimed.attempts - 1 }]);
      return 'stop';
    }
    const needsReview = ORDER_REVIEW_CODES.has(outcome.code);
    await db.outbox.update(claimed.id, {
      status: needsReview ? 'needs-review' : 'needs-attention',
      lastError: outcome.message,
      lastErrorCode: outcome.code,
      lastErrorDetails: outcome.details ?? null,
    });
    options.onRejected?.({ ...claimed, status: needsReview ? 'needs-review' : 'needs-attention', lastError: outcome.message });
    return 'next';
  }

  async function drainPass(): Promise<void> {
    // Under the lock nobody else is sending, so an entry still 'sending' was left by a crashed or
    // closed drainer: send it again (its idempotency key makes that harmless).
    await db.outbox.where('status').equals('sending').modify({ status: 'pending' });
    // Nobody signed in, or their session ended: nothing goes (it waits for its owner's sign-in).
    const owner = await sessionOwner();
    if (owner === null) return;
    const nowIso = clock.now().toISOString();
    const due = (await db.outbox.where('status').equals('pending').sortBy('createdAt')).filter((entry) => entry.nextAttemptAt <= nowIso);
    // Another person's entry (queued by a tab that had not yet seen the new sign-in): kept for them.
    await setAside(
      db,
      due.filter((entry) => entry.userId !== null && entry.userId !== owner),
    );
    // Oldest first, one at a time: a customer's writes reach the server in the order they were made.
    for (const entry of due.filter((e) => e.userId === owner)) {
      if ((await sendOne(entry, owner)) === 'stop') return;
    }
  }

  return {
    async enqueue({ id: givenId, kind, label, request, userId: givenUserId, preview }) {
      const now = clock.now().toISOString();
      const id = givenId ?? newId();
      const userId = givenUserId ?? (await signedInOwner(db));
      await db.outbox.add({
        id,
        originId: id,
        ...(preview ? { preview } : {}),
        userId,
        kind,
        label,
        request,
        // Nobody to send it as: it waits, visible, for a signed-in person to Retry it as theirs.
        status: userId === null ? 'needs-attention' : 'pending',
        attempts: 0,
        createdAt: now,
        nextAttemptAt: now,
        lastError: userId === null ? OWNER_UNKNOWN_TEXT : null,
        lastErrorCode: userId === null ? OWNER_UNKNOWN_CODE : null,
        lastErrorDetails: null,
      });
      return id;
    },
    drain: () => lock(drainPass),
    async recover() {
      await db.outbox.where('status').equals('sending').modify({ status: 'pending' });
    },
    async retry(id) {
      const entry = await db.outbox.get(id);
      if (!entry) return;
      if (entry.userId === null) {
        // An entry of unknown owner is sent only when a signed-in person asks for it, as theirs.
        const owner = await sessionOwner();
        if (owner === null) return;
        await db.outbox.update(id, { userId: owner, lastError: null, lastErrorCode: null });
      }
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
