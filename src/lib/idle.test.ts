import { afterEach, describe, expect, it, vi } from 'vitest';

import { afterNextPaint, IDLE_FALLBACK_TIMEOUT_MS, onIdle } from './idle';

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

describe('afterNextPaint', () => {
  it('runs in a task queued by the next animation frame, not before, and can be cancelled at either step', () => {
    vi.useFakeTimers();
    try {
      const frames = new Map<number, () => void>();
      vi.stubGlobal('window', {
        requestAnimationFrame: (callback: () => void) => {
          frames.set(frames.size + 1, callback);
          return frames.size;
        },
        cancelAnimationFrame: (handle: number) => frames.delete(handle),
        setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
        clearTimeout: (timer: ReturnType<typeof setTimeout> | undefined) => clearTimeout(timer),
      });
      const ran: string[] = [];
      afterNextPaint(() => ran.push('measured'));
      const cancelBeforeFrame = afterNextPaint(() => ran.push('cancelled before the frame'));
      const cancelAfterFrame = afterNextPaint(() => ran.push('cancelled after the frame'));
      vi.runAllTimers();
      expect(ran).toEqual([]);
      cancelBeforeFrame();
      for (const callback of [...frames.values()]) callback();
      cancelAfterFrame();
      expect(ran).toEqual([]);
      vi.runAllTimers();
      expect(ran).toEqual(['measured']);
    } finally {
      vi.useRealTimers();
    }
  });
});
