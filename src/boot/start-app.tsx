// Boot stage 6 of 6 (src/main.tsx): the router, the route tree and the rest of the app; startApp
// runs in the task after this module's evaluation.
import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider as JotaiProvider } from 'jotai';

import { earlyReadSettled } from '../db/early-read';
import { restaurantQueryOptions } from '../entities/restaurant/api/get-restaurant';
import { menuQueryOptions } from '../features/menu/api/get-menu';
import { pageDrawnFromStoredData } from '../lib/first-paint-source';
import { onIdle } from '../lib/idle';
import { keepQueryAnswer } from '../lib/keep-query-answers';
import { nextTask } from '../lib/next-task';
import { syncQueryOnlineState } from '../lib/online-state';
import { appStore } from '../lib/store';
import { routeTree } from '../routeTree.gen';

/**
 * The longest a page whose server HTML already shows the menu waits for the menu before React's
 * first commit replaces that HTML; a slower answer gets the app's own loading state after it.
 */
const FIRST_PAINT_MENU_WAIT_MS = 2000;
/** Spec §9: stale time 5 minutes, no refetch on window focus. */
const QUERY_STALE_TIME_MS = 5 * 60 * 1000;

function createAppRouter(queryClient: QueryClient) {
  return createRouter({ routeTree, context: { queryClient }, defaultPreload: 'intent', scrollRestoration: true });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}

/** Renders the app into `rootElement`, replacing the drawn first paint there is one (see below). */
export async function startApp(rootElement: HTMLElement): Promise<void> {
  // Queries learn the device's online state now, not at the next event (an app started offline
  // would otherwise retry every read against no network).
  syncQueryOnlineState();
  const queryClient = new QueryClient({
    // What must outlive the page is kept from here, by the keeper a query names (src/lib/keep-query-answers.ts).
    queryCache: new QueryCache({ onSuccess: keepQueryAnswer }),
    defaultOptions: {
      // offlineFirst: a query runs once even while offline, so its IndexedDB fallback can answer
      // (with the default 'online' mode it would wait, paused, for a network that is not there).
      queries: { staleTime: QUERY_STALE_TIME_MS, refetchOnWindowFocus: false, networkMode: 'offlineFirst' },
      mutations: { retry: false, networkMode: 'offlineFirst' },
    },
  });
  // The server drew this page's first paint into #root (src/shared/first-paint-html.ts), or the
  // service worker did from what IndexedDB kept (src/lib/stored-first-paint.ts); createRoot's first
  // commit replaces it. When that HTML shows the menu, the commit waits (bounded) for the same data:
  // the server's page for the menu and the restaurant's settings (both requests preloaded by the
  // shell), a stored page for the start-up IndexedDB read (the queries' first data then). So it
  // shows the same cards rather than a loading state, and the banner link, phone and hours do not
  // push them down later. Started before the router is built, so the wait overlaps that work.
  const drawn = rootElement.dataset.firstPaint;
  const firstPaintData =
    drawn !== 'menu'
      ? Promise.resolve()
      : Promise.race([
          pageDrawnFromStoredData()
            ? earlyReadSettled()
            : Promise.all([queryClient.prefetchQuery(menuQueryOptions()), queryClient.prefetchQuery(restaurantQueryOptions())]),
          new Promise<void>((resolve) => setTimeout(resolve, FIRST_PAINT_MENU_WAIT_MS)),
        ]);
  await nextTask();
  const router = createAppRouter(queryClient);
  // Any drawn page also waits for the router to have matched the page and loaded its route chunk:
  // a commit before that would replace the drawn page with an empty frame.
  if (drawn) await Promise.all([firstPaintData, router.load().catch(() => undefined)]);
  // A transition: React renders the first screen in slices and yields to the browser between them,
  // instead of one long task (total blocking time).
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
  // The outbox (and IndexedDB with it) starts once the first paint is done and the browser is idle:
  // queued writes left by an earlier visit are sent as soon as the app is up, without competing
  // with the menu for the CPU.
  onIdle(() => void import('../sync/outbox-runtime').then(({ startOutbox }) => startOutbox()));
}
