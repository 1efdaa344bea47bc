/**
 * Fan-out of live events between API instances (issue 10). The in-process buses (live-events.ts,
 * order-events.ts) deliver to this instance's listeners at once and hand the same event to the fanout,
 * which carries it to every OTHER instance; each one re-emits it to its own SSE listeners.
 *
 * - SQLite (one process): a no-op; the in-process bus already reaches everybody.
 * - PostgreSQL: NOTIFY through the store's pool, LISTEN on one dedicated connection per instance that
 *   reconnects with backoff after an error. Payloads are the small event JSON (NOTIFY allows < 8000
 *   bytes), tagged with this instance's random id so it ignores its own echoes. Events sent while the
 *   listener is reconnecting are lost for that instance only; its SSE clients still converge because
 *   every stream starts with the current state and the board polls the store.
 */
import { randomUUID } from 'node:crypto';

import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import pg from 'pg';

import type { Database } from '../store/schema';
import type { Logger } from './logger';

export type FanoutChannel = 'live' | 'orders';

export interface Fanout {
  /** Delivers `payload` to the subscribers of every other instance (never back to this one). */
  publish(channel: FanoutChannel, payload: string): void;
  /** Payloads published by other instances. Returns the unsubscribe function. */
  subscribe(channel: FanoutChannel, listener: (payload: string) => void): () => void;
  /**
   * Called after the listener reconnected: events may have been missed meanwhile, so whoever keeps
   * derived state (the menu cache) drops it. Returns the unsubscribe function.
   */
  onResync(listener: () => void): () => void;
  close(): Promise<void>;
}

export function createLocalFanout(): Fanout {
  return {
    publish() {},
    subscribe() {
      return () => undefined;
    },
    onResync() {
      return () => undefined;
    },
    async close() {},
  };
}

/** PostgreSQL channel names: one database may serve other applications too. */
const PG_CHANNELS: Record<FanoutChannel, string> = { live: 'storefront_live', orders: 'storefront_orders' };
const FIRST_RECONNECT_DELAY_MS = 250;
const MAX_RECONNECT_DELAY_MS = 5_000;
/** NOTIFY refuses payloads of 8000 bytes or more; ours are a few hundred. */
const MAX_PAYLOAD_BYTES = 7_900;
const SEPARATOR = '|';

export interface PgFanout extends Fanout {
  /** Resolves once the listening connection is up (start-up waits for it). */
  listening(): Promise<void>;
}

export function createPgFanout(options: { connectionString: string; db: Kysely<Database>; logger: Logger }): PgFanout {
  const { connectionString, db, logger } = options;
  const instanceTag = randomUUID();
  const listeners = new Map<FanoutChannel, Set<(payload: string) => void>>();
  const channelByPgName = new Map(Object.entries(PG_CHANNELS).map(([ours, theirs]) => [theirs, ours as FanoutChannel]));
  const resyncListeners = new Set<() => void>();
  let client: pg.Client | null = null;
  let everListened = false;
  let closing = false;
  let reconnectDelayMs = FIRST_RECONNECT_DELAY_MS;
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  let resolveListening: () => void = () => undefined;
  const listeningPromise = new Promise<void>((resolve) => (resolveListening = resolve));

  function deliver(message: pg.Notification) {
    const channel = channelByPgName.get(message.channel);
    const raw = message.payload ?? '';
    const cut = raw.indexOf(SEPARATOR);
    if (!channel || cut < 0 || raw.slice(0, cut) === instanceTag) return;
    const payload = raw.slice(cut + 1);
    for (const listener of listeners.get(channel) ?? []) {
      try {
        listener(payload);
      } catch (error) {
        logger.error('fanout listener failed', { channel, error: String(error) });
      }
    }
  }

  function scheduleReconnect() {
    if (closing || reconnectTimer) return;
    const delayMs = reconnectDelayMs;
    reconnectDelayMs = Math.min(MAX_RECONNECT_DELAY_MS, reconnectDelayMs * 2);
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      void connect();
    }, delayMs);
    reconnectTimer.unref();
  }

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString });
    // A dropped connection emits 'error' and/or 'end'; either way, listen again on a new one.
    next.on('error', (error) => {
      logger.warn('fanout listener connection failed; reconnecting', { error: String(error) });
      if (client === next) client = null;
      next.removeAllListeners('notification');
      void next.end().catch(() => undefined);
      scheduleReconnect();
    });
    next.on('end', () => {
      if (client === next) {
        client = null;
        scheduleReconnect();
      }
    });
    next.on('notification', deliver);
    try {
      await next.connect();
      for (const name of Object.values(PG_CHANNELS)) await next.query(`LISTEN ${name}`);
    } catch (error) {
      logger.warn('fanout listener could not connect; retrying', { error: String(error) });
      void next.end().catch(() => undefined);
      scheduleReconnect();
      return;
    }
    if (closing) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    reconnectDelayMs = FIRST_RECONNECT_DELAY_MS;
    if (everListened) {
      logger.info('fanout listener reconnected');
      for (const listener of resyncListeners) listener();
    }
    everListened = true;
    resolveListening();
  }

  void connect();

  return {
    listening: () => listeningPromise,
    publish(channel, payload) {
      const tagged = `${instanceTag}${SEPARATOR}${payload}`;
      if (Buffer.byteLength(tagged) > MAX_PAYLOAD_BYTES) {
        logger.warn('fanout payload too large; not sent to other instances', { channel, bytes: Buffer.byteLength(tagged) });
        return;
      }
      sql`select pg_notify(${PG_CHANNELS[channel]}, ${tagged})`.execute(db).catch((error: unknown) => {
        logger.warn('fanout publish failed', { channel, error: String(error) });
      });
    },
    subscribe(channel, listener) {
      const set = listeners.get(channel) ?? new Set();
      set.add(listener);
      listeners.set(channel, set);
      return () => set.delete(listener);
    },
    onResync(listener) {
      resyncListeners.add(listener);
      return () => resyncListeners.delete(listener);
    },
    async close() {
      closing = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      reconnectTimer = null;
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
