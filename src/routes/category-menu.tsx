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

/** Spec §2: /category-menu is the same interactive menu screen as /menu. */
export const Route = createFileRoute('/category-menu')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(menuQueryOptions());
  },
  component: CategoryMenuPage,
});

function CategoryMenuPage() {
  // Sold-out marks arrive live here too (same screen as /menu).
  useMenuLiveUpdates();
  const quantities = useCartQuantities();
  const { data: info } = useQuery(restaurantQueryOptions());
  return (
    <MenuScreen quantities={quantities} onAdd={addToCartLazily} cakesShopUrl={info?.cakesShopUrl} notice={<DeferredClosedNotice />}>
      <FloatingCartButton />
    </MenuScreen>
  );
}
