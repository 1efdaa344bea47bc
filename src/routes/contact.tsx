import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';

import { ContactPage } from '../features/contact/components/contact-page';
import { restaurantQueryOptions } from '../features/layout/api/get-restaurant';
import { dailyHours, to12Hour } from '../features/layout/hours';

export const Route = createFileRoute('/contact')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(restaurantQueryOptions());
  },
  component: ContactRoute,
});

function ContactRoute() {
  const { data: info } = useQuery(restaurantQueryOptions());
  const [open = '11:00', close = '22:00'] = (dailyHours(info?.locations[0]) ?? '11:00-22:00').split('-');
  return <ContactPage info={info} hoursText={`${to12Hour(open)} - ${to12Hour(close)}`} />;
}
