import { describe, expect, it } from 'vitest';

import { categoryIconName } from './svg-icons';

describe('categoryIconName', () => {
  it('reads the seeded catalogue emoji as pictograms', () => {
    expect(['🔥', '🍟', '🍲', '🥗', '🍰'].map(categoryIconName)).toEqual(['flame', 'fries', 'pot', 'salad', 'cake']);
  });

  it('accepts a pictogram name, ignores an emoji variation selector and falls back to the plate', () => {
    expect(categoryIconName('salad')).toBe('salad');
    expect(categoryIconName('🔥\uFE0F')).toBe('flame');
    expect(categoryIconName('🦄')).toBe('plate');
    expect(categoryIconName('')).toBe('plate');
    expect(categoryIconName(null)).toBe('plate');
    // Object's own keys are not pictograms.
    expect(categoryIconName('constructor')).toBe('plate');
  });
});
