/**
 * How much of the menu is drawn at once, shared by the menu screen and the full menu (and so by the
 * server's render of them and the browser's hydration of it).
 *
 * A restaurant with a large catalogue (issue 26, row G3: 2,000 dishes) must not pay for every card
 * before the first one is on screen, nor on a tap of the category bar: a long section (or the full
 * menu's list) draws its first MENU_CARDS_AT_ONCE cards, and the rest as light boxes that turn into
 * cards, a batch at a time, as they come near the screen. Lists up to DRAWN_WHOLE_UP_TO are drawn whole.
 * Why not a virtualised list: docs/decisions/0111-menu-drawn-near-the-screen.md.
 */

/** Cards of the first section whose images load with the page: the ones a phone shows at once. */
export const EAGER_IMAGE_CARDS = 2;

/** Cards each section draws at once, and the size of each later batch. */
export const MENU_CARDS_AT_ONCE = 24;

/**
 * A page with this many dishes or fewer is drawn whole: the seeded menu (51 dishes, the full menu's one
 * list included) and any restaurant's usual one, so the page is there for the browser's find-in-page and
 * costs nothing to keep in step. The count is the page's, not a section's: 500 dishes in sections of
 * 60 drew all 500 cards before the first one was on screen (row G4; docs/decisions/0140-drawn-whole-by-the-page.md).
 */
export const DRAWN_WHOLE_UP_TO = 96;

/** Whether a page whose lists hold `pageTotal` dishes in all is drawn whole. */
export function isDrawnWhole(pageTotal: number): boolean {
  return pageTotal <= DRAWN_WHOLE_UP_TO;
}

/**
 * How far ahead of the screen (px, above and below) a section's boxes turn into cards: about two
 * phone screens, so a normal scroll never shows a box.
 */
export const MENU_DRAW_AHEAD_PX = 1600;

/**
 * Every how many boxes one is watched for coming near the screen, plus each batch's last: four boxes
 * are at most two rows of the widest grid, well inside MENU_DRAW_AHEAD_PX, so no box reaches the screen
 * unseen, and a section of 400 dishes watches ~100 elements, not 400.
 */
export const WATCH_EVERY_NTH_BOX = 4;

/** One batch of a section's dishes: drawn as cards, or standing in as boxes. */
export interface CardBatch<T> {
  batch: number;
  items: readonly T[];
  drawn: boolean;
}

/**
 * A section's dishes in batches of MENU_CARDS_AT_ONCE; `drawnBatches` says which are cards. The first
 * batch is always drawn (what the first paint and a jump to the section show at once), and every batch
 * of a page of at most DRAWN_WHOLE_UP_TO dishes (`pageTotal`: all the page's sections together; a
 * one-list page passes nothing).
 */
export function cardBatches<T>(items: readonly T[], drawnBatches: ReadonlySet<number>, pageTotal = items.length): CardBatch<T>[] {
  const batches: CardBatch<T>[] = [];
  const whole = isDrawnWhole(pageTotal);
  for (let start = 0; start < items.length; start += MENU_CARDS_AT_ONCE) {
    const batch = start / MENU_CARDS_AT_ONCE;
    const drawn = whole || batch === 0 || drawnBatches.has(batch);
    batches.push({ batch, items: items.slice(start, start + MENU_CARDS_AT_ONCE), drawn });
  }
  return batches;
}

/** Whether the box at `index` within its batch of `size` is one the page watches. */
export function isWatchedBox(index: number, size: number): boolean {
  return index % WATCH_EVERY_NTH_BOX === 0 || index === size - 1;
}
