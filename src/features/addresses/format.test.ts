import { describe, expect, it } from 'vitest';

import { formatKm, formatValidatedOn } from './format';

describe('address formatting', () => {
  it('reads validation dates in Bucharest time', () => {
    // 22:30 UTC on the 21st is already the 22nd in Bucharest (UTC+2 in November).
    expect(formatValidatedOn('2026-11-21T22:30:00.000Z')).toBe('22 Nov 2026');
    expect(formatValidatedOn(null)).toBeNull();
    expect(formatValidatedOn('not a date')).toBeNull();
  });

  it('formats kilometres with one decimal', () => {
    expect(formatKm(2)).toBe('2.0 km');
    expect(formatKm(12.345)).toBe('12.3 km');
  });
});
