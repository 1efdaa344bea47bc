/**
 * The footer (spec §2): brand blurb, the two addresses, hours with the live open/closed line, Quick Links, Account links and the
 * 2025 copyright. 'Sign Out' shows only for a signed-in person; 'Sign In' opens the login modal.
 */
import { Link } from '@tanstack/react-router';
import { useSetAtom } from 'jotai';

import { LanguageSwitch } from '../../../components/language-switch';
import { OpeningHoursInfo } from '../../../components/opening-hours-info';
import { useCurrentUser } from '../../../entities/session/api/get-current-user';
import { beginSignOut } from '../../../entities/session/sign-out';
import { loginModalAtom } from '../../../entities/session/login-modal';
import { useT } from '../../../lib/i18n';
import type { RestaurantInfo } from '../../../shared/schemas/restaurant';
import './site-footer.css';

const DEFAULT_HOURS = '11:00-22:00';

export function SiteFooter({ info }: { info: RestaurantInfo | undefined }) {
  const t = useT();
  const { data: user } = useCurrentUser();
  const setLoginModal = useSetAtom(loginModalAtom);
  return (
    <footer className="site-footer">
      <div className="site-footer__grid">
        <section aria-labelledby="footer-brand">
          <h2 id="footer-brand" className="site-footer__heading">
            {t('common.brand')}
          </h2>
          <p>{info?.settings.description ?? t('common.footer.description')}</p>
          {info ? (
            <ul className="site-footer__list">
              {info.locations.map((location) => (
                <li key={location.id}>
                  <strong>{location.name}</strong>
                  <br />
                  {location.address}
                </li>
              ))}
            </ul>
          ) : null}
        </section>
        <section aria-labelledby="footer-hours">
          <h2 id="footer-hours" className="site-footer__heading">
            {t('common.footer.hours')}
          </h2>
          <OpeningHoursInfo locations={info?.locations} fallback={t('common.footer.dailyHours', { hours: DEFAULT_HOURS })} />
          <p>
            {t('common.footer.callUs')}{' '}
            {info ? (
              <a className="site-footer__link" href={`tel:${info.settings.phone.replace(/\s+/g, '')}`}>
                {info.settings.phone}
              </a>
            ) : (
              t('common.footer.callUsRestaurant')
            )}
            .
          </p>
        </section>
        <nav aria-labelledby="footer-quick">
          <h2 id="footer-quick" className="site-footer__heading">
            {t('common.footer.quickLinks')}
          </h2>
          <ul className="site-footer__list">
            <li>
              <Link className="site-footer__link" to="/">
                {t('common.footer.home')}
              </Link>
            </li>
            <li>
              <Link className="site-footer__link" to="/menu">
                {t('common.footer.menu')}
              </Link>
            </li>
            <li>
              <Link className="site-footer__link" to="/about">
                {t('common.footer.about')}
              </Link>
            </li>
            <li>
              <Link className="site-footer__link" to="/contact">
                {t('common.footer.contact')}
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-account">
          <h2 id="footer-account" className="site-footer__heading">
            {t('common.footer.account')}
          </h2>
          <ul className="site-footer__list">
            <li>
              <a className="site-footer__link" href="/profile">
                {t('common.footer.profile')}
              </a>
            </li>
            <li>
              <a className="site-footer__link" href="/orders">
                {t('common.footer.orderHistory')}
              </a>
            </li>
            <li>
              {user ? (
                <button type="button" className="site-footer__link site-footer__button" onClick={() => void beginSignOut()}>
                  {t('common.signOut.signOut')}
                </button>
              ) : (
                <button
                  type="button"
                  className="site-footer__link site-footer__button"
                  onClick={() => setLoginModal({ open: true, tab: 'sign-in' })}
                >
                  {t('common.signInAgain.button')}
                </button>
              )}
            </li>
          </ul>
        </nav>
      </div>
      <LanguageSwitch className="site-footer__language" />
      <p className="site-footer__copyright">
        {t('common.footer.copyright')} {/* Beside the copyright, not in Quick Links: the spec fixes that list (issue 21's privacy page). */}
        <a className="site-footer__link" href="/privacy">
          {t('common.footer.privacy')}
        </a>
      </p>
    </footer>
  );
}
