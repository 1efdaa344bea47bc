/**
 * PostgreSQL only (issue 10): coordinates and distances as double precision. Earlier migrations
 * declare them `real`, which SQLite stores as 8-byte floats but PostgreSQL as 4-byte ones (about 7
 * significant digits: 44.9537 would read back as 44.953701, off by decimetres, and distance checks
 * would differ between the two stores). Runs before any row exists on a new PostgreSQL store.
 * SQLite: nothing to do. Forward-only: never edit a shipped migration, add the next one.
 */
import type { Kysely } from 'kysely';

import type { StoreDialect } from '../dialect';

// Kysely's migration API is untyped by design: a migration sees the schema as it was then.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const REAL_COLUMNS: Record<string, readonly string[]> = {
  restaurant_settings: ['delivery_radius_km', 'delivery_base_lat', 'delivery_base_lng'],
  locations: ['latitude', 'longitude'],
  orders: ['delivery_latitude', 'delivery_longitude', 'delivery_distance_km'],
  customer_addresses: ['latitude', 'longitude', 'distance_km'],
};

export function postgresDoublePrecisionMigration(dialect: StoreDialect) {
  return {
    async up(db: AnyDb): Promise<void> {
      if (dialect !== 'postgres') return;
      for (const [table, columns] of Object.entries(REAL_COLUMNS)) {
        for (const column of columns) {
          await db.schema
            .alterTable(table)
            .alterColumn(column, (c) => c.setDataType('double precision'))
            .execute();
        }
      }
    },
  };
}
