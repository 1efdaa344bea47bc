/** The floating cart button of the menu screen: shown only when the cart has items. */
import { useSetAtom } from 'jotai';

import { CartIcon } from '../../../components/icons';
import { cartDrawerOpenAtom } from '../../../lib/ui-atoms';
import { cartItemCount } from '../../../shared/domain/cart';
import { useCartLines } from '../use-cart';
import './floating-cart-button.css';

export function FloatingCartButton() {
  const { lines } = useCartLines();
  const setOpen = useSetAtom(cartDrawerOpenAtom);
  const count = cartItemCount(lines);
  if (count === 0) return null;
  return (
    <button type="button" className="floating-cart" onClick={() => setOpen(true)} aria-label={`View cart, ${count} items`}>
      <CartIcon />
      <span>View cart</span>
      <span className="badge">{count}</span>
    </button>
  );
}
