import { describe, expect, it } from 'vitest';

import type { EditorGroup } from '../../shared/schemas/menu-editor';
import { emptyGroupForm, emptyOption, formToGroupInput, groupToForm, optionPriceLabel } from './group-form';

const stored: EditorGroup = {
  id: 3,
  name: 'Sos',
  description: null,
  nameEn: 'Sauce',
  descriptionEn: null,
  isRequired: false,
  minSelections: 0,
  maxSelections: 2,
  options: [
    { id: 11, name: 'Muștar', nameEn: 'Mustard', priceBani: 0, isDefault: true, soldOut: false, allergens: ['mustard'] },
    { id: 12, name: 'Usturoi', nameEn: null, priceBani: 250, isDefault: false, soldOut: false, allergens: [] },
  ],
  revision: 2,
  dishCount: 4,
};

describe('group form', () => {
  it('keeps option ids and turns lei into bani', () => {
    const form = groupToForm(stored);
    form.options[1]!.priceText = '3';
    const result = formToGroupInput(form);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.options).toEqual([
      expect.objectContaining({ id: 11, name: 'Muștar', priceBani: 0, allergens: ['mustard'] }),
      expect.objectContaining({ id: 12, priceBani: 300 }),
    ]);
    expect(result.value).toMatchObject({ minSelections: 0, maxSelections: 2 });
  });

  it('carries the English of the group and its options, blank as none (issue 23)', () => {
    const form = groupToForm(stored);
    expect(form).toMatchObject({ nameEn: 'Sauce', descriptionEn: '' });
    expect(form.options.map((option) => option.nameEn)).toEqual(['Mustard', '']);
    form.descriptionEn = ' Pick one ';
    form.options[0]!.nameEn = '  ';
    form.options[1]!.nameEn = 'Garlic';
    const result = formToGroupInput(form);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value).toMatchObject({ nameEn: 'Sauce', descriptionEn: 'Pick one' });
    expect(result.value.options.map((option) => option.nameEn)).toEqual([null, 'Garlic']);
  });

  it('refuses an English name longer than the Romanian limit', () => {
    const form = groupToForm(stored);
    form.options[0]!.nameEn = 'x'.repeat(121);
    const result = formToGroupInput(form);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors['options.0.nameEn']).toBeDefined();
  });

  it('new options have no id', () => {
    const form = { ...emptyGroupForm(), name: 'Garnitură' };
    form.options[0]!.name = 'Cartofi';
    const result = formToGroupInput(form);
    expect(result.ok && result.value.options[0]).toEqual({
      name: 'Cartofi',
      nameEn: null,
      priceBani: 0,
      isDefault: false,
      soldOut: false,
      allergens: [],
    });
  });

  it('reports min above max, a required group without a minimum and a bad option price', () => {
    const form = {
      ...emptyGroupForm(),
      name: 'Sos',
      minText: '3',
      maxText: '2',
      options: [{ ...emptyOption(), name: 'A', priceText: 'x' }],
    };
    const result = formToGroupInput(form);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.minSelections).toBe('The minimum must not be above the maximum');
    expect(result.errors['options.0.price']).toBe('Enter a price in lei (0 for free)');

    const required = formToGroupInput({
      ...emptyGroupForm(),
      name: 'Sos',
      isRequired: true,
      minText: '0',
      options: [{ ...emptyOption(), name: 'A' }],
    });
    expect(required.ok === false && required.errors.minSelections).toBe('A required group needs a minimum of at least 1');
  });

  it('reads 0 as Free', () => {
    expect(optionPriceLabel(0)).toBe('Free');
    expect(optionPriceLabel(450)).toBe('+4.50 lei');
  });
});
