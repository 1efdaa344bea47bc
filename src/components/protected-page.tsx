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
import { useT } from '../lib/i18n';
import { Spinner } from './skeleton';
import './protected-page.css';

/** A picture, not words: the same in every language. */
const LOCK = '🔒';

export function ProtectedPage({ children }: { children: ReactNode }) {
  const t = useT();
  const { data: user, isPending } = useCurrentUser();
  if (isPending) {
    return (
      <section className="protected-page">
        <Spinner label={t('common.loading')} />
      </section>
    );
  }
  // Spec §8: a failed current-user fetch means "not signed in", silently.
  if (!user) {
    return (
      <section className="protected-page" aria-labelledby="protected-page-title">
        <span className="protected-page__icon" aria-hidden="true">
          {LOCK}
        </span>
        <h1 id="protected-page-title" className="protected-page__title">
          {t('common.protected.title')}
        </h1>
        <p className="protected-page__text">{t('common.protected.text')}</p>
        <Link to="/" className="button">
          {t('common.protected.home')}
        </Link>
      </section>
    );
  }
  return <>{children}</>;
}
