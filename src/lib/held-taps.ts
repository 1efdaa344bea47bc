/**
 * A tap on the server-rendered first paint before React has hydrated the tapped part is not lost
 * (the app's scripts load after the paint, src/lib/after-paint-links.ts, run in boot stages, and React
 * then hydrates the page in slices): the tapped button or menu card is held, and clicked again once
 * React has hydrated it. Hydration keeps the server's nodes, so it is the same element; React marks
 * each node it owns with its own property (`__reactFiber$…`), which is how "hydrated" is told here.
 * Taps are held until React has committed its first render, not only until it has marked the node:
 * it marks nodes while it is still rendering (in slices, in a transition), and a click reaching it
 * then is dropped when it cannot finish hydrating at once (a part still loading). After the first
 * commit, a tap on an element React owns passes through untouched. (The taps on a card that opened
 * nothing in bench/HISTORY.md, G3, had another cause: the router's first render scrolled the page to
 * the top under the finger, docs/decisions/0174-the-first-render-keeps-the-scroll.md.) Links are
 * left alone: before the app runs they navigate as plain links, which the server answers.
 */
const HELD = 'button, [data-testid="menu-card"]';
/** How long a held tap waits for its element to be hydrated. */
const HOLD_LIMIT_MS = 10_000;

const isHydrated = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$'));

/**
 * Starts holding taps on `root`'s server-rendered content. The returned function is called once React
 * has committed its first render of the page (src/boot/start-app.tsx): from then on each held tap is
 * clicked again as soon as React has hydrated its element, and new taps on hydrated elements pass.
 */
export function holdTaps(root: HTMLElement): () => void {
  let held: HTMLElement | null = null;
  let started = false;
  let heldAt = 0;
  const replayWhenHydrated = () => {
    const element = held;
    if (!element || !element.isConnected || performance.now() - heldAt > HOLD_LIMIT_MS) {
      held = null;
      return;
    }
    if (!isHydrated(element)) {
      requestAnimationFrame(replayWhenHydrated);
      return;
    }
    held = null;
    element.click();
  };
  const onClick = (event: MouseEvent) => {
    const tapped = event.target instanceof Element ? event.target.closest(HELD) : null;
    if (!(tapped instanceof HTMLElement) || !root.contains(tapped) || (started && isHydrated(tapped))) return;
    event.preventDefault();
    event.stopPropagation();
    held = tapped;
    heldAt = performance.now();
    if (started) requestAnimationFrame(replayWhenHydrated);
  };
  root.addEventListener('click', onClick, true);
  return () => {
    started = true;
    if (held) requestAnimationFrame(replayWhenHydrated);
  };
}
