import type { Kysely } from 'kysely';
import { Migrator } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';

import type { MigrationStore } from '../../../tests/setup/migration-store';
import { MIGRATION_TEST_DIALECTS, openMigrationStore } from '../../../tests/setup/migration-store';
import { reportPostgresSkipped } from '../../../tests/setup/postgres';
import { locationFromRow } from '../location-row';
import { zoneRadiusFrom } from './0020-location-operations';
import { migrationsFor } from './index';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

reportPostgresSkipped('the PostgreSQL leg of api/store/migrations/0020-location-operations.test.ts');
const AT = '2026-11-27T10:00:00.000Z';
const DAY = [{ open: '11:00', close: '22:00' }];
const HOURS = JSON.stringify({ weekly: { mon: DAY, tue: DAY, wed: DAY, thu: DAY, fri: DAY, sat: DAY, sun: DAY }, exceptions: [] });

describe.each(MIGRATION_TEST_DIALECTS)('migration 0020: each location runs its own delivery, on %s', (dialect) => {
  let db: AnyDb | null = null;
  let store: MigrationStore | null = null;
  afterEach(async () => {
    await store?.close();
    store = null;
    db = null;
  });

  async function open(): Promise<AnyDb> {
    store = await openMigrationStore(dialect, 'migration_0020');
    return store.db;
  }

  async function migrateTo0018(target: AnyDb) {
    const migrator = new Migrator({ db: target, provider: { getMigrations: async () => migrationsFor(dialect) } });
    expect((await migrator.migrateTo('0018-day-figures-indexes')).error).toBeUndefined();
    return migrator;
  }

  async function addLocation(target: AnyDb, name: string) {
    await target
      .insertInto('locations')
      .values({ name, address: `${name} 1`, latitude: 44.95, longitude: 26.02, phone: '0244', opening_hours: HOURS, sort_order: 0 })
      .execute();
  }

  it("gives every existing location today's restaurant-wide radius, fee (one band) and minimum, open, at version 1", async () => {
    db = await open();
    const migrator = await migrateTo0018(db);
    await db
      .insertInto('restaurant_settings')
      .values({
        id: 1,
        name: 'R',
        description: '',
        phone: '',
        email: 'r@example.ro',
        address: '',
        is_open: 1,
        delivery_fee_bani: 999,
        minimum_order_bani: 4_000,
        estimated_delivery_time: '30-45 minutes',
        delivery_radius_km: 7.3,
        zone_validation_type: 'radius',
        delivery_zone_name: 'x',
        delivery_base_lat: 44.95,
        delivery_base_lng: 26.02,
        status: 'active',
        version: 3,
        updated_at: AT,
      })
      .execute();
    await addLocation(db, 'Nord');
    await addLocation(db, 'Centru');

    expect((await migrator.migrateTo('0020-location-operations')).error).toBeUndefined();

    const rows = await db.selectFrom('locations').selectAll().orderBy('id').execute();
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect({
        is_open: row.is_open,
        lead_minutes: row.lead_minutes,
        slot_capacity: row.slot_capacity,
        minimum_order_bani: row.minimum_order_bani,
        version: row.version,
        zone: JSON.parse(row.delivery_zone),
        fees: JSON.parse(row.delivery_fees),
      }).toEqual({
        is_open: 1,
        lead_minutes: 30,
        slot_capacity: 8,
        minimum_order_bani: 4_000,
        version: 1,
        // 7.3 km is not a 0.5 km step: rounded up, so no address that was deliverable falls out.
        zone: { kind: 'radius', radiusKm: 7.5 },
        fees: { bands: [{ upToKm: 7.5, feeBani: 999 }], freeAboveBani: null },
      });
      // What it wrote reads as the shared location contract.
      // (The migration sees an untyped row; the store reads it as a LocationsTable row.)
      expect(locationFromRow(row as Parameters<typeof locationFromRow>[0]).deliveryFees.bands).toEqual([{ upToKm: 7.5, feeBani: 999 }]);
    }
  });

  it('on a store without settings (a first start) leaves the defaults; rows added later take them too', async () => {
    db = await open();
    const migrator = await migrateTo0018(db);
    expect((await migrator.migrateTo('0020-location-operations')).error).toBeUndefined();
    await addLocation(db, 'Later');
    const row = await db
      .selectFrom('locations')
      .select(['is_open', 'delivery_zone', 'delivery_fees', 'minimum_order_bani', 'version'])
      .executeTakeFirstOrThrow();
    expect({ ...row, delivery_zone: JSON.parse(row.delivery_zone), delivery_fees: JSON.parse(row.delivery_fees) }).toEqual({
      is_open: 1,
      delivery_zone: { kind: 'radius', radiusKm: 10 },
      delivery_fees: { bands: [{ upToKm: 10, feeBani: 0 }], freeAboveBani: null },
      minimum_order_bani: 0,
      version: 1,
    });
  });
});

describe('zoneRadiusFrom', () => {
  it('keeps 0.5 km steps, rounds others up and stays within 1-25 km', () => {
    expect([zoneRadiusFrom(10), zoneRadiusFrom(7.3), zoneRadiusFrom(0.2), zoneRadiusFrom(40), zoneRadiusFrom(Number.NaN)]).toEqual([
      10, 7.5, 1, 25, 10,
    ]);
  });
});
