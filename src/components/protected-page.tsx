/**
 * Wraps the pages only a signed-in person may see (/profile, /order-history, /orders,
 * /order-details/…, /checkout, order confirmations). Guests get the spec's restricted screen
 * ('Access restricted' / 'Sign in to view your page.' / 'Go to homepage'); the page's own content
 * mounts only once the current user is known, so it never fetches personal data for a guest.
 * The server enforces the same rule on every personal route; this is the friendly half.
 */
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

import { useCurrentUser } from '../entities/session/api/get-current-user';
import { Spinner } from './skeleton';
import './protected-page.css';

export function ProtectedPage({ children }: { children: ReactNode }) {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) {
    return (
      <section className="protected-page">
        <Spinner label="Loading..." />
      </section>
    );
  }
  // Spec §8: a failed current-user fetch means "not signed in", silently.
  if (!user) {
    return (
      <section className="protected-page" aria-labelledby="protected-page-title">
        <span className="protected-page__icon" aria-hidden="true">
          🔒
        </span>
        <h1 id="protected-page-title" className="protected-page__title">
          Access restricted
        </h1>
        <p className="protected-page__text">Sign in to view your page.</p>
        <Link to="/" className="button">
          Go to homepage
        </Link>
      </section>
    );
  }
  return <>{children}</>;
}
