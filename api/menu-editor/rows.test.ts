import { describe, expect, it } from 'vitest';

import { allergensOf, availabilityOf, canonicalAllergens, dietaryTagsOf, photoOf, unitOf } from './rows';

describe('menu row columns', () => {
  it('reads what the editor wrote', () => {
    expect(allergensOf('["gluten","milk"]')).toEqual(['gluten', 'milk']);
    expect(dietaryTagsOf('["vegan"]')).toEqual(['vegan']);
    expect(availabilityOf('[{"days":[1,2],"from":"11:00","to":"15:00"}]')).toEqual([{ days: [1, 2], from: '11:00', to: '15:00' }]);
    expect(photoOf('{"id":"abcdef0123456789","widths":[320],"width":400,"height":300}')).toEqual({
      id: 'abcdef0123456789',
      widths: [320],
      width: 400,
      height: 300,
    });
    expect(unitOf('Kg')).toBe('Kg');
  });

  it('reads anything unknown or broken as none instead of failing the menu', () => {
    expect(allergensOf('["gluten","shellfish"]')).toEqual([]);
    expect(allergensOf('not json')).toEqual([]);
    expect(availabilityOf('[{"days":[8],"from":"11:00","to":"15:00"}]')).toEqual([]);
    expect(photoOf(null)).toBeNull();
    expect(photoOf('{"id":"../etc"}')).toBeNull();
    expect(unitOf('buc')).toBe('Buc');
  });

  it('stores allergens once each, in the regulation order', () => {
    expect(canonicalAllergens(['milk', 'gluten', 'milk'])).toEqual(['gluten', 'milk']);
  });
});
