/** Everything a route may use, built once at start (api/index.ts) or per test (tests/setup). */
import type { Clock } from '../src/shared/clock';
import type { Env } from './env';
import type { Cms } from './integrations/cms';
import type { Logger } from './lib/logger';
import type { MenuCache } from './lib/menu-cache';
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
}

export interface AppEnv {
  Variables: AppVariables;
}
