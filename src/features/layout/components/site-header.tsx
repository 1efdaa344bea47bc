/**
 * The sticky header (spec §2): logo to /, the search button (opens a search over the menu), the cart
 * button with its unit badge (only above 0) toggling the cart drawer, and a slot for the account area
 * (the accounts feature fills it; the root route passes it in).
 */
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

import { CartIcon, Pictogram, SearchIcon } from '../../../components/icons';
import { useT } from '../../../lib/i18n';
import './site-header.css';

const LOGO_ICON_SIZE = 24;

export interface SiteHeaderProps {
  cartCount: number;
  onCartClick(): void;
  onSearchClick(): void;
  account?: ReactNode;
}

export function SiteHeader({ cartCount, onCartClick, onSearchClick, account }: SiteHeaderProps) {
  const t = useT();
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="site-header__logo" aria-label={t('common.header.logo')}>
          {/* SVG, not an emoji: a device without an emoji font drew an empty box (issue 27). */}
          <Pictogram name="flame" size={LOGO_ICON_SIZE} className="site-header__logo-icon" /> {t('common.brand')}
        </Link>
        <nav className="site-header__nav" aria-label={t('common.header.nav')}>
          <Link to="/menu" className="site-header__link" activeProps={{ 'aria-current': 'page' }}>
            {t('common.header.menu')}
          </Link>
          <Link to="/meniul-complet" className="site-header__link" activeProps={{ 'aria-current': 'page' }}>
            {t('common.header.fullMenu')}
          </Link>
        </nav>
        <div className="site-header__actions">
          <button type="button" className="icon-button" aria-label={t('common.header.search')} onClick={onSearchClick}>
            <SearchIcon />
          </button>
          <button
            type="button"
            className="icon-button site-header__cart"
            aria-label={cartCount > 0 ? t('common.header.cartWithItems', { count: cartCount }) : t('common.header.cart')}
            onClick={onCartClick}
          >
            <CartIcon />
            {cartCount > 0 ? (
              <span className="badge site-header__badge" data-testid="cart-badge">
                {cartCount}
              </span>
            ) : null}
          </button>
          {account}
        </div>
      </div>
    </header>
  );
}
