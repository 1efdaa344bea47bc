/**
 * Process entry: parse the environment, open the store, serve the API and the PWA on one origin.
 * SIGTERM/SIGINT stop accepting connections, let in-flight requests finish, close the store, exit 0.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';

import { getRequestListener } from '@hono/node-server';

import { createApp } from './app';
import { buildDeps } from './bootstrap';
import { readEnv } from './env';
import { selectMail } from './integrations/mail/select';
import { createPushFromEnv } from './integrations/push/select';
import { createOutboxWorker } from './jobs/outbox-worker';
import { startSweeper } from './jobs/sweeper';
import { createMenuFastPath } from './menu-fast-path';
import { linkOrigin } from './accounts/tokens';
import { createNotifier } from './notifications/notifier';
import { startScheduledBackups } from './ops/backup-schedule';

/** After this long a shutdown stops waiting for slow requests. */
const SHUTDOWN_GRACE_MS = 10_000;
/**
 * An idle keep-alive connection stays open this long (node's default is 5 s). A client that reuses a
 * connection at the moment the server closes it gets a reset instead of an answer; proxies and load
 * balancers keep theirs for 60 s, so the server must outlast them, and a phone's next tap usually
 * comes within a minute.
 */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

async function main(): Promise<void> {
  const env = readEnv();
  const deps = await buildDeps(env);
  const app = createApp(deps);
  const honoListener = getRequestListener(app.fetch);
  const menuFastPath = createMenuFastPath(deps);
  const server = createServer((req, res) => {
    if (!menuFastPath(req, res)) void honoListener(req, res);
  });
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  // A request's headers must be allowed past the keep-alive time, or node ends the connection first.
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
  // Build the menu answer before the first customer asks for it. A remote Cms that is down at start
  // must not keep the storefront down: the first GET /api/menu answers 503 until it is back.
  if (deps.cmsSync)
    await deps.menuCache.get().catch((error: unknown) => deps.logger.warn('menu not built at start', { error: String(error) }));
  else await deps.menuCache.get();
  // Hands cash and paid card orders to the POS from the durable outbox (stopped before the store closes).
  const outboxWorker = createOutboxWorker({
    store: deps.store,
    clock: deps.clock,
    logger: deps.logger,
    pos: deps.pos,
    cmsOrders: deps.cmsOrders,
    cmsAddresses: deps.cmsAddresses,
    orderEvents: deps.orderEvents,
    // Mail (account links) is sent from the outbox, never on a request's path, so it adds nothing to an answer's time.
    mail: selectMail(env, deps),
    // Web Push to customers' devices and the board's tablets, one outbox row per device and notice.
    push: createPushFromEnv(env, deps.store.db, deps.clock),
    retryBaseMs: env.OUTBOX_RETRY_BASE_MS,
    retryMaxMs: env.OUTBOX_RETRY_MAX_MS,
    timeoutMs: env.OUTBOX_POS_TIMEOUT_MS,
    leaseMs: env.OUTBOX_LEASE_MS,
    // The instance id first, so an operator (or a test) can tell which instance holds a lease.
    workerId: `${deps.instanceId}:${randomUUID().slice(0, 8)}`,
  });
  outboxWorker.start();
  // Order changes (the durable order_events log) become pushes and e-mails in the outbox (issue 20).
  const notifier = createNotifier({
    store: deps.store,
    clock: deps.clock,
    logger: deps.logger,
    origin: linkOrigin(env),
    orderEvents: deps.orderEvents,
  });
  notifier.start();
  // Expired sessions, old idempotency keys, used links and old counters leave the store hourly.
  const sweeper = startSweeper({ db: deps.store.db, clock: deps.clock, logger: deps.logger });
  // BACKUP_DIR + BACKUP_KEEP_DAYS: the daily backup of the SQLite store, taken at start too when one is overdue.
  const backups = startScheduledBackups(env, deps);
  server.listen(env.PORT, env.HOST, () => {
    deps.logger.info('listening', {
      url: `http://${env.HOST}:${env.PORT}`,
      version: deps.version,
      store: deps.store.dialect,
      instance: deps.instanceId,
    });
  });

  let stopping = false;
  const stop = () => {
    const force = setTimeout(() => {
      deps.logger.warn('shutdown grace period over; closing remaining connections');
      if ('closeAllConnections' in server) server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // Live order streams never end on their own: end them so close() is not held up by them.
    deps.orderEvents.close();
    sweeper.stop();
    void backups?.stop();
    server.close(() => {
      void notifier
        .stop()
        .then(() => outboxWorker.stop())
        .then(() => deps.fanout.close())
        .then(() => deps.store.close())
        .then(
          () => {
            deps.logger.info('stopped');
            process.exit(0);
          },
          (error: unknown) => {
            deps.logger.error('store close failed', { error: String(error) });
            process.exit(1);
          },
        );
    });
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  };
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    // From now on /api/ready answers 503; behind a proxy, SHUTDOWN_DRAIN_MS lets it notice before we stop listening.
    deps.lifecycle.draining = true;
    deps.logger.info('shutting down', { signal, drainMs: env.SHUTDOWN_DRAIN_MS });
    if (env.SHUTDOWN_DRAIN_MS > 0) setTimeout(stop, env.SHUTDOWN_DRAIN_MS);
    else stop();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
