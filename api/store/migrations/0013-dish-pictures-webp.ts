/**
 * The seeded dishes' pictures moved from SVG to WebP (docs/decisions/0110-dish-pictures-are-webp.md):
 * the SVG files are gone from the build, so a store seeded before points its dishes at the WebP of the
 * same name. Only the generated pictures (DISH_ART_DIR) change; a picture the restaurant set is left
 * alone. Forward-only: never edit a shipped migration.
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

// Kysely's migration API is untyped by design: a migration sees the schema as it was then.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** Written out rather than imported: a migration must not change when the seed code does. */
const SEEDED_ART_PREFIX = '/images/menu/dishes/';

export function dishPicturesWebpMigration() {
  return {
    async up(db: AnyDb): Promise<void> {
      await db
        .updateTable('menu_items')
        .set({ image: sql`substr(image, 1, length(image) - 4) || '.webp'` })
        .where('image', 'like', `${SEEDED_ART_PREFIX}%.svg`)
        .execute();
    },
  };
}
