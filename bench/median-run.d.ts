declare module 'lighthouse/core/lib/median-run.js' {
  export function computeMedianRun(runs: unknown[]): unknown;
}
