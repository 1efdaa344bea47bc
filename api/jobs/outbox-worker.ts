/**
 * The server outbox worker (ARCHITECTURE "outbox worker (POS, mail)"): hands due outbox rows to
 * their upstream, at least once, with the upstream's own dedupe key making it exactly once there.
 *
 * - Claim: a lease per row (locked_until/locked_by), so several workers or instances never send
 *   the same row at the same time; a crashed worker's lease simply runs out and another takes over.
 *   SQLite: a conditional UPDATE per candidate row (one writer at a time makes it atomic).
 *   PostgreSQL: one transaction selects the due rows FOR UPDATE SKIP LOCKED (concurrent claimers
 *   skip each other's rows instead of waiting on them) and sets their lease.
 * - Each row's lease covers its own send (issue 21, defect 10): a batch is claimed together, but
 *   right before each send the worker renews that row's lease from the clock's current reading, on
 *   condition it still holds the row. A row whose lease ran out while earlier rows of the batch were
 *   sent, and which another worker has taken meanwhile, is skipped instead of sent a second time.
 * - Marking a row done or failed is conditional on this worker still holding it (locked_by): a
 *   worker whose lease was taken over records nothing (neither the row nor the order), so it can
 *   neither clear the new holder's lease (letting a third worker send too) nor overwrite its result.
 * - Send: the POS payload is built at send time from the stored order, with a timeout.
 * - Success: the row is done, the order's pos_injection_status is 'sent' and it moves forward to
 *   'sent to kitchen' (canAdvanceTo: never backwards, never out of a final state), then watchers hear.
 * - Failure: exponential backoff with full jitter between OUTBOX_RETRY_BASE_MS and
 *   OUTBOX_RETRY_MAX_MS; the order shows 'failed: <reason>' while it keeps retrying.
 * All times come from the injected clock; tests drive it with runOnce()/drain().
 */
import { randomUUID } from 'node:crypto';

import type { Kysely, Transaction } from 'kysely';

import type { Clock } from '../../src/shared/clock';
import { canAdvanceTo } from '../../src/shared/domain/order-status';
import { buildPosPayload } from '../../src/shared/domain/pos-payload';
import { orderStatusSchema } from '../../src/shared/schemas/order';
import type { CmsAddressSink } from '../integrations/cms/directus-addresses';
import {
  CMS_ADDRESS_OUTBOX_KIND,
  cmsAddressPayloadSchema,
  directusAddressBody,
  directusUserIdOf,
} from '../integrations/cms/directus-addresses';
import type { CmsOrderSink } from '../integrations/cms/directus-orders';
import { CMS_ORDER_OUTBOX_KIND } from '../integrations/cms/directus-orders';
import { POS_OUTBOX_KIND } from '../integrations/payments/events';
import type { Pos } from '../integrations/pos/port';
import type { Logger } from '../lib/logger';
import type { OrderEventBus } from '../lib/order-events';
import { findOrder, publishOrderState } from '../lib/order-records';
import type { Database } from '../store/schema';
import type { Store } from '../store/store';

export const OUTBOX_RETRY_BASE_MS = 2_000;
export const OUTBOX_RETRY_MAX_MS = 5 * 60_000;
export const OUTBOX_POS_TIMEOUT_MS = 10_000;
/** Longer than the POS timeout, so a lease never runs out while its send is still in flight. */
export const OUTBOX_LEASE_MS = 60_000;
export const OUTBOX_POLL_INTERVAL_MS = 1_000;
export const OUTBOX_BATCH_SIZE = 10;
/**
 * A nudge (a new order) starts a pass only after this long without another nudge: orders placed in
 * a rush are handed off together once it pauses, instead of one pass per order competing with the
 * next orders for the event loop and the store (order creation stays fast in a rush:
 * docs/decisions/0066-kitchen-hand-off-after-the-rush.md). The poll skips its
 * turn while a nudge is pending, for at most one interval: under non-stop traffic a hand-off waits
 * at most two OUTBOX_POLL_INTERVAL_MS.
 */
