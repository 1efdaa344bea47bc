import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Menu } from '../../src/shared/schemas/menu';
import type { RestaurantInfo } from '../../src/shared/schemas/restaurant';
import { menuItem, menuOf } from '../../tests/setup/menu-fixtures';
import { FIRST_PAINT_PATHS } from '../../src/shared/page-state';
import { scriptSafeJson, shellWithRoutePreloads, staticRoutes } from './static';

const SHELL =
  '<!doctype html><html lang="en"><head><script type="module" crossorigin src="/assets/index-A.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/shared-B.js"><link rel="stylesheet" crossorigin href="/assets/index-C.css"></head>' +
  '<body><div id="root"></div></body></html>';

const MANIFEST = {
  'index.html': { file: 'assets/index-A.js', imports: ['_shared-B.js'], css: ['assets/index-C.css'] },
  '_shared-B.js': { file: 'assets/shared-B.js' },
  '_menu-screen-D.js': { file: 'assets/menu-screen-D.js', imports: ['_shared-B.js', 'index.html'], css: ['assets/menu-screen-E.css'] },
  'src/routes/menu.tsx?tsr-split=component': { file: 'assets/menu-F.js', imports: ['_menu-screen-D.js', 'index.html'] },
  'src/routes/index.tsx?tsr-split=component': { file: 'assets/routes-G.js', imports: ['index.html'], css: ['assets/routes-H.css'] },
  'src/routes/admin.tsx?tsr-split=component': { file: 'assets/admin-I.js', imports: ['index.html'] },
};

describe('shell with route preloads', () => {
  it("names the route's own chunks and stylesheets once in <head>", () => {
    const html = shellWithRoutePreloads(SHELL, MANIFEST, '/menu');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="modulepreload" href="/assets/menu-F.js" data-after-paint>');
    expect(head).toContain('<link rel="modulepreload" href="/assets/menu-screen-D.js" data-after-paint>');
    expect(head).toContain('<link rel="stylesheet" href="/assets/menu-screen-E.css">');
    // Stylesheets are needed by a server-rendered paint: never held back.
    expect(head).not.toMatch(/stylesheet[^>]*data-after-paint/);
    // The page carries the answers it was rendered from: no API request to preload.
    expect(head).not.toContain('/api/');
    // What the shell already names is not repeated; other routes are not fetched.
    expect(head.match(/shared-B\.js/g)).toHaveLength(1);
    expect(head.match(/index-A\.js/g)).toHaveLength(1);
    expect(head).not.toContain('admin-I.js');
    expect(head).not.toContain('routes-G.js');
    // Never an inline script (CSP script-src 'self').
    expect(html.match(/<script/g)).toHaveLength(1);
  });

  it('leaves other paths, and a build without a manifest, with the shell as built', () => {
    expect(shellWithRoutePreloads(SHELL, MANIFEST, '/admin')).toBe(SHELL);
    expect(shellWithRoutePreloads(SHELL, null, '/menu')).toBe(SHELL);
  });
});

