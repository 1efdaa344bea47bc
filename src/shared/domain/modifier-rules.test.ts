import { describe, expect, it } from 'vitest';

import { isSelectionComplete, selectionProblems, toggleOption } from './modifier-rules';

const sauce = { id: 1, isRequired: true, minSelections: 1, maxSelections: 1, options: [{ id: 10 }, { id: 11 }] };
const extras = { id: 2, isRequired: false, minSelections: 0, maxSelections: 2, options: [{ id: 20 }, { id: 21 }, { id: 22 }] };

describe('modifier rules', () => {
  it('replaces the choice in a single-choice group', () => {
    expect(toggleOption(sauce, [10], 11)).toEqual([11]);
  });
  it('refuses a choice past the maximum in a multi-choice group', () => {
    expect(toggleOption(extras, [20, 21], 22)).toEqual([20, 21]);
    expect(toggleOption(extras, [20], 22)).toEqual([20, 22]);
    expect(toggleOption(extras, [20, 22], 20)).toEqual([22]);
  });
  it('blocks completion until required groups have their minimum', () => {
    expect(isSelectionComplete([sauce, extras], new Map())).toBe(false);
    expect(isSelectionComplete([sauce, extras], new Map([[1, [10]]]))).toBe(true);
  });
  it('reports every broken rule', () => {
    const problems = selectionProblems([sauce, extras], new Map([[2, [20, 21, 22, 99]]]));
    expect(problems.map((p) => p.kind).sort()).toEqual(['above-maximum', 'below-minimum', 'unknown-option']);
    expect(selectionProblems([sauce, extras], new Map([[1, [11]]]))).toEqual([]);
  });
});
