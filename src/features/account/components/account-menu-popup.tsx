/**
 * The open account menu's content (account-menu.tsx's disclosure holds it): who is signed in, 'Profile & Settings',
 * 'Order History', 'Admin Panel' (admins only) and 'Sign Out'. Closed by Escape (focus back on the
 * button), a click outside the menu, or choosing an entry. Its own chunk: the header's first paint
 * needs only the button.
 */
import { Link } from '@tanstack/react-router';
import type { RefObject } from 'react';
import { useEffect, useState } from 'react';

import { LanguageSwitch } from '../../../components/language-switch';
import { useT } from '../../../lib/i18n';
import type { CurrentUser } from '../../../shared/schemas/user';
import { displayFirstName } from '../user-display';

const loadSignOut = () => import('../../../entities/session/sign-out');

export function AccountMenuPopup({
  user,
  rootRef,
  buttonRef,
  onClose,
}: {
  user: CurrentUser;
  rootRef: RefObject<HTMLDivElement | null>;
  buttonRef: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
}) {
  const [signingOut, setSigningOut] = useState(false);
  const t = useT();

  useEffect(() => {
    // The sign-out code is fetched once the menu opens, so 'Sign Out' does not wait for it. Offline
    // the service worker's copy answers.
    void loadSignOut().catch(() => undefined);
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) onClose();
    };
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      onClose();
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [rootRef, buttonRef, onClose]);

  const firstName = displayFirstName(user, t('account.user.unnamed'));
  return (
    <>
      <div className="account-menu__who">
        <p className="account-menu__who-name">{firstName}</p>
        <p className="account-menu__who-email">{user.email}</p>
      </div>
      <ul className="account-menu__list">
        <li>
          <Link to="/profile" className="account-menu__item" onClick={onClose}>
            {t('account.menu.profile')}
          </Link>
        </li>
        <li>
          <Link to="/order-history" className="account-menu__item" onClick={onClose}>
            {t('account.menu.orders')}
          </Link>
        </li>
        {user.role === 'admin' ? (
          <li>
            <Link to="/admin" className="account-menu__item" onClick={onClose}>
              {t('account.menu.admin')}
            </Link>
          </li>
        ) : null}
        <li className="account-menu__language">
          <LanguageSwitch />
        </li>
        <li>
          <button
            type="button"
            className="account-menu__item account-menu__item--danger"
            disabled={signingOut}
            onClick={() => {
              setSigningOut(true);
              // With unsent changes a warning opens first (src/components/sign-out-dialog.tsx).
              void loadSignOut()
                .then(({ beginSignOut }) => beginSignOut())
                .finally(() => setSigningOut(false));
            }}
          >
            {signingOut ? t('account.menu.signingOut') : t('account.menu.signOut')}
          </button>
        </li>
      </ul>
    </>
  );
}
