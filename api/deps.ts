/** Everything a route may use, built once at start (api/index.ts) or per test (tests/setup). */
import type { Clock } from '../src/shared/clock';
import type { Env } from './env';
import type { Cms } from './integrations/cms';
import type { Logger } from './lib/logger';
import type { MenuCache } from './lib/menu-cache';
import type { UserRow } from './store/schema';
import type { Store } from './store/store';

export interface AppDeps {
  env: Env;
  version: string;
  clock: Clock;
  logger: Logger;
  store: Store;
  cms: Cms;
  menuCache: MenuCache;
  startedAt: Date;
}

export interface AppVariables {
  requestId: string;
  logger: Logger;
  /** The signed-in user, or null for guests (set by sessionMiddleware on every /api request). */
  user: UserRow | null;
  /** Hash of the session token (the sessions row id), or null. */
  sessionId: string | null;
}

export interface AppEnv {
  Variables: AppVariables;
}
