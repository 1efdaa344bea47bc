import { afterEach, describe, expect, it, vi } from 'vitest';

import {
  CLICK_SCROLL_TARGET_SLACK_PX,
  clickScrollCorrection,
  clickScrollUnderway,
  activeSectionId,
  centredScrollLeft,
  detectionLinePx,
  isTrackingPaused,
  scheduleInitialDetection,
  sectionScrollTop,
  trackingResumesAt,
} from './scroll-spy';

const viewport = { height: 1000, scrollY: 500, scrollHeight: 5000 };
const sections = (...tops: (number | null)[]) => tops.map((top, i) => ({ id: `c${i}`, top }));

afterEach(() => vi.useRealTimers());

describe('scroll-spy detection', () => {
  it('watches a line 30% down the viewport', () => {
    expect(detectionLinePx(1000)).toBe(300);
    expect(detectionLinePx(800)).toBe(240);
  });

  it('picks the last section whose top has reached the line', () => {
    expect(activeSectionId(sections(-900, 300, 301), viewport)).toBe('c1');
    expect(activeSectionId(sections(-900, -200, 299), viewport)).toBe('c2');
    expect(activeSectionId(sections(-900, 301, 900), viewport)).toBe('c0');
  });

  it('selects the first category while none has reached the line, and skips sections not rendered', () => {
    expect(activeSectionId(sections(400, 900), { ...viewport, scrollY: 0 })).toBe('c0');
    expect(activeSectionId(sections(-100, null, 200), viewport)).toBe('c2');
    expect(activeSectionId([], viewport)).toBeNull();
  });

  it('selects the last section at the bottom of the page, where a short one cannot reach the line', () => {
    expect(activeSectionId(sections(-900, 100, 700), { height: 1000, scrollY: 4000, scrollHeight: 5000 })).toBe('c2');
    expect(activeSectionId(sections(-900, 100, 700), { height: 1000, scrollY: 3990, scrollHeight: 5000 })).toBe('c1');
  });
});

describe('scroll-spy clicks', () => {
  it('scrolls so the section starts 150 px below the viewport top', () => {
    expect(sectionScrollTop(1200, 300)).toBe(1350);
    expect(sectionScrollTop(100, 0)).toBe(0);
  });

  it('pauses tracking for 1000 ms after a click', () => {
    const resumesAt = trackingResumesAt(5000);
    expect(resumesAt).toBe(6000);
    expect(isTrackingPaused(5999, resumesAt)).toBe(true);
    expect(isTrackingPaused(6000, resumesAt)).toBe(false);
  });

  it('stays paused past 1000 ms while the click scroll is still moving', () => {
    const resumesAt = trackingResumesAt(5000);
    expect(isTrackingPaused(7500, resumesAt, false)).toBe(true);
    expect(isTrackingPaused(7500, resumesAt, true)).toBe(false);
    expect(isTrackingPaused(5500, resumesAt, true)).toBe(true);
  });

  it('runs the first detection pass 100 ms after load, unless cancelled', () => {
    vi.useFakeTimers();
    const detect = vi.fn();
    scheduleInitialDetection(detect);
    vi.advanceTimersByTime(99);
    expect(detect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(detect).toHaveBeenCalledTimes(1);
    const cancelled = vi.fn();
    scheduleInitialDetection(cancelled)();
    vi.advanceTimersByTime(200);
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('centres the active button in the bar', () => {
    // Bar 400 px wide, scrolled 100; button 80 px wide, 500 px right of the bar's visible left edge.
    const left = centredScrollLeft({ scrollLeft: 100, width: 400 }, { left: 500, width: 80 });
    expect(left).toBe(440);
    // After scrolling by (left - 100), the button's centre sits at the bar's centre.
    expect(500 - (left - 100) + 40).toBe(200);
    expect(centredScrollLeft({ scrollLeft: 0, width: 400 }, { left: 10, width: 80 })).toBe(0);
  });
});

describe('clickScrollUnderway', () => {
  const viewport = (scrollY: number) => ({ scrollY, height: 740, scrollHeight: 5000 });

  it('holds while the page is short of the target, even after a quiet spell', () => {
    expect(clickScrollUnderway(viewport(1200), 2000, 1000, 3000)).toBe(true);
  });

  it('ends once the page has arrived (within the slack)', () => {
    expect(clickScrollUnderway(viewport(2000 - CLICK_SCROLL_TARGET_SLACK_PX), 2000, 1000, 3000)).toBe(false);
  });

  it('counts a target past the bottom as reached at the bottom', () => {
    expect(clickScrollUnderway(viewport(5000 - 740), 9000, 1000, 3000)).toBe(false);
  });

  it('never holds past its bound (the person may have scrolled elsewhere)', () => {
    expect(clickScrollUnderway(viewport(0), 2000, 3000, 3000)).toBe(false);
  });
});

describe('clickScrollCorrection', () => {
  const page = { height: 740, scrollHeight: 9000 };

  it('nothing to do when the section arrived 150 px below the top (within the slack)', () => {
    expect(clickScrollCorrection(150 + CLICK_SCROLL_TARGET_SLACK_PX, 4000, page)).toBeNull();
  });

  it('sections above grew while the page passed them: the section is now 900 px further down', () => {
    expect(clickScrollCorrection(1050, 4000, page)).toBe(4900);
  });

  it('they shrank: the section is above the screen, and the page goes back up to it', () => {
    expect(clickScrollCorrection(-600, 4000, page)).toBe(3250);
  });

  it('never past the bottom of the page', () => {
    expect(clickScrollCorrection(6000, 4000, page)).toBe(9000 - 740);
  });
});
