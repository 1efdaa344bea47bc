import { describe, expect, it } from 'vitest';

import type { RestaurantRow } from '../db/app-db';
import { TEST_MODE_NOTICE_TEXT, testModeNoticeHtml } from '../shared/test-mode-notice';
import { withStoredTestModeNotice } from './stored-test-mode-notice';

const SHELL =
  '<!doctype html><html><head><script type="module" src="/assets/index-A.js"></script></head><body><div id="root"></div></body></html>';

const stored = (testPayments?: boolean): RestaurantRow =>
  ({
    key: 'current',
    info: { cakesShopUrl: 'https://prajituri.example.ro', testPayments },
    fetchedAt: '2026-11-24T10:00:00.000Z',
  }) as RestaurantRow;

const shell = () => new Response(SHELL, { headers: { 'content-type': 'text/html', 'content-length': String(SHELL.length) } });

async function answer(read: RestaurantRow | undefined | Error) {
  const response = await withStoredTestModeNotice(shell(), () => (read instanceof Error ? Promise.reject(read) : Promise.resolve(read)));
  return { response, html: await response.text() };
}

describe('the service worker adds the stored test-mode notice to the shell', () => {
  it('issue 21 defect 4: the stored answer says test payments: the notice before #root, the length the new body’s', async () => {
    const { response, html } = await answer(stored(true));
    expect(html).toBe(SHELL.replace('<div id="root">', `${testModeNoticeHtml()}<div id="root">`));
    expect(response.headers.get('content-length')).toBeNull();
    expect(response.headers.get('content-type')).toBe('text/html');
  });

  it('live payments, an answer from before the field, nothing stored or a failed read: the shell as it is', async () => {
    for (const read of [stored(false), stored(undefined), undefined, new Error('IndexedDB is gone')]) {
      expect((await answer(read)).html).not.toContain(TEST_MODE_NOTICE_TEXT);
    }
  });

  it('passes a failed shell response through untouched', async () => {
    const missing = new Response('gone', { status: 404 });
    expect(await withStoredTestModeNotice(missing, () => Promise.resolve(stored(true)))).toBe(missing);
  });
});
