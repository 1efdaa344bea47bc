/**
 * The server's first-paint markup must be React's own (QUALITY P2): createRoot's first commit
 * replaces it, and any difference is a visible jump. The presentational components are rendered
 * here and compared with the templates; the router-bound parts (header, hero) are compared with the
 * hydrated page in tests/e2e/first-paint-html.spec.ts.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { PromoBanner } from '../../src/components/promo-banner';
import { CategoryBar } from '../../src/features/menu/components/category-bar';
import { MenuItemCard } from '../../src/features/menu/components/menu-item-card';
import { productCount } from '../../src/features/full-menu/search';
import type { Menu, MenuItem } from '../../src/shared/schemas/menu';
import { menuItem } from '../setup/menu-fixtures';
import { MenuFreshnessNotice } from '../../src/features/menu/components/menu-freshness-notice';
import {
  categoryBarHtml,
  escapeHtml,
  firstPaintHtml,
  menuFreshnessNoticeHtml,
  menuItemCardHtml,
  promoBannerHtml,
} from '../../src/shared/first-paint-html';

const item = (over: Partial<MenuItem>): MenuItem =>
  menuItem({ description: 'Din carne de vită și porc', image: '/images/menu/mici.webp', ...over });

/**
 * React's static markup closes void elements (`<img/>`, which the HTML parser reads the same) and,
 * on the server only, puts preload hints for eager images before the markup.
 */
const markup = (element: Parameters<typeof renderToStaticMarkup>[0]) =>
  renderToStaticMarkup(element)
    .replaceAll('/>', '>')
    .replace(/^(<link [^>]*>)+/, '');

const HOSTILE = `<script>alert("x")</script> & 'quotes'`;
const GROUP = {
  id: 1,
  name: 'Garnitură',
  required: true,
  minSelect: 1,
  maxSelect: 1,
  options: [],
} as unknown as MenuItem['modifierGroups'][number];

const menu: Menu = {
  version: 'v1',
  generatedAt: '2026-11-24T10:00:00.000Z',
  categories: [
    { id: 1, slug: 'la-jar', name: 'Produse la jar', shortLabel: 'La jar', description: null, icon: '🔥', sortOrder: 1 },
    { id: 2, slug: 'desert', name: HOSTILE, shortLabel: 'Desert', description: null, icon: '<b>', sortOrder: 2 },
  ],
  items: [item({}), item({ id: 2, categoryId: 2, name: HOSTILE, description: null, image: null, soldOut: true })],
};

