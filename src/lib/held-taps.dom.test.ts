// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';

import { holdTaps } from './held-taps';

/** Marks `element` as React marks a node it owns (a fiber property), whether or not that render has been committed. */
const markedByReact = (element: Element) => Object.assign(element, { __reactFiber$test: {} });

function serverPage() {
  const root = document.createElement('div');
  root.innerHTML = '<article data-testid="menu-card"><h3>Mici</h3><button type="button">Add Mici</button></article>';
  document.body.append(root);
  const button = root.querySelector('button')!;
  const clicks: string[] = [];
  // What a click reaches past the holder (React's own listener sits on the root too).
  root.addEventListener('click', () => clicks.push('reached the app'));
  return { root, button, clicks };
}

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));

describe('taps on the server-rendered page before the app has committed its first render', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    vi.useRealTimers();
  });

  it('are held, even on a node React has already marked while still rendering, and clicked once it has committed', async () => {
    const { root, button, clicks } = serverPage();
    const release = holdTaps(root);
    markedByReact(button);
    button.click();
    await nextFrame();
    expect(clicks).toEqual([]);

    release();
    await nextFrame();
    await nextFrame();
    expect(clicks).toEqual(['reached the app']);
  });

  it('wait for React to mark the node after the commit, and are never clicked twice', async () => {
    const { root, button, clicks } = serverPage();
    const release = holdTaps(root);
    button.click();
    release();
    await nextFrame();
    expect(clicks).toEqual([]);
    markedByReact(button);
    await nextFrame();
    await nextFrame();
    await nextFrame();
    expect(clicks).toEqual(['reached the app']);
  });

  it('pass straight through once the app has committed and owns the node', async () => {
    const { root, button, clicks } = serverPage();
    const release = holdTaps(root);
    release();
    markedByReact(button);
    button.click();
    expect(clicks).toEqual(['reached the app']);
  });

  it('are dropped when the node is gone (replaced) by the time the app has committed', async () => {
    const { root, button, clicks } = serverPage();
    const release = holdTaps(root);
    button.click();
    button.remove();
    release();
    await nextFrame();
    await nextFrame();
    expect(clicks).toEqual([]);
  });
});
