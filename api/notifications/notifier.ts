/**
 * The notifier (issue 20): turns the durable order event log (order_events, migration 0015, written
 * by the orders module in the transaction of each change) into pushes and e-mails, through the job
 * queue. Never on a request's path: an order answers before anything here runs.
 *
 * - A pass reads the events past the stored cursor (notification_cursors), decides the notices each
 *   one makes (./notices.ts), and writes one outbox row per notice and recipient — a 'push.send' row
 *   per subscription, a 'mail' row per e-mail — with a dedupe key per notice, so a notice reaches
 *   each device and mailbox exactly once however often its event is read (a re-read, two instances).
 * - The cursor stays CURSOR_SETTLE_MS behind the newest event: on PostgreSQL ids are taken before
 *   commit, so an event with a lower id can become visible after a higher one; re-reading the last
 *   seconds (free, thanks to the dedupe keys) never skips it.
 * - The board's "still waiting" push comes from the orders whose accept deadline passed (a scan,
 *   not an event).
 * - Wake-ups: the in-process order publish (a change on this instance), the outbox nudge (a new
 *   order), and a poll for changes made on other instances and for deadlines
 *   (docs/decisions/0107-notifications-from-the-order-event-log.md).
 */
import type { Clock } from '../../src/shared/clock';
import { mailOutboxRow } from '../integrations/mail/outbox';
import type { Logger } from '../lib/logger';
import type { OrderEventBus } from '../lib/order-events';
import { listOrderEventsAfter } from '../store/order-events-queries';
import type { NewOutboxRow } from '../store/outbox-rows';
import { enqueueOutboxRows } from '../store/outbox-rows';
import { pushSubscriptionsFor, pushSubscriptionsOf } from '../store/push-queries';
import type { Store } from '../store/store';
import type { NoticeContext, OrderNotice } from './notices';
import { loadNoticeContext, noticesOf, waitingNotices } from './notices';
import type { PushJobPayload } from './push-job';
import { PUSH_OUTBOX_KIND } from './push-job';

export const NOTIFIER_CURSOR_NAME = 'notifications';
/** Events read per pass; a longer backlog takes several passes. */
export const NOTIFIER_BATCH_SIZE = 200;
/** How far behind the newest event the cursor stays (longer than any order transaction takes). */
export const CURSOR_SETTLE_MS = 30_000;
/** The poll: other instances' changes and accept deadlines are noticed within this. */
export const NOTIFIER_POLL_INTERVAL_MS = 2_000;
/** A burst of changes makes one pass, this long after the last of them. */
export const NOTIFIER_NUDGE_QUIET_MS = 50;

export interface NotifierDeps {
  store: Store;
  clock: Clock;
  logger: Logger;
  /** Where the order page links in e-mails point (PUBLIC_URL's origin). */
  origin: string;
}

