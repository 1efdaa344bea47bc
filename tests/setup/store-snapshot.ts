/**
 * A digest of every row of every table of the store, for "this request changed nothing" checks.
 * Sessions and rate-limit buckets are left out: reading with a session may refresh it, and the
 * limiter counts refused attempts on purpose.
 */
import { createHash } from 'node:crypto';

import { sql } from 'kysely';

import type { TestApp } from './test-app';

const VOLATILE_TABLES = new Set(['sessions', 'rate_limits']);

export async function storeSnapshot(t: TestApp, options: { ignore?: string[] } = {}): Promise<Record<string, string>> {
  const db = t.deps.store.db;
  const tables = (await db.introspection.getTables())
    .map((table) => table.name)
    .filter((name) => !VOLATILE_TABLES.has(name) && !options.ignore?.includes(name) && !name.startsWith('kysely_'));
  const snapshot: Record<string, string> = {};
  for (const name of tables.sort()) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(name)} order by 1`.execute(db);
    snapshot[name] = `${rows.length} rows ${createHash('sha256').update(JSON.stringify(rows)).digest('hex').slice(0, 16)}`;
  }
  return snapshot;
}
