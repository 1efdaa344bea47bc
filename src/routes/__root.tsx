import type { QueryClient } from '@tanstack/react-query';
import { useQuery } from '@tanstack/react-query';
import { createRootRouteWithContext, Link, Outlet, useMatches } from '@tanstack/react-router';
import { useAtom } from 'jotai';
import { lazy, Suspense, useState } from 'react';

import { restaurantQueryOptions } from '../entities/restaurant/api/get-restaurant';
import { AccountMenu } from '../features/account/components/account-menu';
import { useTestModeNotice } from '../features/app-status/test-mode-notice';
import { useCartCount } from '../entities/cart/hooks/use-cart-count';
import { addToCartLazily } from '../entities/cart/add-to-cart-lazily';
import { SiteHeader } from '../features/layout/components/site-header';
import { loadWhenOnline } from '../lib/chunk-reload';
import { useT } from '../lib/i18n';
import { useIdle } from '../lib/idle';
import { nextTask } from '../lib/next-task';
import { preloadableLazy } from '../lib/preloadable-lazy';
import { cartDrawerOpenAtom } from '../entities/cart/cart-drawer-open';

export interface RouterContext {
  queryClient: QueryClient;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Spec §2: the footer can be hidden per page. */
    hideFooter?: boolean;
  }
}

// The drawer (and IndexedDB with it) loads the first time it opens, keeping the first paint light.
const CartDrawer = lazy(() =>
  loadWhenOnline(() => import('../features/cart/components/cart-drawer').then((m) => ({ default: m.CartDrawer }))),
);
// The parts mounted when the browser is first idle, after the first paint: offline and
// sync status, the install button, the footer (opening hours, below the fold), the login modal's host,
// the notifications host and the update prompt. Their code is requested one part per task just before
// they mount (requestIdleParts), so Vite's preload helper does not run inside the mount's render.
const syncStatus = preloadableLazy(() =>
  loadWhenOnline(() => import('../features/app-status/components/sync-status').then((m) => m.SyncStatus)),
);
const installPrompt = preloadableLazy(() =>
  loadWhenOnline(() => import('../features/app-status/components/install-prompt').then((m) => m.InstallPrompt)),
);
const siteFooter = preloadableLazy(() =>
  loadWhenOnline(() => import('../features/layout/components/site-footer').then((m) => m.SiteFooter)),
);
const loginModal = preloadableLazy(() =>
  loadWhenOnline(() => import('../features/account/components/login-modal').then((m) => m.LoginModal)),
);
const toaster = preloadableLazy(() => loadWhenOnline(() => import('../components/toaster').then((m) => m.Toaster)));
const reloadPrompt = preloadableLazy(() =>
  loadWhenOnline(() => import('../features/app-status/components/reload-prompt').then((m) => m.ReloadPrompt)),
);
// The unsent-changes warning at sign-out and the "sign in again" prompt (queued writes, issue 21).
const accountPrompts = preloadableLazy(() => loadWhenOnline(() => import('../components/account-prompts').then((m) => m.AccountPrompts)));
const SyncStatus = syncStatus.Component;
const InstallPrompt = installPrompt.Component;
const SiteFooter = siteFooter.Component;
const LoginModal = loginModal.Component;
const Toaster = toaster.Component;
const ReloadPrompt = reloadPrompt.Component;
const AccountPrompts = accountPrompts.Component;

/**
 * Requests the idle-time parts' code, one part per task. Not awaited: offline, a part whose code is
 * not cached waits for the connection (loadWhenOnline) and its Suspense shows nothing meanwhile.
 */
async function requestIdleParts(): Promise<void> {
  for (const part of [syncStatus, installPrompt, siteFooter, loginModal, toaster, reloadPrompt, accountPrompts]) {
    // A failure reaches the part's render through the same promise (the lazy component throws it).
    void part.preload().catch(() => undefined);
    await nextTask();
  }
}
// The search dialog opens on a click: its code arrives after the first paint.
const MenuSearchDialog = lazy(() =>
  loadWhenOnline(() => import('../features/menu/components/menu-search-dialog').then((m) => ({ default: m.MenuSearchDialog }))),
);

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootLayout() {
  const t = useT();
  const [cartOpen, setCartOpen] = useAtom(cartDrawerOpenAtom);
  const [searchOpen, setSearchOpen] = useState(false);
  const cartCount = useCartCount();
  const { data: info } = useQuery(restaurantQueryOptions());
  // The test-mode notice is drawn above #root with the page; this only corrects a page drawn from an older answer.
  useTestModeNotice(info?.testPayments);
  // Status, prompts, notifications and the footer mount after the first paint.
  const idle = useIdle(requestIdleParts);
  const hideFooter = useMatches({ select: (matches) => matches.some((match) => match.staticData?.hideFooter) });
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <SiteHeader
        cartCount={cartCount}
        onCartClick={() => setCartOpen((open) => !open)}
        onSearchClick={() => setSearchOpen(true)}
        account={
          <>
            {idle ? (
              <Suspense fallback={null}>
                <SyncStatus />
                <InstallPrompt />
              </Suspense>
            ) : null}
            <AccountMenu />
          </>
        }
      />
      <main id="main" className="site-main" tabIndex={-1}>
        <Outlet />
      </main>
      {hideFooter || !idle ? null : (
        <Suspense fallback={null}>
          <SiteFooter info={info} />
        </Suspense>
      )}
      {cartOpen ? (
        <Suspense fallback={null}>
          <CartDrawer />
        </Suspense>
      ) : null}
      {searchOpen ? (
        <Suspense fallback={null}>
          <MenuSearchDialog onClose={() => setSearchOpen(false)} onAdd={addToCartLazily} />
        </Suspense>
      ) : null}
      {idle ? (
        <Suspense fallback={null}>
          <LoginModal />
          <Toaster />
          <ReloadPrompt />
          <AccountPrompts />
        </Suspense>
      ) : null}
    </div>
  );
}

function NotFound() {
  const t = useT();
  return (
    <section className="not-found">
      <h1>{t('common.notFound.title')}</h1>
      <p>{t('common.notFound.text')}</p>
      <p>
        <Link to="/" className="button">
          {t('common.protected.home')}
        </Link>{' '}
        <Link to="/menu" className="button button--outline">
          {t('common.notFound.menu')}
        </Link>
      </p>
    </section>
  );
}