async function readCursor(deps: NotifierDeps): Promise<number> {
  const db = deps.store.db;
  const row = await db
    .selectFrom('notification_cursors')
    .select('last_event_id')
    .where('name', '=', NOTIFIER_CURSOR_NAME)
    .executeTakeFirst();
  if (row) return row.last_event_id;
  // First run on a store that already has history: start from its settled end, so an upgrade never
  // mails every past order; events of the last seconds are still read.
  const settledBefore = new Date(deps.clock.now().getTime() - CURSOR_SETTLE_MS).toISOString();
  const settled = await db
    .selectFrom('order_events')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('at', '<', settledBefore)
    .executeTakeFirst();
  const start = Number(settled?.id ?? 0);
  await db
    .insertInto('notification_cursors')
    .values({ name: NOTIFIER_CURSOR_NAME, last_event_id: start, updated_at: deps.clock.now().toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const kept = await db
    .selectFrom('notification_cursors')
    .select('last_event_id')
    .where('name', '=', NOTIFIER_CURSOR_NAME)
    .executeTakeFirstOrThrow();
  return kept.last_event_id;
}

function topicOf(notice: OrderNotice): string {
  return `o${notice.orderId}${notice.audience === 'board' ? 'b' : 'c'}`;
}

async function rowsFor(
  deps: NotifierDeps,
  notice: OrderNotice,
  boardSubscriptions: () => Promise<{ id: number }[]>,
): Promise<NewOutboxRow[]> {
  if (!notice.push) return [];
  const subscriptions =
    notice.audience === 'board' ? await boardSubscriptions() : await pushSubscriptionsOf(deps.store.db, notice.customerId, 'customer');
  return subscriptions.map((subscription) => {
    const payload: PushJobPayload = {
      subscriptionId: subscription.id,
      causedAt: notice.at,
      urgency: notice.audience === 'board' ? 'high' : 'normal',
      topic: topicOf(notice),
      payload: notice.push!,
    };
    return { kind: PUSH_OUTBOX_KIND, dedupeKey: `push:${notice.key}:s${subscription.id}`, payload };
  });
}

/** Writes the rows of these notices (one transaction); returns how many outbox rows were new. */
async function enqueueNotices(deps: NotifierDeps, notices: readonly OrderNotice[], cursorTo: number | null): Promise<number> {
  const now = deps.clock.now();
  let board: Promise<{ id: number }[]> | null = null;
  const boardSubscriptions = () => (board ??= pushSubscriptionsFor(deps.store.db, 'board'));
  const pushRows = (await Promise.all(notices.map((notice) => rowsFor(deps, notice, boardSubscriptions)))).flat();
  const mailRows = notices.flatMap((notice) => (notice.mail ? [mailOutboxRow(notice.mail, notice.key)] : []));
  return deps.store.db.transaction().execute(async (trx) => {
    const inserted = await enqueueOutboxRows(trx, [...pushRows, ...mailRows], now);
    if (cursorTo !== null)
      await trx
        .updateTable('notification_cursors')
        .set({ last_event_id: cursorTo, updated_at: now.toISOString() })
        .where('name', '=', NOTIFIER_CURSOR_NAME)
        .where('last_event_id', '<', cursorTo)
        .execute();
    return inserted;
  });
}

/**
 * One pass: the events past the cursor, then the orders past their accept deadline. Safe to run on
 * several instances at once and to repeat (every row it writes has its dedupe key). Returns how many
 * events it read and how many outbox rows were new (a repeat finds its rows there already).
 */
export async function runNotifierPass(deps: NotifierDeps): Promise<{ events: number; rows: number }> {
  const cursor = await readCursor(deps);
  const events = await listOrderEventsAfter(deps.store.db, cursor, NOTIFIER_BATCH_SIZE);
  const context: NoticeContext = await loadNoticeContext(deps.store.db, deps.origin);
  const notices: OrderNotice[] = [];
  for (const event of events) notices.push(...(await noticesOf(deps.store.db, event, context)));
  const settledBefore = deps.clock.now().getTime() - CURSOR_SETTLE_MS;
  // The cursor moves to the last event before the first unsettled one (never past an event that may still have a lower-id neighbour in flight).
  let cursorTo: number | null = null;
  for (const event of events) {
    if (new Date(event.at).getTime() >= settledBefore) break;
    cursorTo = event.id;
  }
  notices.push(...(await waitingNotices(deps.store.db, deps.clock.now(), context)));
  const rows = notices.length > 0 || cursorTo !== null ? await enqueueNotices(deps, notices, cursorTo) : 0;
  return { events: events.length, rows };
}

export interface Notifier {
  /** A pass now (tests; the timers call it too). */
  runOnce(): Promise<{ events: number; rows: number }>;
  start(intervalMs?: number, quietMs?: number): void;
  stop(): Promise<void>;
}

/**
 * Runs passes one at a time: on the poll, and shortly after an order change published on this
 * instance. After a pass that offered rows, the job worker is nudged so the pushes leave at once.
 */
export function createNotifier(deps: NotifierDeps & { orderEvents: OrderEventBus }): Notifier {
  let queue: Promise<unknown> = Promise.resolve();
  let timer: ReturnType<typeof setInterval> | null = null;
  let quietTimer: ReturnType<typeof setTimeout> | null = null;
  const unsubscribers: (() => void)[] = [];

  function runOnce() {
    const pass = queue.then(async () => {
      const result = await runNotifierPass(deps);
      if (result.rows > 0) deps.orderEvents.notifyOutbox();
      return result;
    });
    queue = pass.catch(() => undefined);
    return pass;
  }
  const tick = () => {
    runOnce().catch((error: unknown) => deps.logger.warn('notifier pass failed; tried again on the next poll', { error: String(error) }));
  };

  return {
    runOnce,
    start(intervalMs = NOTIFIER_POLL_INTERVAL_MS, quietMs = NOTIFIER_NUDGE_QUIET_MS) {
      if (timer) return;
      timer = setInterval(tick, intervalMs);
      timer.unref();
      const soon = () => {
        if (quietTimer) quietTimer.refresh();
        else {
          quietTimer = setTimeout(() => {
            quietTimer = null;
            tick();
          }, quietMs);
          quietTimer.unref();
        }
      };
      // A status change published here, and a new order (its outbox nudge), each bring a pass forward.
      unsubscribers.push(
        deps.orderEvents.subscribeAll(soon),
        deps.orderEvents.onOutbox(() => !quietTimer && soon()),
      );
      tick();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      if (quietTimer) clearTimeout(quietTimer);
      quietTimer = null;
      for (const unsubscribe of unsubscribers.splice(0)) unsubscribe();
      await queue;
    },
  };
}