describe('first-paint templates are the components’ markup', () => {
  it.each([
    ['a plain card, eager image', item({}), true],
    ['a customisable card, lazy image', item({ modifierGroups: [GROUP] }), false],
    [
      'a sold-out card without image or description, hostile name',
      item({ name: HOSTILE, description: null, image: null, soldOut: true }),
      false,
    ],
  ])('MenuItemCard: %s', (_label, menuItem, eager) => {
    const react = markup(createElement(MenuItemCard, { item: menuItem, quantityInCart: 0, onOpen: () => undefined, eager }));
    expect(menuItemCardHtml(menuItem, eager)).toBe(react);
  });

  it('CategoryBar before the scroll spy has marked a category, hostile names included', () => {
    const react = renderToStaticMarkup(
      createElement(CategoryBar, { categories: menu.categories, active: null, onSelect: () => undefined }),
    );
    expect(categoryBarHtml(menu.categories)).toBe(react);
  });

  // Issue 18: an uploaded photo, allergens and tags, and a dish outside its availability window.
  const PHOTO = { id: 'a'.repeat(32), widths: [320, 640], width: 900, height: 600 };
  const DAILY_MENU = [{ days: [1, 2, 3, 4, 5], from: '11:00', to: '15:00' }];
  /** Sunday 22 Nov 2026, 14:00 in Bucharest: the daily menu comes back on Monday at 11:00. */
  const SUNDAY_AFTERNOON_MS = Date.parse('2026-11-22T12:00:00.000Z');
  it.each([
    ['an uploaded photo, eager', item({ photo: PHOTO }), true, null],
    ['an uploaded photo, lazy, sold out', item({ photo: PHOTO, soldOut: true }), false, null],
    [
      'allergens and dietary tags',
      item({ allergens: ['gluten', 'milk', 'sulphites'], dietaryTags: ['vegetarian', 'spicy'], mayContain: 'nuts' }),
      false,
      null,
    ],
    ['only allergens', item({ allergens: ['eggs'] }), false, null],
    ['outside its availability window', item({ availability: DAILY_MENU, name: HOSTILE }), false, 'Available from Mon 11:00'],
  ])('MenuItemCard: %s', (_label, menuItem, eager, availableFrom) => {
    const react = markup(createElement(MenuItemCard, { item: menuItem, quantityInCart: 0, onOpen: () => undefined, eager, availableFrom }));
    expect(menuItemCardHtml(menuItem, eager, 0, availableFrom)).toBe(react);
  });

  it('MenuItemCard markup for the new fields: <picture> with AVIF and WebP srcset, sizes, the box from the photo; allergens with a name', () => {
    const html = menuItemCardHtml(item({ photo: PHOTO, allergens: ['gluten', 'milk'], dietaryTags: ['vegan'] }), false);
    expect(html).toContain(
      `<source type="image/avif" srcSet="/media/menu/${PHOTO.id}-320.avif 320w, /media/menu/${PHOTO.id}-640.avif 640w" sizes="(max-width: 639.98px) 96px,`,
    );
    expect(html).toContain(
      `<source type="image/webp" srcSet="/media/menu/${PHOTO.id}-320.webp 320w, /media/menu/${PHOTO.id}-640.webp 640w"`,
    );
    expect(html).toContain(`src="/media/menu/${PHOTO.id}-320.webp" alt="" width="900" height="600"`);
    expect(html).toContain('<span class="menu-card__tag menu-card__tag--vegan">Vegan</span>');
    expect(html).toContain('<span class="visually-hidden">Allergens: </span>Gluten · Milk');
  });

  it('/menu drawn at an instant outside a dish’s window says when it comes back, and not without the instant', () => {
    const windowed = { ...menu, items: [item({ availability: DAILY_MENU })] };
    const drawn = firstPaintHtml('/menu', new URLSearchParams(), {
      menu: windowed,
      cakesShopUrl: undefined,
      nowMs: SUNDAY_AFTERNOON_MS,
    })?.html;
    expect(drawn).toContain('<p class="menu-card__available-from">Available from Mon 11:00</p>');
    expect(drawn).toContain('aria-label="Available from Mon 11:00: Mici">Unavailable</button>');
    const mondayNoonMs = Date.parse('2026-11-23T10:00:00.000Z');
    expect(
      firstPaintHtml('/menu', new URLSearchParams(), { menu: windowed, cakesShopUrl: undefined, nowMs: mondayNoonMs })?.html,
    ).not.toContain('Available from');
  });

  it('MenuItemCard with units of it in the cart (the service worker draws the stored cart)', () => {
    const react = markup(createElement(MenuItemCard, { item: item({}), quantityInCart: 3, onOpen: () => undefined, eager: false }));
    expect(menuItemCardHtml(item({}), false, 3)).toBe(react);
  });

  it('MenuFreshnessNotice, in Bucharest time', () => {
    const fetchedAt = '2026-07-01T09:05:00.000Z';
    expect(menuFreshnessNoticeHtml(fetchedAt)).toBe(markup(createElement(MenuFreshnessNotice, { fetchedAt })));
    expect(menuFreshnessNoticeHtml(fetchedAt)).toContain('prices as of 12:05.');
  });

  it.each([['https://prajituri.example.ro/?a=1&b="2"'], [undefined]])('PromoBanner with link %s', (href) => {
    expect(promoBannerHtml(href)).toBe(markup(createElement(PromoBanner, { href })));
  });

  it.each([['top' as const], ['after-first-section' as const]])('PromoBanner placed %s on the menu', (placement) => {
    const href = 'https://prajituri.example.ro/';
    expect(promoBannerHtml(href, placement)).toBe(markup(createElement(PromoBanner, { href, placement })));
    expect(promoBannerHtml(href, placement)).toContain(`class="promo-banner promo-banner--${placement}"`);
  });

  it('the product count reads as the full menu’s', () => {
    for (const count of [0, 1, 2, 51])
      expect(
        firstPaintHtml('/meniul-complet', new URLSearchParams(), {
          menu: { ...menu, items: Array.from({ length: count }, (_, i) => item({ id: i + 1 })) },
          cakesShopUrl: undefined,
        })?.html,
      ).toContain(`<p class="full-menu__total">${productCount(count)}</p>`);
  });
});

