/**
 * In-process app for API tests: a real store in a fresh temporary directory, a fixed clock,
 * silent logs. Requests go through app.request(), with our own origin for unsafe methods.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { Clock } from '../../src/shared/clock';
import { manualClock } from '../../src/shared/clock';
import { createApp } from '../../api/app';
import { buildDeps } from '../../api/bootstrap';
import type { AppDeps } from '../../api/deps';
import type { Env } from '../../api/env';
import type { Logger } from '../../api/lib/logger';
import { parseEnv } from '../../api/env';
import { UNCAPPED_CASH_ORDERS } from './order-caps';
import { FAST_TEST_PASSWORD_HASHES } from './password-cost';

export const TEST_ORIGIN = 'http://127.0.0.1:8080';
/** Sunday 22 Nov 2026, 14:00 in Bucharest: the restaurant is open. */
export const OPEN_HOURS_INSTANT = new Date('2026-11-22T12:00:00.000Z');

export interface TestApp {
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
  clock: ReturnType<typeof manualClock>;
  dataDir: string;
  request(pathname: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  close(): Promise<void>;
}

export function makeTempDir(prefix = 'storefront-test-'): string {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

export interface TestAppOptions {
  env?: Record<string, string>;
  clock?: Clock;
  dataDir?: string;
  logger?: Logger;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = options.dataDir ?? makeTempDir();
  const env: Env = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    STATIC_DIR: path.join(dataDir, 'no-dist'),
    ...UNCAPPED_CASH_ORDERS,
    ...FAST_TEST_PASSWORD_HASHES,
    ...options.env,
  });
  const clock = manualClock(OPEN_HOURS_INSTANT);
  const deps = await buildDeps(env, { clock: options.clock ?? clock, ...(options.logger ? { logger: options.logger } : {}) });
  const app = createApp(deps);
  return {
    app,
    deps,
    clock,
    dataDir,
    request(pathname, init = {}) {
      const headers = new Headers(init.headers);
      const method = (init.method ?? 'GET').toUpperCase();
      if (!['GET', 'HEAD'].includes(method) && !headers.has('origin')) headers.set('origin', TEST_ORIGIN);
      let body = init.body;
      if (init.json !== undefined) {
        body = JSON.stringify(init.json);
        if (!headers.has('content-type')) headers.set('content-type', 'application/json');
      }
      return Promise.resolve(app.request(new URL(pathname, TEST_ORIGIN).toString(), { ...init, method, headers, body }));
    },
    async close() {
      await deps.fanout.close();
      await deps.store.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
