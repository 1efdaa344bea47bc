import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';

import { PromoBanner } from '../components/promo-banner';
import { restaurantQueryOptions } from '../entities/restaurant/api/get-restaurant';
import { FeatureBlurbs } from '../features/home/components/feature-blurbs';
import { Hero } from '../features/home/components/hero';
import { PickupTabs } from '../features/home/components/pickup-tabs';
import { DeferredClosedNotice } from '../features/layout/components/deferred-closed-notice';
import { menuQueryOptions } from '../entities/menu/api/get-menu';

export const Route = createFileRoute('/')({
  // The hero paints at once; the tabs fill in when the menu answers. A menu already in the cache
  // (the server's, on a server-rendered page) is not asked for again before the screen has mounted
  // (hydrated): the screen's own query refreshes it then (src/boot/start-app.tsx).
  loader: ({ context }) => {
    void context.queryClient.ensureQueryData(menuQueryOptions()).catch(() => undefined);
  },
  component: HomePage,
});

function HomePage() {
  const { data: menu } = useQuery(menuQueryOptions());
  const { data: info } = useQuery(restaurantQueryOptions());
  return (
    <div className="home">
      <DeferredClosedNotice />
      <Hero />
      <PickupTabs menu={menu} />
      <FeatureBlurbs />
      <PromoBanner href={info?.cakesShopUrl} />
    </div>
  );
}
