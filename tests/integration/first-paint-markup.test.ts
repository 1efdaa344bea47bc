/**
 * The first paint of `/`, `/menu` and `/meniul-complet` is the app's own components rendered by
 * React's server renderer (src/entry-server.tsx, docs/decisions/0155-first-paint-by-react-ssr-and-hydration.md):
 * this renders the pages as the server does and checks what the HTML must already show before any
 * script runs (QUALITY P2), and the query cache the browser hydrates with. That the browser's first
 * render is the same markup (no hydration mismatch) is tests/e2e/hydration.spec.ts.
 */
import { describe, expect, it } from 'vitest';

import { renderPage } from '../../src/entry-server';
import type { Locale } from '../../src/shared/i18n/locales';
import type { Menu, MenuItem } from '../../src/shared/schemas/menu';
import type { RestaurantInfo } from '../../src/shared/schemas/restaurant';
import { menuItem } from '../setup/menu-fixtures';

const item = (over: Partial<MenuItem>): MenuItem =>
  menuItem({ description: 'Din carne de vită și porc', image: '/images/menu/mici.webp', ...over });

const HOSTILE = `<script>alert("x")</script> & 'quotes'`;

const menu: Menu = {
  version: 'v1',
  generatedAt: '2026-11-24T10:00:00.000Z',
  categories: [
    { id: 1, slug: 'la-jar', name: 'Produse la jar', shortLabel: 'La jar', description: null, icon: '🔥', sortOrder: 1 },
    { id: 2, slug: 'desert', name: HOSTILE, shortLabel: 'Desert', description: null, icon: '<b>', sortOrder: 2 },
  ],
  items: [item({}), item({ id: 2, categoryId: 2, name: HOSTILE, description: null, image: null, soldOut: true })],
};

const restaurant = {
  settings: { phone: '+40 244 000 000' },
  locations: [],
  serverNow: '2026-11-22T12:00:00.000Z',
  cakesShopUrl: 'https://prajituri.example.ro/?a=1&b="2"',
  testPayments: false,
} as unknown as RestaurantInfo;

/** Sunday 22 Nov 2026, 14:00 in Bucharest. */
const SUNDAY_AFTERNOON_MS = Date.parse('2026-11-22T12:00:00.000Z');

const render = (url: string, over: { menu?: Menu; serverNowMs?: number; locale?: Locale } = {}) =>
  renderPage(url, {
    menu: over.menu ?? menu,
    restaurant,
    serverNowMs: over.serverNowMs ?? SUNDAY_AFTERNOON_MS,
    locale: over.locale ?? 'en',
  });

