/**
 * A picture of its own for every seeded dish (issue 27: every dish of a category shared one), drawn
 * here as a small SVG and served as a WebP rendered from it: the dish's kind (meat on the grill, sausages, a skewer, fries, bread, a bowl of
 * soup or salad, a slice of cake…) on a plate, in colours and an arrangement that follow from its
 * name, so no two dishes look alike. Generated art, not photographs; a restaurant replaces them
 * with its own through the CMS.
 *
 * `npx tsx scripts/make-dish-art.ts` renders them (sharp) to public/images/menu/dishes/ as WebP;
 * tests/integration/seed-images.test.ts checks the files are this drawing's rendering, one per dish,
 * all different. Why raster: the browser builds a whole isolated document on its main thread for
 * every SVG <img> it shows; two dozen of them on the phone menu were most of a slow phone's blocking
 * time after the first paint (docs/decisions/0110-dish-pictures-are-webp.md). A raster image decodes
 * off the main thread.
 */
import type { SeedCategory, SeedItem } from './seed-data';

export const DISH_ART_DIR = '/images/menu/dishes';
/** The rendered picture's size: sharp enough for the dish dialog on a phone, ~7 KB each. */
export const DISH_ART_WIDTH_PX = 640;
export const DISH_ART_HEIGHT_PX = 480;
export const DISH_ART_WEBP_QUALITY = 75;

