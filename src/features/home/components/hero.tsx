/**
 * The home hero (spec §2 "Home"): a muted looping video that falls back to a still image when the
 * video fails to load (or when the person prefers reduced motion), and the two calls to action.
 */
import { Link } from '@tanstack/react-router';
import { useState } from 'react';

import { useT } from '../../../lib/i18n';
import { useIdle } from '../../../lib/idle';
import { useOnline } from '../../../lib/use-online';

import './hero.css';

export const HERO_VIDEO_SRC = '/videos/hero.webm';
export const HERO_STILL_SRC = '/images/hero.svg';

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function Hero() {
  const t = useT();
  const [videoFailed, setVideoFailed] = useState(prefersReducedMotion);
  const [videoShowing, setVideoShowing] = useState(false);
  // The still is the first paint (and Lighthouse's LCP element): fetched first, sized, in
  // the same cell the video takes. The video (~100 KB) starts after the first paint so it does not
  // compete with it for a slow connection, and replaces the still once it has a frame to show.
  const idle = useIdle();
  // Offline the video (never cached) cannot load: the still stays, with no failed request (issue 27).
  const online = useOnline();
  return (
    <section className="hero" aria-labelledby="hero-title">
      {videoFailed || !videoShowing ? (
        <img
          className="hero__media"
          src={HERO_STILL_SRC}
          alt=""
          width={1200}
          height={600}
          fetchPriority="high"
          // Painted with the first frame that has it, not a decode later.
          decoding="sync"
          data-testid="hero-still"
        />
      ) : null}
      {videoFailed || !idle || (!online && !videoShowing) ? null : (
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
          onLoadedData={() => setVideoShowing(true)}
          onError={() => setVideoFailed(true)}
        />
      )}
      <div className="hero__overlay">
        <h1 id="hero-title" className="hero__title">
          {t('home.hero.title')}
        </h1>
        <p className="hero__lead">{t('home.hero.lead')}</p>
        <div className="hero__actions">
          <Link to="/menu" className="button button--light">
            {t('home.hero.order')}
          </Link>
          <Link to="/meniul-complet" className="button hero__secondary">
            {t('home.hero.seeMenu')}
          </Link>
        </div>
      </div>
    </section>
  );
}
