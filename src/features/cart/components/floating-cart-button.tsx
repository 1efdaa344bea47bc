/**
 * The floating cart button of the menu screen: shown only when the cart has items. Counts through
 * the lazily loaded cart reader, keeping IndexedDB code out of `/menu`'s initial JS (QUALITY P1).
 */
import { useSetAtom } from 'jotai';

import { CartIcon } from '../../../components/icons';
import { cartDrawerOpenAtom } from '../../../lib/ui-atoms';
import { useCartCount } from '../use-cart-count';
import './floating-cart-button.css';

export function FloatingCartButton() {
  const count = useCartCount();
  const setOpen = useSetAtom(cartDrawerOpenAtom);
  if (count === 0) return null;
  return (
    <button type="button" className="floating-cart" onClick={() => setOpen(true)} aria-label={`View cart, ${count} items`}>
      <CartIcon />
      <span>View cart</span>
      <span className="badge">{count}</span>
    </button>
  );
}
