/** The three feature blurbs of the home page: traditional recipes, local ingredients, quick pickup. */
import type { PictogramName } from '../../../shared/svg-icons';
import { Pictogram } from '../../../components/icons';
import type { MessageId } from '../../../lib/i18n';
import { useT } from '../../../lib/i18n';
import './feature-blurbs.css';

// Pictograms, not emoji: a device without an emoji font drew empty boxes (issue 27).
const BLURBS: readonly { icon: PictogramName; title: MessageId; text: MessageId }[] = [
  { icon: 'scroll', title: 'home.blurbs.recipes.title', text: 'home.blurbs.recipes.text' },
  { icon: 'wheat', title: 'home.blurbs.local.title', text: 'home.blurbs.local.text' },
  { icon: 'timer', title: 'home.blurbs.pickup.title', text: 'home.blurbs.pickup.text' },
];

export function FeatureBlurbs() {
  const t = useT();
  return (
    <section className="blurbs" aria-label={t('home.blurbs.label')}>
      {BLURBS.map((blurb) => (
        <article key={blurb.title} className="blurb">
          <Pictogram name={blurb.icon} size={32} className="blurb__icon" />
          <h2 className="blurb__title">{t(blurb.title)}</h2>
          <p className="blurb__text">{t(blurb.text)}</p>
        </article>
      ))}
    </section>
  );
}
