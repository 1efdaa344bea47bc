/**
 * The header's account area (spec §2). Signed out: a 'Sign In' button opening the login modal.
 * Signed in: avatar (image, else an initial), first name and e-mail on a button that opens a menu
 * with 'Profile & Settings', 'Order History', 'Admin Panel' (admins only) and 'Sign Out'.
 *
 * The menu is a disclosure (button + list of links), closed by Escape (focus back on the button),
 * a click outside, or choosing an entry (account-menu-popup.tsx, fetched when first needed).
 */
import { useSetAtom } from 'jotai';
import { Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';

import { useCurrentUser } from '../../../entities/session/api/get-current-user';
import { loadWhenOnline } from '../../../lib/chunk-reload';
import { useT } from '../../../lib/i18n';
import { preloadableLazy } from '../../../lib/preloadable-lazy';
import { loginModalAtom } from '../../../entities/session/login-modal';
import type { CurrentUser } from '../../../shared/schemas/user';
import { avatarInitial, displayFirstName } from '../user-display';
import './account-menu.css';

// The open menu's code (its links, sign-out, closing by Escape or a click outside) is not part of the
// header's first-load code: the header only needs the button.
const popup = preloadableLazy(() => loadWhenOnline(() => import('./account-menu-popup').then((m) => m.AccountMenuPopup)));
const AccountMenuPopup = popup.Component;
const preloadPopup = () => void popup.preload().catch(() => undefined);

function Avatar({ user }: { user: CurrentUser }) {
  const [imageFailed, setImageFailed] = useState(false);
  if (user.avatar && !imageFailed) {
    return <img className="account-menu__avatar" src={user.avatar} alt="" width={36} height={36} onError={() => setImageFailed(true)} />;
  }
  return (
    <span className="account-menu__avatar account-menu__avatar--initial" aria-hidden="true">
      {avatarInitial(user)}
    </span>
  );
}

function SignedInMenu({ user, justSignedIn }: { user: CurrentUser; justSignedIn: boolean }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  // Right after a sign-in the modal's opener (the 'Sign In' button) is gone; keep keyboard focus
  // in the header instead of losing it to the page body.
  useEffect(() => {
    if (justSignedIn && (document.activeElement === null || document.activeElement === document.body)) buttonRef.current?.focus();
  }, [justSignedIn]);

  const close = useCallback(() => setOpen(false), []);
  const t = useT();
  const firstName = displayFirstName(user, t('account.user.unnamed'));

  return (
    <div className="account-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="account-menu__button"
        aria-expanded={open}
        aria-controls={menuId}
        // A pointer over the button or focus on it fetches the menu's code before the click needs it.
        onPointerEnter={preloadPopup}
        onFocus={preloadPopup}
        onClick={() => setOpen((value) => !value)}
      >
        <Avatar user={user} />
        <span className="account-menu__names">
          <span className="account-menu__first-name">{firstName}</span> <span className="account-menu__email">{user.email}</span>
        </span>
        <span className="visually-hidden">{t('account.menu.buttonSuffix')}</span>
      </button>
      {/* Always in the page, so the button's aria-controls names an element; its content arrives with its code. */}
      <div id={menuId} className="account-menu__popup" hidden={!open}>
        {open ? (
          <Suspense fallback={null}>
            <AccountMenuPopup user={user} rootRef={rootRef} buttonRef={buttonRef} onClose={close} />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}

export function AccountMenu() {
  const { data: user, isPending } = useCurrentUser();
  const setLoginModal = useSetAtom(loginModalAtom);
  const t = useT();
  // Known signed out before (not merely loading): a user appearing now has just signed in.
  const [wasSignedOut, setWasSignedOut] = useState(false);
  if (!isPending && !user && !wasSignedOut) setWasSignedOut(true);
  if (user) return <SignedInMenu user={user} justSignedIn={wasSignedOut} />;
  return (
    <button
      type="button"
      className="account-menu__sign-in"
      // Until /me answers we do not know; the button is there (no layout jump) but idle.
      aria-busy={isPending || undefined}
      onClick={() => setLoginModal({ open: true, tab: 'sign-in' })}
    >
      {t('account.menu.signIn')}
    </button>
  );
}
