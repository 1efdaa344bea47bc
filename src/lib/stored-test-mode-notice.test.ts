import { describe, expect, it } from 'vitest';

import SHELL from '../../index.html?raw';
import type { RestaurantRow } from '../db/app-db';
import { shellShowingTestModeNotice, TEST_MODE_NOTICE_ATTRIBUTES } from '../shared/test-mode-notice';
import { withStoredTestModeNotice } from './stored-test-mode-notice';

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

describe('the service worker shows the stored test-mode notice in the shell', () => {
  it('issue 21 defect 4: the stored answer says test payments: the shell’s notice shown, the length the new body’s', async () => {
    const { response, html } = await answer(stored(true));
    expect(html).toBe(shellShowingTestModeNotice(SHELL));
    expect(html).toContain(`${TEST_MODE_NOTICE_ATTRIBUTES}>`);
    expect(response.headers.get('content-length')).toBeNull();
    expect(response.headers.get('content-type')).toBe('text/html');
  });

  it('live payments, an answer from before the field, nothing stored or a failed read: the shell as it is, the notice hidden', async () => {
    for (const read of [stored(false), stored(undefined), undefined, new Error('IndexedDB is gone')]) {
      const { html } = await answer(read);
      expect(html).toBe(SHELL);
      expect(html).toContain(`${TEST_MODE_NOTICE_ATTRIBUTES} hidden>`);
    }
  });

  it('passes a failed shell response through untouched', async () => {
    const missing = new Response('gone', { status: 404 });
    expect(await withStoredTestModeNotice(missing, () => Promise.resolve(stored(true)))).toBe(missing);
  });
});
