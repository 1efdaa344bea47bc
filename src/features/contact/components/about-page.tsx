/** The about page (Romanian copy), linked from the footer's Quick Links. */
import { Link } from '@tanstack/react-router';

import { useT, useWords } from '../../../lib/i18n';
import './about-page.css';

export function AboutPage() {
  useWords('pages');
  const t = useT();
  return (
    <article className="about">
      <h1>{t('contact.about.title')}</h1>
      <p className="about__lead">{t('contact.about.lead')}</p>
      <h2>{t('contact.about.story.title')}</h2>
      <p>{t('contact.about.story.text')}</p>
      <h2>{t('contact.about.offer.title')}</h2>
      <ul>
        <li>{t('contact.about.offer.grill')}</li>
        <li>{t('contact.about.offer.cooked')}</li>
        <li>{t('contact.about.offer.sides')}</li>
      </ul>
      <h2>{t('contact.about.ingredients.title')}</h2>
      <p>{t('contact.about.ingredients.text')}</p>
      <h2>{t('contact.about.ordering.title')}</h2>
      <p>{t('contact.about.ordering.text')}</p>
      <p className="about__actions">
        <Link to="/menu" className="button">
          {t('contact.about.seeMenu')}
        </Link>
        <Link to="/contact" className="button button--outline">
          {t('contact.about.contact')}
        </Link>
      </p>
    </article>
  );
}