describe('static routes serve the first-paint pages with their preloads', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'static-routes-'));
    mkdirSync(path.join(dir, '.vite'));
    writeFileSync(path.join(dir, 'index.html'), SHELL);
    writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each(FIRST_PAINT_PATHS)('%s: without a server renderer, the shell, revalidated every time', async (page) => {
    const response = await staticRoutes(dir).request(page);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const html = await response.text();
    expect(html).toContain('<div id="root"></div>');
  });

  it('another page path gets the plain shell; the manifest itself stays private', async () => {
    const app = staticRoutes(dir);
    expect(await (await app.request('/checkout')).text()).toBe(SHELL);
    expect((await app.request('/.vite/manifest.json')).status).toBe(404);
  });

  it("every page is in the request's language: the device's choice (the lang cookie), else Accept-Language", async () => {
    const app = staticRoutes(dir);
    const langOf = async (requestPath: string, headers: Record<string, string>) =>
      /<html lang="([^"]*)"/.exec(await (await app.request(requestPath, { headers })).text())?.[1];
    for (const requestPath of ['/menu', '/checkout']) {
      expect(await langOf(requestPath, { 'accept-language': 'ro-RO,ro;q=0.9,en;q=0.8' })).toBe('ro');
      expect(await langOf(requestPath, { 'accept-language': 'ro-RO', cookie: 'lang=en' })).toBe('en');
      expect(await langOf(requestPath, { 'accept-language': 'de-DE' })).toBe('en');
    }
  });

  it("PAYMENTS=test: the shell's test-mode notice is shown and named in the request's language (issue 23)", async () => {
    const shellDir = mkdtempSync(path.join(os.tmpdir(), 'static-notice-'));
    try {
      // The real shell: the notice is index.html's own element.
      writeFileSync(path.join(shellDir, 'index.html'), readFileSync(path.resolve('index.html'), 'utf8'));
      const app = staticRoutes(shellDir, {
        menu: () => Promise.reject(new Error('no menu here')),
        restaurant: () => Promise.reject(new Error('no restaurant here')),
        testPayments: true,
        logger: { error: () => undefined },
      });
      const noticeOf = async (headers: Record<string, string>) => {
        const html = await (await app.request('/checkout', { headers })).text();
        return { lang: /<html lang="([^"]*)"/.exec(html)?.[1], notice: /<aside [^>]*id="test-mode-notice"[^>]*>/.exec(html)?.[0] };
      };
      expect(await noticeOf({ 'accept-language': 'ro-RO,ro;q=0.9' })).toEqual({
        lang: 'ro',
        notice: '<aside id="test-mode-notice" class="test-mode-notice" aria-label="Plăți">',
      });
      expect(await noticeOf({ 'accept-language': 'ro-RO', cookie: 'lang=en' })).toEqual({
        lang: 'en',
        notice: '<aside id="test-mode-notice" class="test-mode-notice" aria-label="Payments">',
      });
    } finally {
      rmSync(shellDir, { recursive: true, force: true });
    }
  });

  it("the web app manifest is in the request's language, revalidated every time and keyed by what decides it", async () => {
    writeFileSync(
      path.join(dir, 'manifest.webmanifest'),
      JSON.stringify({ name: 'Casa Grătarului — comenzi online', short_name: 'Casa Grătarului', lang: 'ro', display: 'standalone' }),
    );
    const app = staticRoutes(dir);
    const manifestFor = async (headers: Record<string, string>) => {
      const response = await app.request('/manifest.webmanifest', { headers });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('application/manifest+json');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('vary')).toContain('Accept-Language');
      expect(response.headers.get('vary')).toContain('Cookie');
      return (await response.json()) as { name: string; lang: string; short_name: string };
    };
    expect(await manifestFor({ 'accept-language': 'ro-RO,ro;q=0.9' })).toMatchObject({
      lang: 'ro',
      name: 'Casa Grătarului — comenzi online',
    });
    expect(await manifestFor({ 'accept-language': 'ro-RO', cookie: 'lang=en' })).toMatchObject({
      lang: 'en',
      name: 'Casa Grătarului — online orders',
      short_name: 'Casa Grătarului',
    });
    expect(await manifestFor({ 'accept-language': 'de-DE' })).toMatchObject({ lang: 'en' });
    rmSync(path.join(dir, 'manifest.webmanifest'));
  });

  it('a deploy that replaces the shell and manifest is picked up', async () => {
    const app = staticRoutes(dir);
    expect(await (await app.request('/menu')).text()).toContain('menu-F.js');
    const next = { ...MANIFEST, 'src/routes/menu.tsx?tsr-split=component': { file: 'assets/menu-NEW.js', imports: ['index.html'] } };
    writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(next));
    // A later mtime, whatever the file system's resolution.
    const later = new Date(Date.now() + 5000);
    utimesSync(path.join(dir, '.vite', 'manifest.json'), later, later);
    expect(await (await app.request('/menu')).text()).toContain('menu-NEW.js');
  });
});

