/**
 * The seeded menu's pictures (public/images/menu) are SVG documents the page decodes on its main
 * thread. An SVG image with <text> sets up fonts in a fresh document for it: on the full menu that was
 * one 230 ms task at 4x CPU after the first paint (QUALITY P2, total blocking time), where the same
 * pictures without their caption cost nothing measurable. The caption was decoration (the card names
 * the dish and its category), so the pictures carry none; this keeps it that way.
 *
 * Issue 27: every seeded dish has a picture of its own (api/store/seed-art.ts), served as the WebP
 * `npx tsx scripts/make-dish-art.ts` renders from its drawing: even without text, each SVG <img> is an
 * isolated document built on the main thread, and a screenful of them was most of a slow phone's
 * blocking time (docs/decisions/0110-dish-pictures-are-webp.md).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

import { DISH_ART_DIR, DISH_ART_HEIGHT_PX, DISH_ART_WIDTH_PX, dishArtSvg, seedDishImage } from '../../api/store/seed-art';
import { renderDishArt } from '../../api/store/seed-art-webp';
import { SEED_MENU } from '../../api/store/seed-data';

const PUBLIC_DIR = path.resolve(__dirname, '../../public');

function svgFilesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.svg'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('pictures the storefront shows as <img>', () => {
  const pictures = [...svgFilesUnder(path.join(PUBLIC_DIR, 'images'))];

  it('are there to check', () => {
    expect(pictures.map((file) => path.basename(file))).toEqual(
      expect.arrayContaining(['placeholder.svg', 'produse-la-jar.svg', 'hero.svg']),
    );
  });

  it.each(pictures.map((file) => [path.relative(PUBLIC_DIR, file), file]))('%s has no text to lay out', (_name, file) => {
    expect(readFileSync(file, 'utf8')).not.toMatch(/<(text|foreignObject)\b/);
  });
});

describe('seeded dishes', () => {
  const dishes = SEED_MENU.flatMap((category) => category.items.map((item) => ({ category, item, image: seedDishImage(item) })));
  const pictured = dishes.filter((dish) => dish.image !== null);

  it('each has a picture of its own, except the few shown with the placeholder', () => {
    expect(dishes.filter((dish) => dish.image === null).map((dish) => dish.item.name)).toEqual([
      'Cârnăciori de oaie',
      'Lipie caldă',
      'Salată cu ton',
    ]);
    const images = pictured.map((dish) => dish.image);
    expect(new Set(images).size).toBe(images.length);
    for (const image of images) expect(image).toMatch(new RegExp(`^${DISH_ART_DIR}/[a-z0-9-]+\\.webp$`));
  });

  it('the committed files are what scripts/make-dish-art.ts renders, and no two look the same', async () => {
    const contents: string[] = [];
    for (const { category, item, image } of pictured) {
      const file = path.join(PUBLIC_DIR, image!);
      expect(existsSync(file), `${file} (run npx tsx scripts/make-dish-art.ts)`).toBe(true);
      const committed = readFileSync(file);
      expect(committed.equals(await renderDishArt(category, item)), image!).toBe(true);
      contents.push(dishArtSvg(category, item));
    }
    expect(new Set(contents).size).toBe(contents.length);
    expect(readdirSync(path.join(PUBLIC_DIR, DISH_ART_DIR)).sort()).toEqual(pictured.map((dish) => path.basename(dish.image!)).sort());
  });

  it("are raster pictures of the card's proportions, small enough that a screenful downloads with the menu", async () => {
    for (const { image } of pictured) {
      const file = path.join(PUBLIC_DIR, image!);
      const meta = await sharp(file).metadata();
      expect([meta.format, meta.width, meta.height], image!).toEqual(['webp', DISH_ART_WIDTH_PX, DISH_ART_HEIGHT_PX]);
      expect(readFileSync(file).length, image!).toBeLessThan(16_000);
    }
  });
});
