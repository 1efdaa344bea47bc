/**
 * The server's renderer of the first paint (docs/decisions/0155-first-paint-by-react-ssr-and-hydration.md):
 * the app's own components (./boot/app.tsx) rendered by React's server renderer, with the router at
 * the request's URL and a query cache holding what the server already has (the menu, the
 * restaurant's settings, its clock). Built by `vite build` into the build's `.ssr/` directory
 * (scripts/vite-ssr-build.ts) and loaded by api/routes/static.ts. The browser hydrates the HTML with
 * the dehydrated cache (./boot/start-app.tsx).
 */
import { dehydrate } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { createStore } from 'jotai';
import { prerender } from 'react-dom/static';

import { App, createAppQueryClient, createAppRouter } from './boot/app';
import { restaurantKeys } from './entities/restaurant/api/get-restaurant';
import { menuKeys } from './entities/menu/api/get-menu';
import { loadLanguage } from './lib/i18n';
import { serverClockKeys } from './entities/restaurant/api/server-clock';
import type { RenderPage } from './shared/page-state';

/**
 * Renders the page at `url` (path and search). The answers are put in the cache as of time 0, that
 * is stale: the browser's first render shows them (the server's markup), and each screen's query
 * asks again once that screen has mounted, that is hydrated (the route loaders fetch only what the
 * cache lacks). That answer also keeps them on the device (the menu snapshot and the settings in
 * IndexedDB, for offline visits), as any answer fetched in the browser does.
 */
export const renderPage: RenderPage = async (url, data) => {
  const queryClient = createAppQueryClient();
  queryClient.setQueryData(menuKeys.all, data.menu, { updatedAt: 0 });
  if (data.restaurant) queryClient.setQueryData(restaurantKeys.info, data.restaurant, { updatedAt: 0 });
  // The offset of the server's clock from this machine's, as the browser would measure it (the
  // browser's device clock is taken as this machine's until it measures its own).
  queryClient.setQueryData(serverClockKeys.all, { offsetMs: data.serverNowMs - Date.now() }, { updatedAt: 0 });
  const router = createAppRouter(queryClient, { history: createMemoryHistory({ initialEntries: [url] }) });
  await router.load();
  const language = await loadLanguage(data.locale);
  // prerender waits for every lazy part and data the page suspends on, so the HTML is complete. No
  // boundary is split out to be revealed by an inline script (React does that to a large one; the
  // CSP allows no inline script, and the whole page is ready anyway): one chunk as large as any page.
  const { prelude } = await prerender(<App router={router} queryClient={queryClient} store={createStore()} language={language} />, {
    progressiveChunkSize: Number.MAX_SAFE_INTEGER,
  });
  const html = await new Response(prelude).text();
  return { html, state: dehydrate(queryClient) };
};
