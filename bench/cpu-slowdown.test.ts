import { describe, expect, it } from 'vitest';

import { cpuSlowdownAsOn, DEFAULT_CPU_SLOWDOWN, SLOWER_MACHINE_BENCHMARK_INDEX } from './cpu-slowdown';

describe('the CPU slowdown that loads a page as the slower machine would', () => {
  it("scales Lighthouse's 4x by this machine's speed over the slower one's", () => {
    expect(cpuSlowdownAsOn(SLOWER_MACHINE_BENCHMARK_INDEX, SLOWER_MACHINE_BENCHMARK_INDEX)).toBe(DEFAULT_CPU_SLOWDOWN);
    expect(cpuSlowdownAsOn(2550, 3400)).toBeCloseTo(5.33, 2);
    expect(cpuSlowdownAsOn(2500, 5000)).toBe(8);
  });

  it('never emulates a faster machine than the default, nor guesses without an index', () => {
    expect(cpuSlowdownAsOn(2550, 1800)).toBe(DEFAULT_CPU_SLOWDOWN);
    expect(cpuSlowdownAsOn(2550, null)).toBe(DEFAULT_CPU_SLOWDOWN);
    expect(cpuSlowdownAsOn(2550, 0)).toBe(DEFAULT_CPU_SLOWDOWN);
  });
});
