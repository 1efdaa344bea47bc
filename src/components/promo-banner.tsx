/**
 * The promotional banner (spec §1): Romanian text and 'Comandă Online' to the external cakes shop.
 *
 * On the menu it comes twice, one copy shown per screen width (issue 27): on a phone the cakes were
 * the first thing on the menu, above every dish, so there it follows the first category's dishes
 * ('after-first-section'); wider screens keep it above the dishes ('top'). The hidden copy is
 * `display: none`, out of the accessibility tree and the tab order, so a person meets one banner.
 */
import { useT } from '../lib/i18n';
import './promo-banner.css';

export type PromoBannerPlacement = 'top' | 'after-first-section';

export function PromoBanner({ href, placement }: { href: string | undefined; placement?: PromoBannerPlacement }) {
  const t = useT();
  return (
    <aside className={`promo-banner${placement ? ` promo-banner--${placement}` : ''}`} aria-label={t('common.promo.label')}>
      <div>
        <p className="promo-banner__title">{t('common.promo.title')}</p>
        <p className="promo-banner__text">{t('common.promo.text')}</p>
      </div>
      {href ? (
        <a className="button button--light" href={href} target="_blank" rel="noopener noreferrer">
          {t('common.promo.order')}
        </a>
      ) : null}
    </aside>
  );
}
