/**
 * PostgreSQL for tests: TEST_DATABASE_URL names a throwaway cluster (scripts/with-postgres.sh starts
 * one; `npm test` always does). Each test file creates its own fresh database in it, so files run in
 * parallel without seeing each other's rows, and drops it afterwards.
 */
import { randomBytes } from 'node:crypto';

import pg from 'pg';

export const TEST_DATABASE_URL: string | undefined = process.env.TEST_DATABASE_URL || undefined;

/** Prints once per file why the PostgreSQL leg did not run (npm test always provides the cluster). */
export function reportPostgresSkipped(what: string): void {
  if (!TEST_DATABASE_URL) {
    console.warn(
      `[postgres] SKIPPED ${what}: TEST_DATABASE_URL is not set. Run \`bash scripts/with-postgres.sh npx vitest run\` (npm test does).`,
    );
  }
}

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(prefix = 'storefront_test'): Promise<TestDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await withAdmin((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      // WITH (FORCE) ends connections a killed server process may have left behind.
      await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
