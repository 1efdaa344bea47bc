// First of all, before the rest of the app is evaluated: an offline repeat visit paints its menu
// from this read (QUALITY P3).
import './db/start-early-read';
import './lib/start-menu-rendered-mark';
import './lib/zod-config';
import './styles.css';
// The stylesheets of everything the first-paint HTML draws (src/shared/first-paint-html.ts) come
// with the shell's own stylesheet, not with their route's chunk: the service worker's copy of the
// shell names only that one, and a page it draws must be styled before any script runs (QUALITY P3).
import './components/promo-banner.css';
import './features/full-menu/components/full-menu.css';
import './features/home/components/hero.css';
import './features/menu/components/category-bar.css';
import './features/menu/components/menu-item-card.css';
import './features/menu/components/menu-screen.css';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider as JotaiProvider } from 'jotai';

import { restaurantQueryOptions } from './features/layout/api/get-restaurant';
import { menuQueryOptions } from './features/menu/api/get-menu';
import { earlyReadSettled } from './db/early-read';
import { installChunkReload } from './lib/chunk-reload';
import { pageDrawnFromStoredData } from './lib/first-paint-source';
import { holdFirstPaintClicks } from './lib/first-paint-clicks';
import { onIdle } from './lib/idle';
import { appStore } from './lib/store';
import { routeTree } from './routeTree.gen';

/** Spec §9: stale time 5 minutes, no refetch on window focus. */
/**
 * The longest a page whose server HTML already shows the menu waits for the menu before React's
 * first commit replaces that HTML; a slower answer gets the app's own loading state after it.
 */
const FIRST_PAINT_MENU_WAIT_MS = 2000;
const QUERY_STALE_TIME_MS = 5 * 60 * 1000;

const queryClient = new QueryClient({
  defaultOptions: {
    // offlineFirst: a query runs once even while offline, so its IndexedDB fallback can answer
    // (with the default 'online' mode it would wait, paused, for a network that is not there).
    queries: { staleTime: QUERY_STALE_TIME_MS, refetchOnWindowFocus: false, networkMode: 'offlineFirst' },
    mutations: { retry: false, networkMode: 'offlineFirst' },
  },
});

const router = createRouter({ routeTree, context: { queryClient }, defaultPreload: 'intent', scrollRestoration: true });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

installChunkReload();

/** The router has matched the current page and loaded its chunks (a failure is the app's to show). */
const routerLoaded = () => router.load().catch(() => undefined);

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Missing #root');
// A transition: React renders the first screen in slices and yields to the browser between them,
// instead of one long task (QUALITY P2, total blocking time).
const renderApp = () =>
  startTransition(() =>
    createRoot(rootElement).render(
      <StrictMode>
        <JotaiProvider store={appStore}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </JotaiProvider>
      </StrictMode>,
    ),
  );

// The server drew this page's first paint into #root (src/shared/first-paint-html.ts), or the
// service worker did from what IndexedDB kept (src/lib/stored-first-paint.ts); createRoot's first
// commit replaces it. When that HTML shows the menu, the commit waits (bounded) for the same data:
// the server's page for the menu and the restaurant's settings (both requests preloaded by the
// shell), a stored page for the start-up IndexedDB read (the queries' first data then). So it shows
// the same cards rather than a loading state, and the banner link, phone and hours do not push them
// down later.
// Any drawn page also waits for the router to have matched the page and loaded its route chunk:
// a commit before that would replace the drawn page with an empty frame.
holdFirstPaintClicks(rootElement);
if (rootElement.dataset.firstPaint === 'menu') {
  const waited = new Promise<void>((resolve) => setTimeout(resolve, FIRST_PAINT_MENU_WAIT_MS));
  const data = pageDrawnFromStoredData()
    ? earlyReadSettled()
    : Promise.all([queryClient.prefetchQuery(menuQueryOptions()), queryClient.prefetchQuery(restaurantQueryOptions())]);
  void Promise.all([Promise.race([data, waited]), routerLoaded()]).then(renderApp);
} else if (rootElement.dataset.firstPaint) {
  void routerLoaded().then(renderApp);
} else {
  renderApp();
}

// The outbox (and IndexedDB with it) starts once the first paint is done and the browser is idle:
// queued writes left by an earlier visit are sent as soon as the app is up, without competing with
// the menu for the CPU (QUALITY P3).
onIdle(() => void import('./sync/outbox-runtime').then(({ startOutbox }) => startOutbox()));
