import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Link, Outlet } from '@tanstack/react-router';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootLayout() {
  return (
    <div className="app">
      <header className="site-header">
        <Link to="/" className="site-header__logo">
          Casa Grătarului
        </Link>
      </header>
      <main id="main" className="site-main">
        <Outlet />
      </main>
    </div>
  );
}

function NotFound() {
  return (
    <section className="not-found">
      <h1>Page Not Found</h1>
      <p>The page you are looking for does not exist.</p>
      <Link to="/">Go to homepage</Link>
    </section>
  );
}
