/**
 * The P2 reference page (bench/lighthouse.ts): React and React DOM rendering a heading and a list of
 * 40 rows, nothing else. Lighthouse measures it beside the storefront in the same run, so a figure that
 * is the machine's (its benchmarkIndex, its scheduler) shows on this page too.
 */
import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';

const ROWS = Array.from({ length: 40 }, (_, index) => `Row ${index + 1}`);

function ReferencePage() {
  return h(
    'main',
    null,
    h('h1', null, 'Reference page'),
    h('p', null, 'A minimal React page measured with the same settings as the storefront.'),
    h(
      'ul',
      null,
      ROWS.map((row) => h('li', { key: row }, row)),
    ),
  );
}

createRoot(document.getElementById('root')!).render(h(ReferencePage));
