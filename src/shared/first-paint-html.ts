/**
 * The first-paint HTML of `/`, `/menu` and `/meniul-complet`, put into the shell's `#root` by the
 * server's static routes (a first visit: the current menu) and by the service worker
 * (an offline visit: the menu, cart and restaurant settings IndexedDB kept): the header
 * and the page's top content are on screen as soon as the HTML arrives, before any script has run,
 * and the LCP element (the hero still, the first menu cards, the full menu's heading) is in the HTML.
 *
 * The markup is the React components' own markup (same elements, classes and attributes, no
 * whitespace between elements), so nothing moves when React's createRoot replaces it with its first
 * commit. tests/integration/first-paint-markup.test.ts renders the components and compares; the e2e first-paint spec
 * compares with the hydrated page. The components themselves cannot run here: they import their
 * stylesheets. Every text from the catalogue is escaped.
 */
import { deferAppLoading } from './after-paint-links';
import { cartItemCount, quantitiesByMenuItem } from './domain/cart';
import { allergenShortText, availableFromText, CARD_PHOTO_SIZES, DIETARY_TAG_LABELS, hasDishFacts, photoSources } from './dish-facts';
import { cardBatches, EAGER_IMAGE_CARDS, MENU_CARDS_AT_ONCE } from './menu-layout';
import { asBani, formatBaniDecimal } from './money';
import { priceTimeText } from './price-time-format';
import type { Menu, MenuCategory, MenuItem } from './schemas/menu';
import { categoryIconName, pictogramHtml } from './svg-icons';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

function icon(size: number, body: string): string {
  return (
    `<svg width="${size}" height="${size}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" ` +
    `stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">${body}</svg>`
  );
}
const searchIcon = (size = 20) => icon(size, '<circle cx="11" cy="11" r="7"></circle><path d="m20 20-3.5-3.5"></path>');
const cartIcon = () =>
  icon(
    20,
    '<circle cx="9" cy="20" r="1.5"></circle><circle cx="18" cy="20" r="1.5"></circle>' +
      '<path d="M2 3h3l2.6 12.4a2 2 0 0 0 2 1.6h8.7a2 2 0 0 0 2-1.5L22 7H6"></path>',
  );
const arrowLeftIcon = (size: number) => icon(size, '<path d="M19 12H5M12 19l-7-7 7-7"></path>');

/** As SiteHeader's LOGO_ICON_SIZE and the menu feature's CATEGORY_ICON_SIZE. */
const LOGO_ICON_SIZE = 24;
const CATEGORY_ICON_SIZE = 20;

/** A category's pictogram (CategoryIcon in src/components/icons.tsx). */
function categoryIconHtml(icon: string): string {
  return pictogramHtml(categoryIconName(icon), CATEGORY_ICON_SIZE, 'category-icon');
}

/** SiteHeader (the router's Link marks the current page) with the account button still waiting for /me (what React's first commit shows). */
export function siteHeaderHtml(requestPath: string, cartCount = 0): string {
  const current = (path: string) => (path === requestPath ? ' aria-current="page" data-status="active"' : '');
  return (
    '<header class="site-header"><div class="site-header__inner">' +
    `<a class="site-header__logo" aria-label="Casa Grătarului, acasă" href="/">${pictogramHtml('flame', LOGO_ICON_SIZE, 'site-header__logo-icon')} Casa Grătarului</a>` +
    '<nav class="site-header__nav" aria-label="Principal">' +
    `<a class="site-header__link" href="/menu"${current('/menu')}>Meniu</a>` +
    `<a class="site-header__link" href="/meniul-complet"${current('/meniul-complet')}>Meniul complet</a>` +
    '</nav><div class="site-header__actions">' +
    `<button type="button" class="icon-button" aria-label="Search the menu">${searchIcon()}</button>` +
    `<button type="button" class="icon-button site-header__cart" aria-label="${cartCount > 0 ? `Cart, ${cartCount} items` : 'Cart'}">${cartIcon()}` +
    (cartCount > 0 ? `<span class="badge site-header__badge" data-testid="cart-badge">${cartCount}</span>` : '') +
    '</button>' +
    '<button type="button" class="account-menu__sign-in" aria-busy="true">Sign In</button>' +
    '</div></div></header>'
  );
}

export const HERO_STILL_SRC = '/images/hero.svg';

/** Hero's still and overlay (the video starts after the first paint). */
export function heroHtml(): string {
  return (
    '<section class="hero" aria-labelledby="hero-title">' +
    `<img class="hero__media" src="${HERO_STILL_SRC}" alt="" width="1200" height="600" fetchpriority="high" decoding="sync" data-testid="hero-still">` +
    '<div class="hero__overlay"><h1 id="hero-title" class="hero__title">Grătar românesc la jar, în Ploiești</h1>' +
    '<p class="hero__lead">Mici, ceafă și cârnați de Pleșcoi, făcuți pe jar de fag. Comandă pentru livrare sau ridicare personală.</p>' +
    '<div class="hero__actions"><a class="button button--light" href="/menu">Comandă acum</a>' +
    '<a class="button hero__secondary" href="/meniul-complet">Vezi meniul</a></div></div></section>'
  );
}

