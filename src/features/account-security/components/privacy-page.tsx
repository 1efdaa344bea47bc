/**
 * /privacy: what the storefront keeps about a person, why, for how long, what happens on account
 * deletion, and which cookies exist. Static text (it works offline once the app is cached).
 */
import { Link } from '@tanstack/react-router';

import { useT, useWords } from '../../../lib/i18n';
import './account-security.css';

const SESSION_COOKIE = 'cg_session';
const DEVICE_COOKIE = 'cg_device';
const OIDC_COOKIE = 'cg_oidc';

export function PrivacyPage() {
  // This screen's words are a part of their own (not in a first visit's load): it waits for them.
  useWords('pages');
  const t = useT();
  return (
    <section className="account-page">
      <h1>{t('account-security.privacy.title')}</h1>
      <div className="account-page__card">
        <h2>{t('account-security.privacy.keep.heading')}</h2>
        <p>{t('account-security.privacy.keep.text')}</p>

        <h2>{t('account-security.privacy.orders.heading')}</h2>
        <p>{t('account-security.privacy.orders.text')}</p>

        <h2>{t('account-security.privacy.delete.heading')}</h2>
        <p>
          {t('account-security.privacy.delete.text')} <Link to="/profile">{t('account-security.privacy.delete.profile')}</Link>{' '}
          {t('account-security.privacy.delete.where')}
        </p>

        <h2>{t('account-security.privacy.cards.heading')}</h2>
        <p>{t('account-security.privacy.cards.text')}</p>

        <h2>{t('account-security.privacy.cookies.heading')}</h2>
        <p>{t('account-security.privacy.cookies.text')}</p>
        {/* The cookies' names are what the browser shows; they are not words to translate. */}
        <ul>
          <li>
            <strong>{SESSION_COOKIE}</strong>: {t('account-security.privacy.cookies.session')}
          </li>
          <li>
            <strong>{DEVICE_COOKIE}</strong>: {t('account-security.privacy.cookies.device')}
          </li>
          <li>
            <strong>{OIDC_COOKIE}</strong>: {t('account-security.privacy.cookies.oidc')}
          </li>
        </ul>
        <p>{t('account-security.privacy.cookies.deviceCopy')}</p>

        <h2>{t('account-security.privacy.security.heading')}</h2>
        <p>{t('account-security.privacy.security.text')}</p>

        <h2>{t('account-security.privacy.questions.heading')}</h2>
        <p>
          {t('account-security.privacy.questions.text')} <Link to="/contact">{t('account-security.privacy.questions.contact')}</Link>.
        </p>
      </div>
    </section>
  );
}
