/**
 * The promotional banner (spec §1): Romanian text and 'Comandă Online' to the external cakes shop.
 *
 * On the menu it comes twice, one copy shown per screen width (issue 27): on a phone the cakes were
 * the first thing on the menu, above every dish, so there it follows the first category's dishes
 * ('after-first-section'); wider screens keep it above the dishes ('top'). The hidden copy is
 * `display: none`, out of the accessibility tree and the tab order, so a person meets one banner.
 */
import './promo-banner.css';

export type PromoBannerPlacement = 'top' | 'after-first-section';

export function PromoBanner({ href, placement }: { href: string | undefined; placement?: PromoBannerPlacement }) {
  return (
    <aside className={`promo-banner${placement ? ` promo-banner--${placement}` : ''}`} aria-label="Promoție">
      <div>
        <p className="promo-banner__title">Prăjituri și torturi de casă</p>
        <p className="promo-banner__text">Comandă deserturile preferate din cofetăria noastră online, cu livrare în Ploiești.</p>
      </div>
      {href ? (
        <a className="button button--light" href={href} target="_blank" rel="noopener noreferrer">
          Comandă Online
        </a>
      ) : null}
    </aside>
  );
}
