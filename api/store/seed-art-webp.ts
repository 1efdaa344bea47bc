/**
 * The WebP the storefront serves for a seeded dish, rendered from its SVG drawing (seed-art.ts).
 * Only the generator script and its test load this: the server serves the committed files and never
 * needs the image library to start.
 */
import sharp from 'sharp';

import { DISH_ART_HEIGHT_PX, DISH_ART_WEBP_QUALITY, DISH_ART_WIDTH_PX, dishArtSvg } from './seed-art';
import type { SeedCategory, SeedItem } from './seed-data';

/** Rasterised well above the output size so edges stay smooth after the resize. */
const SVG_RENDER_DENSITY_DPI = 300;

export async function renderDishArt(category: Pick<SeedCategory, 'slug'>, item: Pick<SeedItem, 'name'>): Promise<Buffer> {
  return sharp(Buffer.from(dishArtSvg(category, item)), { density: SVG_RENDER_DENSITY_DPI })
    .resize(DISH_ART_WIDTH_PX, DISH_ART_HEIGHT_PX)
    .webp({ quality: DISH_ART_WEBP_QUALITY, effort: 6 })
    .toBuffer();
}
