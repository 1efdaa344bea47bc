/**
 * The sticky header (spec §2): logo to /, the search button (opens a search over the menu), the cart
 * button with its unit badge (only above 0) toggling the cart drawer, and a slot for the account area
 * (the accounts feature fills it; the root route passes it in).
 */
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

import { CartIcon, Pictogram, SearchIcon } from '../../../components/icons';
import './site-header.css';

const LOGO_ICON_SIZE = 24;

export interface SiteHeaderProps {
  cartCount: number;
  onCartClick(): void;
  onSearchClick(): void;
  account?: ReactNode;
}

export function SiteHeader({ cartCount, onCartClick, onSearchClick, account }: SiteHeaderProps) {
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="site-header__logo" aria-label="Casa Grătarului, acasă">
          {/* SVG, not an emoji: a device without an emoji font drew an empty box (issue 27). */}
          <Pictogram name="flame" size={LOGO_ICON_SIZE} className="site-header__logo-icon" /> Casa Grătarului
        </Link>
        <nav className="site-header__nav" aria-label="Principal">
          <Link to="/menu" className="site-header__link" activeProps={{ 'aria-current': 'page' }}>
            Meniu
          </Link>
          <Link to="/meniul-complet" className="site-header__link" activeProps={{ 'aria-current': 'page' }}>
            Meniul complet
          </Link>
        </nav>
        <div className="site-header__actions">
          <button type="button" className="icon-button" aria-label="Search the menu" onClick={onSearchClick}>
            <SearchIcon />
          </button>
          <button
            type="button"
            className="icon-button site-header__cart"
            aria-label={cartCount > 0 ? `Cart, ${cartCount} items` : 'Cart'}
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
