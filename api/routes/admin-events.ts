/**
 * Live streams (server-sent events, issue 7):
 * - GET /api/admin/events (manager only): menu and settings changes, board moves, and new orders or
 *   payment / POS changes found by a short poll of the orders table (order creation and the POS
 *   worker publish per order number only; the poll also sees orders taken by other instances), and
 *   orders for later reaching the new-orders lane at their release time (issue 22).
 * - GET /api/menu/events (public): 'menu-changed' and 'settings-changed' only, so open storefront
 *   tabs refetch the menu within seconds of a sold-out toggle.
 * Each event is `event: <type>` with the JSON LiveEvent as data. Clients reconnect on their own
 * (EventSource) and refetch on reconnect, so an event missed while disconnected is never lost.
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';

import type { LiveEvent } from '../../src/shared/schemas/admin';
import { PUBLIC_LIVE_EVENT_TYPES } from '../../src/shared/schemas/admin';
import { orderStatusSchema } from '../../src/shared/schemas/order';
import type { AppDeps, AppEnv } from '../deps';
import { managerLocationOf } from '../lib/manager-scope';
import { requireAdmin, sessionUser } from '../middleware/session';
import { ADMIN_ROLE } from '../store/admin-account';
import { SSE_HEARTBEAT_MS } from './orders';

/** How often the admin stream looks for new or changed orders. */
export const ORDER_POLL_MS = 1_000;
/**
 * Every this many polls the admin stream checks that its session still holds a manager of the same
 * kitchens: a manager removed, signed out everywhere or given another kitchen stops hearing this
 * stream within seconds (docs/decisions/0146-manager-accounts-invited-by-mail.md); the board reconnects
 * and is answered by the account's current rights.
 */
export const SESSION_RECHECK_POLLS = 2;

interface OrdersCursor {
  maxId: number;
  maxUpdatedAt: string;
  /** Orders for later released up to this instant were announced (issue 22). */
  releasedUpTo: string;
}

function liveStream(
  c: Context<AppEnv>,
  deps: AppDeps,
  options: {
    accept: (event: LiveEvent) => boolean;
    /** Runs every ORDER_POLL_MS; `end` closes the stream. */
    poll?: (emit: (event: LiveEvent) => void, end: () => void) => Promise<void>;
  },
) {
  const release = deps.streamSlots.acquire(c, deps.env.TRUST_PROXY);
  c.header('Cache-Control', 'no-store');
  return streamSSE(c, async (stream) => {
    let queue = Promise.resolve();
    const emit = (event: LiveEvent) => {
      queue = queue.then(() => stream.writeSSE({ event: event.type, data: JSON.stringify(event) })).catch(() => undefined);
    };
    const unsubscribe = deps.liveEvents.subscribe((event) => {
      if (options.accept(event)) emit(event);
    });
    // Tell the client the stream is live (it refetches once on every (re)connect).
    queue = queue.then(() => stream.write(': connected\n\n')).then(() => undefined);
    const heartbeat = setInterval(() => {
      queue = queue
        .then(() => stream.write(': heartbeat\n\n'))
        .then(() => undefined)
        .catch(() => undefined);
    }, SSE_HEARTBEAT_MS);
    heartbeat.unref();
    let polling = false;
    let end = () => {};
    const poller = options.poll
      ? setInterval(() => {
          if (polling) return;
          polling = true;
          options.poll!(emit, () => end())
            .catch(() => undefined)
            .finally(() => {
              polling = false;
            });
        }, ORDER_POLL_MS)
      : null;
    poller?.unref();
    let stopClosing = () => {};
    const closed = new Promise<void>((resolve) => {
      end = resolve;
      stream.onAbort(resolve);
      stopClosing = deps.orderEvents.onClose(resolve);
    });
    try {
      await closed;
    } finally {
      clearInterval(heartbeat);
      if (poller) clearInterval(poller);
      unsubscribe();
      stopClosing();
      release();
    }
  });
}

export function adminEventsRoutes(deps: AppDeps) {
  const db = deps.store.db;
  async function cursorNow(): Promise<OrdersCursor> {
    const row = await db
      .selectFrom('orders')
      .select((eb) => [eb.fn.max('id').as('maxId'), eb.fn.max('updated_at').as('maxUpdatedAt')])
      .executeTakeFirst();
    return { maxId: Number(row?.maxId ?? 0), maxUpdatedAt: String(row?.maxUpdatedAt ?? ''), releasedUpTo: deps.clock.now().toISOString() };
  }
  return new Hono<AppEnv>().use('*', requireAdmin).get('/', async (c) => {
    const cursor = await cursorNow();
    // Issue 22: a location-limited manager hears of their kitchen's orders only (the board's moves,
    // published by order number alone, still reach every board; each refetches its own kitchen's list).
    const ownLocation = managerLocationOf(sessionUser(c));
    const mine = (row: { location_id: number | null }) => ownLocation === null || row.location_id === ownLocation;
    const sessionId = c.get('sessionId');
    let polls = 0;
    /** The session still exists and holds a manager with the kitchens this stream was opened for. */
    const sameManager = async () => {
      if (!sessionId) return false;
      const row = await db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select(['users.role', 'users.manager_location_id'])
        .where('sessions.id', '=', sessionId)
        .executeTakeFirst();
      return row?.role === ADMIN_ROLE && (row.manager_location_id ?? null) === ownLocation;
    };
    return liveStream(c, deps, {
      accept: () => true,
      async poll(emit, end) {
        polls += 1;
        if (polls % SESSION_RECHECK_POLLS === 0 && !(await sameManager())) {
          end();
          return;
        }
        const rows = await db
          .selectFrom('orders')
          .select(['id', 'order_number', 'status', 'updated_at', 'location_id'])
          .where((eb) => eb.or([eb('id', '>', cursor.maxId), eb('updated_at', '>', cursor.maxUpdatedAt)]))
          .orderBy('id')
          .execute();
        const at = deps.clock.now().toISOString();
        for (const row of rows) {
          if (!mine(row)) {
            // Not this manager's kitchen: skipped, the cursor still moves past it.
          } else if (row.id > cursor.maxId) emit({ type: 'order-created', orderNumber: row.order_number, at });
          else emit({ type: 'order-updated', orderNumber: row.order_number, status: orderStatusSchema.parse(row.status), at });
          cursor.maxId = Math.max(cursor.maxId, row.id);
          if (row.updated_at > cursor.maxUpdatedAt) cursor.maxUpdatedAt = row.updated_at;
        }
        // Issue 22: an order for later whose release time came moves from the Scheduled lane to the
        // new ones; nothing about the row changes then, so the release itself is announced.
        const released = await db
          .selectFrom('orders')
          .select(['order_number', 'location_id'])
          .where('status', '=', 'received')
          .where('release_at', '>', cursor.releasedUpTo)
          .where('release_at', '<=', at)
          .execute();
        for (const row of released) if (mine(row)) emit({ type: 'order-updated', orderNumber: row.order_number, status: 'received', at });
        cursor.releasedUpTo = at;
      },
    });
  });
}

export function menuEventsRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/', (c) => liveStream(c, deps, { accept: (event) => PUBLIC_LIVE_EVENT_TYPES.includes(event.type) }));
}