export const OUTBOX_NUDGE_QUIET_MS = 50;
/** Rounds of OUTBOX_BATCH_SIZE rows one wake-up takes before yielding to the next wake-up. */
const MAX_ROUNDS_PER_WAKE = 100;
const MAX_REASON_LENGTH = 200;

export interface OutboxWorkerOptions {
  store: Store;
  clock: Clock;
  logger: Logger;
  pos: Pos;
  orderEvents: OrderEventBus;
  /** CMS=directus: where 'cms.order' rows copy accepted orders; without it such rows fail and wait. */
  cmsOrders?: CmsOrderSink | null;
  /** CMS=directus: where 'cms.address' rows copy saved addresses; without it such rows fail and wait. */
  cmsAddresses?: CmsAddressSink | null;
  /** Kinds whose sending lives beside their domain (mail: api/integrations/mail/outbox.ts), by kind. */
  handlers?: Readonly<Record<string, OutboxKindHandler>>;
  workerId?: string;
  retryBaseMs?: number;
  retryMaxMs?: number;
  timeoutMs?: number;
  leaseMs?: number;
  /** [0, 1); injected so tests can pin the jitter. */
  random?: () => number;
}

/**
 * Sends one row of its kind (the payload parsed from JSON) and throws to be retried with backoff.
 * What it returns replaces the stored payload once sent (a sent mail keeps no live link in the store).
 */
export type OutboxKindHandler = (payload: unknown) => Promise<{ storedPayload: unknown } | void>;

export interface OutboxWorker {
  /** Claims and processes the rows due now; resolves with how many were processed. */
  runOnce(): Promise<number>;
  /** runOnce until nothing is due at the current clock reading. */
  drain(maxRounds?: number): Promise<number>;
  /** Polls every `intervalMs` and, `nudgeQuietMs` after the last nudge, takes every due row. */
  start(intervalMs?: number, nudgeQuietMs?: number): void;
  stop(): Promise<void>;
}

