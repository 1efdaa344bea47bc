/// <reference lib="webworker" />
/**
 * The service worker, as reviewed source (vite-plugin-pwa injectManifest). It owns: precaching the
 * app shell and every route chunk, the offline navigation fallback (the last server-rendered
 * first-paint pages, else the shell), a cache for images, and draining
 * the outbox on Background Sync. It never caches personal /api answers: personal data is never served
 * stale from here (the app keeps its own copies in IndexedDB, and the menu answer is revalidated by
 * ETag). The one /api exception is the public map style, so a map seen online still draws offline.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import type { RouteHandlerCallback, WorkboxPlugin } from 'workbox-core/types';

import { AppDb } from './db/app-db';
import { readStoredRestaurant } from './db/stored-restaurant-read';
import { withStoredTestModeNotice } from './lib/stored-test-mode-notice';
import type { CookieReader } from './lib/worker-language';
import { deviceLanguageInWorker, keptPageKey, pageInLanguage } from './lib/worker-language';
import { notificationFor, openOrFocus, readPushPayload, targetUrlOf, UNREADABLE_PUSH } from './shared/domain/push-notification';
import { systemClock } from './shared/clock';
import { isFirstPaintPath } from './shared/page-state';
import { createOutbox, fetchTransport, OUTBOX_SYNC_TAG } from './sync/outbox';
import type { AcknowledgedEntry } from './sync/outbox-drained-message';
import { outboxDrainedMessage } from './sync/outbox-drained-message';
import { sendableCount } from './sync/outbox-ownership';
import { recordAcknowledgement } from './sync/order-acknowledgement';

declare const self: ServiceWorkerGlobalScope;

const IMAGE_CACHE = 'images-v1';
const IMAGE_CACHE_MAX_ENTRIES = 200;
const IMAGE_CACHE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
const MENU_PHOTO_CACHE = 'menu-photos-v1';
const MENU_PHOTO_PATH_PREFIX = '/media/menu/';
/** A phone shows one width of each dish's photo: room for a 500-dish menu and a few dialogs' larger ones. */
const MENU_PHOTO_CACHE_MAX_ENTRIES = 600;
const MAP_LIBRARY_CACHE = 'map-library-v1';
// Two builds' worth of the library and its worker: an update never leaves the map without one.
const MAP_LIBRARY_MAX_ENTRIES = 4;
const MAP_STYLE_CACHE = 'map-style-v1';
const MAP_STYLE_PATHS = new Set(['/api/map/config', '/api/map/style.json']);
/** Offline the fetch fails at once; this only bounds a connection that hangs. */
const MAP_STYLE_NETWORK_TIMEOUT_SECONDS = 4;
const FIRST_PAINT_PAGE_CACHE = 'first-paint-pages-v1';
/** As for the map style: a hanging connection gets the kept page after this. */
const FIRST_PAINT_NETWORK_TIMEOUT_SECONDS = 4;

// App shell and route chunks: a repeat visit (and every offline visit) starts from the cache. Not
// `/` as index.html (the precache's default directory index): `/` is a server-rendered page, the
// navigation route's below.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '' });
cleanupOutdatedCaches();

/**
 * The device's language now (issue 23): its `lang` cookie, read through the Cookie Store API where
 * the worker has it (Chromium), else the browser's languages, as the server reads a request
 * (src/lib/worker-language.ts, docs/decisions/0166-language-choice-cookie-account-worker.md).
 */
const deviceLanguage = () =>
  deviceLanguageInWorker((self as unknown as { cookieStore?: CookieReader }).cookieStore, self.navigator.languages);

/**
 * Keeps and finds each first-paint page under its URL and the device's language, read once per
 * navigation (the language the server drew the page in): a page kept in the language the device
 * has since left is never answered, and both languages' copies can be kept.
 */
const keptPerLanguage: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request, state }) => {
    const kept = (state ?? {}) as { language?: Awaited<ReturnType<typeof deviceLanguage>> };
    kept.language ??= await deviceLanguage();
    return keptPageKey(request.url, kept.language);
  },
};

// The first-paint pages (`/`, `/menu`, `/meniul-complet`) are rendered by the server (React's
// server renderer, api/routes/static.ts): network first, and the last page of each URL answered
// online is kept and answered offline, where the app hydrates it and then brings it up to date
// from IndexedDB (cart, newer menu). No second copy of the markup here (issue 24). One copy per
// language, the device's answered (keptPerLanguage).
const firstPaintPages = new NetworkFirst({
  cacheName: FIRST_PAINT_PAGE_CACHE,
  networkTimeoutSeconds: FIRST_PAINT_NETWORK_TIMEOUT_SECONDS,
  plugins: [new CacheableResponsePlugin({ statuses: [200] }), keptPerLanguage],
});
// Every other page path (and a first-paint URL never seen online) is the same single-page shell,
// which the app renders into; /api must always reach the network. The precached shell is the
// build's, in English: its `<html lang>` becomes the device's language.
const precachedShell = createHandlerBoundToURL('/index.html');
const shellHandler: RouteHandlerCallback = async (options) => pageInLanguage(await precachedShell(options), await deviceLanguage());
registerRoute(
  new NavigationRoute(
    async (options) => {
      if (isFirstPaintPath(options.url.pathname)) {
        try {
          return await firstPaintPages.handle(options);
        } catch {
          // Offline and never seen: the shell below.
        }
      }
      return withStoredTestModeNotice(await shellHandler(options), () => readStoredRestaurant());
    },
    { denylist: [/^\/api\//] },
  ),
);
// A kept page names the scripts and stylesheets of the build that rendered it: a new worker (a new
// build, whose precache has dropped the old files) starts without them.
self.addEventListener('activate', (event) => {
  event.waitUntil(caches.delete(FIRST_PAINT_PAGE_CACHE));
});

// Uploaded dish photos (/media/menu/<content hash>-<width>.<avif|webp>) never change under their name
// (docs/decisions/0116-menu-photos-content-addressed-under-data-dir.md): cache-first in a cache of their
// own, so a long menu's photos do not push the seeded pictures and icons out, and the menu shows them offline.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith(MENU_PHOTO_PATH_PREFIX),
  new CacheFirst({
    cacheName: MENU_PHOTO_CACHE,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: MENU_PHOTO_CACHE_MAX_ENTRIES })],
  }),
);

