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

/** The horizontal line, in px from the viewport top, whose section is the active one. */
export function detectionLinePx(viewportHeight: number): number {
  return viewportHeight * DETECTION_POINT_RATIO;
}

export interface ViewportMetrics {
  height: number;
  scrollY: number;
  scrollHeight: number;
}

/**
 * The active section: the last one (in page order) whose top has reached the detection line; the
 * first while none has; the last once the page is scrolled to its bottom (a short last section may
 * never reach the line). Sections not rendered (top null) are skipped.
 */
export function activeSectionId(sections: readonly { id: string; top: number | null }[], viewport: ViewportMetrics): string | null {
  const first = sections[0];
  if (!first) return null;
  const line = detectionLinePx(viewport.height);
  let found = first.id;
  for (const section of sections) if (section.top !== null && section.top <= line) found = section.id;
  const atBottom = viewport.scrollY > 0 && viewport.height + viewport.scrollY >= viewport.scrollHeight - PAGE_BOTTOM_SLACK_PX;
  return atBottom ? sections[sections.length - 1]!.id : found;
}

/** Where the window scrolls to for a section whose top is `sectionTop` px below the viewport top. */
export function sectionScrollTop(sectionTop: number, scrollY: number): number {
  return Math.max(0, sectionTop + scrollY - SCROLL_OFFSET_PX);
}

/** The moment tracking resumes after a click at `clickedAt` (ms, performance clock). */
export function trackingResumesAt(clickedAt: number): number {
  return clickedAt + SCROLL_TRACKING_PAUSE_MS;
}

/**
 * A click's smooth scroll counts as over once no scroll event has come for this long. A long jump
 * (phone, one column) can take longer than the 1000 ms pause; without this the active category
 * would flick back to the sections scrolled past before settling on the clicked one.
 */
export const CLICK_SCROLL_SETTLE_MS = 150;

/**
 * A quiet spell alone does not end the click's scroll while the page is still short of where it was
 * going: a busy phone can stall a smooth scroll for longer than 150 ms. It is held until the page
 * arrives (within this slack), at most for the bound below (the person may have scrolled elsewhere).
 */
export const CLICK_SCROLL_TARGET_SLACK_PX = 2;
export const CLICK_SCROLL_MAX_HOLD_MS = 3000;

/** `targetTop`, or the bottom of the page when the page cannot scroll that far. */
function reachableScrollTop(targetTop: number, viewport: { height: number; scrollHeight: number }): number {
  return Math.min(targetTop, Math.max(0, viewport.scrollHeight - viewport.height));
}

/** Whether the click's scroll is still on its way to `targetTop` (clamped to how far the page can scroll). */
export function clickScrollUnderway(
  viewport: { scrollY: number; height: number; scrollHeight: number },
  targetTop: number,
  now: number,
  holdUntil: number,
): boolean {
  return now < holdUntil && Math.abs(viewport.scrollY - reachableScrollTop(targetTop, viewport)) > CLICK_SCROLL_TARGET_SLACK_PX;
}

/**
 * Where a click's scroll must go again once it has arrived, or null when the section is where it
 * should be. Sections above the one clicked may draw their cards while the page passes them (the menu
 * is drawn near the screen: docs/decisions/0111-menu-drawn-near-the-screen.md); if their height
 * changes, the page arrives where the section was, not where it is. A slow phone makes that likely.
 */
export function clickScrollCorrection(
  sectionTop: number,
  scrollY: number,
  viewport: { height: number; scrollHeight: number },
): number | null {
  const wanted = reachableScrollTop(sectionScrollTop(sectionTop, scrollY), viewport);
  return Math.abs(wanted - scrollY) > CLICK_SCROLL_TARGET_SLACK_PX ? wanted : null;
}

/** Tracking waits for the 1000 ms pause after a click and for the click's own scroll to settle. */
export function isTrackingPaused(now: number, resumesAt: number, clickScrollSettled = true): boolean {
  return now < resumesAt || !clickScrollSettled;
}

