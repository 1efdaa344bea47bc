import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import type { Rolldown } from 'vite';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';

import { exceptModules, LAZY_QUERY_MODULES, routeChunkName } from './vite-route-chunks';

const dir = mkdtempSync(path.join(process.cwd(), 'node_modules', '.route-chunks-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Three file routes as the router plugin leaves them: each route module imports its screen lazily.
 * The menu and category routes share their screen's code; the home route shares the banner with them;
 * a lazy checkout screen uses the money helper too.
 */
const FILES: Record<string, string> = {
  'index.html': '<!doctype html><html><body><script type="module" src="./main.js"></script></body></html>',
  'main.js': `import { routes } from './routes.js';\nglobalThis.routes = routes;\n`,
  'routes.js': `import * as menu from './route-menu.js';\nimport * as category from './route-category.js';\nimport * as home from './route-home.js';\nexport const routes = [menu, category, home, () => import('./checkout.js')];\n`,
  'route-menu.js': `export const load = () => import('./menu-piece.js');\n`,
  'route-category.js': `export const load = () => import('./category-piece.js');\n`,
  'route-home.js': `export const load = () => import('./home-piece.js');\n`,
  'menu-piece.js': `import { screen } from './menu-screen.js';\nimport { banner } from './banner.js';\nexport const component = () => screen('menu') + banner;\n`,
  'category-piece.js': `import { screen } from './menu-screen.js';\nimport { banner } from './banner.js';\nexport const component = () => screen('category') + banner;\n`,
  'home-piece.js': `import { banner } from './banner.js';\nexport const component = () => 'home' + banner;\n`,
  'menu-screen.js': `import { cards } from './cards.js';\nimport { money } from './money.js';\nexport const screen = (name) => name + cards + money(1);\n`,
  'cards.js': `export const cards = 'cards';\n`,
  'money.js': `export const money = (bani) => bani / 100 + ' lei';\n`,
  'banner.js': `export const banner = 'banner';\n`,
  'checkout.js': `import { money } from './money.js';\nexport const total = money(250);\n`,
};

async function bundle() {
  for (const [name, text] of Object.entries(FILES)) writeFileSync(path.join(dir, name), text);
  const file = (name: string) => path.relative(process.cwd(), path.join(dir, name));
  const output = (await build({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: false,
      modulePreload: { polyfill: false },
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              {
                name: routeChunkName('menu-screen', [file('route-menu.js'), file('route-category.js')], [file('route-home.js')]),
                includeDependenciesRecursively: false,
              },
            ],
          },
        },
      },
    },
  })) as Rolldown.RolldownOutput;
  const chunks = output.output.filter((out): out is Rolldown.OutputChunk => out.type === 'chunk');
  const holding = (name: string) => {
    const chunk = chunks.find((candidate) => candidate.moduleIds.includes(path.join(dir, name)));
    if (!chunk) throw new Error(`no chunk holds ${name}`);
    return chunk;
  };
  return { holding };
}

describe('the menu route code in one chunk', () => {
  it('puts what the menu routes import in one chunk, apart from their own pieces and what the home route shares', async () => {
    const { holding } = await bundle();
    const screen = holding('menu-screen.js');
    expect(screen.name).toBe('menu-screen');
    // Everything the two routes use beyond their pieces, the money helper the checkout shares included.
    expect(holding('cards.js').fileName).toBe(screen.fileName);
    expect(holding('money.js').fileName).toBe(screen.fileName);
    // The routes' own pieces stay the router's entry points.
    expect(holding('menu-piece.js').fileName).not.toBe(screen.fileName);
    expect(holding('category-piece.js').fileName).not.toBe(screen.fileName);
    // The home page loads the banner without the menu's code.
    expect(holding('banner.js').fileName).not.toBe(screen.fileName);
    expect(holding('home-piece.js').imports).not.toContain(screen.fileName);
    // A lazy screen using one of those modules loads the menu's chunk for it.
    expect(holding('checkout.js').imports).toContain(screen.fileName);
  }, 60_000);
});

describe('exceptModules', () => {
  const stage = () => 'data-stage';
  const context = { getModuleInfo: () => null };
  const named = exceptModules(stage, LAZY_QUERY_MODULES);

  it("leaves TanStack Query's paging and mutation modules to Rolldown's chunking and names the rest as before", () => {
    const core = '/app/node_modules/@tanstack/query-core/build/modern';
    const react = '/app/node_modules/@tanstack/react-query/build/modern';
    for (const lazyOnly of [
      `${core}/infiniteQueryObserver.js`,
      `${core}/mutationObserver.js`,
      `${react}/useInfiniteQuery.js`,
      `${react}/infiniteQueryOptions.js`,
      `${react}/useMutation.js`,
    ])
      expect(named(lazyOnly, context)).toBeNull();
    // The client itself runs paging and mutations (fetchInfiniteQuery, the mutation cache): those stay.
    for (const firstLoad of [`${core}/queryClient.js`, `${core}/infiniteQueryBehavior.js`, `${core}/mutation.js`, `${react}/useQuery.js`])
      expect(named(firstLoad, context)).toBe('data-stage');
  });
});
