import type { QueryClient } from '@tanstack/react-query';
import { useQuery } from '@tanstack/react-query';
import { createRootRouteWithContext, Link, Outlet, useMatches } from '@tanstack/react-router';
import { useAtom } from 'jotai';
import { lazy, Suspense, useState } from 'react';

import { AccountMenu } from '../features/account/components/account-menu';
import { useCartCount } from '../features/cart/use-cart-count';
import { restaurantQueryOptions } from '../features/layout/api/get-restaurant';
import { SiteHeader } from '../features/layout/components/site-header';
import { loadWhenOnline } from '../lib/chunk-reload';
import { useIdle } from '../lib/idle';
import { cartDrawerOpenAtom } from '../lib/ui-atoms';

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
// Offline and sync status, the update prompt and the install button load after the first paint.
const SyncStatus = lazy(() =>
  loadWhenOnline(() => import('../features/app-status/components/sync-status').then((m) => ({ default: m.SyncStatus }))),
);
const ReloadPrompt = lazy(() =>
  loadWhenOnline(() => import('../features/app-status/components/reload-prompt').then((m) => ({ default: m.ReloadPrompt }))),
);
const InstallPrompt = lazy(() =>
  loadWhenOnline(() => import('../features/app-status/components/install-prompt').then((m) => ({ default: m.InstallPrompt }))),
);
// The footer (opening hours, below the fold) and the search dialog (opens on a click) are not part of
// the first paint: their code arrives after it (QUALITY P1, P2).
const SiteFooter = lazy(() =>
  loadWhenOnline(() => import('../features/layout/components/site-footer').then((m) => ({ default: m.SiteFooter }))),
);
// The notifications host and the login modal's host show nothing until something happens.
const Toaster = lazy(() => loadWhenOnline(() => import('../components/toaster').then((m) => ({ default: m.Toaster }))));
const LoginModal = lazy(() =>
  loadWhenOnline(() => import('../features/account/components/login-modal').then((m) => ({ default: m.LoginModal }))),
);
const MenuSearchDialog = lazy(() =>
  loadWhenOnline(() => import('../features/layout/components/menu-search-dialog').then((m) => ({ default: m.MenuSearchDialog }))),
);

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootLayout() {
  const [cartOpen, setCartOpen] = useAtom(cartDrawerOpenAtom);
  const [searchOpen, setSearchOpen] = useState(false);
  const cartCount = useCartCount();
  const { data: info } = useQuery(restaurantQueryOptions());
  // Status, prompts, notifications and the footer mount after the first paint (QUALITY P2, P3).
  const idle = useIdle();
  const hideFooter = useMatches({ select: (matches) => matches.some((match) => match.staticData?.hideFooter) });
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Sari la conținut
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
          <MenuSearchDialog onClose={() => setSearchOpen(false)} />
        </Suspense>
      ) : null}
      {idle ? (
        <Suspense fallback={null}>
          <LoginModal />
          <Toaster />
          <ReloadPrompt />
        </Suspense>
      ) : null}
    </div>
  );
}

function NotFound() {
  return (
    <section className="not-found">
      <h1>Page Not Found</h1>
      <p>The page you are looking for does not exist.</p>
      <p>
        <Link to="/" className="button">
          Go to homepage
        </Link>{' '}
        <Link to="/menu" className="button button--outline">
          See the menu
        </Link>
      </p>
    </section>
  );
}
