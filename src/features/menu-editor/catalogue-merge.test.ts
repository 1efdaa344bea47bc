import { describe, expect, it } from 'vitest';

import type { EditorCatalogue, EditorDish } from '../../shared/schemas/menu-editor';
import { editorCategory, editorDish } from '../../../tests/setup/editor-fixtures';
import { mergeAnswer } from './catalogue-merge';

const category = (id: number, dishIds: number[]) => editorCategory({ id, name: `C${id}`, shortLabel: `C${id}`, dishIds });
const dish = (id: number, categoryId: number, over: Partial<EditorDish> = {}): EditorDish =>
  editorDish({ id, categoryId, name: `D${id}`, ...over });
const catalogue: EditorCatalogue = {
  source: 'embedded',
  menuVersion: 'v1',
  categories: [category(1, [10]), category(2, [])],
  dishes: [dish(10, 1)],
  groups: [],
};

describe('mergeAnswer', () => {
  it('adds a created category and a created dish at the end of its category', () => {
    const withCategory = mergeAnswer(catalogue, { category: category(3, []) });
    expect(withCategory.categories.map((c) => c.id)).toEqual([1, 2, 3]);
    const withDish = mergeAnswer(withCategory, { dish: dish(11, 3) });
    expect(withDish.categories.find((c) => c.id === 3)?.dishIds).toEqual([11]);
    expect(withDish.dishes.map((d) => d.id)).toEqual([10, 11]);
  });

  it('replaces a changed dish and moves it between categories', () => {
    const next = mergeAnswer(catalogue, { dish: dish(10, 2, { priceBani: 1200, revision: 2 }) });
    expect(next.dishes).toEqual([expect.objectContaining({ id: 10, priceBani: 1200, revision: 2 })]);
    expect(next.categories.map((c) => c.dishIds)).toEqual([[], [10]]);
  });

  it('leaves the catalogue alone for answers without a row', () => {
    expect(mergeAnswer(catalogue, { ids: [2, 1] })).toBe(catalogue);
    expect(mergeAnswer(catalogue, undefined)).toBe(catalogue);
    expect(mergeAnswer(catalogue, { dish: { id: 'nope' } })).toBe(catalogue);
  });
});