/** 'Ceafă de porc' → 'ceafa-de-porc' (diacritics folded, anything else a dash). */
export function dishSlug(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Where a seeded dish's picture is served from, or null for the few shown with the placeholder. */
export function seedDishImage(item: Pick<SeedItem, 'name' | 'hasImage'>): string | null {
  return item.hasImage === false ? null : `${DISH_ART_DIR}/${dishSlug(item.name)}.webp`;
}

/** FNV-1a: a stable number per name, the source of every choice below. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (const char of text) {
    value ^= char.codePointAt(0)!;
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}

/** A sequence of numbers in [0, 1) from a seed (mulberry32). */
function randomFrom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type DishKind = 'steak' | 'sausage' | 'skewer' | 'chicken' | 'fries' | 'bread' | 'bowl' | 'cake' | 'pancake' | 'dumpling' | 'veg';

/** The first rule whose words the name contains decides the drawing. */
const KIND_RULES: readonly [RegExp, DishKind][] = [
  [/frigarui/, 'skewer'],
  [/fasole/, 'bowl'],
  [/mici|carnat|carnaciori|carnati/, 'sausage'],
  [/aripioare|pulpe/, 'chicken'],
  [/cartofi prajiti|cartofi taranesti/, 'fries'],
  [/paine|lipie|chifla/, 'bread'],
  [/tort|placinte/, 'cake'],
  [/clatite/, 'pancake'],
  [/papanasi/, 'dumpling'],
  [/legume|ciuperci/, 'veg'],
  [/ciorba|salata|fasole|orez|piure|mamaliga|tocanita|gulas|iahnie|varza|sarmale|tochitura|meniu/, 'bowl'],
];

function dishKind(name: string): DishKind {
  const folded = dishSlug(name).replace(/-/g, ' ');
  return KIND_RULES.find(([pattern]) => pattern.test(folded))?.[1] ?? 'steak';
}

/** Background hues per category (degrees): warm for the grill, green for salads… */
const CATEGORY_HUES: Readonly<Record<string, number>> = {
  'produse-la-jar': 18,
  garnituri: 38,
  gatite: 8,
  salate: 95,
  desert: 330,
};

/** The colour of what fills a bowl, by the words of the name. */
function bowlFill(name: string): string {
  const n = dishSlug(name);
  if (/salata-de-varza|varza/.test(n)) return '#d9e8a6';
  if (/castraveti|caesar|greceasca|asortata|ton|rata|somon/.test(n)) return '#7fb24a';
  if (/rosii/.test(n)) return '#d8402a';
  if (/vinete/.test(n)) return '#b49a72';
  if (/boeuf|orientala|piure|mamaliga/.test(n)) return '#f2d27a';
  if (/orez/.test(n)) return '#f4eedd';
  if (/fasole|iahnie/.test(n)) return '#a8703f';
  if (/burta/.test(n)) return '#f1e0b8';
  if (/ciorba/.test(n)) return '#e08a3a';
  if (/sarmale/.test(n)) return '#8e9a3c';
  return '#b5552a';
}

const f = (value: number) => Number(value.toFixed(1));

/** The dish drawn on a plate centred at (180, 150). */
function motif(kind: DishKind, name: string, random: () => number): string {
  const parts: string[] = [];
  const rot = f(random() * 40 - 20);
  switch (kind) {
    case 'steak': {
      const color = ['#8a3b1c', '#9b4422', '#7a3018', '#a6542e'][Math.floor(random() * 4)]!;
      const w = f(70 + random() * 25);
      const h = f(42 + random() * 14);
      parts.push(
        `<g transform="rotate(${rot} 180 150)"><ellipse cx="180" cy="150" rx="${w}" ry="${h}" fill="${color}"/>` +
          `<ellipse cx="${f(180 - w / 3)}" cy="${f(150 - h / 3)}" rx="${f(w / 3)}" ry="${f(h / 4)}" fill="#fff" fill-opacity=".12"/>`,
      );
      for (let i = -2; i <= 2; i += 1) {
        const x = 180 + i * 24;
        parts.push(
          `<line x1="${x - 14}" y1="${f(150 - h + 10)}" x2="${x + 14}" y2="${f(150 + h - 10)}" stroke="#3a1508" stroke-width="5" stroke-linecap="round" stroke-opacity=".7"/>`,
        );
      }
      parts.push('</g>');
      break;
    }
    case 'sausage': {
      const count = 2 + Math.floor(random() * 3);
      const color = /oaie|pleșcoi|plescoi/i.test(name) ? '#7c2a16' : '#9a4a26';
      parts.push(`<g transform="rotate(${rot} 180 150)">`);
      for (let i = 0; i < count; i += 1) {
        const y = f(150 + (i - (count - 1) / 2) * 30);
        const len = f(120 + random() * 40);
        parts.push(
          `<rect x="${f(180 - len / 2)}" y="${f(y - 12)}" width="${len}" height="24" rx="12" fill="${color}"/>` +
            `<line x1="${f(180 - len / 4)}" y1="${f(y - 10)}" x2="${f(180 - len / 4 + 8)}" y2="${f(y + 10)}" stroke="#3a1508" stroke-width="4" stroke-opacity=".6"/>` +
            `<line x1="${f(180 + len / 4)}" y1="${f(y - 10)}" x2="${f(180 + len / 4 + 8)}" y2="${f(y + 10)}" stroke="#3a1508" stroke-width="4" stroke-opacity=".6"/>`,
        );
      }
      parts.push('</g>');
      break;
    }
    case 'skewer': {
      const pieces = /porc/.test(dishSlug(name)) ? ['#9a4a26', '#6b3a1e', '#c8a27a'] : ['#d9a35a', '#3f8f3a', '#d8402a'];
      parts.push(
        `<g transform="rotate(${rot} 180 150)"><line x1="70" y1="150" x2="295" y2="150" stroke="#c9a06a" stroke-width="5" stroke-linecap="round"/>`,
      );
      for (let i = 0; i < 6; i += 1) {
        parts.push(
          `<rect x="${90 + i * 32}" y="${f(128 + random() * 4)}" width="26" height="${f(40 + random() * 6)}" rx="8" fill="${pieces[i % 3]!}"/>`,
        );
      }
      parts.push('</g>');
      break;
    }
    case 'chicken': {
      const count = 2 + Math.floor(random() * 2);
      for (let i = 0; i < count; i += 1) {
        const x = f(140 + i * 45 + random() * 10);
        const y = f(140 + (i % 2) * 22);
        const turn = f(random() * 60 - 30);
        parts.push(
          `<g transform="rotate(${turn} ${x} ${y})"><ellipse cx="${x}" cy="${y}" rx="34" ry="24" fill="#b8632a"/>` +
            `<rect x="${f(x + 26)}" y="${f(y - 4)}" width="26" height="8" rx="4" fill="#f3e6d0"/>` +
            `<circle cx="${f(x + 54)}" cy="${f(y - 5)}" r="6" fill="#f3e6d0"/><circle cx="${f(x + 54)}" cy="${f(y + 5)}" r="6" fill="#f3e6d0"/></g>`,
        );
      }
      break;
    }
    case 'fries': {
      parts.push('<g>');
      const count = 7 + Math.floor(random() * 4);
      for (let i = 0; i < count; i += 1) {
        const x = f(140 + (i * 80) / count + random() * 6);
        parts.push(
          `<rect x="${x}" y="${f(70 + random() * 30)}" width="10" height="80" rx="3" fill="#f2c14e" transform="rotate(${f(random() * 24 - 12)} ${x} 150)"/>`,
        );
      }
      const cup = /taranesti/.test(dishSlug(name)) ? '#2f6b3a' : '#c0392b';
      parts.push(
        `<path d="M132 130h96l-12 70h-72z" fill="${cup}"/><path d="M138 150h84" stroke="#fff" stroke-opacity=".5" stroke-width="4"/></g>`,
      );
      break;
    }
    case 'bread': {
      const slug = dishSlug(name);
      if (/lipie/.test(slug)) {
        parts.push(
          '<ellipse cx="180" cy="150" rx="90" ry="50" fill="#e9c27f"/><circle cx="150" cy="140" r="8" fill="#b97a36" fill-opacity=".6"/><circle cx="205" cy="160" r="10" fill="#b97a36" fill-opacity=".5"/>',
        );
      } else if (/chifla/.test(slug)) {
        parts.push('<ellipse cx="180" cy="152" rx="62" ry="44" fill="#c98a3f"/>');
        for (let i = 0; i < 14; i += 1)
          parts.push(`<ellipse cx="${f(140 + random() * 80)}" cy="${f(128 + random() * 36)}" rx="3" ry="1.8" fill="#fff3d6"/>`);
      } else {
        parts.push(`<g transform="rotate(${rot} 180 150)"><path d="M90 175c0-55 40-80 90-80s90 25 90 80z" fill="#c27a34"/>`);
        for (let i = 0; i < 3; i += 1)
          parts.push(`<path d="M${140 + i * 40} 110q10 30 0 55" stroke="#8a4d1c" stroke-width="5" fill="none"/>`);
        parts.push('</g>');
      }
      break;
    }
    case 'bowl': {
      const fill = bowlFill(name);
      // A bowl seen from above: its rim, then what is in it.
      parts.push(
        '<ellipse cx="180" cy="150" rx="88" ry="62" fill="#f4efe7" stroke="#d9cdbd" stroke-width="3"/>' +
          `<ellipse cx="180" cy="150" rx="70" ry="48" fill="${fill}"/>`,
      );
      const bits = 6 + Math.floor(random() * 7);
      const colors = ['#3f8f3a', '#d8402a', '#f2c14e', '#ffffff', '#6b3a1e'];
      for (let i = 0; i < bits; i += 1) {
        const a = random() * Math.PI * 2;
        const r = random() * 0.8;
        parts.push(
          `<circle cx="${f(180 + Math.cos(a) * 64 * r)}" cy="${f(150 + Math.sin(a) * 42 * r)}" r="${f(4 + random() * 6)}" fill="${colors[Math.floor(random() * colors.length)]!}" fill-opacity=".85"/>`,
        );
      }
      break;
    }
    case 'cake': {
      const cream = ['#f7e3c6', '#f3c9d6', '#e8d3b0'][Math.floor(random() * 3)]!;
      parts.push(
        `<g transform="rotate(${rot} 180 150)"><path d="M110 180l70-90 70 90z" fill="#7a4323"/><path d="M120 167l60-77 60 77z" fill="${cream}"/>` +
          '<path d="M130 154l50-64 50 64z" fill="#7a4323"/><path d="M140 141l40-51 40 51z" fill="' +
          cream +
          '"/><circle cx="180" cy="92" r="9" fill="#c0392b"/></g>',
      );
      break;
    }
    case 'pancake': {
      for (let i = 0; i < 2; i += 1) {
        const y = 135 + i * 34;
        parts.push(
          `<rect x="105" y="${y - 14}" width="150" height="30" rx="15" fill="#e8b76a" transform="rotate(${f(rot / 2)} 180 ${y})"/>`,
        );
      }
      parts.push('<path d="M110 130q35 -20 70 0t70 0" stroke="#4a2314" stroke-width="7" fill="none" stroke-linecap="round"/>');
      break;
    }
    case 'dumpling': {
      parts.push(
        '<circle cx="160" cy="160" r="38" fill="#c98a3f"/><circle cx="160" cy="160" r="12" fill="#8a4d1c"/>' +
          '<circle cx="205" cy="118" r="22" fill="#d89a4a"/><path d="M140 130q20 -30 45 -10q20 15 50 0" stroke="#fffaf0" stroke-width="14" fill="none" stroke-linecap="round"/>' +
          `<circle cx="${f(215 + random() * 10)}" cy="150" r="10" fill="#4b2a6b"/><circle cx="${f(200 + random() * 10)}" cy="168" r="8" fill="#6b2a4b"/>`,
      );
      break;
    }
    case 'veg': {
      const mushrooms = /ciuperci/.test(dishSlug(name));
      const count = 6 + Math.floor(random() * 4);
      for (let i = 0; i < count; i += 1) {
        const x = f(110 + random() * 140);
        const y = f(120 + random() * 60);
        if (mushrooms)
          parts.push(
            `<path d="M${x - 18} ${y}a18 14 0 0 1 36 0z" fill="#b98a5a"/><rect x="${f(x - 6)}" y="${y}" width="12" height="14" rx="4" fill="#efe0c8"/>`,
          );
        else
          parts.push(
            `<ellipse cx="${x}" cy="${y}" rx="20" ry="11" fill="${['#3f8f3a', '#d8402a', '#5b3a7a', '#f2c14e'][i % 4]!}" transform="rotate(${f(random() * 90)} ${x} ${y})"/>`,
          );
      }
      break;
    }
  }
  // A sprig of herbs, placed by the name (every dish gets its own).
  const hx = f(250 + random() * 30);
  const hy = f(90 + random() * 30);
  parts.push(
    `<g fill="#4f9a3a"><ellipse cx="${hx}" cy="${hy}" rx="9" ry="4" transform="rotate(-30 ${hx} ${hy})"/><ellipse cx="${f(hx + 10)}" cy="${f(hy + 8)}" rx="9" ry="4" transform="rotate(20 ${f(hx + 10)} ${f(hy + 8)})"/></g>`,
  );
  return parts.join('');
}

/** The SVG document of one dish (no text: see the module comment). */
export function dishArtSvg(category: Pick<SeedCategory, 'slug'>, item: Pick<SeedItem, 'name'>): string {
  const seed = hash(`${category.slug}/${item.name}`);
  const random = randomFrom(seed);
  const hue = (CATEGORY_HUES[category.slug] ?? 25) + Math.floor(random() * 24) - 12;
  const light = 38 + Math.floor(random() * 10);
  const kind = dishKind(item.name);
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 360 270">' +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 55% ${light - 14}%)"/><stop offset="1" stop-color="hsl(${(hue + 20) % 360} 65% ${light + 8}%)"/></linearGradient></defs>` +
    '<rect width="360" height="270" fill="url(#g)"/>' +
    '<ellipse cx="184" cy="160" rx="134" ry="92" fill="#000" fill-opacity=".18"/>' +
    '<ellipse cx="180" cy="150" rx="134" ry="92" fill="#fbf7f1"/><ellipse cx="180" cy="150" rx="110" ry="74" fill="none" stroke="#e8ddd0" stroke-width="3"/>' +
    motif(kind, item.name, random) +
    '</svg>\n'
  );
}
