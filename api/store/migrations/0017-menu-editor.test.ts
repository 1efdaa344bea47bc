import type { Kysely } from 'kysely';
import { Migrator } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';

import type { MigrationStore } from '../../../tests/setup/migration-store';
import { MIGRATION_TEST_DIALECTS, openMigrationStore } from '../../../tests/setup/migration-store';
import { reportPostgresSkipped } from '../../../tests/setup/postgres';
import { migrationsFor } from './index';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

reportPostgresSkipped('the PostgreSQL leg of api/store/migrations/0017-menu-editor.test.ts');
const AT = '2026-11-27T10:00:00.000Z';

describe.each(MIGRATION_TEST_DIALECTS)('migration 0017: the menu editor on %s', (dialect) => {
  let db: AnyDb | null = null;
  let store: MigrationStore | null = null;
  afterEach(async () => {
    await store?.close();
    store = null;
    db = null;
  });

  async function open(): Promise<AnyDb> {
    store = await openMigrationStore(dialect, 'migration_0017');
    return store.db;
  }

  it('gives rows written before it visible, unrevised, allergen-free defaults and adds the log, photo and inbox columns', async () => {
    db = await open();
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrationsFor(dialect) } });
    expect((await migrator.migrateTo('0016-notifications')).error).toBeUndefined();
    const category = await db
      .insertInto('menu_categories')
      .values({ slug: 'c', name: 'C', short_label: 'C', icon: '🔥', created_at: AT })
      .returning('id')
      .executeTakeFirstOrThrow();
    const item = await db
      .insertInto('menu_items')
      .values({
        category_id: category.id,
        name: 'Mici',
        sku: 'MICI',
        unit: 'Buc',
        price_bani: 450,
        sort_order: 1,
        created_at: AT,
        updated_at: AT,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const group = await db
      .insertInto('modifier_groups')
      .values({ name: 'Sos', is_required: 0, min_selections: 0, max_selections: 1, sort_order: 1, is_active: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('modifier_options')
      .values({
        modifier_group_id: group.id,
        name: 'Mustar',
        sku: 'MUS',
        price_bani: 0,
        is_default: 0,
        is_active: 1,
        sold_out: 0,
        sort_order: 1,
      })
      .execute();
    await db
      .insertInto('contact_messages')
      .values({ name: 'Ana', email: 'ana@example.ro', message: 'Salut', client_key: 'k', created_at: AT })
      .execute();

    expect((await migrator.migrateToLatest()).error).toBeUndefined();

    expect(await db.selectFrom('menu_categories').select(['is_hidden', 'revision']).executeTakeFirstOrThrow()).toEqual({
      is_hidden: 0,
      revision: 1,
    });
    expect(
      await db
        .selectFrom('menu_items')
        .select(['is_hidden', 'allergens', 'may_contain', 'dietary_tags', 'availability', 'photo', 'revision'])
        .where('id', '=', item.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ is_hidden: 0, allergens: '[]', may_contain: null, dietary_tags: '[]', availability: '[]', photo: null, revision: 1 });
    expect(await db.selectFrom('modifier_groups').select('revision').executeTakeFirstOrThrow()).toEqual({ revision: 1 });
    expect(await db.selectFrom('modifier_options').select('allergens').executeTakeFirstOrThrow()).toEqual({ allergens: '[]' });
    expect(await db.selectFrom('contact_messages').select('handled_at').executeTakeFirstOrThrow()).toEqual({ handled_at: null });
    expect(await db.selectFrom('order_feedback').select('handled_at').execute()).toEqual([]);

    const logged = await db
      .insertInto('menu_change_log')
      .values({
        at: AT,
        actor_user_id: null,
        actor: 'manager@example.ro',
        entity: 'dish',
        entity_id: item.id,
        entity_name: 'Mici',
        action: 'update',
      })
      .returning(['id', 'changes'])
      .executeTakeFirstOrThrow();
    expect(logged.changes).toBe('[]');
    expect(Number(logged.id)).toBeGreaterThan(0);
    await db
      .insertInto('menu_photos')
      .values({ id: 'ab'.repeat(16), width: 1600, height: 1200, widths: '[320,640,1280]', bytes: 1234, created_at: AT })
      .execute();
    // The photo id is the content hash: the same photo twice is one row.
    await expect(
      db
        .insertInto('menu_photos')
        .values({ id: 'ab'.repeat(16), width: 1, height: 1, widths: '[320]', bytes: 1, created_at: AT })
        .execute(),
    ).rejects.toThrow();
  });
});
