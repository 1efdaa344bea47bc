import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';

import { restaurantQueryOptions } from '../entities/restaurant/api/get-restaurant';
import { FloatingCartButton } from '../features/cart/components/floating-cart-button';
import { addToCartLazily } from '../entities/cart/add-to-cart-lazily';
import { useCartQuantities } from '../entities/cart/hooks/use-live-cart';
import { DeferredClosedNotice } from '../features/layout/components/deferred-closed-notice';
import { menuQueryOptions } from '../entities/menu/api/get-menu';
import { MenuScreen } from '../features/menu/components/menu-screen';
import { useMenuLiveUpdates } from '../entities/menu/hooks/use-menu-live-updates';

export const Route = createFileRoute('/menu')({
  // Start the request without blocking: the screen shows its own loading state (spec §2). A menu
  // already in the cache (the server's, on a server-rendered page) is not asked for again before the
  // screen has mounted (hydrated): the screen's own query refreshes it then (src/boot/start-app.tsx).
  loader: ({ context }) => {
    void context.queryClient.ensureQueryData(menuQueryOptions()).catch(() => undefined);
  },
  component: MenuPage,
});

function MenuPage() {
  useMenuLiveUpdates();
  const quantities = useCartQuantities();
  const { data: info } = useQuery(restaurantQueryOptions());
  return (
    <MenuScreen quantities={quantities} onAdd={addToCartLazily} cakesShopUrl={info?.cakesShopUrl} notice={<DeferredClosedNotice />}>
      <FloatingCartButton />
    </MenuScreen>
  );
}
