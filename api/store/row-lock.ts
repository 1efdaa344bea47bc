/**
 * Per-customer serialisation of read-check-write transactions (address book limits and its single
 * default, feedback limits). SQLite runs one write transaction at a time, so nothing is needed there.
 * PostgreSQL runs them concurrently at READ COMMITTED: two "make this one the default" requests could
 * each clear the other defaults and then collide on the one-default unique index (a 500), and two
 * inserts could both pass a count check. Locking the customer's users row first (FOR UPDATE) makes a
 * second transaction of the same customer wait until the first commits, then see its result.
 */
import type { Transaction } from 'kysely';

import type { StoreDialect } from './dialect';
import type { Database } from './schema';

export async function lockCustomer(trx: Transaction<Database>, dialect: StoreDialect, customerId: number): Promise<void> {
  if (dialect !== 'postgres') return;
  await trx.selectFrom('users').select('id').where('id', '=', customerId).forUpdate().execute();
}
