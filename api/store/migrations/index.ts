import type { Migration } from 'kysely';

import type { StoreDialect } from '../dialect';
import { initialMigration } from './0001-initial';

/** Ordered, forward-only migrations. Names sort lexically; append new ones at the end. */
export function migrationsFor(dialect: StoreDialect): Record<string, Migration> {
  return {
    '0001-initial': initialMigration(dialect),
  };
}
