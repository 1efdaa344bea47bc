import { describe, expect, it } from 'vitest';

import { formatChangeTime } from './change-time';

describe('formatChangeTime', () => {
  it('shows Bucharest wall time in 24 h, summer and winter', () => {
    expect(formatChangeTime('2026-11-27T12:05:00Z')).toBe('27 Nov 2026, 14:05');
    expect(formatChangeTime('2026-07-01T20:30:00Z')).toBe('1 Jul 2026, 23:30');
  });
});
