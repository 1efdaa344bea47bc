/// <reference lib="webworker" />
/**
 * The service worker, as reviewed source (vite-plugin-pwa injectManifest). It owns: precaching the
 * app shell and every route chunk, the offline navigation fallback, a cache for images, and draining
 * the outbox on Background Sync. It never caches /api: personal data is never served stale from here
 * (the app keeps its own copies in IndexedDB, and the menu answer is revalidated by ETag).
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';

import { AppDb } from './db/app-db';
import { systemClock } from './shared/clock';
import { createOutbox, fetchTransport } from './sync/outbox';
import { recordAcknowledgement } from './sync/order-acknowledgement';

declare const self: ServiceWorkerGlobalScope;

const IMAGE_CACHE = 'images-v1';
const IMAGE_CACHE_MAX_ENTRIES = 200;
const IMAGE_CACHE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
const OUTBOX_SYNC_TAG = 'outbox';

// App shell and route chunks: a repeat visit (and every offline visit) starts from the cache.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every page path is the same single-page shell; /api must always reach the network.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//] }));

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

// The update prompt asks first: a new version never replaces the page mid-checkout.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Background Sync (Chromium): send queued writes even when no tab is open. Same outbox, same
// idempotency keys, same Web Lock as the pages, so the two never double-send.
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
 * with its own backoff; resolves once nothing is pending (sent, or waiting for the customer).
 */
async function drainForSync(): Promise<void> {
  const db = new AppDb();
  try {
    const outbox = createOutbox({
      db,
      transport: fetchTransport(),
      clock: systemClock,
      onAcknowledged: (entry, body) => recordAcknowledgement(db, entry, body),
    });
    await outbox.drain();
    for (const client of await self.clients.matchAll()) client.postMessage({ type: 'outbox-drained' });
    const waiting = await db.outbox.where('status').anyOf('pending', 'sending').count();
    if (waiting > 0) throw new Error(`${waiting} outbox entries still waiting; the browser will retry this sync`);
  } finally {
    db.close();
  }
}
