/**
 * Builds the app's dependencies from the parsed environment: store (migrated), seed, admin
 * account, Cms adapter, menu cache, clock. Used by the process entry and by tests that spawn it.
 */
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';

import type { Clock } from '../src/shared/clock';
import { clockStartingAt, systemClock } from '../src/shared/clock';
import type { AppDeps } from './deps';
import type { Env } from './env';
import type { Cms } from './integrations/cms/port';
import { createCachedCms } from './integrations/cms/cached';
import { createEmbeddedCms } from './integrations/cms/embedded';
import { createMirroredCms } from './integrations/cms/mirror';
import { createRemoteCmsFromEnv } from './integrations/cms/select';
import { createGeoFromEnv } from './integrations/geo/select';
import { createAccountDirectoryFromEnv } from './integrations/identity/select';
import { createPaymentsFromEnv } from './integrations/payments/select';
import { createPosFromEnv } from './integrations/pos/select';
import type { Fanout } from './lib/fanout';
import { createLocalFanout, createPgFanout } from './lib/fanout';
import { createLiveEvents } from './lib/live-events';
import type { Logger } from './lib/logger';
import { createLogger } from './lib/logger';
import { createMenuCache } from './lib/menu-cache';
import { createOrderEventBus } from './lib/order-events';
import { createStreamSlots } from './lib/stream-slots';
import { setPasswordHashCostForTests } from './lib/password';
import { demoteFirstRunAdmin, ensureAdminAccount, ensureFirstRunAdmin, FIRST_RUN_ADMIN_EMAIL } from './store/admin-account';
import { seedIfEmpty } from './store/seed';
import { openStore } from './store/store';

export const APP_VERSION: string = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string })
  .version;

export function clockFromEnv(env: Env): Clock {
  return env.CLOCK_START_AT ? clockStartingAt(new Date(env.CLOCK_START_AT)) : systemClock;
}

export async function buildDeps(env: Env, overrides: { logger?: Logger; clock?: Clock; fetch?: typeof fetch } = {}): Promise<AppDeps> {
  const logger = overrides.logger ?? createLogger(env.LOG_LEVEL);
  const clock = overrides.clock ?? clockFromEnv(env);
  if (env.PASSWORD_HASH_TEST_LOG2_N !== undefined) {
    setPasswordHashCostForTests(env.PASSWORD_HASH_TEST_LOG2_N);
    logger.warn('PASSWORD_HASH_TEST_LOG2_N is set: new password hashes are weaker than production needs (tests only)', {
      log2N: env.PASSWORD_HASH_TEST_LOG2_N,
    });
  }
  // CMS picks the adapter; CMS=directus without its URL or token stops the start with the variable's name.
  const remote = createRemoteCmsFromEnv(env, overrides.fetch);
  const store = await openStore({
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    onError: (error) => logger.warn('store connection error', { error: String(error) }),
  });
  // Several instances may start at once on one PostgreSQL: one of them seeds, the others then see data.
  await store.withStartupLock(async () => {
    const seeded = await seedIfEmpty(store.db, clock);
    if (seeded.menu || seeded.settings || seeded.locations) logger.info('seeded empty store', { ...seeded });
    if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
      await ensureAdminAccount(store.db, clock, env.ADMIN_EMAIL, env.ADMIN_PASSWORD, { promoteExisting: env.ADMIN_PROMOTE_EXISTING });
      logger.info('admin account ready', { email: env.ADMIN_EMAIL });
      if (env.ADMIN_EMAIL.toLowerCase() !== FIRST_RUN_ADMIN_EMAIL && (await demoteFirstRunAdmin(store.db, clock, env.DATA_DIR))) {
        logger.info('the first-run manager account is no longer a manager', { email: FIRST_RUN_ADMIN_EMAIL });
      }
    } else if (env.NODE_ENV !== 'test') {
      const created = await ensureFirstRunAdmin(store.db, clock, env.DATA_DIR);
      // The password goes to an owner-only file, never to the log; set ADMIN_EMAIL/ADMIN_PASSWORD to choose your own.
      if (created) logger.warn('created the manager account; its password is in the file named here', { ...created });
    }
  });
  let fanout: Fanout = createLocalFanout();
  if (store.dialect === 'postgres' && env.DATABASE_URL) {
    const pgFanout = createPgFanout({ connectionString: env.DATABASE_URL, db: store.db, logger });
    // Live events from other instances must be heard before this one takes traffic.
    await pgFanout.listening();
    fanout = pgFanout;
  }
  // GEOCODER picks the adapter; a missing URL or key stops the start with the variable's name.
  const geo = createGeoFromEnv(env);
  let cms: Cms = createEmbeddedCms(store.db);
  let menuCache = createMenuCache(cms, clock);
  let cmsSync: (() => Promise<void>) | null = null;
  if (remote) {
    const remoteCms = remote.cms;
    // Directus: copied into our store for server-side pricing, cached with a TTL, last good copy kept.
    const mirrored = createMirroredCms(remoteCms, store.db, clock);
    const onRefreshError = (what: string, error: unknown) =>
      logger.warn('cms refresh failed; serving the last good copy', { cms: remoteCms.name, what, error: String(error) });
    cms = createCachedCms(mirrored, { ttlMs: env.CMS_CACHE_TTL_MS, clock, onRefreshError });
    menuCache = createMenuCache(cms, clock, { ttlMs: env.CMS_CACHE_TTL_MS, onRefreshError: (error) => onRefreshError('menu', error) });
    cmsSync = () => mirrored.sync();
  }
  // Catalogue changes announced while our listener was reconnecting were missed: rebuild from the store.
  fanout.onResync(() => menuCache.invalidate());
  return {
    env,
    version: APP_VERSION,
    clock,
    logger,
    store,
    cms,
    cmsSync,
    cmsOrders: remote?.orders ?? null,
    cmsAddresses: remote?.addresses ?? null,
    // CMS picks the directory too: Directus users, or the local one that does nothing extra.
    accountDirectory: createAccountDirectoryFromEnv(env, {
      store,
      clock,
      logger,
      cmsAddresses: remote?.addresses ?? null,
      fetch: overrides.fetch,
    }),
    geo,
    menuCache,
    // PAYMENTS / POS pick the adapters; missing keys or URLs stop the start with the variable's name.
    payments: createPaymentsFromEnv(env, store.db),
    pos: createPosFromEnv(env),
    orderEvents: createOrderEventBus(fanout),
    liveEvents: createLiveEvents({
      fanout,
      // A sold-out change made on another instance: rebuild our menu before our storefronts refetch it.
      onRemote: (event) => {
        if (event.type === 'menu-changed') menuCache.invalidate();
      },
    }),
    fanout,
    streamSlots: createStreamSlots({ perClient: env.STREAMS_PER_CLIENT_MAX, perInstance: env.STREAMS_PER_INSTANCE_MAX }),
    instanceId: env.INSTANCE_ID ?? `${hostname()}-${process.pid}`,
    lifecycle: { draining: false },
    startedAt: clock.now(),
  };
}
