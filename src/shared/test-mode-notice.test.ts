import { describe, expect, it } from 'vitest';

import shell from '../../index.html?raw';
import { shellInLanguage } from './i18n/page-language';
import { shellShowingTestModeNotice, TEST_MODE_NOTICE_ATTRIBUTES, TEST_MODE_NOTICE_TEXT } from './test-mode-notice';

/** The notice's opening tag in `html`, read with a pattern (nobody writes the notice's markup but index.html). */
const noticeTag = (html: string) => /<aside [^>]*id="test-mode-notice"[^>]*>/.exec(html)?.[0];
const paragraph = (html: string, lang: string) => new RegExp(`<p lang="${lang}">([^<]*)</p>`).exec(html)?.[1];

describe('the test-mode notice in the shell (issue 21, defect 4)', () => {
  it('is index.html’s, once, right before #root: a named landmark, hidden, with the spec text in English and Romanian', () => {
    expect(shell.split('id="test-mode-notice"')).toHaveLength(2);
    expect(noticeTag(shell)).toContain(`${TEST_MODE_NOTICE_ATTRIBUTES} hidden>`);
    expect(shell.indexOf('id="test-mode-notice"')).toBeLessThan(shell.indexOf('<div id="root"'));
    expect(TEST_MODE_NOTICE_TEXT).toBe('Test mode — no real payments');
    expect(paragraph(shell, 'en')).toBe(TEST_MODE_NOTICE_TEXT);
    expect(paragraph(shell, 'ro')).toBe('Mod de test — fără plăți reale');
  });

  it('is shown by removing its hidden attribute, and nothing else', () => {
    const shown = shellShowingTestModeNotice(shell);
    expect(noticeTag(shown)).toContain(`${TEST_MODE_NOTICE_ATTRIBUTES}>`);
    expect(noticeTag(shown)).not.toContain('hidden');
    expect(shown.length).toBe(shell.length - ' hidden'.length);
    expect(shown.replace(`${TEST_MODE_NOTICE_ATTRIBUTES}>`, `${TEST_MODE_NOTICE_ATTRIBUTES} hidden>`)).toBe(shell);
    expect(shellShowingTestModeNotice(shown)).toBe(shown);
  });

  it('leaves a page without the notice alone', () => {
    expect(shellShowingTestModeNotice('no notice here')).toBe('no notice here');
  });

  it("is named in the page's language, shown or hidden, in either order (issue 23)", () => {
    const romanian = shellInLanguage(shell, 'ro');
    expect(noticeTag(romanian)).toBe('<aside id="test-mode-notice" class="test-mode-notice" aria-label="Plăți" hidden>');
    expect(noticeTag(shellShowingTestModeNotice(romanian))).toBe(
      '<aside id="test-mode-notice" class="test-mode-notice" aria-label="Plăți">',
    );
    expect(shellInLanguage(shellShowingTestModeNotice(shell), 'ro')).toBe(shellShowingTestModeNotice(romanian));
    // Back to English: the shell as index.html has it.
    expect(shellInLanguage(romanian, 'en')).toBe(shell);
    expect(paragraph(romanian, 'ro')).toBe('Mod de test — fără plăți reale');
  });
});
