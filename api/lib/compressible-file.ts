/**
 * Static files that are text and worth compressing (images other than SVG, fonts and video are
 * compressed already). The build writes a .br and a .gz copy of each (scripts/vite-precompress.ts);
 * the server marks them `Vary: Accept-Encoding` (api/routes/static.ts).
 */
export const COMPRESSIBLE_FILE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
