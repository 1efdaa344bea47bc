/** The three feature blurbs of the home page: traditional recipes, local ingredients, quick pickup. */
import './feature-blurbs.css';

const BLURBS = [
  { icon: '📜', title: 'Rețete tradiționale', text: 'Mici, sarmale și ciorbe după rețete românești, gătite ca acasă.' },
  { icon: '🌾', title: 'Ingrediente locale', text: 'Carne și legume de la producători din Prahova, proaspete în fiecare zi.' },
  { icon: '⏱️', title: 'Ridicare rapidă', text: 'Comanzi online și ridici în câteva minute din oricare dintre cele două locații.' },
] as const;

export function FeatureBlurbs() {
  return (
    <section className="blurbs" aria-label="De ce Casa Grătarului">
      {BLURBS.map((blurb) => (
        <article key={blurb.title} className="blurb">
          <span className="blurb__icon" aria-hidden="true">
            {blurb.icon}
          </span>
          <h2 className="blurb__title">{blurb.title}</h2>
          <p className="blurb__text">{blurb.text}</p>
        </article>
      ))}
    </section>
  );
}
