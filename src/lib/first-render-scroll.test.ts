import { describe, expect, it } from 'vitest';

import { restoreScrollAfterFirstRender } from './first-render-scroll';

describe('restoreScrollAfterFirstRender', () => {
  it('leaves a page scrolled before the first render where it is, and restores on every later render', () => {
    const view = { scrollX: 0, scrollY: 2222 };
    const shouldRestore = restoreScrollAfterFirstRender(view);
    expect(shouldRestore()).toBe(false);
    expect(shouldRestore()).toBe(true);
    view.scrollY = 0;
    expect(shouldRestore()).toBe(true);
  });

  it('leaves a page scrolled sideways alone on the first render too', () => {
    expect(restoreScrollAfterFirstRender({ scrollX: 40, scrollY: 0 })()).toBe(false);
  });

  it('restores on the first render of a page still at the top (the shell the app draws itself)', () => {
    const shouldRestore = restoreScrollAfterFirstRender({ scrollX: 0, scrollY: 0 });
    expect(shouldRestore()).toBe(true);
    expect(shouldRestore()).toBe(true);
  });
});
