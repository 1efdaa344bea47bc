import { describe, expect, it } from 'vitest';

import type { NoticeHost } from './test-mode-notice';
import { syncTestModeNotice } from './test-mode-notice';

/** A page reduced to what matters here: the shell's notice, hidden or shown; or a page without one. */
function page(notice: { hidden: boolean } | null) {
  const host: NoticeHost = { getElementById: (id) => (id === 'test-mode-notice' ? notice : null) };
  return { host, notice };
}

describe('syncTestModeNotice (issue 21, defect 4)', () => {
  it('shows the shell’s notice when the server says test payments and the page hid it; a shown one stays', () => {
    const { host, notice } = page({ hidden: true });
    syncTestModeNotice(host, true);
    expect(notice).toEqual({ hidden: false });
    syncTestModeNotice(host, true);
    expect(notice).toEqual({ hidden: false });
  });

  it('hides it when the server says payments are live, and leaves a correct page alone', () => {
    const live = page({ hidden: false });
    syncTestModeNotice(live.host, false);
    expect(live.notice).toEqual({ hidden: true });
    const alreadyHidden = page({ hidden: true });
    syncTestModeNotice(alreadyHidden.host, false);
    expect(alreadyHidden.notice).toEqual({ hidden: true });
  });

  it('a page without the notice is left as it is', () => {
    expect(() => syncTestModeNotice(page(null).host, true)).not.toThrow();
  });
});
