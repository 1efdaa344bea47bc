/** The promotional banner (spec §1): Romanian text and 'Comandă Online' to the external cakes shop. */
import './promo-banner.css';

export function PromoBanner({ href }: { href: string | undefined }) {
  return (
    <aside className="promo-banner" aria-label="Promoție">
      <div>
        <p className="promo-banner__title">Prăjituri și torturi de casă</p>
        <p className="promo-banner__text">Comandă deserturile preferate din cofetăria noastră online, cu livrare în Ploiești.</p>
      </div>
      {href ? (
        <a className="button button--light" href={href} target="_blank" rel="noopener noreferrer">
          Comandă Online
        </a>
      ) : null}
    </aside>
  );
}
