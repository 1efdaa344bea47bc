/**
 * A tap on the server-drawn first paint (src/shared/first-paint-html.ts) that lands before React has
 * replaced it is not lost: the tapped button (or menu card) is remembered by its place in #root and,
 * once React's first commit has put its own copy of the same markup there, that copy is clicked.
 * Links are left alone: before the app runs they navigate as plain links, which the server answers.
 */
const REPLAYED = 'button, [data-testid="menu-card"]';
/** How long after React's first commit a held tap may still find its element. */
const REPLAY_WINDOW_MS = 3000;

/** Child indexes from `root` down to `element`. */
function pathOf(root: Element, element: Element): number[] {
  const path: number[] = [];
  for (let node: Element = element; node !== root && node.parentElement; node = node.parentElement) {
    path.unshift(Array.prototype.indexOf.call(node.parentElement.children, node));
  }
  return path;
}

function elementAt(root: Element, path: readonly number[]): Element | undefined {
  let node: Element | undefined = root;
  for (const index of path) node = node?.children[index];
  return node;
}

/** The tapped element's identity: the replacement must be the same element, not whatever took its place. */
const signature = (element: Element) =>
  `${element.tagName}|${element.className}|${element.getAttribute('aria-label') ?? element.textContent}`;

/** Starts holding taps on `root`'s server-drawn content; stops (and replays the last one) at React's first commit. */
export function holdFirstPaintClicks(root: HTMLElement): void {
  const serverDrawn = root.firstElementChild;
  if (!serverDrawn) return;
  let pending: { path: number[]; signature: string } | null = null;
  const onClick = (event: MouseEvent) => {
    const tapped = event.target instanceof Element ? event.target.closest(REPLAYED) : null;
    if (!tapped || !serverDrawn.isConnected || !serverDrawn.contains(tapped)) return;
    event.preventDefault();
    pending = { path: pathOf(root, tapped), signature: signature(tapped) };
  };
  root.addEventListener('click', onClick, true);
  // React may commit the page in more than one step (the router's outlet can follow the layout):
  // the tapped element's copy is looked for on each change until it appears, for a bounded time.
  let deadline = 0;
  const observer = new MutationObserver(() => {
    if (serverDrawn.isConnected) return;
    if (deadline === 0) {
      deadline = performance.now() + REPLAY_WINDOW_MS;
      root.removeEventListener('click', onClick, true);
    }
    if (!pending || performance.now() > deadline) return observer.disconnect();
    const replacement = elementAt(root, pending.path);
    if (!(replacement instanceof HTMLElement) || signature(replacement) !== pending.signature) return;
    observer.disconnect();
    replacement.click();
  });
  observer.observe(root, { childList: true, subtree: true });
}
