/** One dish on the menu screen (spec §2 "Menu item card"). Clicking the card or its button opens the dialog. */
import type { MenuItem } from '../../../shared/schemas/menu';
import { asBani, formatBaniDecimal } from '../../../shared/money';
import './menu-item-card.css';

export const PLACEHOLDER_IMAGE = '/images/menu/placeholder.svg';

export function MenuItemCard({
  item,
  quantityInCart,
  onOpen,
  eager = false,
}: {
  item: MenuItem;
  quantityInCart: number;
  onOpen(): void;
  /** The first cards are on screen at once: their images load with the page, not lazily (QUALITY P2 LCP). */
  eager?: boolean;
}) {
  const customisable = item.modifierGroups.length > 0;
  return (
    <article
      className={`menu-card${item.soldOut ? ' menu-card--sold-out' : ''}`}
      onClick={onOpen}
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
          decoding="async"
        />
        {item.soldOut ? <span className="menu-card__sold-out">Sold out</span> : null}
        {quantityInCart > 0 ? (
          <span className="badge menu-card__quantity" aria-label={`${quantityInCart} in cart`}>
            {quantityInCart}
          </span>
        ) : null}
      </div>
      <div className="menu-card__body">
        <h3 className="menu-card__name">{item.name}</h3>
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
              onOpen();
            }}
          >
            {item.soldOut ? 'Sold out' : customisable ? 'Custom' : 'Add'}
          </button>
        </div>
      </div>
    </article>
  );
}
