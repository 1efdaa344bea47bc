// Generates the app icons and manifest screenshots (PNG, no image library needed) and the menu placeholder SVGs.
// Run once after changing the artwork: node scripts/make-images.mjs. The outputs are committed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buffer) {
  let crc = 0xffffffff;
  for (const byte of buffer) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
function png(size, pixel, height = size) {
  const width = size;
  const raw = Buffer.alloc(height * (width * 4 + 1));
  for (let y = 0; y < height; y += 1) {
    raw[y * (width * 4 + 1)] = 0;
    for (let x = 0; x < width; x += 1) {
      const [r, g, b, a] = pixel(x / width, y / height, x, y);
      const o = y * (width * 4 + 1) + 1 + x * 4;
      raw[o] = r;
      raw[o + 1] = g;
      raw[o + 2] = b;
      raw[o + 3] = a;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 6;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const BRAND = [122, 46, 18, 255];
const EMBER = [224, 112, 27, 255];
const GOLD = [250, 196, 82, 255];
// A flame: two stacked teardrops over three grill bars.
function flame(x, y, scale) {
  const cx = 0.5;
  const nx = (x - cx) / scale;
  const ny = (y - 0.5) / scale;
  const bar = ny > 0.22 && ny < 0.3 && Math.abs(nx) < 0.32 && Math.abs(((nx + 0.32) % 0.16) - 0.08) > 0.035;
  if (bar) return GOLD;
  const outer =
    ny < 0.18 && ny > -0.38 && Math.abs(nx) < 0.24 * Math.sqrt(Math.max(0, (0.18 - ny) / 0.56)) * (1 - Math.max(0, -ny - 0.1) * 1.2);
  const inner = ny < 0.16 && ny > -0.12 && Math.abs(nx) < 0.11 * Math.sqrt(Math.max(0, (0.16 - ny) / 0.28));
  if (inner) return GOLD;
  if (outer) return EMBER;
  return null;
}
function icon(size, { maskable }) {
  return png(size, (x, y) => {
    const mark = flame(x, y, maskable ? 0.7 : 0.9);
    if (mark) return mark;
    if (maskable) return BRAND;
    const dx = x - 0.5;
    const dy = y - 0.5;
    return Math.hypot(dx, dy) < 0.48 ? BRAND : [0, 0, 0, 0];
  });
}
writeFileSync('public/icons/icon-192.png', icon(192, { maskable: false }));
writeFileSync('public/icons/icon-512.png', icon(512, { maskable: false }));
writeFileSync('public/icons/icon-maskable-512.png', icon(512, { maskable: true }));
// Manifest screenshots (the richer install dialog): a stylised app screen, not a real capture — a
// brand header with the flame, then menu cards in one column (narrow) or three (wide).
const CREAM = [255, 248, 241, 255];
const CARD = [255, 255, 255, 255];
const CARD_ART = [224, 112, 27, 255];
const TEXT = [217, 185, 158, 255];
function screenshot(width, height, columns) {
  const headerPx = 72;
  const margin = 24;
  const cardW = (width - margin * (columns + 1)) / columns;
  const cardH = 200;
  return png(
    width,
    (_fx, _fy, x, y) => {
      if (y < headerPx) {
        const logo = flame((x - 12) / headerPx, y / headerPx, 0.9);
        return x < headerPx + 12 && logo ? logo : BRAND;
      }
      const cy = y - headerPx - margin;
      const row = Math.floor(cy / (cardH + margin));
      const inRowY = cy - row * (cardH + margin);
      const col = Math.floor((x - margin) / (cardW + margin));
      const inColX = x - margin - col * (cardW + margin);
      if (cy < 0 || col < 0 || col >= columns || inRowY >= cardH || inColX >= cardW) return CREAM;
      if (inRowY < cardH * 0.6) return CARD_ART;
      if (inRowY > cardH * 0.7 && inRowY < cardH * 0.78 && inColX > 16 && inColX < cardW * 0.7) return TEXT;
      if (inRowY > cardH * 0.84 && inRowY < cardH * 0.92 && inColX > 16 && inColX < cardW * 0.35) return BRAND;
      return CARD;
    },
    height,
  );
}
mkdirSync('public/screenshots', { recursive: true });
writeFileSync('public/screenshots/narrow-540x720.png', screenshot(540, 720, 1));
writeFileSync('public/screenshots/wide-1280x720.png', screenshot(1280, 720, 3));
writeFileSync(
  'public/icons/favicon.svg',
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="31" fill="#7a2e12"/><path d="M32 10c6 9 12 14 12 24a12 12 0 0 1-24 0c0-6 3-9 5-13 1 4 3 6 5 6-1-6 0-11 2-17z" fill="#e0701b"/><path d="M32 30c3 4 5 6 5 9a5 5 0 0 1-10 0c0-3 2-5 5-9z" fill="#fac452"/><path d="M16 50h32" stroke="#fac452" stroke-width="3"/></svg>\n`,
);

const CATEGORY_ART = {
  'produse-la-jar': { from: '#7a2e12', to: '#e0701b', label: 'La jar', motif: 'grill' },
  garnituri: { from: '#8a5a14', to: '#f2b544', label: 'Garnituri', motif: 'dots' },
  gatite: { from: '#5c3a1e', to: '#b8733a', label: 'Gătite', motif: 'steam' },
  salate: { from: '#2f5d2a', to: '#8cbf5a', label: 'Salate', motif: 'leaves' },
  desert: { from: '#6b2d4a', to: '#e58fb0', label: 'Desert', motif: 'dots' },
};
const MOTIFS = {
  grill:
    '<g stroke="#fff" stroke-opacity=".25" stroke-width="10">' +
    [90, 130, 170, 210, 250, 290].map((x) => `<line x1="${x}" y1="60" x2="${x - 60}" y2="240"/>`).join('') +
    '</g>',
  dots:
    '<g fill="#fff" fill-opacity=".18">' +
    Array.from(
      { length: 18 },
      (_, i) => `<circle cx="${30 + (i % 6) * 60}" cy="${50 + Math.floor(i / 6) * 80}" r="${10 + (i % 3) * 4}"/>`,
    ).join('') +
    '</g>',
  steam:
    '<g fill="none" stroke="#fff" stroke-opacity=".3" stroke-width="8" stroke-linecap="round">' +
    [120, 180, 240].map((x) => `<path d="M${x} 200c-20-30 20-50 0-80s20-50 0-80"/>`).join('') +
    '</g>',
  leaves:
    '<g fill="#fff" fill-opacity=".2">' +
    [
      [80, 80],
      [200, 60],
      [300, 150],
      [120, 200],
      [260, 230],
    ]
      .map(([x, y]) => `<ellipse cx="${x}" cy="${y}" rx="40" ry="18" transform="rotate(-30 ${x} ${y})"/>`)
      .join('') +
    '</g>',
};
for (const [slug, art] of Object.entries(CATEGORY_ART)) {
  writeFileSync(
    `public/images/menu/${slug}.svg`,
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 360 270" role="img" aria-label="${art.label}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${art.from}"/><stop offset="1" stop-color="${art.to}"/></linearGradient></defs><rect width="360" height="270" fill="url(#g)"/>${MOTIFS[art.motif]}<text x="24" y="246" font-family="system-ui,sans-serif" font-size="30" font-weight="700" fill="#fff" fill-opacity=".9">${art.label}</text></svg>\n`,
  );
}
writeFileSync(
  'public/images/menu/placeholder.svg',
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 360 270" role="img" aria-label="Fără imagine"><rect width="360" height="270" fill="#f1e4d8"/><path d="M180 80c12 18 24 28 24 48a24 24 0 0 1-48 0c0-12 6-18 10-26 2 8 6 12 10 12-2-12 0-22 4-34z" fill="#d9b99e"/><path d="M140 190h80" stroke="#d9b99e" stroke-width="6" stroke-linecap="round"/></svg>\n`,
);
console.log('images written');
