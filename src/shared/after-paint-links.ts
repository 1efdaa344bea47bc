/**
 * A page whose HTML paints by itself (the server-rendered first paint, src/entry-server.tsx, from the
 * server or offline the service worker's kept copy) fetches the app's chunks and the API answers the app starts with
 * only after that paint. Fetched with the page, they share the connection with the
 * stylesheets and the hero image the paint needs; and Lighthouse's simulation counts every request
 * that ended before the observed largest paint as needed for it (lantern's LCP graph), so ~140 KiB
 * of scripts kept its simulated LCP at 2.1 s while the observed one equalled the first paint.
 *
 * The links that may wait carry `data-after-paint` (the build's boot-stage preloads, the server's
 * route preloads). On a drawn page they move into an inert <template> in <head>, which the entry
 * appends to <head> after the first frame (src/lib/after-paint-links.ts): all at once, so the stages
 * still load in parallel rather than one after another. A page that does not paint by itself (the
 * plain shell) keeps them as they are: it has nothing to show before the app runs.
 */

/** The attribute that marks a <link> a drawn page fetches only after its first paint. */
export const AFTER_PAINT_ATTRIBUTE = 'data-after-paint';
/** The id of the <template> holding those links on a drawn page. */
export const AFTER_PAINT_TEMPLATE_ID = 'after-paint-links';

const AFTER_PAINT_LINK = new RegExp(`<link\\b[^>]*\\s${AFTER_PAINT_ATTRIBUTE}\\b[^>]*>`, 'g');

/**
 * The shell of a drawn page: the marked links in the <template>, and what must still load before the
 * app can run (the entry script and its own imports) at low priority, behind the stylesheets and the
 * images of the paint (Lighthouse's simulation treats a high-priority script started before the first
 * paint as render-blocking). A shell without </head> is returned as it is.
 */
export function deferAppLoading(shell: string): string {
  const headEnd = shell.indexOf('</head>');
  if (headEnd < 0) return shell;
  const deferred: string[] = [];
  const head = shell
    .slice(0, headEnd)
    .replace(AFTER_PAINT_LINK, (link) => {
      deferred.push(link);
      return '';
    })
    .replaceAll('<script type="module" crossorigin', '<script type="module" fetchpriority="low" crossorigin')
    .replaceAll('<link rel="modulepreload" ', '<link rel="modulepreload" fetchpriority="low" ');
  const template = deferred.length > 0 ? `<template id="${AFTER_PAINT_TEMPLATE_ID}">${deferred.join('')}</template>` : '';
  return head + template + shell.slice(headEnd);
}
