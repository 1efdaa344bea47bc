import { describe, expect, it } from 'vitest';

import type { EarlyRead } from '../db/early-read';
import type { CartLineRow, RestaurantRow } from '../db/app-db';
import { menuItem, menuOf } from '../../tests/setup/menu-fixtures';
import { TEST_MODE_NOTICE_TEXT, testModeNoticeHtml } from '../shared/test-mode-notice';
import { withStoredFirstPaint } from './stored-first-paint';

const SHELL =
  '<!doctype html><html><head><script type="module" src="/assets/index-A.js"></script></head><body><div id="root"></div></body></html>';

const menu = menuOf([menuItem({}), menuItem({ id: 2, name: 'Ceafă', sku: 'CEAFA' })]);

const line = (menuItemId: number, quantity: number) => ({ id: `line-${menuItemId}`, menuItemId, quantity }) as CartLineRow;

const stored = (over: Partial<EarlyRead> = {}): EarlyRead => ({
  // 10:00 UTC is 12:00 in Bucharest (EET, winter).
  menuSnapshot: { key: 'current', menu, version: 'v1', fetchedAt: '2026-11-24T10:00:00.000Z', lastFailedRefreshAt: null },
  cartLines: [line(1, 2), line(2, 1)],
  restaurant: {
    key: 'current',
    info: { cakesShopUrl: 'https://prajituri.example.ro' },
    fetchedAt: '2026-11-24T10:00:00.000Z',
  } as RestaurantRow,
  ...over,
});

const shell = (body = SHELL, init: ResponseInit = { headers: { 'content-type': 'text/html', 'content-length': String(body.length) } }) =>
  new Response(body, init);

async function draw(path: string, read: EarlyRead | Error, knownOffline = false) {
  const response = await withStoredFirstPaint(shell(), new URL(`https://casa.example${path}`), {
    readStored: () => (read instanceof Error ? Promise.reject(read) : Promise.resolve(read)),
    knownOffline,
  });
  return { response, html: await response.text() };
}

describe('the service worker draws the stored menu, cart and settings into the shell', () => {
  it('/menu: the stored cards with their cart quantities, the header count and the promo link, marked as drawn from storage', async () => {
    const { response, html } = await draw('/menu', stored());
    expect(html).toContain('<div id="root" data-first-paint="menu" data-first-paint-source="stored">');
    expect(html).toContain('<h3 class="menu-card__name" elementtiming="menu-card">Mici</h3>');
    expect(html).toContain('<span class="badge menu-card__quantity" aria-label="2 in cart">2</span>');
    expect(html).toContain('<span class="badge menu-card__quantity" aria-label="1 in cart">1</span>');
    expect(html).toContain('aria-label="Cart, 3 items"');
    expect(html).toContain('<span class="badge site-header__badge" data-testid="cart-badge">3</span>');
    expect(html).toContain('href="https://prajituri.example.ro"');
    // Online (as far as the browser knows) there is no offline notice.
    expect(html).not.toContain('menu-freshness');
    // The script stays as it was, and the length is the new body's.
    expect(html).toContain('<script type="module" src="/assets/index-A.js"></script>');
    expect(response.headers.get('content-length')).toBeNull();
    expect(response.headers.get('content-type')).toBe('text/html');
  });

  it('offline: the notice says when the stored prices are from, in Bucharest time', async () => {
    const { html } = await draw('/menu', stored(), true);
    expect(html).toContain(
      '<p class="menu-freshness" role="status">You are offline: prices as of 12:00. The restaurant confirms prices when your order is sent.</p>',
    );
  });

  it('an empty cart and no stored settings: no badges, a banner without the link', async () => {
    const { html } = await draw('/menu', stored({ cartLines: [], restaurant: undefined }));
    expect(html).toContain('aria-label="Cart">');
    expect(html).not.toContain('badge');
    expect(html).not.toContain('Comandă Online');
  });

  it('/ draws the hero and the cart count even without a stored menu; /meniul-complet draws its top', async () => {
    const home = await draw('/', stored({ menuSnapshot: undefined }));
    expect(home.html).toContain('data-first-paint="static" data-first-paint-source="stored"');
    expect(home.html).toContain('class="hero__title"');
    expect(home.html).toContain('aria-label="Cart, 3 items"');
    const fullMenu = await draw('/meniul-complet', stored());
    expect(fullMenu.html).toContain('<p class="full-menu__total">2 produse</p>');
  });

  it('answers the plain shell when there is nothing to draw or the read fails', async () => {
    for (const [path, read] of [
      ['/menu', stored({ menuSnapshot: undefined })],
      ['/checkout', stored()],
      ['/meniul-complet?q=mici', stored()],
      ['/menu', new Error('IndexedDB is gone')],
    ] as const) {
      expect((await draw(path, read)).html, path).toBe(SHELL);
    }
  });

  it('issue 21 defect 4: the stored answer says test payments: every page gets the test-mode notice before #root', async () => {
    const testMode = (over: Partial<EarlyRead> = {}) =>
      stored({ restaurant: { ...stored().restaurant!, info: { ...stored().restaurant!.info, testPayments: true } }, ...over });
    for (const path of ['/menu', '/', '/checkout', '/admin', '/meniul-complet?q=mici']) {
      const { html } = await draw(path, testMode());
      expect(html, path).toContain(`${testModeNoticeHtml()}<div id="root"`);
    }
    // Nothing else to draw (no stored menu on /menu): still the notice.
    expect((await draw('/menu', testMode({ menuSnapshot: undefined }))).html).toBe(
      SHELL.replace('<div id="root">', `${testModeNoticeHtml()}<div id="root">`),
    );
    // Live payments (or a stored answer from before the field): no notice.
    expect((await draw('/checkout', stored())).html).toBe(SHELL);
    expect((await draw('/menu', stored())).html).not.toContain(TEST_MODE_NOTICE_TEXT);
  });

  it('passes a failed shell response through untouched', async () => {
    const missing = new Response('gone', { status: 404 });
    const answer = await withStoredFirstPaint(missing, new URL('https://casa.example/menu'), {
      readStored: () => Promise.resolve(stored()),
      knownOffline: false,
    });
    expect(answer).toBe(missing);
  });
});
