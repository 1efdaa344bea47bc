/**
 * Shared e2e fixture: every page of the test's browser context (the default page and any opened
 * later with context.newPage() or by the app itself) fails its test on a console error, an uncaught
 * exception or a CSP violation (QUALITY S5, HABITS 13).
 */
import type { BrowserContext, Page } from '@playwright/test';
import { test as base, expect } from '@playwright/test';

import { e2eServer } from '../setup/e2e-servers';

/** Chromium's console line for a fetch answered with an error status (the app handles those itself). */
const HTTP_ERROR_LINE = /^Failed to load resource: the server responded with a status of (\d{3})\b/;
/** Chromium's console line for a request that never reached the network (the offline tests cause these). */
const OFFLINE_LINE = /^Failed to load resource: net::ERR_INTERNET_DISCONNECTED\b/;
/**
 * Chromium's own line when a service-worker update check was in flight as the connection dropped
 * (the app skips checks while offline, but one already started cannot be called back).
 */
const OFFLINE_SW_UPDATE_LINE = /^An unknown error occurred when fetching the script\.$/;

export interface WatchOptions {
  allowedHttpErrorStatuses: number[];
  allowOfflineRequests: boolean;
}

/**
 * Collects the problems of every page of `context`, present and future: console errors (minus the
 * allowed ones), uncaught exceptions and CSP violations (reported by an init script that runs in
 * every page and frame before the app's own code).
 */
export async function watchContext(context: BrowserContext, options: WatchOptions): Promise<string[]> {
  const problems: string[] = [];
  const watched = new WeakSet<Page>();
  const watch = (page: Page) => {
    if (watched.has(page)) return;
    watched.add(page);
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const status = HTTP_ERROR_LINE.exec(message.text())?.[1];
      if (status && options.allowedHttpErrorStatuses.includes(Number(status))) return;
      if (options.allowOfflineRequests && (OFFLINE_LINE.test(message.text()) || OFFLINE_SW_UPDATE_LINE.test(message.text()))) return;
      problems.push(`console.error: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  };
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  context.pages().forEach(watch);
  context.on('page', watch);
  return problems;
}

export const test = base.extend<{ failOnPageErrors: void; allowedHttpErrorStatuses: number[]; allowOfflineRequests: boolean }>({
  /** The server of this test's worker (tests/setup/e2e-servers.ts): pages, page.request and `baseURL`. */
  // Playwright reads a fixture's dependencies from this pattern; the server's address needs none.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, provide, testInfo) => {
    await provide(e2eServer(testInfo.parallelIndex).origin);
  },
  /** Opt-in for offline scenarios: Chromium's line for a request refused while offline is expected there. */
  allowOfflineRequests: [false, { option: true }],
  /**
   * Opt-in per test or describe (`test.use({ allowedHttpErrorStatuses: [401] })`) for scenarios that
   * expect the API to refuse (a wrong password's 401): only Chromium's resource-load line for those
   * statuses is tolerated, every other console error still fails the test.
   */
  allowedHttpErrorStatuses: [[], { option: true }],
  failOnPageErrors: [
    async ({ context, allowedHttpErrorStatuses, allowOfflineRequests }, use) => {
      const problems = await watchContext(context, { allowedHttpErrorStatuses, allowOfflineRequests });
      await use();
      expect(problems, 'the pages reported errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
