/**
 * Renders the seeded dishes' pictures (drawn in api/store/seed-art.ts) to WebP in
 * public/images/menu/dishes/, one per dish, and removes pictures no dish uses any more. Run after
 * changing the art or the seed menu: `npx tsx scripts/make-dish-art.ts`. The outputs are committed;
 * tests/integration/seed-images.test.ts fails while they differ from what this writes.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { DISH_ART_DIR, seedDishImage } from '../api/store/seed-art';
import { renderDishArt } from '../api/store/seed-art-webp';
import { SEED_MENU } from '../api/store/seed-data';

const outDir = path.resolve(import.meta.dirname, '..', 'public', DISH_ART_DIR.replace(/^\//, ''));
mkdirSync(outDir, { recursive: true });
const written = new Set<string>();
for (const category of SEED_MENU) {
  for (const item of category.items) {
    const image = seedDishImage(item);
    if (!image) continue;
    const file = path.basename(image);
    if (written.has(file)) throw new Error(`Two seeded dishes share the picture ${file}`);
    written.add(file);
    writeFileSync(path.join(outDir, file), await renderDishArt(category, item));
  }
}
for (const file of readdirSync(outDir)) if (!written.has(file)) rmSync(path.join(outDir, file));
process.stdout.write(`${written.size} dish pictures in ${path.relative(process.cwd(), outDir)}\n`);
