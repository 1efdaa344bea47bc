import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';

import { migrationsFor } from './index';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

describe('migration 0013: seeded dish pictures become WebP', () => {
  let db: AnyDb | null = null;
  afterEach(async () => {
    await db?.destroy();
    db = null;
  });

  it('repoints the generated SVG pictures of a store seeded before, and leaves every other picture alone', async () => {
    db = new Kysely({ dialect: new SqliteDialect({ database: new SqliteDatabase(':memory:') }) });
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrationsFor('sqlite') } });
    expect((await migrator.migrateTo('0012-weights-pickup-minimum')).error).toBeUndefined();
    const category = await db
      .insertInto('menu_categories')
      .values({ slug: 'c', name: 'C', short_label: 'C', icon: '🔥', created_at: '2026-11-27T10:00:00.000Z' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const pictures = [
      '/images/menu/dishes/mici.svg',
      '/images/menu/dishes/ceafa-de-porc.svg',
      '/images/menu/placeholder.svg',
      'https://cdn.example.ro/photos/mici.svg',
      '/images/menu/dishes/already.webp',
      null,
    ];
    for (const [index, image] of pictures.entries()) {
      await db
        .insertInto('menu_items')
        .values({
          category_id: category.id,
          name: `Dish ${index}`,
          sku: `SKU-${index}`,
          unit: 'buc',
          price_bani: 1000,
          image,
          sort_order: index,
          created_at: '2026-11-27T10:00:00.000Z',
          updated_at: '2026-11-27T10:00:00.000Z',
        })
        .execute();
    }

    expect((await migrator.migrateToLatest()).error).toBeUndefined();

    const after = await db.selectFrom('menu_items').select('image').orderBy('sort_order').execute();
    expect(after.map((row) => row.image)).toEqual([
      '/images/menu/dishes/mici.webp',
      '/images/menu/dishes/ceafa-de-porc.webp',
      '/images/menu/placeholder.svg',
      'https://cdn.example.ro/photos/mici.svg',
      '/images/menu/dishes/already.webp',
      null,
    ]);
  });
});
