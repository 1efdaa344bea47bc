/// <reference lib="webworker" />
/**
 * The service worker, as reviewed source (vite-plugin-pwa injectManifest). It owns: precaching the
 * app shell and route chunks, the offline navigation fallback, and nothing under /api (personal data
 * is never served stale from here; the app keeps its own copies in IndexedDB).
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every page path is the same single-page shell; /api must always reach the network.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//] }));

// The update prompt asks first: a new version never replaces the page mid-checkout.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
