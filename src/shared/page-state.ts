/**
 * The contract between the server and the app's server renderer (src/entry-server.tsx, built into
 * the build's `.ssr/` directory and loaded by api/routes/static.ts), and between the rendered page
 * and the browser: the page carries the query cache it was rendered from (TanStack Query's
 * dehydrated state) as JSON in `<script type="application/json" id="page-state">`, which
 * src/boot/start-app.tsx reads before hydrating, so the browser's first render has the same data.
 * A JSON script is data, never run: the CSP stays `script-src 'self'`.
 */
import type { Locale } from './i18n/locales';
import type { Menu } from './schemas/menu';
import type { RestaurantInfo } from './schemas/restaurant';

export const PAGE_STATE_ELEMENT_ID = 'page-state';

/** The pages a first visit usually lands on, which the server renders. */
export const FIRST_PAINT_PATHS = ['/', '/menu', '/meniul-complet'] as const;
export type FirstPaintPath = (typeof FIRST_PAINT_PATHS)[number];

export function isFirstPaintPath(pathname: string): pathname is FirstPaintPath {
  return (FIRST_PAINT_PATHS as readonly string[]).includes(pathname);
}

/** Where the SSR build puts its entry, inside the client build's directory (a dot path: never served). */
export const SERVER_RENDERER_FILE = '.ssr/entry-server.js';

export interface ServerPageData {
  /** The current catalogue. */
  menu: Menu;
  /** The restaurant's settings as GET /api/restaurant answers them; null as for the menu. */
  restaurant: RestaurantInfo | null;
  /** The server's clock (ms since the epoch): a dish outside its availability window is drawn as such. */
  serverNowMs: number;
  /** The request's language (api/lib/request-locale.ts): the page's words, and its <html lang>. */
  locale: Locale;
}

export interface RenderedPage {
  /** What goes inside #root. */
  html: string;
  /** The query cache the browser hydrates with (JSON-serialisable). */
  state: unknown;
}

/** The SSR entry's one export. */
export type RenderPage = (url: string, data: ServerPageData) => Promise<RenderedPage>;