export const PLACEHOLDER_IMAGE = '/images/menu/placeholder.svg';

/**
 * MenuItemCard. `fetchPriority` and `srcSet` are spelt as React writes them (HTML attribute names are
 * case-insensitive), so the markup test compares equal strings.
 */
export function menuItemCardHtml(item: MenuItem, eager: boolean, quantityInCart = 0, availableFrom: string | null = null): string {
  const name = escapeHtml(item.name);
  const outOfWindow = !item.soldOut && availableFrom !== null;
  const label = item.soldOut ? 'Sold out' : outOfWindow ? 'Unavailable' : item.modifierGroups.length > 0 ? 'Custom' : 'Add';
  const buttonName = item.soldOut ? `Sold out: ${name}` : outOfWindow ? `${escapeHtml(availableFrom)}: ${name}` : `${label} ${name}`;
  const imageRest = `loading="${eager ? 'eager' : 'lazy'}"${eager ? ' fetchPriority="high"' : ''} decoding="${eager ? 'sync' : 'async'}"`;
  let media: string;
  if (item.photo) {
    const photo = photoSources(item.photo);
    media =
      `<picture><source type="image/avif" srcSet="${photo.avifSrcSet}" sizes="${CARD_PHOTO_SIZES}">` +
      `<source type="image/webp" srcSet="${photo.webpSrcSet}" sizes="${CARD_PHOTO_SIZES}">` +
      `<img class="menu-card__image" src="${photo.src}" alt="" width="${item.photo.width}" height="${item.photo.height}" ${imageRest}></picture>`;
  } else {
    media = `<img class="menu-card__image" src="${escapeHtml(item.image ?? PLACEHOLDER_IMAGE)}" alt="" width="320" height="240" ${imageRest}>`;
  }
  const facts = hasDishFacts(item)
    ? '<p class="menu-card__facts">' +
      item.dietaryTags.map((tag) => `<span class="menu-card__tag menu-card__tag--${tag}">${DIETARY_TAG_LABELS[tag]}</span>`).join('') +
      (item.allergens.length > 0
        ? `<span class="menu-card__allergens"><span class="visually-hidden">Allergens: </span>${allergenShortText(item.allergens)}</span>`
        : '') +
      '</p>'
    : '';
  return (
    `<article class="menu-card${item.soldOut ? ' menu-card--sold-out' : outOfWindow ? ' menu-card--unavailable' : ''}" data-testid="menu-card" data-sold-out="${item.soldOut}">` +
    '<div class="menu-card__media">' +
    media +
    (item.soldOut ? '<span class="menu-card__sold-out">Sold out</span>' : '') +
    (quantityInCart > 0 ? `<span class="badge menu-card__quantity" aria-label="${quantityInCart} in cart">${quantityInCart}</span>` : '') +
    '</div><div class="menu-card__body">' +
    `<h3 class="menu-card__name" elementtiming="menu-card">${name}</h3>` +
    (item.description ? `<p class="menu-card__description">${escapeHtml(item.description)}</p>` : '') +
    facts +
    (outOfWindow ? `<p class="menu-card__available-from">${escapeHtml(availableFrom)}</p>` : '') +
    '<div class="menu-card__footer">' +
    `<p class="menu-card__price">${formatBaniDecimal(asBani(item.priceBani))} lei <span class="menu-card__unit">/ ${escapeHtml(item.unit)}</span></p>` +
    `<button type="button" class="button menu-card__button" aria-label="${buttonName}">${label}</button>` +
    '</div></div></article>'
  );
}

/** CategoryBar before the scroll spy has marked a category. */
export function categoryBarHtml(categories: readonly MenuCategory[]): string {
  const buttons = categories
    .map(
      (category) =>
        `<button type="button" class="category-bar__button">${categoryIconHtml(category.icon)} ${escapeHtml(category.name)}</button>`,
    )
    .join('');
  return `<nav class="category-bar" aria-label="Categorii meniu"><div class="category-bar__scroller">${buttons}</div></nav>`;
}

/**
 * PromoBanner with the cakes shop link (the app's first commit on these pages waits for it). The menu
 * draws it twice, one shown per screen width (PromoBannerPlacement).
 */
