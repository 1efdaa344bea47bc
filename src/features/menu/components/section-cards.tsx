/**
 * The cards of one menu section, drawn near the screen only (issue 26, row G3;
 * src/shared/menu-layout.ts): the first batch of MENU_CARDS_AT_ONCE cards at once, every other batch
 * as a box of its size (one element for a whole batch, card-sized boxes for a short last one) that
 * becomes its cards when it comes within MENU_DRAW_AHEAD_PX of the screen. A drawn batch stays drawn. With 2,000 dishes a tap on the category bar used to draw every
 * card in one task (4-7 s on a slow phone); the boxes keep the page's height, so a jump lands where it
 * stays, and a jump to the end of a long section draws the batches there, not everything above.
 */
import { Fragment } from 'react';

import { useDishWords } from '../../../components/dish-words';
import { useNearScreenBatches } from '../../../lib/near-screen-batches';
import { cardBatches, EAGER_IMAGE_CARDS, isWatchedBox, MENU_CARDS_AT_ONCE } from '../../../shared/menu-layout';
import type { MenuItem } from '../../../shared/schemas/menu';
import { MenuItemCard } from './menu-item-card';

export function SectionCards({
  items,
  pageTotal,
  firstSection,
  quantities,
  onOpen,
  nowMs,
}: {
  items: readonly MenuItem[];
  /** The menu's dishes in all sections: a large menu draws each section's first batch only. */
  pageTotal: number;
  /** The first section's first cards are the page's largest paint: their images load eagerly. */
  firstSection: boolean;
  quantities: ReadonlyMap<number, number>;
  onOpen(item: MenuItem): void;
  /** The server's time as this device estimates it: dishes outside their windows say when they come back. */
  nowMs: number;
}) {
  const words = useDishWords();
  // A live menu change keeps what is drawn: the section is the same list.
  const { drawnBatches, container: grid } = useNearScreenBatches<HTMLDivElement>(null, items.length, pageTotal);
  const batches = cardBatches(items, drawnBatches, pageTotal);

  return (
    <div ref={grid} className="menu-grid">
      {batches.map(({ batch, items: batchItems, drawn }) => (
        <Fragment key={batch}>
          {drawn ? (
            batchItems.map((item, index) => (
              <MenuItemCard
                key={item.id}
                item={item}
                eager={firstSection && batch === 0 && index < EAGER_IMAGE_CARDS}
                quantityInCart={quantities.get(item.id) ?? 0}
                onOpen={onOpen}
                availableFrom={words.availableFrom(item.availability, nowMs)}
              />
            ))
          ) : batchItems.length === MENU_CARDS_AT_ONCE ? (
            // A whole batch not drawn yet: one box of its height (menu-item-card.css), not 24.
            <div className="menu-card-batch" aria-hidden="true" data-batch={batch} data-watched="" />
          ) : (
            batchItems.map((item, index) => (
              <div
                key={`box-${item.id}`}
                className="menu-card menu-card--deferred"
                aria-hidden="true"
                data-batch={batch}
                data-watched={isWatchedBox(index, batchItems.length) ? '' : undefined}
              >
                <div className="menu-card__media" />
                <div className="menu-card__body" />
              </div>
            ))
          )}
        </Fragment>
      ))}
    </div>
  );
}
