import { describe, expect, it } from 'vitest';

import { testModeNoticeHtml } from '../../shared/test-mode-notice';
import type { NoticeHost } from './test-mode-notice';
import { syncTestModeNotice } from './test-mode-notice';

/** A page reduced to what matters here: the elements before #root, and #root. */
function page(withNotice: boolean) {
  const before: string[] = withNotice ? [testModeNoticeHtml()] : [];
  const host: NoticeHost = {
    getElementById(id) {
      if (id === 'root') return { remove: () => undefined, insertAdjacentHTML: (_position, html) => before.push(html) };
      if (id === 'test-mode-notice' && before.length > 0) return { remove: () => before.splice(0), insertAdjacentHTML: () => undefined };
      return null;
    },
  };
  return { host, before };
}

describe('syncTestModeNotice (issue 21, defect 4)', () => {
  it('adds the notice before #root when the server says test payments and the page lacks it, once', () => {
    const { host, before } = page(false);
    syncTestModeNotice(host, true);
    syncTestModeNotice(host, true);
    expect(before).toEqual([testModeNoticeHtml()]);
  });

  it('removes it when the server says payments are live, and leaves a correct page alone', () => {
    const live = page(true);
    syncTestModeNotice(live.host, false);
    expect(live.before).toEqual([]);
    const test = page(true);
    syncTestModeNotice(test.host, true);
    expect(test.before).toEqual([testModeNoticeHtml()]);
  });
});
