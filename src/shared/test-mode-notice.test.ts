import { describe, expect, it } from 'vitest';

import { shellWithTestModeNotice, TEST_MODE_NOTICE_TEXT, testModeNoticeHtml } from './test-mode-notice';

const SHELL = '<!doctype html><html><head></head><body><div id="root"></div><script type="module" src="/a.js"></script></body></html>';

describe('the test-mode notice in the shell (issue 21, defect 4)', () => {
  it('goes right before #root, once, as a named landmark with the spec text', () => {
    const html = shellWithTestModeNotice(SHELL);
    expect(html).toBe(SHELL.replace('<div id="root">', `${testModeNoticeHtml()}<div id="root">`));
    expect(html).toContain(
      `<aside id="test-mode-notice" class="test-mode-notice" aria-label="Payments"><p>${TEST_MODE_NOTICE_TEXT}</p></aside>`,
    );
    expect(TEST_MODE_NOTICE_TEXT).toBe('Test mode — no real payments');
    expect(shellWithTestModeNotice(html)).toBe(html);
  });

  it('keeps a drawn root and its attributes; leaves a page without a root alone', () => {
    const drawn = SHELL.replace('<div id="root"></div>', '<div id="root"><div class="app"></div></div>');
    expect(shellWithTestModeNotice(drawn)).toContain(`</aside><div id="root"><div class="app">`);
    expect(shellWithTestModeNotice('<p>no root</p>')).toBe('<p>no root</p>');
  });
});