export function promoBannerHtml(href: string | undefined, placement?: 'top' | 'after-first-section'): string {
  return (
    `<aside class="promo-banner${placement ? ` promo-banner--${placement}` : ''}" aria-label="Promoție"><div><p class="promo-banner__title">Prăjituri și torturi de casă</p>` +
    '<p class="promo-banner__text">Comandă deserturile preferate din cofetăria noastră online, cu livrare în Ploiești.</p></div>' +
    (href
      ? `<a class="button button--light" href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer">Comandă Online</a>`
      : '') +
    '</aside>'
  );
}

/** MenuFreshnessNotice: offline, the prices shown are those of the stored menu (`fetchedAt`, ISO). */
export function menuFreshnessNoticeHtml(fetchedAt: string): string {
  return (
    `<p class="menu-freshness" role="status">You are offline: prices as of ${priceTimeText(fetchedAt)}. ` +
    'The restaurant confirms prices when your order is sent.</p>'
  );
}

/** Boxes standing in for a whole batch and for one card not drawn yet (menu-layout.ts, section-cards.tsx). */
const DEFERRED_BATCH_BOX_HTML = '<div class="menu-card-batch" aria-hidden="true"></div>';
const DEFERRED_CARD_BOX_HTML =
  '<div class="menu-card menu-card--deferred" aria-hidden="true"><div class="menu-card__media"></div><div class="menu-card__body"></div></div>';

/** MenuScreen with the menu loaded; `quantities` are the cart's units per menu item. */
export function menuScreenHtml(
  menu: Menu,
  cakesShopUrl: string | undefined,
  quantities: ReadonlyMap<number, number> = new Map(),
  offlinePricesAsOf?: string,
  nowMs?: number,
): string {
  const sections = menu.categories
    .map((category, categoryIndex) => {
      // On a phone the banner follows the first category's dishes (MenuScreen).
      const banner = categoryIndex === 0 ? promoBannerHtml(cakesShopUrl, 'after-first-section') : '';
      const items = menu.items.filter((item) => item.categoryId === category.id);
      const slug = escapeHtml(category.slug);
      // The first batch of each section, boxes for the rest (menu-layout.ts), as MenuScreen draws it.
      const cards = cardBatches(items, new Set(), menu.items.length)
        .map(({ batch, items: batchItems, drawn }) =>
          drawn
            ? batchItems
                .map((item, index) =>
                  menuItemCardHtml(
                    item,
                    categoryIndex === 0 && batch === 0 && index < EAGER_IMAGE_CARDS,
                    quantities.get(item.id) ?? 0,
                    nowMs === undefined ? null : availableFromText(item.availability, nowMs),
                  ),
                )
                .join('')
            : batchItems.length === MENU_CARDS_AT_ONCE
              ? DEFERRED_BATCH_BOX_HTML
              : DEFERRED_CARD_BOX_HTML.repeat(batchItems.length),
        )
        .join('');
      return (
        `<section id="${slug}" class="menu-section" aria-labelledby="${slug}-title">` +
        `<h2 id="${slug}-title" class="menu-section__title">${categoryIconHtml(category.icon)} ${escapeHtml(category.name)} ` +
        `<span class="menu-section__count">${items.length > 0 ? `(${items.length})` : '(No items)'}</span></h2>` +
        (items.length === 0
          ? '<p class="menu-section__empty">No menu items available in this category.</p>'
          : `<div class="menu-grid">${cards}</div>`) +
        '</section>' +
        banner
      );
    })
    .join('');
  const notice = offlinePricesAsOf ? menuFreshnessNoticeHtml(offlinePricesAsOf) : '';
  return `<div class="menu-screen"><h1 class="visually-hidden">Meniu</h1>${categoryBarHtml(menu.categories)}${promoBannerHtml(cakesShopUrl, 'top')}${notice}${sections}</div>`;
}

/** "1 produs" / "N produse", as the full-menu feature's productCount. */
function productCount(count: number): string {
  return count === 1 ? '1 produs' : `${count} produse`;
}

/**
 * The top of FullMenu without a search or category filter: back link, heading with the product
 * count, search box, category chips and the order box's heading and text. What follows (the order
 * box's phone and hours, then the cards) is added by React below them.
 */
export function fullMenuTopHtml(menu: Menu): string {
  const chips = menu.categories
    .map(
      (category) =>
        `<button type="button" class="full-menu__chip" aria-pressed="false">${categoryIconHtml(category.icon)} ${escapeHtml(category.name)}</button>`,
    )
    .join('');
  return (
    '<div class="full-menu">' +
    `<a class="button button--outline full-menu__back" href="/">${arrowLeftIcon(18)} Înapoi</a>` +
    `<header class="full-menu__header"><h1 class="full-menu__title">Meniul Complet</h1><p class="full-menu__total">${productCount(menu.items.length)}</p></header>` +
    `<div class="full-menu__search">${searchIcon(18)}<label for="full-menu-search" class="visually-hidden">Caută produse</label>` +
    '<input id="full-menu-search" type="search" placeholder="Caută produse..." value=""></div>' +
    '<div class="full-menu__chips" role="group" aria-label="Filtrează după categorie">' +
    `<button type="button" class="full-menu__chip" aria-pressed="true">Toate</button>${chips}</div>` +
    // The order box's heading and text (the page's largest text on a phone: its LCP); the phone
    // button and the hours come with the app, below them.
    '<aside class="full-menu__order-box" aria-labelledby="order-box-title"><h2 id="order-box-title">Pentru comenzi</h2>' +
    '<p>Sună-ne și comandă telefonic preparatele preferate.</p></aside>' +
    '</div>'
  );
}