describe('first-paint HTML per page', () => {
  const data = { menu, cakesShopUrl: 'https://prajituri.example.ro' };

  it('escapes every catalogue text: no markup from the CMS reaches the page', () => {
    for (const page of ['/menu', '/meniul-complet']) {
      const html = firstPaintHtml(page, new URLSearchParams(), data)?.html ?? '';
      expect(html).not.toContain('<script>');
      expect(html).not.toContain('<b>');
      expect(html).toContain(escapeHtml(HOSTILE));
    }
    expect(escapeHtml(HOSTILE)).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#x27;quotes&#x27;');
  });

  it('/menu has every section with its cards, the first two images eager; it waits for the menu', () => {
    const result = firstPaintHtml('/menu', new URLSearchParams(), data);
    expect(result?.waitsForMenu).toBe(true);
    expect(result?.html.match(/data-testid="menu-card"/g)).toHaveLength(2);
    expect(result?.html).toContain('<section id="la-jar" class="menu-section" aria-labelledby="la-jar-title">');
    expect(result?.html).toContain('<span class="menu-section__count">(1)</span>');
    expect(result?.html.match(/loading="eager"/g)).toHaveLength(1);
    expect(result?.html).toContain('aria-current="page" data-status="active">Meniu</a>');
  });

  it('/menu: the banner above the dishes for wide screens, and after the first category’s dishes for phones (issue 27)', () => {
    const html = firstPaintHtml('/menu', new URLSearchParams(), data)?.html ?? '';
    const top = html.indexOf('promo-banner--top');
    const afterFirst = html.indexOf('promo-banner--after-first-section');
    expect(top).toBeGreaterThan(html.indexOf('class="category-bar"'));
    expect(top).toBeLessThan(html.indexOf('<section id="la-jar"'));
    expect(afterFirst).toBeGreaterThan(html.indexOf('</section>'));
    expect(afterFirst).toBeLessThan(html.indexOf('<section id="desert"'));
  });

  it('logo and category icons are SVG, never emoji (a device without an emoji font shows boxes)', () => {
    for (const page of ['/', '/menu', '/meniul-complet']) {
      const html = firstPaintHtml(page, new URLSearchParams(), data)?.html ?? '';
      expect(html).not.toMatch(/\p{Extended_Pictographic}/u);
      expect(html).toContain('<svg class="site-header__logo-icon"');
    }
    expect(firstPaintHtml('/menu', new URLSearchParams(), data)?.html.match(/<svg class="category-icon"/g)).toHaveLength(4);
  });

  it('/ has the hero without needing the menu; a filtered full menu, an unknown path or no menu have none', () => {
    expect(firstPaintHtml('/', new URLSearchParams(), { menu: null, cakesShopUrl: undefined })).toEqual({
      html: expect.stringContaining('fetchpriority="high"') as string,
      waitsForMenu: false,
    });
    expect(firstPaintHtml('/meniul-complet', new URLSearchParams('q=mici'), data)).toBeNull();
    expect(firstPaintHtml('/meniul-complet', new URLSearchParams('categorie=desert'), data)).toBeNull();
    expect(firstPaintHtml('/checkout', new URLSearchParams(), data)).toBeNull();
    expect(firstPaintHtml('/menu', new URLSearchParams(), { menu: null, cakesShopUrl: undefined })).toBeNull();
  });
});
