import { afterEach, describe, expect, it, vi } from 'vitest';

import { IDLE_FALLBACK_TIMEOUT_MS, onIdle } from './idle';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('onIdle', () => {
  it('waits for requestIdleCallback, bounded by the fallback timeout, and can be cancelled', () => {
    const idleCallbacks = new Map<number, () => void>();
    const requestIdleCallback = vi.fn((callback: () => void, options?: { timeout?: number }) => {
      expect(options?.timeout).toBe(IDLE_FALLBACK_TIMEOUT_MS);
      idleCallbacks.set(idleCallbacks.size + 1, callback);
      return idleCallbacks.size;
    });
    const cancelIdleCallback = vi.fn((handle: number) => idleCallbacks.delete(handle));
    vi.stubGlobal('window', { requestIdleCallback, cancelIdleCallback });

    const ran: string[] = [];
    onIdle(() => ran.push('first'));
    const cancel = onIdle(() => ran.push('cancelled'));
    expect(ran).toEqual([]);
    cancel();
    for (const callback of idleCallbacks.values()) callback();
    expect(ran).toEqual(['first']);
    expect(cancelIdleCallback).toHaveBeenCalledWith(2);
  });

  it('falls back to a macrotask where requestIdleCallback is missing', async () => {
    vi.stubGlobal('window', { setTimeout, clearTimeout });
    const ran = vi.fn();
    onIdle(ran);
    expect(ran).not.toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(ran).toHaveBeenCalledOnce();
  });
});
