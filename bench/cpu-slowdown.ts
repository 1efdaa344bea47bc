/** P2-slow's emulation of a slower machine (bench/lighthouse.ts). */
/** Lighthouse's mobile CPU slowdown (a mid-range phone, on the machine Lighthouse is tuned for). */
export const DEFAULT_CPU_SLOWDOWN = 4;
/** The slower 2-core machine issue 24 reported (Lighthouse benchmarkIndex about 2,550). */
export const SLOWER_MACHINE_BENCHMARK_INDEX = 2550;

/**
 * The CPU slowdown that makes this machine (benchmarkIndex `thisIndex`) load a page as the slower
 * one would with Lighthouse's default 4x: scaled by their speeds, never below the default.
 */
export function cpuSlowdownAsOn(slowerIndex: number, thisIndex: number | null): number {
  if (thisIndex === null || !(thisIndex > 0)) return DEFAULT_CPU_SLOWDOWN;
  return Math.max(DEFAULT_CPU_SLOWDOWN, (DEFAULT_CPU_SLOWDOWN * thisIndex) / slowerIndex);
}
