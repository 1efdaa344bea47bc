/**
 * The cart panel (spec §2 "Cart drawer"): lines with modifiers, note, stepper (decrement disabled at
 * 1), line price and remove; total, 'Proceed to Checkout' (guests get the login modal), 'Clear Cart'.
 * Loaded lazily the first time it opens. Issue 6: when the stored menu snapshot (refreshed on every
 * online menu load, kept offline) disagrees with a line's price or no longer offers the dish, the
 * drawer says what changed; unavailable dishes block checkout until removed.
 */
import { useNavigate } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useAtom, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';

import { Dialog } from '../../../components/dialog';
import { MinusIcon, PlusIcon, TrashIcon } from '../../../components/icons';
import { storedMenu } from '../../../entities/menu/menu-repo';
import { useCurrentUser } from '../../../entities/session/api/get-current-user';
import { notify } from '../../../lib/notify';
import { cartDrawerOpenAtom } from '../../../entities/cart/cart-drawer-open';
import { loginModalAtom } from '../../../entities/session/login-modal';
import type { CartLine } from '../../../shared/domain/cart';
import { cartItemCount, cartLineTotalBani, cartTotalBani } from '../../../shared/domain/cart';
import { formatWeight } from '../../../shared/domain/weight-pricing';
import { MAX_ITEM_QUANTITY } from '../../../shared/schemas/menu';
import { asBani, formatLei } from '../../../shared/money';
import type { CartPriceChange } from '../cart-price-changes';
import { cartChangesAgainstMenu } from '../cart-price-changes';
import { applyMenuPrices, clearCart, removeCartLine, restoreCartLines, setCartLineQuantity } from '../../../entities/cart/cart-repo';
import { useCartLines } from '../../../entities/cart/hooks/use-cart-lines';
import './cart-drawer.css';

const PLACEHOLDER_IMAGE = '/images/menu/placeholder.svg';

/**
 * 'Clear Cart' empties at once and an undo toast offers the lines back for this long (issue 27),
 * like the apps people know, rather than asking first. The toast sits inside the drawer: the drawer
 * is a modal dialog, so the page's own toaster would be behind it and out of reach.
 */
export const CART_UNDO_WINDOW_MS = 6_200;

function CartUndoToast({ removed, onUndo }: { removed: readonly CartLine[]; onUndo(): void }) {
  const count = cartItemCount(removed);
  return (
    <div className="cart-undo" role="status" data-testid="cart-undo-toast">
      <p className="cart-undo__text">
        <strong>Cart cleared</strong> · {count} {count === 1 ? 'item' : 'items'} removed.
      </p>
      <button type="button" className="button button--outline cart-undo__button" onClick={onUndo}>
        Undo
      </button>
    </div>
  );
}

function CartLineView({ line }: { line: CartLine }) {
  return (
    <li className="cart-line">
      <img className="cart-line__image" src={line.imageUrl ?? PLACEHOLDER_IMAGE} alt="" width={64} height={64} />
      <div className="cart-line__body">
        <p className="cart-line__name">{line.name}</p>
        {line.weightGrams !== undefined ? (
          <p className="cart-line__weight" data-testid="cart-line-weight">
            {formatWeight(line.weightGrams)} · {formatLei(asBani(line.unitPriceBani))}/kg
          </p>
        ) : null}
        {line.selectedModifiers.length > 0 ? (
          <p className="cart-line__modifiers">{line.selectedModifiers.map((m) => m.name).join(', ')}</p>
        ) : null}
        {line.specialInstructions ? <p className="cart-line__note">Note: {line.specialInstructions}</p> : null}
        <div className="cart-line__controls">
          <div className="stepper" role="group" aria-label={`Quantity of ${line.name}`}>
            <button
              type="button"
              className="icon-button"
              aria-label={`Decrease quantity of ${line.name}`}
              disabled={line.quantity <= 1}
              onClick={() => void setCartLineQuantity(line.id, line.quantity - 1)}
            >
              <MinusIcon size={18} />
            </button>
            <span className="stepper__value" aria-live="polite">
              {line.quantity}
            </span>
            <button
              type="button"
              className="icon-button"
              aria-label={`Increase quantity of ${line.name}`}
              disabled={line.quantity >= MAX_ITEM_QUANTITY}
              onClick={() => void setCartLineQuantity(line.id, line.quantity + 1)}
            >
              <PlusIcon size={18} />
            </button>
          </div>
          <span className="cart-line__price">{formatLei(cartLineTotalBani(line))}</span>
          <button
            type="button"
            className="icon-button cart-line__remove"
            aria-label={`Remove ${line.name}`}
            onClick={() => void removeCartLine(line.id)}
          >
            <TrashIcon size={18} />
          </button>
        </div>
      </div>
    </li>
  );
}

