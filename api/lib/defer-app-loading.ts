/**
 * The shell of a server-rendered page, made to fetch the app after its first paint
 * (src/shared/after-paint-links.ts says why): the server's own edit of the shell it answers, beside
 * its route preloads (api/routes/static.ts). Never in the browser: no markup is built under src/.
 */
import { AFTER_PAINT_ATTRIBUTE, AFTER_PAINT_TEMPLATE_ID } from '../../src/shared/after-paint-links';

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
