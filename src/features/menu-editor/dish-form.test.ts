import { describe, expect, it } from 'vitest';

import type { EditorDish } from '../../shared/schemas/menu-editor';
import { dishPatch, dishToForm, emptyDishForm, formToDish, PRICE_HINT, toggle } from './dish-form';

const stored: EditorDish = {
  id: 7,
  categoryId: 2,
  name: 'Mici',
  description: 'Cu muștar',
  nameEn: 'Mici (grilled sausages)',
  descriptionEn: null,
  unit: 'Buc',
  priceBani: 450,
  photo: null,
  image: '/images/mici.webp',
  soldOut: false,
  hidden: false,
  allergens: ['mustard'],
  mayContain: null,
  dietaryTags: [],
  availability: [],
  groupIds: [3],
  revision: 4,
};

describe('formToDish', () => {
  it('turns the typed lei into bani and blanks into null', () => {
    const form = { ...emptyDishForm(2), name: ' Ciorbă ', priceText: '18,50', description: '  ' };
    const result = formToDish(form);
    expect(result).toEqual({
      ok: true,
      value: expect.objectContaining({ name: 'Ciorbă', priceBani: 1850, description: null, categoryId: 2 }),
    });
  });

  it('names every bad field', () => {
    const form = {
      ...emptyDishForm(2),
      name: '',
      priceText: '12.345',
      availability: [{ days: [], from: '15:00', to: '11:00' }],
    };
    const result = formToDish(form);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.price).toBe(PRICE_HINT);
    expect(result.errors.name).toBe('Enter a name');
    expect(result.errors['availability.0.days']).toBe('Choose at least one day');
    expect(result.errors['availability.0.to']).toBe('The end must be after the start');
  });

  it('refuses a price of zero with the contract message', () => {
    const result = formToDish({ ...emptyDishForm(2), name: 'Apă', priceText: '0' });
    expect(result).toEqual({ ok: false, errors: { price: 'The price must be above 0' } });
  });

  it('refuses a time that is not 24 h HH:MM', () => {
    const result = formToDish({
      ...emptyDishForm(2),
      name: 'Meniul zilei',
      priceText: '25',
      availability: [{ days: [1], from: '9:00', to: '15:00' }],
    });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors['availability.0.from']).toBe('Use HH:MM (24 h)');
  });
});

describe('dishPatch', () => {
  it('sends only what changed, with the revision it was read at', () => {
    const form = dishToForm(stored);
    const result = formToDish({ ...form, priceText: '5.00', allergens: toggle(form.allergens, 'gluten', true) });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(dishPatch(stored, result.value)).toEqual({ priceBani: 500, allergens: ['mustard', 'gluten'], baseRevision: 4 });
  });

  it('sends nothing but the revision for an untouched form (the seed picture is not a photo)', () => {
    const result = formToDish(dishToForm(stored));
    expect(result.ok && dishPatch(stored, result.value)).toEqual({ baseRevision: 4 });
  });

  it('sends the English name when added and null when cleared (issue 23)', () => {
    const form = dishToForm(stored);
    expect(form).toMatchObject({ nameEn: 'Mici (grilled sausages)', descriptionEn: '' });
    const added = formToDish({ ...form, descriptionEn: ' With mustard ' });
    expect(added.ok && dishPatch(stored, added.value)).toEqual({ descriptionEn: 'With mustard', baseRevision: 4 });
    const cleared = formToDish({ ...form, nameEn: '   ' });
    expect(cleared.ok && dishPatch(stored, cleared.value)).toEqual({ nameEn: null, baseRevision: 4 });
  });

  it("holds the English to the Romanian fields' limits", () => {
    const result = formToDish({ ...dishToForm(stored), nameEn: 'x'.repeat(121), descriptionEn: 'y'.repeat(1_001) });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors).sort()).toEqual(['descriptionEn', 'nameEn']);
  });

  it('moves a dish by its category', () => {
    const result = formToDish({ ...dishToForm(stored), categoryId: 5 });
    expect(result.ok && dishPatch(stored, result.value)).toEqual({ categoryId: 5, baseRevision: 4 });
  });
});

describe('toggle', () => {
  it('adds once and removes', () => {
    expect(toggle(['a'], 'a', true)).toEqual(['a']);
    expect(toggle(['a'], 'b', true)).toEqual(['a', 'b']);
    expect(toggle(['a', 'b'], 'a', false)).toEqual(['b']);
  });
});
