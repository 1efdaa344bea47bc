// Boot stage 6 of 6 (src/main.tsx): the router, the route tree and the rest of the app; startApp
// runs in the task after this module's evaluation.
import type { DehydratedState } from '@tanstack/react-query';
import { hydrate, QueryCache } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { startTransition, useLayoutEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

import { loadLanguage, setBrowserLanguage, startingLocale } from '../lib/i18n';
import { onIdle } from '../lib/idle';
import { keepQueryAnswer } from '../lib/keep-query-answers';
import { nextTask } from '../lib/next-task';
import { syncQueryOnlineState } from '../lib/online-state';
import { appStore } from '../lib/store';
import { PAGE_STATE_ELEMENT_ID } from '../shared/page-state';
import { App, createAppQueryClient, createAppRouter } from './app';

/** The query cache the server rendered this page from (src/shared/page-state.ts), if it did. */
function serverRenderedState(): DehydratedState | null {
  const element = document.getElementById(PAGE_STATE_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as DehydratedState;
  } catch {
    return null;
  }
}

/**
 * Calls `onCommit` once React has committed its first render of the page (the hydrated server page,
 * or the first screen): a layout effect runs right after that commit. No element of its own, so the
 * hydrated markup is the server's.
 */
function OnFirstCommit({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  useLayoutEffect(onCommit, [onCommit]);
  return children;
}

/**
 * Starts the app in `rootElement`: hydrates the server's first paint if there is one (the server's
 * HTML, or offline the service worker's copy of it), else renders into the empty shell. Then
 * `releaseTaps` hands React the taps held until then.
 */
export async function startApp(rootElement: HTMLElement, releaseTaps: () => void = () => {}): Promise<void> {
  // Queries learn the device's online state now, not at the next event (an app started offline
  // would otherwise retry every read against no network).
  syncQueryOnlineState();
  // What must outlive the page is kept from here, by the keeper a query names (src/lib/keep-query-answers.ts).
  const queryClient = createAppQueryClient(new QueryCache({ onSuccess: keepQueryAnswer }));
  const state = serverRenderedState();
  // The server's answers, stale at once (src/entry-server.tsx): each screen asks again when it
  // mounts, that is once it is hydrated, and the page then comes up to date (IndexedDB offline).
  if (state) hydrate(queryClient, state);
  // The language's catalogue is a chunk of its own (one language's words only); the server names it
  // in a server-rendered page's <head>, so it is usually here already.
  const language = await loadLanguage(startingLocale(document, navigator.languages, state !== null));
  setBrowserLanguage(language);
  const router = createAppRouter(queryClient);
  const app = <App router={router} queryClient={queryClient} store={appStore} language={language} />;
  if (state) {
    // The server rendered the matched route without a Suspense boundary of the router's around it;
    // so must the first render here (TanStack Router keys that on `router.ssr`), and the route's code
    // must be loaded before it (router.load): the first render is then the server's markup.
    router.ssr = { manifest: undefined };
    await router.load();
    await nextTask();
    // A transition, as for createRoot below: React hydrates the page in slices and yields to the
    // browser between them (at the default priority hydration is one long task, ~500 ms of TBT on `/`).
    // A tap held until React has committed the hydrated page is clicked again then (src/lib/held-taps.ts).
    startTransition(() => void hydrateRoot(rootElement, <OnFirstCommit onCommit={releaseTaps}>{app}</OnFirstCommit>));
  } else {
    await nextTask();
    // A transition: React renders the first screen in slices and yields to the browser between them,
    // instead of one long task (total blocking time).
    startTransition(() => createRoot(rootElement).render(<OnFirstCommit onCommit={releaseTaps}>{app}</OnFirstCommit>));
  }
  // The outbox (and IndexedDB with it) starts once the first paint is done and the browser is idle:
  // queued writes left by an earlier visit are sent as soon as the app is up, without competing
  // with the menu for the CPU.
  onIdle(() => void import('../sync/outbox-runtime').then(({ startOutbox }) => startOutbox()));
}
