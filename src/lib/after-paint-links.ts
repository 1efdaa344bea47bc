/**
 * The entry's first step on a server-rendered page (src/shared/after-paint-links.ts): once the page's
 * first contentful paint is on screen, the links the server held back in the <template> go into
 * <head>, and the browser fetches the app's chunks and first API answers, all at once. A page without
 * the template (the plain shell) returns at once: its links were in <head> from the start.
 */
import { AFTER_PAINT_TEMPLATE_ID } from '../shared/after-paint-links';
import { afterNextPaint } from './next-task';

/**
 * A safety net only: a visible drawn page always reports its first contentful paint, but on a busy
 * phone that can come well after the entry runs (CI's phone run saw the paint ~600 ms after the
 * entry's first line, so a 300 ms cap fetched the app before the paint). A tab opened in the
 * background runs no frames and does not wait at all (see appendAfterPaintLinks).
 */
export const AFTER_PAINT_LINKS_MAX_WAIT_MS = 3_000;

type TemplateLike = { content: Node; remove(): void };

function isTemplate(element: unknown): element is TemplateLike {
  return typeof element === 'object' && element !== null && 'content' in element && 'remove' in element;
}

/**
 * Resolves once the page's first contentful paint has been presented (the paint timing entry, whose
 * time is when the frame reached the screen: a task queued from the frame itself can run a few
 * milliseconds before that). Where the browser has no paint timing, after the next frame; where no
 * frame comes, after `maxWaitMs`.
 */
function firstPaintOrTimeout(maxWaitMs: number): Promise<void> {
  return new Promise((resolve) => {
    let stopWatching = () => {};
    const done = () => {
      stopWatching();
      window.clearTimeout(timer);
      resolve();
    };
    const timer = window.setTimeout(done, maxWaitMs);
    if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      const observer = new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length > 0) done();
      });
      stopWatching = () => observer.disconnect();
      // Buffered: a paint presented before this line is delivered too.
      observer.observe({ type: 'paint', buffered: true });
    } else {
      stopWatching = afterNextPaint(done);
    }
  });
}

/**
 * Moves the held-back links into <head> after the first paint; resolves when they are there. A page
 * loading in a background tab paints nothing until it is shown, so it fetches them at once: nobody
 * is waiting for a paint there, and the app is ready when the tab comes forward.
 */
export async function appendAfterPaintLinks(doc: Pick<Document, 'getElementById' | 'head' | 'visibilityState'> = document): Promise<void> {
  const template = doc.getElementById(AFTER_PAINT_TEMPLATE_ID);
  if (!isTemplate(template)) return;
  if (doc.visibilityState !== 'hidden') await firstPaintOrTimeout(AFTER_PAINT_LINKS_MAX_WAIT_MS);
  // The template's content is a fragment: appending moves its links, once.
  doc.head.append(template.content);
  template.remove();
}
