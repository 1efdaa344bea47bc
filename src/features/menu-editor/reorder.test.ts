import { describe, expect, it } from 'vitest';

import { dropIndex, moveBy, movedAnnouncement, moveToIndex, sameOrder } from './reorder';

describe('moveToIndex', () => {
  it('moves an id to a new place', () => {
    expect(moveToIndex([1, 2, 3, 4], 1, 2)).toEqual([2, 3, 1, 4]);
    expect(moveToIndex([1, 2, 3, 4], 4, 0)).toEqual([4, 1, 2, 3]);
  });

  it('clamps the target and leaves unknown ids alone', () => {
    expect(moveToIndex([1, 2, 3], 2, 99)).toEqual([1, 3, 2]);
    expect(moveToIndex([1, 2, 3], 2, -5)).toEqual([2, 1, 3]);
    expect(moveToIndex([1, 2, 3], 9, 0)).toEqual([1, 2, 3]);
  });
});

describe('moveBy', () => {
  it('moves one step and stops at the ends', () => {
    expect(moveBy([1, 2, 3], 2, -1)).toEqual([2, 1, 3]);
    expect(moveBy([1, 2, 3], 2, 1)).toEqual([1, 3, 2]);
    expect(moveBy([1, 2, 3], 1, -1)).toEqual([1, 2, 3]);
    expect(moveBy([1, 2, 3], 3, 1)).toEqual([1, 2, 3]);
  });
});

describe('dropIndex', () => {
  it('counts the rows whose middle is above the pointer', () => {
    const middles = [10, 30, 50];
    expect(dropIndex(middles, 0)).toBe(0);
    expect(dropIndex(middles, 20)).toBe(1);
    expect(dropIndex(middles, 45)).toBe(2);
    expect(dropIndex(middles, 100)).toBe(3);
  });
});

describe('announcements and comparison', () => {
  it('says where the row went, counting from 1', () => {
    expect(movedAnnouncement('Grill', 1, 5)).toBe('Grill moved to position 2 of 5');
  });

  it('compares orders', () => {
    expect(sameOrder([1, 2], [1, 2])).toBe(true);
    expect(sameOrder([1, 2], [2, 1])).toBe(false);
    expect(sameOrder([1], [1, 2])).toBe(false);
  });
});
