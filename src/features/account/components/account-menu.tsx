/**
 * The header's account area (spec §2). Signed out: a 'Sign In' button opening the login modal.
 * Signed in: avatar (image, else an initial), first name and e-mail on a button that opens a menu
 * with 'Profile & Settings', 'Order History', 'Admin Panel' (admins only) and 'Sign Out'.
 *
 * The menu is a disclosure (button + list of links), closed by Escape (focus back on the button),
 * a click outside, or choosing an entry.
 */
import { Link } from '@tanstack/react-router';
import { useSetAtom } from 'jotai';
import { useEffect, useId, useRef, useState } from 'react';

import { useCurrentUser } from '../../../lib/current-user';
import { loginModalAtom } from '../../../lib/ui-atoms';
import type { CurrentUser } from '../../../shared/schemas/user';
import { avatarInitial, displayFirstName } from '../user-display';
import './account-menu.css';

const loadSignOut = () => import('../../../lib/sign-out');

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
  const [signingOut, setSigningOut] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    // The sign-out code is not part of the header's first-load code: fetched once the menu
    // opens, so 'Sign Out' does not wait for it. Offline the service worker's copy answers.
    void loadSignOut().catch(() => undefined);
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  // Right after a sign-in the modal's opener (the 'Sign In' button) is gone; keep keyboard focus
  // in the header instead of losing it to the page body.
  useEffect(() => {
    if (justSignedIn && (document.activeElement === null || document.activeElement === document.body)) buttonRef.current?.focus();
  }, [justSignedIn]);

  const close = () => setOpen(false);
  const firstName = displayFirstName(user);

  return (
    <div className="account-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="account-menu__button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <Avatar user={user} />
        <span className="account-menu__names">
          <span className="account-menu__first-name">{firstName}</span> <span className="account-menu__email">{user.email}</span>
        </span>
        <span className="visually-hidden">, account menu</span>
      </button>
      <div id={menuId} className="account-menu__popup" hidden={!open}>
        <div className="account-menu__who">
          <p className="account-menu__who-name">{firstName}</p>
          <p className="account-menu__who-email">{user.email}</p>
        </div>
        <ul className="account-menu__list">
          <li>
            <Link to="/profile" className="account-menu__item" onClick={close}>
              Profile &amp; Settings
            </Link>
          </li>
          <li>
            <Link to="/order-history" className="account-menu__item" onClick={close}>
              Order History
            </Link>
          </li>
          {user.role === 'admin' ? (
            <li>
              <Link to="/admin" className="account-menu__item" onClick={close}>
                Admin Panel
              </Link>
            </li>
          ) : null}
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
              {signingOut ? 'Signing out...' : 'Sign Out'}
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}

export function AccountMenu() {
  const { data: user, isPending } = useCurrentUser();
  const setLoginModal = useSetAtom(loginModalAtom);
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
      Sign In
    </button>
  );
}
