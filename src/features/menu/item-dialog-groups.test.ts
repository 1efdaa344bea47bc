import { describe, expect, it } from 'vitest';

import { isSelectionComplete } from '../../shared/domain/modifier-rules';
import { dialogGroups } from './item-dialog-groups';

const group = (id: number, isRequired: boolean, optionIds: number[], sortOrder = id, minSelections = isRequired ? 1 : 0) => ({
  id,
  isRequired,
  minSelections,
  maxSelections: 3,
  sortOrder,
  options: optionIds.map((optionId) => ({ id: optionId })),
});

describe('item dialog groups', () => {
  it('leaves out an optional group with no active options and does not block adding', () => {
    const sauce = group(1, true, [10, 11]);
    const emptyExtras = group(2, false, []);
    const result = dialogGroups([sauce, emptyExtras]);
    expect(result).toEqual({ shown: [sauce], missingRequired: false });
    expect(isSelectionComplete(result.shown, new Map([[1, [10]]]))).toBe(true);
  });

  it('an item whose only group is optional and empty can be added with no choice at all', () => {
    const result = dialogGroups([group(2, false, [])]);
    expect(result).toEqual({ shown: [], missingRequired: false });
    expect(isSelectionComplete(result.shown, new Map())).toBe(true);
  });

  it('blocks when a required group has no options', () => {
    expect(dialogGroups([group(1, true, []), group(2, false, [20])]).missingRequired).toBe(true);
  });

  it('blocks when a required group has fewer options than its minimum', () => {
    expect(dialogGroups([group(1, true, [10], 1, 2)]).missingRequired).toBe(true);
    expect(dialogGroups([group(1, true, [10, 11], 1, 2)]).missingRequired).toBe(false);
  });

  it('orders the groups shown by sort order', () => {
    const late = group(1, false, [10], 5);
    const early = group(2, true, [20], 0);
    expect(dialogGroups([late, early]).shown.map((g) => g.id)).toEqual([2, 1]);
  });
});
