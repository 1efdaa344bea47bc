/** One dish on the menu screen (spec §2 "Menu item card"). Clicking the card or its button opens the dialog. */
import { memo } from 'react';

import { MENU_CARD_TIMING } from '../../../lib/first-paint-mark';
import type { MenuItem } from '../../../shared/schemas/menu';
import { asBani, formatBaniDecimal } from '../../../shared/money';
import './menu-item-card.css';

export const PLACEHOLDER_IMAGE = '/images/menu/placeholder.svg';

/**
 * Memoised (so taps answer quickly): opening or closing the dialog and adding to the cart re-render the menu
 * screen, and with ~50 cards that re-render was most of those interactions. A card now renders
 * again only when its dish or its cart quantity changes; `onOpen` must be stable (it gets the item).
 */
export const MenuItemCard = memo(function MenuItemCard({
  item,
  quantityInCart,
  onOpen,
  eager = false,
}: {
  item: MenuItem;
  quantityInCart: number;
  onOpen(item: MenuItem): void;
  /** The first cards are on screen at once: their images load with the page, not lazily (the page's largest paint). */
  eager?: boolean;
}) {
  const customisable = item.modifierGroups.length > 0;
  return (
    <article
      className={`menu-card${item.soldOut ? ' menu-card--sold-out' : ''}`}
      onClick={() => onOpen(item)}
      data-testid="menu-card"
      data-sold-out={item.soldOut}
    >
      <div className="menu-card__media">
        <img
          className="menu-card__image"
          src={item.image ?? PLACEHOLDER_IMAGE}
          alt=""
          width={320}
          height={240}
          loading={eager ? 'eager' : 'lazy'}
          // The first cards' images are the page's largest paint: fetched before the scripts.
          fetchPriority={eager ? 'high' : undefined}
          // Painted in the same frame as the text around them once loaded (an async decode shows
          // them a frame or more later, with the app's start-up tasks in between, which delays the largest paint).
          decoding={eager ? 'sync' : 'async'}
        />
        {item.soldOut ? <span className="menu-card__sold-out">Sold out</span> : null}
        {quantityInCart > 0 ? (
          <span className="badge menu-card__quantity" aria-label={`${quantityInCart} in cart`}>
            {quantityInCart}
          </span>
        ) : null}
      </div>
      <div className="menu-card__body">
        {/* When a card is first painted is the offline-paint benchmark's figure (first-paint-mark.ts). */}
        <h3 className="menu-card__name" elementtiming={MENU_CARD_TIMING}>
          {item.name}
        </h3>
        {item.description ? <p className="menu-card__description">{item.description}</p> : null}
        <div className="menu-card__footer">
          <p className="menu-card__price">
            {formatBaniDecimal(asBani(item.priceBani))} lei <span className="menu-card__unit">/ {item.unit}</span>
          </p>
          <button
            type="button"
            className="button menu-card__button"
            aria-label={item.soldOut ? `Sold out: ${item.name}` : `${customisable ? 'Custom' : 'Add'} ${item.name}`}
            onClick={(event) => {
              event.stopPropagation();
              onOpen(item);
            }}
          >
            {item.soldOut ? 'Sold out' : customisable ? 'Custom' : 'Add'}
          </button>
        </div>
      </div>
    </article>
  );
});
