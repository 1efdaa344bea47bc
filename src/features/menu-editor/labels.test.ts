import { describe, expect, it } from 'vitest';

import { ALLERGEN_CODES } from '../../shared/schemas/menu';
import { ALLERGEN_LABELS, describeWindow } from './labels';

describe('labels', () => {
  it('names every one of the 14 allergens', () => {
    expect(ALLERGEN_CODES).toHaveLength(14);
    for (const code of ALLERGEN_CODES) expect(ALLERGEN_LABELS[code]).toMatch(/\w/);
  });

  it('describes windows in 24 h with day ranges', () => {
    expect(describeWindow({ days: [5, 1, 2, 3, 4], from: '11:00', to: '15:00' })).toBe('Mon–Fri 11:00–15:00');
    expect(describeWindow({ days: [6, 7], from: '10:00', to: '14:00' })).toBe('Sat, Sun 10:00–14:00');
    expect(describeWindow({ days: [1, 2, 3, 4, 5, 6, 7], from: '00:00', to: '23:59' })).toBe('Every day 00:00–23:59');
    expect(describeWindow({ days: [1, 3, 5], from: '18:00', to: '22:30' })).toBe('Mon, Wed, Fri 18:00–22:30');
  });
});
