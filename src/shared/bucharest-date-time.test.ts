import { describe, expect, it } from 'vitest';

import { formatBucharestDateTime } from './bucharest-date-time';

describe('formatBucharestDateTime', () => {
  it('shows Bucharest wall time in 24 h, summer and winter', () => {
    expect(formatBucharestDateTime('2026-11-27T12:05:00Z')).toBe('27 Nov 2026, 14:05');
    expect(formatBucharestDateTime('2026-07-01T20:30:00Z')).toBe('1 Jul 2026, 23:30');
  });

  it('writes the date the Romanian way in Romanian, the time still Bucharest 24 h', () => {
    expect(formatBucharestDateTime('2026-11-27T12:05:00Z', 'ro')).toBe('27 nov. 2026, 14:05');
    expect(formatBucharestDateTime('2026-05-03T07:05:00Z', 'ro')).toBe('3 mai 2026, 10:05');
  });

  it('leaves text that is not an instant as it came', () => {
    expect(formatBucharestDateTime('soon')).toBe('soon');
  });
});