/** Run the first detection pass once the sections have had time to render; returns the cancel. */
export function scheduleInitialDetection(detect: () => void): () => void {
  const timer = setTimeout(detect, INITIAL_DETECTION_DELAY_MS);
  return () => clearTimeout(timer);
}

/**
 * The bar's scrollLeft that puts a button's centre on the bar's centre. `buttonLeft` is the button's
 * left edge relative to the bar's visible left edge (both from getBoundingClientRect).
 */
export function centredScrollLeft(bar: { scrollLeft: number; width: number }, button: { left: number; width: number }): number {
  return Math.max(0, bar.scrollLeft + button.left - (bar.width - button.width) / 2);
}

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function useScrollSpy(ids: readonly string[]) {
  const [active, setActive] = useState<string | null>(null);
  const pausedUntil = useRef(0);
  const clickScrollSettled = useRef(true);
  const settleTimer = useRef<number | undefined>(undefined);
  const clickTarget = useRef<{ id: string; top: number; holdUntil: number } | null>(null);
  // The first category is selected until detection says otherwise.
  const current = active !== null && ids.includes(active) ? active : (ids[0] ?? null);

  const detect = useCallback(() => {
    if (isTrackingPaused(performance.now(), pausedUntil.current, clickScrollSettled.current)) return;
    const found = activeSectionId(
      ids.map((id) => ({ id, top: document.getElementById(id)?.getBoundingClientRect().top ?? null })),
      { height: window.innerHeight, scrollY: window.scrollY, scrollHeight: document.documentElement.scrollHeight },
    );
    if (found !== null) setActive(found);
  }, [ids]);

  // (Re)started at a click and by every scroll event until the click's scroll goes quiet.
  const armSettleTimer = useCallback(() => {
    const arm = () => {
      window.clearTimeout(settleTimer.current);
      settleTimer.current = window.setTimeout(() => {
        const target = clickTarget.current;
        const viewport = { scrollY: window.scrollY, height: window.innerHeight, scrollHeight: document.documentElement.scrollHeight };
        const now = performance.now();
        if (target && clickScrollUnderway(viewport, target.top, now, target.holdUntil)) {
          arm();
          return;
        }
        // Arrived: if the section moved meanwhile, one more (instant) step puts it in place.
        const section = target && now < target.holdUntil ? document.getElementById(target.id) : null;
        const correction = section ? clickScrollCorrection(section.getBoundingClientRect().top, window.scrollY, viewport) : null;
        if (target && correction !== null) {
          target.top = correction;
          window.scrollTo({ top: correction, behavior: 'auto' });
          arm();
          return;
        }
        clickScrollSettled.current = true;
        clickTarget.current = null;
        detect();
      }, CLICK_SCROLL_SETTLE_MS);
    };
    arm();
  }, [detect]);

  useEffect(() => {
    if (ids.length === 0) return;
    let frame = 0;
    const onScroll = () => {
      if (!clickScrollSettled.current) armSettleTimer();
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(detect);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    const cancelInitial = scheduleInitialDetection(detect);
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
      cancelInitial();
      window.clearTimeout(settleTimer.current);
    };
  }, [ids, detect, armSettleTimer]);

  const scrollToSection = useCallback(
    (id: string) => {
      const element = document.getElementById(id);
      setActive(id);
      if (!element) return;
      const now = performance.now();
      const top = sectionScrollTop(element.getBoundingClientRect().top, window.scrollY);
      pausedUntil.current = trackingResumesAt(now);
      clickScrollSettled.current = false;
      clickTarget.current = { id, top, holdUntil: now + CLICK_SCROLL_MAX_HOLD_MS };
      armSettleTimer();
      window.scrollTo({ top, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    },
    [armSettleTimer],
  );

  return { active: current, scrollToSection };
}
