import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';

import { restaurantQueryOptions } from '../entities/restaurant/api/get-restaurant';
import { ContactPage } from '../features/contact/components/contact-page';
import { dailyHours } from '../features/layout/hours';

export const Route = createFileRoute('/contact')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(restaurantQueryOptions());
  },
  component: ContactRoute,
});

function ContactRoute() {
  const { data: info } = useQuery(restaurantQueryOptions());
  // 24-hour time, as everywhere in a Romanian restaurant (issue 27).
  return <ContactPage info={info} hoursText={dailyHours(info?.locations[0]) ?? '11:00-22:00'} />;
}
