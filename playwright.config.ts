/**
 * E2E against the real production build served by the real server (one origin), in Debian's
 * Chromium. Each run gets a fresh data directory and a clock pinned to an open hour in Bucharest.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { defineConfig, devices } from '@playwright/test';

import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './tests/setup/chromium';
import { E2E_WORKERS, e2eServer } from './tests/setup/e2e-servers';
import { UNCAPPED_CASH_ORDERS } from './tests/setup/order-caps';
import { FAST_TEST_PASSWORD_HASHES } from './tests/setup/password-cost';

// Chosen once per run (the config is evaluated again in each worker, which inherits this env) so
// several checkouts can run e2e at once on one machine. One server per worker (tests/setup/e2e-servers.ts)
// on ports E2E_PORT, E2E_PORT + 1, ...; each in its own directory under E2E_DATA_DIR.
process.env.E2E_PORT ??= String(4300 + 2 * Math.floor(Math.random() * 250));
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'storefront-e2e-'));
const port = Number(process.env.E2E_PORT);
const dataDir = process.env.E2E_DATA_DIR;
const staticDir = process.env.E2E_STATIC_DIR ?? 'dist';
// The test SMTP server (tests/setup/e2e-smtp.ts) every e2e server sends its mail to; the specs read
// what it received from E2E_SMTP_INBOX (tests/e2e/account-security.spec.ts).
process.env.E2E_SMTP_PORT ??= String(port + 1000);
process.env.E2E_SMTP_INBOX ??= path.join(dataDir, 'smtp-inbox');
const smtpPort = Number(process.env.E2E_SMTP_PORT);
// The push-service stand-ins tests/e2e/notifications.spec.ts runs (the browser's own push service is
// out of reach offline), one per server; a server accepts its own as a push endpoint only through a
// test-only variable.
process.env.E2E_PUSH_PORT ??= String(port + 1500);
const servers = Array.from({ length: E2E_WORKERS }, (_, index) => e2eServer(index));
for (const server of servers) mkdirSync(server.dataDir, { recursive: true });

const chromium = {
  launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS },
};

/**
 * CI time: every test runs in the desktop project; the phone project (Pixel 7) runs only what differs
 * on a phone. That is the specs about the phone's own layout, whole, and elsewhere the tests tagged
 * `{ tag: '@phone' }`: the main path of each screen (menu, cart, checkout, addresses, offline order,
 * sign-in, order page), where a narrow screen, touch or the bottom bars could break what the desktop
 * run shows working. The manager's screens test their tablet and phone sizes inside their own specs.
 */
const PHONE_ONLY_SPECS = [/no-sideways-scroll\.spec\.ts$/, /phone-menu\.spec\.ts$/];
const PHONE_RUNS = [/no-sideways-scroll\.spec\.ts/, /phone-menu\.spec\.ts/, /home\.spec\.ts/, /first-paint\.spec\.ts/, /@phone/];

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  // A spec file runs whole on one worker (its tests share what they set up); files spread over the
  // workers, each with its own server, so no two running specs share a store.
  fullyParallel: false,
  workers: E2E_WORKERS,
  forbidOnly: true,
  retries: 0,
  // Two workers share two cores (decision 0132): a test takes up to ~1.5x its time alone.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  globalSetup: './tests/setup/e2e-smtp.ts',
  use: {
    // baseURL is each worker's own server: tests/e2e/fixtures.ts.
    timezoneId: 'Europe/Bucharest',
    // An English browser: the spec's strings are English, and a Romanian browser is answered in Romanian
    // (issue 23, docs/decisions/0162-languages-lingui-icu-catalogues.md); Romanian specs set ro-RO themselves.
    locale: 'en-GB',
    trace: 'off',
    serviceWorkers: 'allow',
  },
  projects: [
    { name: 'desktop', testIgnore: PHONE_ONLY_SPECS, use: { ...devices['Desktop Chrome'], ...chromium, channel: undefined } },
    { name: 'phone', grep: PHONE_RUNS, use: { ...devices['Pixel 7'], ...chromium, channel: undefined } },
  ],
  webServer: servers.map((server) => ({
    command: './node_modules/.bin/tsx api/index.ts',
    url: `${server.origin}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(server.port),
      HOST: '127.0.0.1',
      DATA_DIR: server.dataDir,
      STATIC_DIR: staticDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // Sunday 22 Nov 2026, 14:00 in Bucharest, advancing in real time: the restaurant is open.
      CLOCK_START_AT: '2026-11-22T12:00:00.000Z',
      ADMIN_EMAIL: 'manager@casagratarului.ro',
      ADMIN_PASSWORD: 'manager-e2e-password',
      // Every test signs in from 127.0.0.1; the per-address limit is tested in api/routes/auth.test.ts.
      AUTH_CLIENT_RATE_LIMIT: '10000',
      // Account mail (verification, reset) goes to the test SMTP server of tests/setup/e2e-smtp.ts.
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      // Web Push to the stand-in of tests/e2e/notifications.spec.ts (docs/notifications.md, "Testing").
      PUSH_TEST_ENDPOINT_ORIGIN: `http://127.0.0.1:${server.pushPort}`,
      // Every page of the run is one client (127.0.0.1); the per-client stream cap is tested in api/routes/event-stream-caps.test.ts.
      STREAMS_PER_CLIENT_MAX: '1000',
      ...UNCAPPED_CASH_ORDERS,
      ...FAST_TEST_PASSWORD_HASHES,
    },
  })),
});