describe('static files leave compressed', () => {
  let dir: string;
  const script = `export const lines = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `ceafă de porc ${i}`))};`;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'static-compressed-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(
      path.join(dir, 'index.html'),
      SHELL.replace('<div id="root"></div>', `<div id="root">${'<p>mici</p>'.repeat(300)}</div>`),
    );
    writeFileSync(path.join(dir, 'assets', 'index-A.js'), script);
    writeFileSync(path.join(dir, 'assets', 'index-A.js.br'), brotliCompressSync(script));
    writeFileSync(path.join(dir, 'assets', 'index-A.js.gz'), gzipSync(script));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each([
    ['gzip, deflate', 'gzip', '.gz'],
    ['gzip, deflate, br', 'br', '.br'],
  ])('Accept-Encoding "%s": the build\'s %s copy, keyed by encoding', async (accept, encoding, suffix) => {
    const response = await staticRoutes(dir).request('/assets/index-A.js', { headers: { 'accept-encoding': accept } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe(encoding);
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.length).toBe((suffix === '.br' ? brotliCompressSync(script) : gzipSync(script)).length);
  });

  it('a client that accepts no encoding gets the file as built, still keyed by encoding', async () => {
    const response = await staticRoutes(dir).request('/assets/index-A.js');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(await response.text()).toBe(script);
  });

  it('a file kept under its name (sw.js) is gzipped per request, so a deploy that replaces it is seen at once', async () => {
    const worker = `self.addEventListener('message', () => {}); // ${'build-1 '.repeat(300)}`;
    writeFileSync(path.join(dir, 'sw.js'), worker);
    const first = await staticRoutes(dir).request('/sw.js', { headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(first.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await first.arrayBuffer())).toString('utf8')).toBe(worker);
    writeFileSync(path.join(dir, 'sw.js'), worker.replaceAll('build-1', 'build-2'));
    const second = await staticRoutes(dir).request('/sw.js', { headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(gunzipSync(Buffer.from(await second.arrayBuffer())).toString('utf8')).toContain('build-2');
  });

  it('the shell written per request is gzipped on the way out', async () => {
    const response = await staticRoutes(dir).request('/menu', { headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    const html = gunzipSync(Buffer.from(await response.arrayBuffer())).toString('utf8');
    expect(html).toContain('<p>mici</p>');
  });
});

describe('first-paint pages carry the server-rendered page in #root, and the query cache beside it', () => {
  let dir: string;
  /**
   * A stand-in for the build's SSR entry (src/entry-server.tsx, tested in
   * tests/integration/first-paint-markup.test.ts): it echoes what the server hands it.
   */
  const RENDERER = `export async function renderPage(url, data) {
    if (data.menu.version === 'broken') throw new Error('render failed');
    return {
      html: '<div class="app"><p class="url">' + url + '</p><p class="menu">' + data.menu.version + '</p><p class="now">' + data.serverNowMs + '</p></div>',
      state: { queries: [{ queryKey: ['menu'], state: { data: data.menu } }, { queryKey: ['restaurant', 'info'], state: { data: data.restaurant } }] },
    };
  }`;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'static-first-paint-'));
    mkdirSync(path.join(dir, '.vite'));
    mkdirSync(path.join(dir, '.ssr'));
    writeFileSync(path.join(dir, 'index.html'), SHELL);
    writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    writeFileSync(path.join(dir, '.ssr', 'entry-server.js'), RENDERER);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const menuVersioned = (version: string, name = 'Mici'): Menu => ({ ...menuOf([menuItem({ name, sku: 'X' })], name), version });
  /** The catalogue the "menu cache" answers now; a test changes it between requests. */
  let current: Menu | Error = menuVersioned('v1');
  const errors: unknown[] = [];
  const app = () =>
    staticRoutes(dir, {
      menu: () => (current instanceof Error ? Promise.reject(current) : Promise.resolve(current)),
      restaurant: () => Promise.resolve({ cakesShopUrl: 'https://prajituri.example.ro' } as RestaurantInfo),
      now: () => new Date('2026-11-22T12:00:00.000Z'),
      logger: { error: (message, fields) => errors.push({ message, fields }) },
    });
  const rootOf = (html: string) => html.slice(html.indexOf('<div id="root"'), html.indexOf('</body>'));
  const stateOf = (html: string) =>
    JSON.parse(/<script type="application\/json" id="page-state">(.*?)<\/script>/.exec(html)?.[1] ?? 'null') as {
      queries: { state: { data: unknown } }[];
    };

  it.each(['/', '/menu', '/meniul-complet', '/meniul-complet?q=mici'])(
    '%s: #root holds the rendered page (URL, menu, the server’s clock), then the cache as JSON; no script that runs',
    async (page) => {
      current = menuVersioned('v1');
      const html = await (await app().request(page)).text();
      expect(rootOf(html)).toContain(
        `<div id="root"><div class="app"><p class="url">${page}</p><p class="menu">v1</p><p class="now">${Date.parse('2026-11-22T12:00:00.000Z')}</p></div></div>`,
      );
      expect(stateOf(html).queries.map((query) => query.state.data)).toEqual([current, { cakesShopUrl: 'https://prajituri.example.ro' }]);
      // The module script of the shell, and a JSON script (data, not run: CSP script-src 'self').
      expect(html.match(/<script/g)).toHaveLength(2);
      expect(html.match(/<script type="application\/json"/g)).toHaveLength(1);
      // Painted from the HTML: the route's chunks wait for the paint in the template
      // (src/shared/after-paint-links.ts); the entry and its own import load at low priority.
      const template = /<template id="after-paint-links">(.*?)<\/template><\/head>/.exec(html)?.[1] ?? '';
      if (page.startsWith('/menu')) expect(template).toContain('<link rel="modulepreload" href="/assets/menu-F.js" data-after-paint>');
      expect(html.replace(template, '')).not.toContain('data-after-paint');
      expect(html).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index-A.js">');
      expect(html).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/shared-B.js">');
    },
  );

  it('writes the cache so no text in it can end the script element or open a comment', async () => {
    current = menuVersioned('v2', '</script><script>alert(1)</script><!-- & \u2028');
    const html = await (await app().request('/menu')).text();
    const json = /<script type="application\/json" id="page-state">(.*?)<\/script>/s.exec(html)?.[1] ?? '';
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(stateOf(html).queries[0]?.state.data).toEqual(current);
  });

  it('shows a menu change on the next request', async () => {
    const server = app();
    current = menuVersioned('v1');
    expect(await (await server.request('/menu')).text()).toContain('<p class="menu">v1</p>');
    current = menuVersioned('v3');
    expect(await (await server.request('/menu')).text()).toContain('<p class="menu">v3</p>');
  });

  it('another path, a menu the server cannot answer, or a failed render: the shell with an empty #root', async () => {
    current = menuVersioned('v1');
    expect(await (await app().request('/checkout')).text()).toBe(SHELL);
    current = new Error('cms down');
    const menuPage = await app().request('/menu');
    expect(menuPage.status).toBe(200);
    expect(await menuPage.text()).toContain('<div id="root"></div>');
    current = menuVersioned('broken');
    errors.length = 0;
    expect(await (await app().request('/')).text()).toContain('<div id="root"></div>');
    expect(errors).toEqual([{ message: 'server render failed', fields: { path: '/', error: 'render failed' } }]);
  });

  it('scriptSafeJson reads back as the same value', () => {
    const value = { text: '</script><!-- & > \u2028 \u2029', list: [1, 'a'] };
    expect(JSON.parse(scriptSafeJson(value))).toEqual(value);
  });
});
