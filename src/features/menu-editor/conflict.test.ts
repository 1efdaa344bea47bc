import { describe, expect, it } from 'vitest';

import { editorDish } from '../../../tests/setup/editor-fixtures';
import { conflictRows, reapplyBody } from './conflict';

const theirs = {
  entity: 'dish' as const,
  current: editorDish({ id: 7, categoryId: 2, name: 'Mici', priceBani: 500, soldOut: true, revision: 6 }),
};

describe('conflictRows', () => {
  it('shows the fields the manager sent, theirs against mine, as people read them', () => {
    const rows = conflictRows(
      { priceBani: 450, allergens: ['mustard'], availability: [{ days: [1, 2, 3, 4, 5], from: '11:00', to: '15:00' }], baseRevision: 5 },
      theirs,
    );
    expect(rows).toEqual([
      { field: 'priceBani', label: 'Price', mine: '4.50 lei', theirs: '5.00 lei' },
      { field: 'allergens', label: 'Allergens', mine: 'Mustard', theirs: 'None' },
      { field: 'availability', label: 'Availability', mine: 'Mon–Fri 11:00–15:00', theirs: 'Always' },
    ]);
  });

  it('compares a photo by its id', () => {
    expect(conflictRows({ photoId: 'abcdef0123456789' }, theirs)).toEqual([
      { field: 'photoId', label: 'Photo', mine: 'abcdef0123456789', theirs: '—' },
    ]);
  });
});

describe('conflictRows for a group', () => {
  it('compares the group sent whole', () => {
    const group = {
      entity: 'group' as const,
      current: {
        id: 3,
        name: 'Sos',
        description: null,
        nameEn: null,
        descriptionEn: null,
        isRequired: false,
        minSelections: 0,
        maxSelections: 1,
        options: [],
        revision: 2,
        dishCount: 1,
      },
    };
    expect(conflictRows({ baseRevision: 1, group: { name: 'Sosuri', maxSelections: 2 } }, group)).toEqual([
      { field: 'name', label: 'Name', mine: 'Sosuri', theirs: 'Sos' },
      { field: 'maxSelections', label: 'Maximum', mine: '2', theirs: '1' },
    ]);
  });
});

describe('reapplyBody', () => {
  it('sends the same change on top of their revision', () => {
    expect(reapplyBody({ priceBani: 450, baseRevision: 5 }, theirs)).toEqual({ priceBani: 450, baseRevision: 6 });
  });
});
