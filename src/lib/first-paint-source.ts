/**
 * Whether this page's HTML was drawn by the service worker from what IndexedDB kept
 * (src/lib/stored-first-paint.ts): the app's first render then shows the same stored menu and
 * settings, so React's first commit replaces those cards with the same cards.
 */
export function pageDrawnFromStoredData(): boolean {
  return typeof document !== 'undefined' && document.getElementById('root')?.dataset.firstPaintSource === 'stored';
}
