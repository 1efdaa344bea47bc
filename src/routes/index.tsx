import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';

import { menuQueryOptions } from '../features/menu/api/get-menu';
import { CategoryList } from '../features/menu/components/category-list';

export const Route = createFileRoute('/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(menuQueryOptions()),
  component: HomePage,
});

function HomePage() {
  const { data: menu } = useSuspenseQuery(menuQueryOptions());
  return (
    <section className="home">
      <h1>Grătar românesc la jar, în Ploiești</h1>
      <CategoryList menu={menu} />
    </section>
  );
}
