/**
 * A tap on the server-rendered first paint before the app has started (its scripts load after the
 * paint, src/lib/after-paint-links.ts, then run in boot stages) is not lost: the tapped button or
 * menu card is remembered, and once `hydrateRoot` has been called (React listens on the root from
 * then on) it is clicked again. Hydration keeps the server's nodes, so it is the same element; React
 * hydrates its part of the page first and handles the click as if it had just happened (React's own
 * replay of events on a page it is still hydrating). Links are left alone: before the app runs they
 * navigate as plain links, which the server answers.
 */
const HELD = 'button, [data-testid="menu-card"]';

/** Starts holding taps on `root`'s server-rendered content; the returned function stops and clicks the last one held. */
export function holdTaps(root: HTMLElement): () => void {
  let held: HTMLElement | null = null;
  const onClick = (event: MouseEvent) => {
    const tapped = event.target instanceof Element ? event.target.closest(HELD) : null;
    if (!(tapped instanceof HTMLElement) || !root.contains(tapped)) return;
    event.preventDefault();
    event.stopPropagation();
    held = tapped;
  };
  root.addEventListener('click', onClick, true);
  return () => {
    root.removeEventListener('click', onClick, true);
    if (held?.isConnected) held.click();
    held = null;
  };
}
