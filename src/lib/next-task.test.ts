import { afterEach, describe, expect, it, vi } from 'vitest';

import { nextTask } from './next-task';

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