describe('the server renders the first-paint pages from the app’s components', () => {
  it('escapes every catalogue text: no markup from the CMS reaches the page', async () => {
    for (const page of ['/menu', '/meniul-complet']) {
      const { html } = await render(page);
      expect(html).not.toContain('<script>');
      expect(html).not.toContain('<b>');
      expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#x27;quotes&#x27;');
    }
  });

  it('/menu has the header, the category bar and each section with its cards, the first image eager', async () => {
    const { html } = await render('/menu');
    expect(html).toContain('<header class="site-header">');
    expect(html).toMatch(/<a class="site-header__link" aria-current="page" href="\/menu" data-status="active">Meniu<\/a>/);
    expect(html).toContain('class="category-bar"');
    expect(html.match(/data-testid="menu-card"/g)).toHaveLength(2);
    expect(html).toContain('<section id="la-jar" class="menu-section" aria-labelledby="la-jar-title">');
    expect(html).toContain('<span class="menu-section__count">(1)</span>');
    expect(html).toMatch(/<h3 class="menu-card__name" elementtiming="menu-card">Mici<\/h3>/);
    expect(html.match(/loading="eager"/g)).toHaveLength(1);
    // The banner's link comes with the restaurant's settings the server had.
    expect(html).toContain('href="https://prajituri.example.ro/?a=1&amp;b=&quot;2&quot;"');
  });

  it('/menu: the banner above the dishes for wide screens, and after the first category’s dishes for phones (issue 27)', async () => {
    const { html } = await render('/menu');
    const top = html.indexOf('promo-banner--top');
    const afterFirst = html.indexOf('promo-banner--after-first-section');
    expect(top).toBeGreaterThan(html.indexOf('class="category-bar"'));
    expect(top).toBeLessThan(html.indexOf('<section id="la-jar"'));
    expect(afterFirst).toBeGreaterThan(html.indexOf('</section>'));
    expect(afterFirst).toBeLessThan(html.indexOf('<section id="desert"'));
  });

  it('logo and category icons are SVG, never emoji (a device without an emoji font shows boxes)', async () => {
    for (const page of ['/', '/menu', '/meniul-complet']) {
      const { html } = await render(page);
      expect(html).not.toMatch(/\p{Extended_Pictographic}/u);
      expect(html).toContain('<svg class="site-header__logo-icon"');
    }
    expect((await render('/menu')).html.match(/<svg class="category-icon"/g)).toHaveLength(4);
  });

  it('a dish outside its availability window says when it comes back, at the server’s instant', async () => {
    const DAILY_MENU = [{ days: [1, 2, 3, 4, 5], from: '11:00', to: '15:00' }];
    const windowed = { ...menu, items: [item({ availability: DAILY_MENU })] };
    const { html } = await render('/menu', { menu: windowed });
    expect(html).toContain('<p class="menu-card__available-from">Available from Mon 11:00</p>');
    expect(html).toContain('aria-label="Available from Mon 11:00: Mici">Unavailable</button>');
    const mondayNoonMs = Date.parse('2026-11-23T10:00:00.000Z');
    expect((await render('/menu', { menu: windowed, serverNowMs: mondayNoonMs })).html).not.toContain('Available from');
  });

  it('/ has the hero, its still the high-priority image', async () => {
    const { html } = await render('/');
    expect(html).toContain('<h1 id="hero-title" class="hero__title">Grătar românesc la jar, în Ploiești</h1>');
    expect(html).toMatch(/<img class="hero__media" src="\/images\/hero.svg"[^>]* fetchPriority="high"/);
  });

  it('/meniul-complet has its heading, the product count, search and chips; a filtered link is rendered filtered', async () => {
    for (const [count, total] of [
      [0, '0 produse'],
      [1, '1 produs'],
      [2, '2 produse'],
      [51, '51 produse'],
    ] as const) {
      const { html } = await render('/meniul-complet', {
        menu: { ...menu, items: Array.from({ length: count }, (_, i) => item({ id: i + 1 })) },
      });
      expect(html).toContain(`<p class="full-menu__total">${total}</p>`);
    }
    const { html } = await render('/meniul-complet');
    expect(html).toContain('<h1 class="full-menu__title">Meniul Complet</h1>');
    expect(html).toContain('class="full-menu__search"');
    expect(html).toContain('class="full-menu__chips"');
    const filtered = (await render('/meniul-complet?q=mici')).html;
    expect(filtered).toContain('value="mici"');
    expect(filtered).toContain('<p class="full-menu__count" role="status">1 produs<!-- --> pentru „mici”</p>');
  });

  it('renders no inline script, and no router or React bookkeeping the CSP would refuse', async () => {
    for (const page of ['/', '/menu', '/meniul-complet']) expect((await render(page)).html).not.toContain('<script');
  });

  it('hands the browser the query cache it rendered from: the menu, the settings and the clock, stale at once', async () => {
    const { state } = await render('/menu');
    const queries = (state as { queries: { queryKey: unknown[]; state: { data: unknown; dataUpdatedAt: number } }[] }).queries;
    const byKey = new Map(queries.map((query) => [JSON.stringify(query.queryKey), query.state]));
    expect(byKey.get('["menu"]')?.data).toEqual(menu);
    expect(byKey.get('["restaurant","info"]')?.data).toEqual(restaurant);
    expect(byKey.get('["server-clock"]')?.data).toEqual({ offsetMs: expect.any(Number) as number });
    for (const query of byKey.values()) expect(query.dataUpdatedAt).toBe(0);
    // What the page carries is JSON: the cache's data survives it (the queries' own options, such as
    // the settings' keeper, come from the app's query definitions in the browser).
    const carried = JSON.parse(JSON.stringify(state)) as typeof state;
    expect(carried).toMatchObject({ queries: queries.map(({ queryKey, state: { data } }) => ({ queryKey, state: { data } })) });
  });

  describe('a Romanian request (issue 23): the pages in Romanian, amounts as Romanians write them', () => {
    /** A dish with an English name beside its Romanian one, priced with a thousands-sized amount, and one outside its window. */
    const bilingual: Menu = {
      ...menu,
      categories: [{ ...menu.categories[0]!, shortLabelEn: 'Grill', nameEn: 'Grilled' }],
      items: [
        item({ nameEn: 'Grilled sausages', descriptionEn: 'Beef and pork', priceBani: 123_450 }),
        item({ id: 2, name: 'Ciorbă', soldOut: true }),
        item({ id: 3, name: 'Meniul zilei', availability: [{ days: [1, 2, 3, 4, 5], from: '11:00', to: '15:00' }] }),
      ],
    };
    const inRomanian = (url: string, over: { menu?: Menu } = {}) => render(url, { menu: bilingual, ...over, locale: 'ro' });

    it('/menu: the Romanian dish and category names, Romanian buttons, "lei" with a decimal comma', async () => {
      const { html } = await inRomanian('/menu');
      expect(html).toMatch(/<h3 class="menu-card__name" elementtiming="menu-card">Mici<\/h3>/);
      expect(html).toContain('Din carne de vită și porc');
      expect(html).not.toContain('Grilled');
      expect(html).toContain('1234,50 lei');
      expect(html).not.toMatch(/\d\.\d\d lei/);
      expect(html).toContain('aria-label="Adaugă Mici">Adaugă</button>');
      expect(html).toContain('aria-label="Epuizat: Ciorbă">Epuizat</button>');
      expect(html).toContain('<p class="menu-card__available-from">Disponibil luni de la 11:00</p>');
      expect(html).toContain('aria-label="Caută în meniu"');
      expect(html).toContain('aria-label="Coș"');
      // The same menu in English: the English amounts, and the English written beside the Romanian
      // (the Romanian where none was: the soup) (docs/decisions/0171-menu-content-follows-the-screen.md).
      const english = (await render('/menu', { menu: bilingual })).html;
      expect(english).toContain('1234.50 lei');
      expect(english).toMatch(/<h3 class="menu-card__name" elementtiming="menu-card">Grilled sausages<\/h3>/);
      expect(english).toContain('Beef and pork');
      expect(english).toContain('aria-label="Add Grilled sausages">Add</button>');
      expect(english).toContain('aria-label="Sold out: Ciorbă">Sold out</button>');
      const categoryHeading = /<h2 id="la-jar-title"[^>]*>(.*?)<\/h2>/.exec(english)?.[1] ?? '';
      expect(categoryHeading).toContain('Grilled');
      expect(categoryHeading).not.toContain('Produse la jar');
      expect(english).not.toContain('>Mici<');
    });

    it('/meniul-complet: the count with Romanian plurals ("20 de produse") and prices in lei', async () => {
      for (const [count, total] of [
        [1, '1 produs'],
        [19, '19 produse'],
        [20, '20 de produse'],
        [101, '101 produse'],
      ] as const) {
        const { html } = await inRomanian('/meniul-complet', {
          menu: { ...bilingual, items: Array.from({ length: count }, (_, i) => item({ id: i + 1 })) },
        });
        expect(html).toContain(`<p class="full-menu__total">${total}</p>`);
      }
      const { html } = await inRomanian('/meniul-complet');
      expect(html).toContain('<p class="full-menu__price">1234,50 lei</p>');
      expect(html).toContain('Ascunde preparatele care conțin…');
      expect((await inRomanian('/meniul-complet?q=mici')).html).toContain(
        '<p class="full-menu__count" role="status">1 produs<!-- --> pentru „mici”</p>',
      );
    });

    it('/: the header and the home page in Romanian', async () => {
      const { html } = await inRomanian('/');
      expect(html).toContain('<h1 id="hero-title" class="hero__title">Grătar românesc la jar, în Ploiești</h1>');
      expect(html).toContain('aria-label="Caută în meniu"');
      expect(html).not.toContain('Search the menu');
    });

    it('renders the same markup every time (what the browser hydrates must match)', async () => {
      for (const page of ['/', '/menu', '/meniul-complet']) {
        const [first, second] = [await inRomanian(page), await inRomanian(page)];
        expect(second.html).toBe(first.html);
        expect(first.html).not.toContain('<script');
      }
    });
  });
});
