/**
 * The router's scroll restoration (TanStack Router's `scrollRestoration` option), except on the page's
 * first render when the page has already been scrolled. A server-rendered page can be read and
 * scrolled before the app hydrates it, and the browser puts a reloaded page back where it was; the
 * router's first render would then move it to the top (or to its own saved place) under the reader's
 * finger, so a tap begun on one dish card ended on another and opened nothing (issue 24,
 * docs/decisions/0174-the-first-render-keeps-the-scroll.md). A page still at the top on its first
 * render (the shell, drawn by the app itself) gets the router's restoration, as every later navigation does.
 */
export function restoreScrollAfterFirstRender(view: { readonly scrollX: number; readonly scrollY: number }): () => boolean {
  let firstRender = true;
  return () => {
    const restore = !firstRender || (view.scrollX === 0 && view.scrollY === 0);
    firstRender = false;
    return restore;
  };
}
