import { describe, expect, it } from 'vitest';

import { categoryIconName, pictogramHtml, PICTOGRAMS } from './svg-icons';

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

describe('pictogramHtml', () => {
  it('draws every shape of the pictogram, hidden from assistive technology', () => {
    const html = pictogramHtml('plate', 20, 'category-icon');
    expect(html).toMatch(/^<svg class="category-icon" width="20" height="20" viewBox="0 0 24 24" /);
    expect(html).toContain('aria-hidden="true" focusable="false"');
    expect(html.match(/<circle /g)).toHaveLength(PICTOGRAMS.plate.length);
    expect(html).not.toMatch(/\p{Extended_Pictographic}/u);
  });
});
