/** One dish on the menu screen (spec §2 "Menu item card"). Clicking the card or its button opens the dialog. */
import { memo } from 'react';

import { useMenuText } from '../../../components/menu-text';
import { useDishWords } from '../../../components/dish-words';
import { MENU_CARD_TIMING } from '../../../lib/first-paint-mark';
import { useLocale, useT } from '../../../lib/i18n';
import { CARD_PHOTO_SIZES, hasDishFacts, photoSources } from '../../../shared/dish-facts';
import type { MenuItem } from '../../../shared/schemas/menu';
import { asBani, formatLei } from '../../../shared/money';
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
  availableFrom = null,
}: {
  item: MenuItem;
  quantityInCart: number;
  onOpen(item: MenuItem): void;
  /** The first cards are on screen at once: their images load with the page, not lazily (the page's largest paint). */
  eager?: boolean;
  /** "Available from Mon 11:00" while the dish is outside its availability windows (src/shared/dish-facts.ts), else null. */
  availableFrom?: string | null;
}) {
  const t = useT();
  const locale = useLocale();
  const text = useMenuText();
  const words = useDishWords();
  const name = text.name(item);
  const description = text.description(item);
  const customisable = item.modifierGroups.length > 0;
  const outOfWindow = !item.soldOut && availableFrom !== null;
  const image = {
    className: 'menu-card__image',
    alt: '',
    loading: eager ? ('eager' as const) : ('lazy' as const),
    // The first cards' images are the page's largest paint: fetched before the scripts.
    fetchPriority: eager ? ('high' as const) : undefined,
    // Painted in the same frame as the text around them once loaded (an async decode shows
    // them a frame or more later, with the app's start-up tasks in between, which delays the largest paint).
    decoding: eager ? ('sync' as const) : ('async' as const),
  };
  const photo = item.photo ? photoSources(item.photo) : null;
  return (
    <article
      className={`menu-card${item.soldOut ? ' menu-card--sold-out' : outOfWindow ? ' menu-card--unavailable' : ''}`}
      onClick={() => onOpen(item)}
      data-testid="menu-card"
      data-sold-out={item.soldOut}
    >
      <div className="menu-card__media">
        {item.photo && photo ? (
          // An uploaded photo (issue 18): AVIF where the browser reads it, else WebP, at the width the
          // card needs (a phone row takes the 320 one); the box is reserved by the card's CSS.
          <picture>
            <source type="image/avif" srcSet={photo.avifSrcSet} sizes={CARD_PHOTO_SIZES} />
            <source type="image/webp" srcSet={photo.webpSrcSet} sizes={CARD_PHOTO_SIZES} />
            <img
              className={image.className}
              src={photo.src}
              alt={image.alt}
              width={item.photo.width}
              height={item.photo.height}
              loading={image.loading}
              fetchPriority={image.fetchPriority}
              decoding={image.decoding}
            />
          </picture>
        ) : (
          <img
            className={image.className}
            src={item.image ?? PLACEHOLDER_IMAGE}
            alt={image.alt}
            width={320}
            height={240}
            loading={image.loading}
            fetchPriority={image.fetchPriority}
            decoding={image.decoding}
          />
        )}
        {item.soldOut ? <span className="menu-card__sold-out">{t('menu.soldOut')}</span> : null}
        {quantityInCart > 0 ? (
          <span className="badge menu-card__quantity" aria-label={t('menu.card.inCart', { count: quantityInCart })}>
            {quantityInCart}
          </span>
        ) : null}
      </div>
      <div className="menu-card__body">
        {/* When a card is first painted is the offline-paint benchmark's figure (first-paint-mark.ts). */}
        <h3 className="menu-card__name" elementtiming={MENU_CARD_TIMING}>
          {name}
        </h3>
        {description ? <p className="menu-card__description">{description}</p> : null}
        {hasDishFacts(item) ? (
          <p className="menu-card__facts">
            {item.dietaryTags.map((tag) => (
              <span key={tag} className={`menu-card__tag menu-card__tag--${tag}`}>
                {words.tag(tag)}
              </span>
            ))}
            {item.allergens.length > 0 ? (
              <span className="menu-card__allergens">
                <span className="visually-hidden">{t('menu.card.allergens')} </span>
                {words.allergenLine(item.allergens)}
              </span>
            ) : null}
          </p>
        ) : null}
        {outOfWindow ? <p className="menu-card__available-from">{availableFrom}</p> : null}
        <div className="menu-card__footer">
          <p className="menu-card__price">
            {formatLei(asBani(item.priceBani), locale)} <span className="menu-card__unit">/ {item.unit}</span>
          </p>
          <button
            type="button"
            className="button menu-card__button"
            aria-label={
              item.soldOut
                ? t('menu.card.soldOutLabel', { name })
                : outOfWindow
                  ? t('menu.card.unavailableLabel', { availableFrom: availableFrom ?? '', name })
                  : customisable
                    ? t('menu.card.customLabel', { name })
                    : t('menu.card.addLabel', { name })
            }
            onClick={(event) => {
              event.stopPropagation();
              onOpen(item);
            }}
          >
            {item.soldOut ? t('menu.soldOut') : outOfWindow ? t('menu.card.unavailable') : customisable ? t('menu.custom') : t('menu.add')}
          </button>
        </div>
      </div>
    </article>
  );
});
