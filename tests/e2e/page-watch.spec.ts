/**
 * The console/CSP watch of the shared fixture covers every page of a context, including pages opened
 * after it started with context.newPage() (QUALITY S5): a console error and a CSP violation in a
 * second page are both caught.
 */
import { expect, test, watchContext } from './fixtures';

test('a page opened later with context.newPage() is watched for console errors and CSP violations', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  try {
    const problems = await watchContext(context, { allowedHttpErrorStatuses: [], allowOfflineRequests: false });
    const first = await context.newPage();
    await first.goto('/');
    expect(problems).toEqual([]);

    const second = await context.newPage();
    await second.goto('/');
    await second.evaluate(() => console.error('deliberate error from a second page'));
    // An inline script is refused by script-src 'self': the violation must be reported.
    await second.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true';
      document.head.append(script);
    });
    await expect.poll(() => problems.join('\n')).toContain('CSP violation: script-src');
    expect(problems).toContain('console.error: deliberate error from a second page');
    expect(await second.evaluate(() => (window as { __inlineRan?: boolean }).__inlineRan)).toBeUndefined();
  } finally {
    await context.close();
  }
});
