/**
 * The home hero (spec §2 "Home"): a muted looping video that falls back to a still image when the
 * video fails to load (or when the person prefers reduced motion), and the two calls to action.
 */
import { Link } from '@tanstack/react-router';
import { useState } from 'react';

import './hero.css';

export const HERO_VIDEO_SRC = '/videos/hero.webm';
export const HERO_STILL_SRC = '/images/hero.svg';

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function Hero() {
  const [videoFailed, setVideoFailed] = useState(prefersReducedMotion);
  return (
    <section className="hero" aria-labelledby="hero-title">
      {videoFailed ? (
        <img className="hero__media" src={HERO_STILL_SRC} alt="" width={1200} height={600} data-testid="hero-still" />
      ) : (
        <video
          className="hero__media"
          src={HERO_VIDEO_SRC}
          poster={HERO_STILL_SRC}
          autoPlay
          muted
          loop
          playsInline
          preload="auto"
          aria-hidden="true"
          data-testid="hero-video"
          onError={() => setVideoFailed(true)}
        />
      )}
      <div className="hero__overlay">
        <h1 id="hero-title" className="hero__title">
          Grătar românesc la jar, în Ploiești
        </h1>
        <p className="hero__lead">
          Mici, ceafă și cârnați de Pleșcoi, făcuți pe jar de fag. Comandă pentru livrare sau ridicare personală.
        </p>
        <div className="hero__actions">
          <Link to="/menu" className="button button--light">
            Comandă acum
          </Link>
          <Link to="/meniul-complet" className="button hero__secondary">
            Vezi meniul
          </Link>
        </div>
      </div>
    </section>
  );
}
