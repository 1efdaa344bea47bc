import { describe, expect, it } from 'vitest';

import { describeGrowth, formatTable, growthExponent, percentile } from './growth';

describe('growthExponent', () => {
  it('is 0 for a flat cost', () => {
    expect(
      growthExponent([
        { size: 10_000, value: 4 },
        { size: 100_000, value: 4 },
        { size: 1_000_000, value: 4 },
      ]),
    ).toBeCloseTo(0, 10);
  });

  it('is 1 for a cost in step with the size, and 2 for a square', () => {
    const sizes = [100, 1_000, 5_000];
    expect(growthExponent(sizes.map((size) => ({ size, value: 3 * size })))).toBeCloseTo(1, 10);
    expect(growthExponent(sizes.map((size) => ({ size, value: size * size })))).toBeCloseTo(2, 10);
  });

  it('fits the least-squares line through noisy points', () => {
    // log10 sizes 1, 2, 3 and log10 values 0, 1, 1: slope (by hand) 0.5.
    expect(
      growthExponent([
        { size: 10, value: 1 },
        { size: 100, value: 10 },
        { size: 1_000, value: 10 },
      ]),
    ).toBeCloseTo(0.5, 10);
  });

  it('is null when it cannot be fitted', () => {
    expect(growthExponent([{ size: 10, value: 1 }])).toBeNull();
    expect(
      growthExponent([
        { size: 10, value: 1 },
        { size: 10, value: 2 },
      ]),
    ).toBeNull();
    expect(
      growthExponent([
        { size: 10, value: 0 },
        { size: 100, value: 2 },
      ]),
    ).toBeNull();
  });
});

describe('describeGrowth', () => {
  it('names the exponent', () => {
    expect(describeGrowth(0.02)).toBe('flat');
    expect(describeGrowth(0.5)).toBe('sublinear');
    expect(describeGrowth(1.05)).toBe('linear');
    expect(describeGrowth(1.9)).toBe('superlinear');
    expect(describeGrowth(null)).toBe('no fit');
  });
});

describe('percentile', () => {
  it('takes the nearest rank', () => {
    const samples = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(samples, 99)).toBe(99);
    expect(percentile(samples, 50)).toBe(50);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 99)).toBeNaN();
  });
});

describe('formatTable', () => {
  it('pads every column to its widest cell', () => {
    expect(
      formatTable(
        ['size', 'p99'],
        [
          ['10k', '3.1 ms'],
          ['1M', '12.0 ms'],
        ],
      ),
    ).toBe('size  p99\n10k   3.1 ms\n1M    12.0 ms');
  });
});
