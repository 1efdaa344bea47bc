/**
 * The growth rows (G1-G3, issue 26): how a cost grows with the size of the work. A least-squares line
 * through (log size, log cost) gives the exponent: about 0 is flat (an index or a constant-time path),
 * about 1 grows in step with the size (a scan, or memory per connection), above 1 worse than linear.
 * Pure helpers, tested in growth.test.ts.
 */

export interface CurvePoint {
  size: number;
  value: number;
}

/**
 * The exponent k of cost ≈ a · size^k, fitted by least squares on log-log. Null when it cannot be
 * fitted: fewer than two distinct sizes, or a size or value that is not positive (log undefined).
 */
export function growthExponent(points: readonly CurvePoint[]): number | null {
  const usable = points.filter((p) => p.size > 0 && p.value > 0 && Number.isFinite(p.size) && Number.isFinite(p.value));
  if (usable.length < 2 || usable.length !== points.length) return null;
  const xs = usable.map((p) => Math.log(p.size));
  const ys = usable.map((p) => Math.log(p.value));
  const meanX = xs.reduce((a, b) => a + b, 0) / xs.length;
  const meanY = ys.reduce((a, b) => a + b, 0) / ys.length;
  let covariance = 0;
  let varianceX = 0;
  for (let i = 0; i < xs.length; i += 1) {
    covariance += (xs[i]! - meanX) * (ys[i]! - meanY);
    varianceX += (xs[i]! - meanX) ** 2;
  }
  if (varianceX === 0) return null;
  return covariance / varianceX;
}

/** Below this exponent a curve counts as flat: 100x the size costs under 1.6x (10^(2·0.1)). */
export const FLAT_EXPONENT_MAX = 0.1;

/** A word for the fitted exponent, for the printed tables. */
export function describeGrowth(exponent: number | null): string {
  if (exponent === null) return 'no fit';
  if (exponent < FLAT_EXPONENT_MAX) return 'flat';
  if (exponent < 0.8) return 'sublinear';
  if (exponent <= 1.2) return 'linear';
  return 'superlinear';
}

/** The p-th percentile (0-100) of samples, nearest-rank; NaN for no samples. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

/**
 * A plain-text table: a header line and one line per row, columns padded to their widest cell.
 * Used to print a curve; the same cells go into bench/results.json.
 */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}