function appHtml(requestPath: string, page: string, cartCount: number): string {
  return (
    '<div class="app"><a class="skip-link" href="#main">Sari la conținut</a>' +
    siteHeaderHtml(requestPath, cartCount) +
    `<main id="main" class="site-main" tabindex="-1">${page}</main></div>`
  );
}

/**
 * What goes inside `#root` for `requestPath`, or null when that page has no first-paint HTML (another
 * path, a filtered full menu, or no menu to show). `/menu`, `/meniul-complet` and (with a menu) `/` carry
 * `data-first-paint="menu"` on their root: the app then waits for the menu and the restaurant's
 * settings before its first commit, so that commit shows the same cards (not a loading state) and
 * the same banner, order box and hours (nothing pushed down).
 */
export interface FirstPaintData {
  /** The catalogue (the server's current one, or the one IndexedDB kept), or null when there is none. */
  menu: Menu | null;
  /** CAKES_SHOP_URL, as GET /api/restaurant answers it. */
  cakesShopUrl: string | undefined;
  /** The cart's lines (the service worker reads them from IndexedDB; the server never knows a cart). */
  cartLines?: readonly { menuItemId: number; quantity: number }[];
  /** Offline only: when the stored menu was fetched (ISO), for the notice that prices may be stale. */
  offlinePricesAsOf?: string;
  /** The instant the page is drawn for (the server's clock; the device's offline): dishes outside their windows say when they come back. */
  nowMs?: number;
}

export function firstPaintHtml(
  requestPath: string,
  search: URLSearchParams,
  { menu, cakesShopUrl, cartLines = [], offlinePricesAsOf, nowMs }: FirstPaintData,
): { html: string; waitsForMenu: boolean } | null {
  const cartCount = cartItemCount(cartLines);
  // The home's tabs below the hero show the menu: with a menu to show, the app's first commit waits
  // for it as on the menu pages (one commit with the tabs filled, not a second one when it answers).
  if (requestPath === '/') return { html: appHtml('/', `<div class="home">${heroHtml()}</div>`, cartCount), waitsForMenu: menu !== null };
  if (!menu) return null;
  if (requestPath === '/menu') {
    const page = menuScreenHtml(menu, cakesShopUrl, quantitiesByMenuItem(cartLines), offlinePricesAsOf, nowMs);
    return { html: appHtml('/menu', page, cartCount), waitsForMenu: true };
  }
  // A filtered full menu (a shared search link) is drawn by the app itself.
  if (requestPath === '/meniul-complet' && !search.has('q') && !search.has('categorie')) {
    return { html: appHtml('/meniul-complet', fullMenuTopHtml(menu), cartCount), waitsForMenu: true };
  }
  return null;
}

const ROOT_ELEMENT = '<div id="root"></div>';

/** Who drew a first paint: the server from its current menu, or the service worker from IndexedDB. */
export type FirstPaintSource = 'server' | 'stored';

/**
 * The shell with `#root` holding the page's first-paint HTML, or null when the page has none (or the
 * shell has no empty root). The root's `data-first-paint` says what the page shows (src/boot/start-app.tsx
 * waits accordingly before its first commit): `menu` for the menu and settings, `static` for nothing;
 * `data-first-paint-source="stored"` says the service worker drew it from what IndexedDB kept, which
 * the app's first render then shows too. The app's chunks wait for the paint (deferAppLoading).
 */
export function shellWithFirstPaintHtml(
  shell: string,
  requestPath: string,
  search: URLSearchParams,
  data: FirstPaintData,
  source: FirstPaintSource = 'server',
): string | null {
  const firstPaint = firstPaintHtml(requestPath, search, data);
  if (!firstPaint || !shell.includes(ROOT_ELEMENT)) return null;
  const marker =
    (firstPaint.waitsForMenu ? ' data-first-paint="menu"' : ' data-first-paint="static"') +
    (source === 'stored' ? ' data-first-paint-source="stored"' : '');
  // A page that paints by itself loads the app after that paint (src/shared/after-paint-links.ts).
  return deferAppLoading(shell).replace(ROOT_ELEMENT, () => `<div id="root"${marker}>${firstPaint.html}</div>`);
}
