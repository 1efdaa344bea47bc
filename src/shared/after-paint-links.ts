/**
 * A page whose HTML paints by itself (the server-rendered first paint, src/entry-server.tsx, from the
 * server or offline the service worker's kept copy) fetches the app's chunks and the API answers the app starts with
 * only after that paint. Fetched with the page, they share the connection with the
 * stylesheets and the hero image the paint needs; and Lighthouse's simulation counts every request
 * that ended before the observed largest paint as needed for it (lantern's LCP graph), so ~140 KiB
 * of scripts kept its simulated LCP at 2.1 s while the observed one equalled the first paint.
 *
 * The links that may wait carry `data-after-paint` (the build's boot-stage preloads, the server's
 * route preloads). On a drawn page the server moves them into an inert <template> in <head>
 * (api/lib/defer-app-loading.ts), which the entry appends to <head> after the first frame
 * (src/lib/after-paint-links.ts): all at once, so the stages still load in parallel rather than one
 * after another. A page that does not paint by itself (the
 * plain shell) keeps them as they are: it has nothing to show before the app runs.
 */

/** The attribute that marks a <link> a drawn page fetches only after its first paint. */
export const AFTER_PAINT_ATTRIBUTE = 'data-after-paint';
/** The id of the <template> holding those links on a drawn page. */
export const AFTER_PAINT_TEMPLATE_ID = 'after-paint-links';
