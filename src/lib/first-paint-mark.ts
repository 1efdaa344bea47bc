/**
 * The offline-paint benchmark reads the `menu-rendered` mark: the moment menu cards are on screen. Every card's name
 * carries `elementtiming="menu-card"` (MenuItemCard and the first-paint template alike), and the
 * browser reports when such text is first painted on screen (whichever cards the restored scroll
 * position shows): the mark gets that time, whoever drew the cards (the server's or the service
 * worker's HTML before any script ran, or React). A browser without Element Timing gets the mark
 * from the menu screen once React has drawn the cards.
 */
export const MENU_RENDERED_MARK = 'menu-rendered';
/** The `elementtiming` identifier of the menu cards' names. */
export const MENU_CARD_TIMING = 'menu-card';

/** Element Timing's entry (not in TypeScript's DOM library yet). */
interface ElementTimingEntry extends PerformanceEntry {
  identifier: string;
  renderTime: number;
  loadTime: number;
}

export const elementTimingSupported =
  typeof PerformanceObserver !== 'undefined' && (PerformanceObserver.supportedEntryTypes ?? []).includes('element');

/** Sets the mark when the first menu card's name is painted (buffered: it may have been already). */
export function markMenuRenderedOnPaint(): void {
  if (!elementTimingSupported) return;
  const observer = new PerformanceObserver((list) => {
    const painted = (list.getEntries() as ElementTimingEntry[]).find((entry) => entry.identifier === MENU_CARD_TIMING);
    if (!painted) return;
    observer.disconnect();
    performance.mark(MENU_RENDERED_MARK, { startTime: painted.renderTime || painted.loadTime });
  });
  observer.observe({ type: 'element', buffered: true });
}
