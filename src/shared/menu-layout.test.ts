import { describe, expect, it } from 'vitest';

import { cardBatches, DRAWN_WHOLE_UP_TO, isWatchedBox, MENU_CARDS_AT_ONCE } from './menu-layout';

describe('cardBatches', () => {
  const items = Array.from({ length: 110 }, (_, index) => index);

  it('splits a section into batches, the first always drawn', () => {
    const batches = cardBatches(items, new Set());
    expect(batches.map((b) => [b.batch, b.items.length, b.drawn])).toEqual([
      [0, MENU_CARDS_AT_ONCE, true],
      [1, MENU_CARDS_AT_ONCE, false],
      [2, MENU_CARDS_AT_ONCE, false],
      [3, MENU_CARDS_AT_ONCE, false],
      [4, 14, false],
    ]);
    expect(batches.flatMap((b) => b.items)).toEqual(items);
  });

  it('draws the batches asked for, in any order, and ignores ones that do not exist', () => {
    expect(cardBatches(items, new Set([2, 7])).map((b) => b.drawn)).toEqual([true, false, true, false, false]);
  });

  it('draws a list of up to DRAWN_WHOLE_UP_TO whole, and an empty one as nothing', () => {
    expect(cardBatches([1, 2, 3], new Set())).toEqual([{ batch: 0, items: [1, 2, 3], drawn: true }]);
    const seededFullMenu = Array.from({ length: 51 }, (_, index) => index);
    expect(cardBatches(seededFullMenu, new Set()).every((b) => b.drawn)).toBe(true);
    expect(
      cardBatches(
        Array.from({ length: DRAWN_WHOLE_UP_TO + 1 }, (_, index) => index),
        new Set(),
      )[1]!.drawn,
    ).toBe(false);
    expect(cardBatches([], new Set())).toEqual([]);
  });

  it("counts the page's dishes, not the section's: a short section of a large menu draws its first batch only", () => {
    const section = Array.from({ length: 60 }, (_, index) => index);
    expect(cardBatches(section, new Set(), 51).every((b) => b.drawn)).toBe(true);
    expect(cardBatches(section, new Set(), 500).map((b) => [b.items.length, b.drawn])).toEqual([
      [MENU_CARDS_AT_ONCE, true],
      [MENU_CARDS_AT_ONCE, false],
      [12, false],
    ]);
    expect(cardBatches(section, new Set([2]), 500).map((b) => b.drawn)).toEqual([true, false, true]);
  });
});

describe('isWatchedBox', () => {
  it("watches every fourth box and the batch's last, so no stretch of unwatched boxes is longer than three", () => {
    const watched = Array.from({ length: MENU_CARDS_AT_ONCE }, (_, index) => index).filter((index) =>
      isWatchedBox(index, MENU_CARDS_AT_ONCE),
    );
    expect(watched).toEqual([0, 4, 8, 12, 16, 20, 23]);
    expect(Array.from({ length: 5 }, (_, index) => isWatchedBox(index, 5))).toEqual([true, false, false, false, true]);
  });
});
