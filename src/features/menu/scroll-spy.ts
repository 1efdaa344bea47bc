/**
 * Category scroll-spy for the menu screen (spec §2 "Menu screen", §9). A click scrolls smoothly to
 * the section with a fixed offset (room for the sticky header and bar) and pauses tracking while
 * that scroll runs; otherwise the active category follows the section under a point 30% down the
 * viewport. One detection pass runs shortly after the sections render.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

/** Space left above a section scrolled to: sticky header plus category bar. */
export const SCROLL_OFFSET_PX = 150;
/** Detection point, as a fraction of the viewport height from its top. */
export const DETECTION_POINT_RATIO = 0.3;
/** Tracking stays paused this long after a click, so the smooth scroll does not fight the choice. */
export const SCROLL_TRACKING_PAUSE_MS = 1000;
/** Delay of the first detection pass after the sections render. */
export const INITIAL_DETECTION_DELAY_MS = 100;
/** Within this distance of the page bottom the last section counts as active (it may be too short to reach the point). */
const PAGE_BOTTOM_SLACK_PX = 4;

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function useScrollSpy(ids: readonly string[]) {
  const [active, setActive] = useState<string | null>(null);
  const pausedUntil = useRef(0);
  // The first category is selected until detection says otherwise.
  const current = active !== null && ids.includes(active) ? active : (ids[0] ?? null);

  const detect = useCallback(() => {
    if (performance.now() < pausedUntil.current || ids.length === 0) return;
    const point = window.innerHeight * DETECTION_POINT_RATIO;
    let found = ids[0]!;
    for (const id of ids) {
      const element = document.getElementById(id);
      if (element && element.getBoundingClientRect().top <= point) found = id;
    }
    const root = document.documentElement;
    if (window.scrollY > 0 && window.innerHeight + window.scrollY >= root.scrollHeight - PAGE_BOTTOM_SLACK_PX) found = ids[ids.length - 1]!;
    setActive(found);
  }, [ids]);

  useEffect(() => {
    if (ids.length === 0) return;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(detect);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    const timer = window.setTimeout(detect, INITIAL_DETECTION_DELAY_MS);
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [ids, detect]);

  const scrollToSection = useCallback((id: string) => {
    const element = document.getElementById(id);
    setActive(id);
    if (!element) return;
    pausedUntil.current = performance.now() + SCROLL_TRACKING_PAUSE_MS;
    window.scrollTo({
      top: element.getBoundingClientRect().top + window.scrollY - SCROLL_OFFSET_PX,
      behavior: prefersReducedMotion() ? 'auto' : 'smooth',
    });
  }, []);

  return { active: current, scrollToSection };
}
