/**
 * Shared e2e fixture: every page fails its test on a console error, an uncaught exception or a
 * CSP violation (QUALITY S5, HABITS 13).
 */
import { test as base, expect } from '@playwright/test';

/** Chromium's console line for a fetch answered with an error status (the app handles those itself). */
const HTTP_ERROR_LINE = /^Failed to load resource: the server responded with a status of (\d{3})\b/;
/** Chromium's console line for a request that never reached the network (the offline tests cause these). */
const OFFLINE_LINE = /^Failed to load resource: net::ERR_INTERNET_DISCONNECTED\b/;
/**
 * Chromium's own line when a service-worker update check was in flight as the connection dropped
 * (the app skips checks while offline, but one already started cannot be called back).
 */
const OFFLINE_SW_UPDATE_LINE = /^An unknown error occurred when fetching the script\.$/;

export const test = base.extend<{ failOnPageErrors: void; allowedHttpErrorStatuses: number[]; allowOfflineRequests: boolean }>({
  /** Opt-in for offline scenarios: Chromium's line for a request refused while offline is expected there. */
  allowOfflineRequests: [false, { option: true }],
  /**
   * Opt-in per test or describe (`test.use({ allowedHttpErrorStatuses: [401] })`) for scenarios that
   * expect the API to refuse (a wrong password's 401): only Chromium's resource-load line for those
   * statuses is tolerated, every other console error still fails the test.
   */
  allowedHttpErrorStatuses: [[], { option: true }],
  failOnPageErrors: [
    async ({ page, allowedHttpErrorStatuses, allowOfflineRequests }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const status = HTTP_ERROR_LINE.exec(message.text())?.[1];
        if (status && allowedHttpErrorStatuses.includes(Number(status))) return;
        if (allowOfflineRequests && (OFFLINE_LINE.test(message.text()) || OFFLINE_SW_UPDATE_LINE.test(message.text()))) return;
        problems.push(`console.error: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
        });
      });
      await use();
      expect(problems, 'the page reported errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
