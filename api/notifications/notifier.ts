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
 *   seconds never skips it. An instance remembers which of those seconds' events it already handled
 *   (NotifierMemory), so a pass decides notices only for new events and for late-visible ones: at 50
 *   orders a second the 30 s window holds 1,500 events, which every pass read whole and composed mails
 *   for before (docs/decisions/0133-the-notifier-remembers-what-it-handled.md).
 * - The board's "still waiting" push comes from the orders whose accept deadline passed, and an order
 *   for later's "new order" push from its release time passing (scans, not events; issue 22).
 * - Wake-ups: the in-process order publish (a change on this instance), the outbox nudge (a new
 *   order), and a poll for changes made on other instances and for deadlines
 *   (docs/decisions/0107-notifications-from-the-order-event-log.md).
 */
import type { Clock } from '../../src/shared/clock';
import { chosenLocale } from '../../src/shared/i18n/locales';
import { mailOutboxRow } from '../integrations/mail/outbox';
import type { Logger } from '../lib/logger';
import type { OrderEventBus } from '../lib/order-events';
import { listOrderEventsAfter, listOrderEventStampsBetween, listOrderEventsById } from '../store/order-events-queries';
import type { NewOutboxRow } from '../store/outbox-rows';
import { enqueueOutboxRows } from '../store/outbox-rows';
import type { PushRecipientRow } from '../store/push-queries';
import { pushSubscriptionsFor, pushSubscriptionsOf } from '../store/push-queries';
import type { Store } from '../store/store';
import type { NoticeContext, OrderNotice } from './notices';
import { loadNoticeContext, noticesOf, releasedNotices, waitingNotices } from './notices';
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
  boardSubscriptions: () => Promise<PushRecipientRow[]>,
): Promise<NewOutboxRow[]> {
  const push = notice.push;
  if (!push) return [];
  const subscriptions =
    notice.audience === 'board' ? await boardSubscriptions() : await pushSubscriptionsOf(deps.store.db, notice.customerId, 'customer');
  return subscriptions.map((subscription) => {
    const payload: PushJobPayload = {
      subscriptionId: subscription.id,
      causedAt: notice.at,
      urgency: notice.audience === 'board' ? 'high' : 'normal',
      topic: topicOf(notice),
      // In the language of the device's owner (a board's tablets may belong to managers of either language).
      payload: { ...push, text: push.text[chosenLocale(subscription.language)] },
    };
    return { kind: PUSH_OUTBOX_KIND, dedupeKey: `push:${notice.key}:s${subscription.id}`, payload };
  });
}

/** Writes the rows of these notices (one transaction); returns how many outbox rows were new. */
async function enqueueNotices(deps: NotifierDeps, notices: readonly OrderNotice[], cursorTo: number | null): Promise<number> {
  const now = deps.clock.now();
  let board: Promise<PushRecipientRow[]> | null = null;
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
 * What one instance already handled past the durable cursor: the ids whose notices are written, and
 * the highest id read. Lost on a restart, which then re-reads the settle window once (its rows are
 * deduplicated by key).
 */
export interface NotifierMemory {
  handled: Set<number>;
  readUpTo: number;
  /** When the settle window was last checked (late-visible events, the cursor, accept deadlines), clock ms. */
  windowCheckedAtMs: number;
}

export function createNotifierMemory(): NotifierMemory {
  return { handled: new Set(), readUpTo: 0, windowCheckedAtMs: Number.NEGATIVE_INFINITY };
}

/**
 * One pass: the events past what this instance read; at most once per poll interval also the
 * window below it (events that became visible late, the cursor, the orders past their accept
 * deadline), which a nudged pass in a burst of orders leaves to the poll. Safe to run on several
 * instances at once and to repeat (every row it writes has its dedupe key). Without a memory (tests)
 * every event past the cursor is read again. Returns how many events it read and how many outbox
 * rows were new.
 */
export async function runNotifierPass(
  deps: NotifierDeps,
  memory: NotifierMemory = createNotifierMemory(),
): Promise<{ events: number; rows: number }> {
  const db = deps.store.db;
  const now = deps.clock.now();
  const windowDue = now.getTime() - memory.windowCheckedAtMs >= NOTIFIER_POLL_INTERVAL_MS;
  const cursor = await readCursor(deps);
  for (const id of memory.handled) if (id <= cursor) memory.handled.delete(id);
  const readFrom = Math.max(cursor, memory.readUpTo);
  // PostgreSQL: an event below what was read may have committed since (ids are taken before commit).
  const lateIds =
    windowDue && readFrom > cursor
      ? (await listOrderEventStampsBetween(db, cursor, readFrom)).map((stamp) => stamp.id).filter((id) => !memory.handled.has(id))
      : [];
  const events = [...(await listOrderEventsById(db, lateIds)), ...(await listOrderEventsAfter(db, readFrom, NOTIFIER_BATCH_SIZE))];
  if (events.length === 0 && !windowDue) return { events: 0, rows: 0 };
  const context: NoticeContext = await loadNoticeContext(db, deps.origin);
  const notices: OrderNotice[] = [];
  for (const event of events) notices.push(...(await noticesOf(db, event, context)));
  // Scans, not events: orders past their accept deadline, and orders for later whose release time came (issue 22).
  if (windowDue) notices.push(...(await waitingNotices(db, now, context)), ...(await releasedNotices(db, now)));
  const readUpTo = Math.max(readFrom, ...events.map((event) => event.id));
  const handledNow = new Set([...memory.handled, ...events.map((event) => event.id)]);
  // The cursor moves to the last event before the first unsettled or unhandled one (never past an
  // event that may still have a lower-id neighbour in flight).
  let cursorTo: number | null = null;
  if (windowDue && readUpTo > cursor) {
    const settledBefore = now.getTime() - CURSOR_SETTLE_MS;
    for (const stamp of await listOrderEventStampsBetween(db, cursor, readUpTo)) {
      if (new Date(stamp.at).getTime() >= settledBefore || !handledNow.has(stamp.id)) break;
      cursorTo = stamp.id;
    }
  }
  const rows = notices.length > 0 || cursorTo !== null ? await enqueueNotices(deps, notices, cursorTo) : 0;
  // Only once their rows are written: a failed pass leaves them to the next one.
  memory.handled = handledNow;
  memory.readUpTo = readUpTo;
  if (windowDue) memory.windowCheckedAtMs = now.getTime();
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
  const memory = createNotifierMemory();

  function runOnce() {
    const pass = queue.then(async () => {
      const result = await runNotifierPass(deps, memory);
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