/** Full-jitter exponential backoff: random in [0, min(max, base * 2^(attempt-1))], at least base/2. */
export function backoffMs(attempt: number, baseMs: number, maxMs: number, random: () => number): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.max(Math.floor(baseMs / 2), Math.floor(random() * ceiling));
}

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { store, clock, logger, pos, orderEvents } = options;
  const db = store.db;
  const workerId = options.workerId ?? `worker-${randomUUID()}`;
  const retryBaseMs = options.retryBaseMs ?? OUTBOX_RETRY_BASE_MS;
  const retryMaxMs = options.retryMaxMs ?? OUTBOX_RETRY_MAX_MS;
  const timeoutMs = options.timeoutMs ?? OUTBOX_POS_TIMEOUT_MS;
  const leaseMs = options.leaseMs ?? OUTBOX_LEASE_MS;
  const random = options.random ?? Math.random;

  let timer: ReturnType<typeof setInterval> | null = null;
  let nudgeTimer: ReturnType<typeof setTimeout> | null = null;
  /** When the pending nudge timer was first set (performance.now()): a rush defers the poll only this long. */
  let nudgedAt = 0;
  let queue: Promise<unknown> = Promise.resolve();
  let stopped = false;
  let unsubscribe: (() => void) | null = null;

  type ClaimedRow = { id: number; kind: string; payload: string; attempts: number };

  /**
   * Renews the row's lease for one send, from now; false when this worker no longer holds it
   * (another worker claimed it after our lease ran out) or it is no longer pending.
   */
  async function renewLease(rowId: number): Promise<boolean> {
    const lockedUntil = new Date(clock.now().getTime() + leaseMs).toISOString();
    const result = await db
      .updateTable('outbox')
      .set({ locked_until: lockedUntil })
      .where('id', '=', rowId)
      .where('locked_by', '=', workerId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Marks a row this worker holds as sent; false (nothing written) when another worker holds it now. */
  async function markDone(executor: Kysely<Database> | Transaction<Database>, rowId: number, storedPayload?: string): Promise<boolean> {
    const result = await executor
      .updateTable('outbox')
      .set({
        status: 'done',
        locked_until: null,
        locked_by: null,
        last_error: null,
        updated_at: clock.now().toISOString(),
        ...(storedPayload !== undefined ? { payload: storedPayload } : {}),
      })
      .where('id', '=', rowId)
      .where('locked_by', '=', workerId)
      .executeTakeFirst();
    const held = Number(result.numUpdatedRows) === 1;
    if (!held) logger.warn('outbox row taken over by another worker; its holder records the result', { outboxId: rowId, workerId });
    return held;
  }

  async function claimDue(): Promise<ClaimedRow[]> {
    return store.dialect === 'postgres' ? claimDueSkipLocked() : claimDueConditionally();
  }

  async function claimDueConditionally(): Promise<ClaimedRow[]> {
    const now = clock.now().toISOString();
    const candidates = await db
      .selectFrom('outbox')
      .select(['id', 'kind', 'payload', 'attempts'])
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .orderBy('next_attempt_at')
      .limit(OUTBOX_BATCH_SIZE)
      .execute();
    const claimed = [];
    const lockedUntil = new Date(clock.now().getTime() + leaseMs).toISOString();
    for (const row of candidates) {
      const result = await db
        .updateTable('outbox')
        .set({ locked_until: lockedUntil, locked_by: workerId })
        .where('id', '=', row.id)
        .where('status', '=', 'pending')
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 1) claimed.push(row);
    }
    return claimed;
  }

  async function claimDueSkipLocked(): Promise<ClaimedRow[]> {
    const now = clock.now().toISOString();
    const lockedUntil = new Date(clock.now().getTime() + leaseMs).toISOString();
    return db.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom('outbox')
        .select(['id', 'kind', 'payload', 'attempts'])
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
        .orderBy('next_attempt_at')
        .limit(OUTBOX_BATCH_SIZE)
        .forUpdate()
        .skipLocked()
        .execute();
      if (due.length === 0) return [];
      await trx
        .updateTable('outbox')
        .set({ locked_until: lockedUntil, locked_by: workerId })
        .where(
          'id',
          'in',
          due.map((row) => row.id),
        )
        .execute();
      return due;
    });
  }

  async function sendToPos(orderNumber: string): Promise<void> {
    const found = await findOrder(db, orderNumber);
    if (!found) throw new Error(`order ${orderNumber} not found`);
    const payload = buildPosPayload(
      found.order,
      found.row.customer_first_name && found.row.customer_last_name
        ? { firstName: found.row.customer_first_name, lastName: found.row.customer_last_name }
        : undefined,
    );
    const controller = new AbortController();
    const timeout = setTimeout(() => controller.abort(), timeoutMs);
    try {
      await pos.send(payload, { signal: controller.signal });
    } finally {
      clearTimeout(timeout);
    }
  }

  async function succeed(rowId: number, orderNumber: string): Promise<boolean> {
    const at = clock.now().toISOString();
    const held = await db.transaction().execute(async (trx) => {
      if (!(await markDone(trx, rowId))) return false;
      const order = await trx
        .selectFrom('orders')
        .select(['id', 'status', 'fulfilment'])
        .where('order_number', '=', orderNumber)
        .executeTakeFirst();
      if (!order) return true;
      const status = orderStatusSchema.parse(order.status);
      const advance = canAdvanceTo(status, 'sent to kitchen', order.fulfilment === 'pickup' ? 'pickup' : 'delivery');
      await trx
        .updateTable('orders')
        .set({ pos_injection_status: 'sent', pos_last_error: null, updated_at: at, ...(advance ? { status: 'sent to kitchen' } : {}) })
        .where('id', '=', order.id)
        .execute();
      return true;
    });
    if (held) await publishOrderState(db, orderEvents, orderNumber);
    return held;
  }

  async function fail(row: { id: number; attempts: number }, orderNumber: string | null, error: unknown): Promise<void> {
    const attempts = row.attempts + 1;
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, MAX_REASON_LENGTH);
    const now = clock.now();
    const next = new Date(now.getTime() + backoffMs(attempts, retryBaseMs, retryMaxMs, random)).toISOString();
    const held = await db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('outbox')
        .set({ attempts, next_attempt_at: next, locked_until: null, locked_by: null, last_error: reason, updated_at: now.toISOString() })
        .where('id', '=', row.id)
        .where('locked_by', '=', workerId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      if (orderNumber) {
        await trx
          .updateTable('orders')
          .set({ pos_injection_status: `failed: ${reason}`, pos_last_error: reason, updated_at: now.toISOString() })
          .where('order_number', '=', orderNumber)
          // A concurrent success (another worker after our lease ran out) must not be overwritten.
          .where('pos_injection_status', '!=', 'sent')
          .execute();
      }
      return true;
    });
    if (!held) {
      logger.warn('outbox delivery failed after another worker took the row over; its holder records the result', {
        outboxId: row.id,
        workerId,
        reason,
      });
      return;
    }
    logger.warn('outbox delivery failed; will retry', { outboxId: row.id, attempts, nextAttemptAt: next, reason });
    if (orderNumber) await publishOrderState(db, orderEvents, orderNumber);
  }

  async function copyToCms(row: { id: number; payload: string; attempts: number }): Promise<void> {
    try {
      const sink = options.cmsOrders;
      if (!sink) throw new Error('no Cms to copy orders to (CMS is not directus)');
      const parsed = JSON.parse(row.payload) as { orderNumber?: unknown };
      if (typeof parsed.orderNumber !== 'string') throw new Error('outbox payload without orderNumber');
      const found = await findOrder(db, parsed.orderNumber);
      if (!found) throw new Error(`order ${parsed.orderNumber} not found`);
      const outcome = await sink.copy(found.order, { signal: AbortSignal.timeout(timeoutMs) });
      if (await markDone(db, row.id)) logger.info('order copied to the Cms', { orderNumber: parsed.orderNumber, cms: sink.name, outcome });
    } catch (error) {
      // Not the kitchen hand-off: the order's POS state stays as it is.
      await fail(row, null, error);
    }
  }

  /**
   * The address as it is now (not as it was when the row was written): several rows for one address
   * all converge on its latest state, and an address deleted meanwhile is deleted there too.
   */
  async function copyAddressToCms(row: { id: number; payload: string; attempts: number }): Promise<void> {
    try {
      const sink = options.cmsAddresses;
      if (!sink) throw new Error('no Cms to copy addresses to (CMS is not directus)');
      const payload = cmsAddressPayloadSchema.parse(JSON.parse(row.payload));
      const directusUserId = await directusUserIdOf(db, payload.customerId);
      let outcome = 'no Directus user: kept in our store only';
      if (directusUserId) {
        const address = await db
          .selectFrom('customer_addresses')
          .selectAll()
          .where('id', '=', payload.addressId)
          .where('customer_id', '=', payload.customerId)
          .executeTakeFirst();
        const signal = AbortSignal.timeout(timeoutMs);
        if (address) {
          const cmsId = await sink.save(
            { directusUserId, cmsId: address.cms_id, createdAt: address.created_at, body: directusAddressBody(address, directusUserId) },
            signal,
          );
          if (cmsId !== address.cms_id) {
            await db.updateTable('customer_addresses').set({ cms_id: cmsId }).where('id', '=', address.id).execute();
          }
          outcome = 'saved';
        } else {
          outcome = await sink.remove({ directusUserId, cmsId: payload.cmsId, createdAt: payload.createdAt }, signal);
        }
      }
      if (await markDone(db, row.id)) logger.info('address copied to the Cms', { addressId: payload.addressId, outcome });
    } catch (error) {
      await fail(row, null, error);
    }
  }

  async function runHandler(row: { id: number; payload: string; attempts: number }, handler: OutboxKindHandler): Promise<void> {
    try {
      const sent = await handler(JSON.parse(row.payload) as unknown);
      await markDone(db, row.id, sent ? JSON.stringify(sent.storedPayload) : undefined);
    } catch (error) {
      await fail(row, null, error);
    }
  }

  async function processRow(row: { id: number; kind: string; payload: string; attempts: number }): Promise<void> {
    const handler = options.handlers?.[row.kind];
    if (handler) return runHandler(row, handler);
    if (row.kind === CMS_ORDER_OUTBOX_KIND) return copyToCms(row);
    if (row.kind === CMS_ADDRESS_OUTBOX_KIND) return copyAddressToCms(row);
    let orderNumber: string | null = null;
    try {
      if (row.kind !== POS_OUTBOX_KIND) throw new Error(`unknown outbox kind ${row.kind}`);
      const parsed = JSON.parse(row.payload) as { orderNumber?: unknown };
      if (typeof parsed.orderNumber !== 'string') throw new Error('outbox payload without orderNumber');
      orderNumber = parsed.orderNumber;
      await sendToPos(orderNumber);
    } catch (error) {
      await fail(row, orderNumber, error);
      return;
    }
    if (await succeed(row.id, orderNumber)) logger.info('order handed to the POS', { orderNumber, pos: pos.name });
  }

  async function runOnceInner(): Promise<number> {
    const rows = await claimDue();
    // One at a time: the POS is a single small upstream, and order matters to the kitchen. Each
    // send starts with its own lease; a row another worker took over meanwhile is theirs now.
    let processed = 0;
    for (const row of rows) {
      if (!(await renewLease(row.id))) continue;
      await processRow(row);
      processed += 1;
    }
    return processed;
  }

  function runOnce(): Promise<number> {
    // Passes run one after another in one process (the interval and a nudge may coincide).
    const pass = queue.then(runOnceInner);
    queue = pass.catch(() => 0);
    return pass;
  }

  return {
    runOnce,
    async drain(maxRounds = 100) {
      let total = 0;
      for (let round = 0; round < maxRounds; round += 1) {
        const processed = await runOnce();
        total += processed;
        if (processed === 0) break;
      }
      return total;
    },
    start(intervalMs = OUTBOX_POLL_INTERVAL_MS, nudgeQuietMs = OUTBOX_NUDGE_QUIET_MS) {
      if (timer) return;
      stopped = false;
      // Every due row, a batch at a time: a rush of N orders is N / OUTBOX_BATCH_SIZE passes, not N.
      const tick = () => {
        if (stopped) return;
        takeDue().catch((error: unknown) => logger.error('outbox pass failed', { error: String(error) }));
      };
      const takeDue = async () => {
        for (let round = 0; round < MAX_ROUNDS_PER_WAKE && !stopped; round += 1) {
          if ((await runOnce()) < OUTBOX_BATCH_SIZE) return;
        }
      };
      // The poll leaves a rush to the nudge timer, unless the rush has gone on for a whole interval.
      timer = setInterval(() => {
        if (nudgeTimer && performance.now() - nudgedAt < intervalMs) return;
        tick();
      }, intervalMs);
      timer.unref();
      unsubscribe = orderEvents.onOutbox(() => {
        if (stopped) return;
        // Restarted by every nudge (refresh keeps the one timer): the pass waits for a pause.
        if (nudgeTimer) nudgeTimer.refresh();
        else {
          nudgedAt = performance.now();
          nudgeTimer = setTimeout(() => {
            nudgeTimer = null;
            tick();
          }, nudgeQuietMs);
          nudgeTimer.unref();
        }
      });
      tick();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      if (nudgeTimer) clearTimeout(nudgeTimer);
      nudgeTimer = null;
      unsubscribe?.();
      unsubscribe = null;
      // Let an in-flight pass finish so its row is recorded before the store closes.
      await queue;
    },
  };
}