function CartChangesNotice({ changes }: { changes: CartPriceChange[] }) {
  const priceChanges = changes.filter((change) => change.kind === 'price');
  return (
    <div className="cart-changes" role="status" aria-label="Menu changes">
      <p className="cart-changes__title">The menu changed since you added these:</p>
      <ul className="cart-changes__list">
        {changes.map((change) => (
          <li key={change.menuItemId}>
            {change.name}:{' '}
            {change.kind === 'price' && change.afterBani !== null
              ? `${formatLei(asBani(change.beforeBani))} → ${formatLei(asBani(change.afterBani))}`
              : 'no longer available'}
          </li>
        ))}
      </ul>
      {priceChanges.length > 0 ? (
        <button type="button" className="button button--outline" onClick={() => void applyMenuPrices(priceChanges)}>
          Use the new prices
        </button>
      ) : null}
    </div>
  );
}

/** What the drawer shows while IndexedDB answers for the first time. */
const NO_LINES: CartLine[] = [];

export function CartDrawer() {
  const [open, setOpen] = useAtom(cartDrawerOpenAtom);
  const setLoginModal = useSetAtom(loginModalAtom);
  const lines = useCartLines() ?? NO_LINES;
  const { data: user } = useCurrentUser();
  const navigate = useNavigate();
  // The last menu this device saw (works offline); undefined until IndexedDB answers.
  const lastSeenMenu = useLiveQuery(storedMenu, []);
  // The lines 'Clear Cart' removed, while their undo is offered.
  const [cleared, setCleared] = useState<CartLine[] | null>(null);
  useEffect(() => {
    if (!cleared) return;
    const timer = window.setTimeout(() => setCleared(null), CART_UNDO_WINDOW_MS);
    return () => window.clearTimeout(timer);
  }, [cleared]);
  if (!open) return null;
  const changes = lastSeenMenu ? cartChangesAgainstMenu(lines, lastSeenMenu) : [];
  const hasUnavailable = changes.some((change) => change.kind === 'unavailable');
  const count = cartItemCount(lines);
  const signedIn = !!user;

  const close = () => {
    setOpen(false);
    setCleared(null);
  };

  // Offline: both are local IndexedDB writes and work the same.
  const clear = async () => {
    try {
      const removed = await clearCart();
      if (removed.length > 0) setCleared(removed);
    } catch {
      notify({ type: 'error', title: 'Error', message: 'The cart could not be cleared on this device.' });
    }
  };
  const undoClear = async () => {
    const removed = cleared;
    setCleared(null);
    if (!removed) return;
    try {
      await restoreCartLines(removed);
    } catch {
      notify({ type: 'error', title: 'Error', message: 'The cart could not be restored on this device.' });
    }
  };

  const proceed = () => {
    setOpen(false);
    setCleared(null);
    if (!signedIn) {
      setLoginModal({ open: true, tab: 'sign-in' });
      return;
    }
    // /checkout is another feature's route; it reads the cart from IndexedDB itself.
    void navigate({ to: '/checkout' as string });
  };

  return (
    <Dialog
      variant="drawer"
      title="Your Cart"
      closeLabel="Close cart"
      onClose={close}
      titleExtra={
        <span className="badge" aria-label={`${count} items`}>
          {count}
        </span>
      }
    >
      {lines.length === 0 ? (
        <div className="cart-empty">
          <p className="cart-empty__title">Your cart is empty</p>
          <p className="cart-empty__hint">Add some delicious items to get started!</p>
          {cleared ? <CartUndoToast removed={cleared} onUndo={() => void undoClear()} /> : null}
        </div>
      ) : (
        <>
          {changes.length > 0 ? <CartChangesNotice changes={changes} /> : null}
          <ul className="cart-lines" aria-label="Cart items">
            {lines.map((line) => (
              <CartLineView key={line.id} line={line} />
            ))}
          </ul>
          <div className="cart-summary">
            <p className="cart-summary__total">
              <span>Total</span>
              <span data-testid="cart-total">{formatLei(asBani(cartTotalBani(lines)))}</span>
            </p>
            {!signedIn ? <p className="cart-summary__hint">Please sign in to continue with your order</p> : null}
            {hasUnavailable ? <p className="cart-summary__hint">Remove the items that are no longer available to continue</p> : null}
            <button type="button" className="button button--block" onClick={proceed} disabled={hasUnavailable}>
              Proceed to Checkout
            </button>
            <button type="button" className="button button--outline button--block" onClick={() => void clear()}>
              Clear Cart
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}
