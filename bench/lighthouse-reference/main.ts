/**
 * The P2 reference page (bench/lighthouse.ts): React and React DOM rendering one static card list (51
 * dishes, the seeded menu's size, each with its price and an add button), nothing else: the page issue
 * 24 compares the storefront with. Lighthouse measures it beside the storefront in the same run, so a figure that
 * is the machine's (its benchmarkIndex, its scheduler) shows on this page too.
 */
import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';

const DISHES = Array.from({ length: 51 }, (_, index) => ({
  id: index + 1,
  name: `Dish ${index + 1}`,
  price: `${(20 + index).toFixed(2)} lei`,
}));

function ReferencePage() {
  return h(
    'main',
    null,
    h('h1', null, 'Reference page'),
    h('p', null, 'A minimal React page measured with the same settings as the storefront.'),
    h(
      'ul',
      null,
      DISHES.map((dish) =>
        h('li', { key: dish.id }, h('h2', null, dish.name), h('p', null, dish.price), h('button', { type: 'button' }, `Add ${dish.name}`)),
      ),
    ),
  );
}

createRoot(document.getElementById('root')!).render(h(ReferencePage));
