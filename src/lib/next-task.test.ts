import { afterEach, describe, expect, it, vi } from 'vitest';

import { afterNextPaint, nextTask } from './next-task';

afterEach(() => vi.unstubAllGlobals());

describe('nextTask', () => {
  it('without scheduler.yield, resolves in a later task: after a timeout queued before it, not in the current one', async () => {
    vi.stubGlobal('scheduler', undefined);
    const seen: string[] = [];
    setTimeout(() => seen.push('earlier task'), 0);
    const done = nextTask().then(() => seen.push('next task'));
    await Promise.resolve();
    seen.push('same task');
    await done;
    expect(seen).toEqual(['same task', 'earlier task', 'next task']);
  });

  it('uses scheduler.yield where the browser has it', async () => {
    const schedulerYield = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: schedulerYield });
    await nextTask();
    expect(schedulerYield).toHaveBeenCalledTimes(1);
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
