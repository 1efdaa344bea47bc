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

import type { LineNames } from '../../../components/line-names';
import { lineNames } from '../../../components/line-names';
import { useMenuText } from '../../../components/menu-text';
import { Dialog } from '../../../components/dialog';
import { MinusIcon, PlusIcon, TrashIcon } from '../../../components/icons';
import { storedMenu } from '../../../entities/menu/menu-repo';
import { useCurrentUser } from '../../../entities/session/api/get-current-user';
import { useLocale, useT } from '../../../lib/i18n';
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
  const t = useT();
  const count = cartItemCount(removed);
  return (
    <div className="cart-undo" role="status" data-testid="cart-undo-toast">
      <p className="cart-undo__text">
        <strong>{t('cart.undo.cleared')}</strong> · {t('cart.undo.removed', { count })}
      </p>
      <button type="button" className="button button--outline cart-undo__button" onClick={onUndo}>
        {t('cart.undo.undo')}
      </button>
    </div>
  );
}

function CartLineView({ line, names }: { line: CartLine; names: LineNames }) {
  const t = useT();
  const locale = useLocale();
  const name = names.dish(line);
  return (
    <li className="cart-line">
      <img className="cart-line__image" src={line.imageUrl ?? PLACEHOLDER_IMAGE} alt="" width={64} height={64} />
      <div className="cart-line__body">
        <p className="cart-line__name">{name}</p>
        {line.weightGrams !== undefined ? (
          <p className="cart-line__weight" data-testid="cart-line-weight">
            {formatWeight(line.weightGrams, locale)} · {t('cart.line.perKg', { price: formatLei(asBani(line.unitPriceBani), locale) })}
          </p>
        ) : null}
        {line.selectedModifiers.length > 0 ? (
          <p className="cart-line__modifiers">{line.selectedModifiers.map(names.option).join(', ')}</p>
        ) : null}
        {line.specialInstructions ? <p className="cart-line__note">{t('cart.line.note', { note: line.specialInstructions })}</p> : null}
        <div className="cart-line__controls">
          <div className="stepper" role="group" aria-label={t('cart.line.quantity', { name })}>
            <button
              type="button"
              className="icon-button"
              aria-label={t('cart.line.decrease', { name })}
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
              aria-label={t('cart.line.increase', { name })}
              disabled={line.quantity >= MAX_ITEM_QUANTITY}
              onClick={() => void setCartLineQuantity(line.id, line.quantity + 1)}
            >
              <PlusIcon size={18} />
            </button>
          </div>
          <span className="cart-line__price">{formatLei(cartLineTotalBani(line), locale)}</span>
          <button
            type="button"
            className="icon-button cart-line__remove"
            aria-label={t('cart.line.remove', { name })}
            onClick={() => void removeCartLine(line.id)}
          >
            <TrashIcon size={18} />
          </button>
        </div>
      </div>
    </li>
  );
}

function CartChangesNotice({ changes, names }: { changes: CartPriceChange[]; names: LineNames }) {
  const t = useT();
  const locale = useLocale();
  const priceChanges = changes.filter((change) => change.kind === 'price');
  return (
    <div className="cart-changes" role="status" aria-label={t('cart.changes.label')}>
      <p className="cart-changes__title">{t('cart.changes.title')}</p>
      <ul className="cart-changes__list">
        {changes.map((change) => (
          <li key={change.menuItemId}>
            {names.dish(change)}:{' '}
            {change.kind === 'price' && change.afterBani !== null
              ? t('cart.changes.price', {
                  before: formatLei(asBani(change.beforeBani), locale),
                  after: formatLei(asBani(change.afterBani), locale),
                })
              : t('cart.changes.unavailable')}
          </li>
        ))}
      </ul>
      {priceChanges.length > 0 ? (
        <button type="button" className="button button--outline" onClick={() => void applyMenuPrices(priceChanges)}>
          {t('cart.changes.usePrices')}
        </button>
      ) : null}
    </div>
  );
}

/** What the drawer shows while IndexedDB answers for the first time. */
const NO_LINES: CartLine[] = [];

export function CartDrawer() {
  const t = useT();
  const locale = useLocale();
  const text = useMenuText();
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
  const names = lineNames(lastSeenMenu, text);
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
      notify({ type: 'error', title: t('cart.error'), message: t('cart.error.clear') });
    }
  };
  const undoClear = async () => {
    const removed = cleared;
    setCleared(null);
    if (!removed) return;
    try {
      await restoreCartLines(removed);
    } catch {
      notify({ type: 'error', title: t('cart.error'), message: t('cart.error.restore') });
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
      title={t('cart.title')}
      closeLabel={t('cart.close')}
      onClose={close}
      titleExtra={
        <span className="badge" aria-label={t('cart.items', { count })}>
          {count}
        </span>
      }
    >
      {lines.length === 0 ? (
        <div className="cart-empty">
          <p className="cart-empty__title">{t('cart.empty.title')}</p>
          <p className="cart-empty__hint">{t('cart.empty.hint')}</p>
          {cleared ? <CartUndoToast removed={cleared} onUndo={() => void undoClear()} /> : null}
        </div>
      ) : (
        <>
          {changes.length > 0 ? <CartChangesNotice changes={changes} names={names} /> : null}
          <ul className="cart-lines" aria-label={t('cart.lines')}>
            {lines.map((line) => (
              <CartLineView key={line.id} line={line} names={names} />
            ))}
          </ul>
          <div className="cart-summary">
            <p className="cart-summary__total">
              <span>{t('cart.total')}</span>
              <span data-testid="cart-total">{formatLei(asBani(cartTotalBani(lines)), locale)}</span>
            </p>
            {!signedIn ? <p className="cart-summary__hint">{t('cart.signInHint')}</p> : null}
            {hasUnavailable ? <p className="cart-summary__hint">{t('cart.unavailableHint')}</p> : null}
            <button type="button" className="button button--block" onClick={proceed} disabled={hasUnavailable}>
              {t('cart.checkout')}
            </button>
            <button type="button" className="button button--outline button--block" onClick={() => void clear()}>
              {t('cart.clear')}
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}
