/**
 * The app as both renderers build it: the server's (src/entry-server.tsx, the first paint of `/`,
 * `/menu` and `/meniul-complet`) and the browser's (./start-app.tsx, which hydrates that HTML or,
 * on any other page, renders into the empty shell). One tree, so the browser's first render is the
 * server's markup node for node (docs/decisions/0155-first-paint-by-react-ssr-and-hydration.md).
 */
import type { I18n } from '@lingui/core';
import type { QueryCache } from '@tanstack/react-query';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { RouterHistory } from '@tanstack/react-router';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import type { createStore } from 'jotai';
import { Provider as JotaiProvider } from 'jotai';
import { StrictMode } from 'react';

import { restoreScrollAfterFirstRender } from '../lib/first-render-scroll';
import { LanguageProvider } from '../lib/i18n';
import { routeTree } from '../routeTree.gen';

/** Spec §9: stale time 5 minutes, no refetch on window focus. */
const QUERY_STALE_TIME_MS = 5 * 60 * 1000;

export function createAppQueryClient(queryCache?: QueryCache): QueryClient {
  return new QueryClient({
    queryCache,
    defaultOptions: {
      // offlineFirst: a query runs once even while offline, so its IndexedDB fallback can answer
      // (with the default 'online' mode it would wait, paused, for a network that is not there).
      queries: { staleTime: QUERY_STALE_TIME_MS, refetchOnWindowFocus: false, networkMode: 'offlineFirst' },
      mutations: { retry: false, networkMode: 'offlineFirst' },
    },
  });
}

/**
 * The server passes a memory history at the request's URL and no scroll restoration (on the server
 * the router would render restoration as an inline script: against the CSP, and not in the browser's tree).
 * In the browser the first render leaves a page the reader has already scrolled where it is
 * (src/lib/first-render-scroll.ts).
 */
export function createAppRouter(queryClient: QueryClient, server?: { history: RouterHistory }) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    scrollRestoration: server ? false : restoreScrollAfterFirstRender(window),
    ...(server ? { history: server.history, isServer: true } : {}),
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}

export function App({
  router,
  queryClient,
  store,
  language,
}: {
  router: AppRouter;
  queryClient: QueryClient;
  store: ReturnType<typeof createStore>;
  /** The runtime of the language the page is drawn in (the server's: the request's). */
  language: I18n;
}) {
  return (
    <StrictMode>
      <LanguageProvider initial={language}>
        <JotaiProvider store={store}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </JotaiProvider>
      </LanguageProvider>
    </StrictMode>
  );
}
