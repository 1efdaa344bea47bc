/** The three feature blurbs of the home page: traditional recipes, local ingredients, quick pickup. */
import type { PictogramName } from '../../../shared/svg-icons';
import { Pictogram } from '../../../components/icons';
import './feature-blurbs.css';

// Pictograms, not emoji: a device without an emoji font drew empty boxes (issue 27).
const BLURBS: readonly { icon: PictogramName; title: string; text: string }[] = [
  { icon: 'scroll', title: 'Rețete tradiționale', text: 'Mici, sarmale și ciorbe după rețete românești, gătite ca acasă.' },
  { icon: 'wheat', title: 'Ingrediente locale', text: 'Carne și legume de la producători din Prahova, proaspete în fiecare zi.' },
  { icon: 'timer', title: 'Ridicare rapidă', text: 'Comanzi online și ridici în câteva minute din oricare dintre cele două locații.' },
];

export function FeatureBlurbs() {
  return (
    <section className="blurbs" aria-label="De ce Casa Grătarului">
      {BLURBS.map((blurb) => (
        <article key={blurb.title} className="blurb">
          <Pictogram name={blurb.icon} size={32} className="blurb__icon" />
          <h2 className="blurb__title">{blurb.title}</h2>
          <p className="blurb__text">{blurb.text}</p>
        </article>
      ))}
    </section>
  );
}
