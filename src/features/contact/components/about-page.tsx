/** The about page (Romanian copy), linked from the footer's Quick Links. */
import { Link } from '@tanstack/react-router';

import './about-page.css';

export function AboutPage() {
  return (
    <article className="about">
      <h1>Despre Casa Grătarului</h1>
      <p className="about__lead">
        Suntem un restaurant de familie din Ploiești care face, de peste zece ani, grătar românesc la jar de lemn de fag.
      </p>
      <h2>Povestea noastră</h2>
      <p>
        Totul a început cu o curte, un grătar și rețeta de mici a bunicului. Astăzi avem două locații în oraș, pe Bulevardul Republicii și
        pe Strada Mărășești, dar facem lucrurile la fel: carne proaspătă, marinată în casă, și răbdare la jar.
      </p>
      <h2>Ce găsiți la noi</h2>
      <ul>
        <li>Mici, ceafă, cârnați de Pleșcoi și pui la grătar, făcuți pe loc.</li>
        <li>Mâncăruri gătite după rețete românești: sarmale, tochitură, ciorbe.</li>
        <li>Garnituri, salate proaspete și deserturi de casă, de la papanași la plăcinte.</li>
      </ul>
      <h2>Ingrediente din Prahova</h2>
      <p>
        Lucrăm cu producători locali pentru carne, legume și lactate. Meniul se schimbă puțin după sezon, iar meniul zilei se schimbă, cum
        îi spune numele, în fiecare zi.
      </p>
      <h2>Comandă cum îți vine mai bine</h2>
      <p>
        Comanzi online pentru livrare în Ploiești sau ridicare personală, plătești cu cardul sau numerar, iar noi îți spunem când comanda a
        ajuns la bucătărie. Programul este zilnic între 11:00 și 22:00.
      </p>
      <p className="about__actions">
        <Link to="/menu" className="button">
          Vezi meniul
        </Link>
        <Link to="/contact" className="button button--outline">
          Contact
        </Link>
      </p>
    </article>
  );
}
