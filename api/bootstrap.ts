/**
 * Builds the app's dependencies from the parsed environment: store (migrated), seed, admin
 * account, Cms adapter, menu cache, clock. Used by the process entry and by tests that spawn it.
 */
import { readFileSync } from 'node:fs';

import type { Clock } from '../src/shared/clock';
import { clockStartingAt, systemClock } from '../src/shared/clock';
import type { AppDeps } from './deps';
import type { Env } from './env';
import { createEmbeddedCms } from './integrations/cms-embedded';
import type { Logger } from './lib/logger';
import { createLogger } from './lib/logger';
import { createMenuCache } from './lib/menu-cache';
import { ensureAdminAccount } from './store/admin-account';
import { seedIfEmpty } from './store/seed';
import { openSqliteStore } from './store/store';

export const APP_VERSION: string = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string })
  .version;

export function clockFromEnv(env: Env): Clock {
  return env.CLOCK_START_AT ? clockStartingAt(new Date(env.CLOCK_START_AT)) : systemClock;
}

export async function buildDeps(env: Env, overrides: { logger?: Logger; clock?: Clock } = {}): Promise<AppDeps> {
  const logger = overrides.logger ?? createLogger(env.LOG_LEVEL);
  const clock = overrides.clock ?? clockFromEnv(env);
  const store = await openSqliteStore(env.DATA_DIR);
  const seeded = await seedIfEmpty(store.db, clock);
  if (seeded.menu || seeded.settings || seeded.locations) logger.info('seeded empty store', { ...seeded });
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    await ensureAdminAccount(store.db, clock, env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
    logger.info('admin account ready', { email: env.ADMIN_EMAIL });
  }
  const cms = createEmbeddedCms(store.db);
  return {
    env,
    version: APP_VERSION,
    clock,
    logger,
    store,
    cms,
    menuCache: createMenuCache(cms, clock),
    startedAt: clock.now(),
  };
}