// Menu photos change rarely and are large: cache-first, bounded in count and age.
registerRoute(
  ({ request, url }) => request.destination === 'image' && url.origin === self.location.origin && !url.pathname.startsWith('/api/'),
  new CacheFirst({
    cacheName: IMAGE_CACHE,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: IMAGE_CACHE_MAX_ENTRIES, maxAgeSeconds: IMAGE_CACHE_MAX_AGE_SECONDS }),
    ],
  }),
);

// MapLibre (~270 KiB gzip) is not precached for every visitor (vite.config.ts): it is kept once a map
// has been shown, so the address panel's map opens offline too. Hashed names: cache-first is safe.
registerRoute(
  ({ url }) => url.origin === self.location.origin && /^\/assets\/maplibre-gl(-worker)?-[\w-]+\.m?js$/.test(url.pathname),
  new CacheFirst({
    cacheName: MAP_LIBRARY_CACHE,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: MAP_LIBRARY_MAX_ENTRIES })],
  }),
);

// The map's style (public: the city limit, the restaurants and the delivery circle, no personal
// data): always the network's answer when there is one, the last one seen when offline.
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && MAP_STYLE_PATHS.has(url.pathname),
  new NetworkFirst({
    cacheName: MAP_STYLE_CACHE,
    networkTimeoutSeconds: MAP_STYLE_NETWORK_TIMEOUT_SECONDS,
    plugins: [new CacheableResponsePlugin({ statuses: [200] })],
  }),
);

// The update prompt asks first: a new version never replaces the page mid-checkout.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Background Sync (Chromium): send queued writes even when no tab is open. Same outbox, same
// idempotency keys, same Web Lock as the pages, so the two never double-send; the same ownership
// rule (src/sync/outbox-ownership.ts): only the signed-in person's entries, each with its owner in
// X-Outbox-Owner so the server refuses it under anyone else's session, and nothing after a 401.
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}
self.addEventListener('sync', (event) => {
  const syncEvent = event as SyncEvent;
  if (syncEvent.tag !== OUTBOX_SYNC_TAG) return;
  syncEvent.waitUntil(drainForSync());
});

/**
 * One Background Sync attempt. Rejects while entries are still waiting to be sent (the network
 * failed again, or another drainer held the lock), so the browser schedules another sync event
 * with its own backoff; resolves once nothing is pending (sent, or waiting for the customer or for
 * its owner to sign in).
 */
async function drainForSync(): Promise<void> {
  const db = new AppDb();
  try {
    const acknowledged: AcknowledgedEntry[] = [];
    const outbox = createOutbox({
      db,
      transport: fetchTransport(),
      clock: systemClock,
      onAcknowledged: async (entry, body) => {
        await recordAcknowledgement(db, entry, body);
        acknowledged.push({ entry, body });
      },
    });
    try {
      // The browser fires this when the connection is back: what waited out its loss is due now.
      await outbox.makePendingDue();
      await outbox.drain();
    } finally {
      // Even after a failed pass: what was acknowledged before it failed is the pages' news too.
      const message = outboxDrainedMessage(acknowledged);
      for (const client of await self.clients.matchAll()) client.postMessage(message);
    }
    // Only what a later sync could send: entries waiting for their owner's sign-in are not retried here.
    const waiting = await sendableCount(db);
    if (waiting > 0) throw new Error(`${waiting} outbox entries still waiting; the browser will retry this sync`);
  } finally {
    db.close();
  }
}

// Web Push (issue 20): the server's encrypted push (order number, status, a short text) becomes a
// notification; tapping it opens that order's page (which reads IndexedDB, so it opens offline too)
// or, on the manager's tablet, the board. See src/shared/domain/push-notification.ts.
self.addEventListener('push', (event) => {
  let data: unknown = null;
  try {
    data = event.data?.json();
  } catch {
    data = null;
  }
  const payload = readPushPayload(data);
  const shown = payload ? notificationFor(payload) : UNREADABLE_PUSH;
  event.waitUntil(self.registration.showNotification(shown.title, shown.options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = targetUrlOf(event.notification.data, self.location.origin);
  const opening = openOrFocus(
    target,
    {
      matchAll: () => self.clients.matchAll({ type: 'window', includeUncontrolled: true }),
      openWindow: (url) => self.clients.openWindow(url),
    },
    self.location.origin,
  );
  try {
    event.waitUntil(opening);
  } catch {
    // Only an event the browser did not dispatch itself cannot be extended; the work runs anyway.
  }
});
