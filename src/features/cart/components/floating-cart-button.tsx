/**
 * The menu screen's floating cart (spec §2: a floating button with the item count when the cart is
 * not empty), as the bottom bar of the delivery apps (issue 27): the count, "3 items · 71.80 lei"
 * and 'View cart'. It floated over the bottom-right card's add button; now the menu keeps a bar's
 * height of room below the last dish and tells the browser to scroll anything it brings into view
 * (a focused button, a tapped category) clear of it (floating-cart-button.css), so it never covers a
 * dish for good. Counts through the lazily loaded cart reader, keeping IndexedDB code out of
 * `/menu`'s initial JS. The total is the device's prices; checkout has the server's.
 */
import { useSetAtom } from 'jotai';

import { CartIcon } from '../../../components/icons';
import { cartDrawerOpenAtom } from '../../../entities/cart/cart-drawer-open';
import { useLocale, useT } from '../../../lib/i18n';
import { cartBarSummaryText } from '../cart-bar-text';
import { useCartSummary } from '../../../entities/cart/hooks/use-live-cart';
import './floating-cart-button.css';

export function FloatingCartButton() {
  const t = useT();
  const locale = useLocale();
  const summary = useCartSummary();
  const setOpen = useSetAtom(cartDrawerOpenAtom);
  if (!summary || summary.count === 0) return null;
  const text = cartBarSummaryText(t, locale, summary.count, summary.totalBani);
  return (
    <div className="cart-bar" data-testid="cart-bar">
      <button type="button" className="cart-bar__button" onClick={() => setOpen(true)} aria-label={t('cart.bar.label', { summary: text })}>
        <span className="cart-bar__icon">
          <CartIcon />
          <span className="badge cart-bar__badge">{summary.count}</span>
        </span>
        <span className="cart-bar__action">{t('cart.bar.view')}</span>
        <span className="cart-bar__summary" data-testid="cart-bar-summary">
          {text}
        </span>
      </button>
    </div>
  );
}
